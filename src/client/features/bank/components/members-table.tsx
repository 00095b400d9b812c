import type { BankMember } from '@shared/bank';
import { FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { STICKY_CELL_BG, Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { useProgressiveCount } from '@/lib/use-progressive-count';

/**
 * Every member's capital account; the name opens their statement. Each row adds up:
 * balance = paid in − paid out + adjustments + betting (docs/bank.md). Cards below 768 px: the
 * table's eight columns need about 800 px, and between 640 and 768 px they scrolled sideways.
 */
export function MembersTable({
  members,
  onStatement,
}: {
  members: readonly BankMember[];
  onStatement: (memberId: number) => void;
}) {
  const f = useSyndicateFormat();
  // Drawn a step at a time: a syndicate of 1,000 members drew both lists in one 380 ms task.
  const shown = members.slice(0, useProgressiveCount(members.length));
  const signedTone = (v: number) => (v < 0 ? 'text-destructive' : v > 0 ? 'text-success' : '');
  return (
    <Card role="region" aria-labelledby="bank-members-title">
      <CardHeader className="pb-2">
        <CardTitle id="bank-members-title">Members</CardTitle>
      </CardHeader>
      {members.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-muted-foreground">No members yet.</p>
      ) : (
        <>
          <ul className="grid gap-3 px-4 pb-4 md:hidden" aria-label="Members' accounts">
            {shown.map((m) => (
              <li
                key={m.memberId}
                className="rounded-md border border-border p-3"
                data-testid="bank-member-row"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <StatementButton member={m} onStatement={onStatement} />
                    {m.active ? null : (
                      <Badge variant="outline" className="ml-2">
                        Former
                      </Badge>
                    )}
                  </div>
                  <div className="ml-auto text-right">
                    <p className="font-semibold tabular-nums" data-testid="bank-member-balance">
                      {f.money(m.balance)}
                    </p>
                    <p className="text-xs text-muted-foreground">{m.share.toFixed(1)}% share</p>
                  </div>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
                  <Figure label="Paid in" value={f.money(m.contributed)} />
                  <Figure label="Paid out" value={f.money(m.paidOut)} />
                  <Figure
                    label="Adjustments"
                    value={f.money(m.adjustments, { signed: true })}
                    className={signedTone(m.adjustments)}
                  />
                  <Figure
                    label="Betting"
                    value={f.money(m.bettingResult, { signed: true })}
                    className={signedTone(m.bettingResult)}
                  />
                  <Figure
                    label="Dues owed"
                    value={f.money(m.duesOwed)}
                    className={m.duesOwed > 0 ? 'font-semibold text-[#78350f]' : undefined}
                  />
                </dl>
              </li>
            ))}
          </ul>
          <Table label="Members' accounts" wrapperClassName="hidden pb-2 md:block">
            <THead>
              <Tr>
                <Th className={`sticky left-0 ${STICKY_CELL_BG}`}>Member</Th>
                <Th className="text-right">Paid in</Th>
                <Th className="text-right">Paid out</Th>
                <Th className="text-right">Adjustments</Th>
                <Th className="text-right">Betting</Th>
                <Th className="text-right">Balance</Th>
                <Th className="text-right">Share</Th>
                <Th className="text-right">Dues owed</Th>
              </Tr>
            </THead>
            <TBody>
              {shown.map((m) => (
                <Tr key={m.memberId} data-testid="bank-member-row">
                  <Td className={`sticky left-0 ${STICKY_CELL_BG} py-2`}>
                    <StatementButton member={m} onStatement={onStatement} />
                    {m.active ? null : (
                      <Badge variant="outline" className="ml-2">
                        Former
                      </Badge>
                    )}
                  </Td>
                  <Td className="text-right tabular-nums">{f.money(m.contributed)}</Td>
                  <Td className="text-right tabular-nums">{f.money(m.paidOut)}</Td>
                  <Td className={cn('text-right tabular-nums', signedTone(m.adjustments))}>
                    {f.money(m.adjustments, { signed: true })}
                  </Td>
                  <Td className={cn('text-right tabular-nums', signedTone(m.bettingResult))}>
                    {f.money(m.bettingResult, { signed: true })}
                  </Td>
                  <Td className="text-right font-semibold tabular-nums" data-testid="bank-member-balance">
                    {f.money(m.balance)}
                  </Td>
                  <Td className="text-right tabular-nums">{m.share.toFixed(1)}%</Td>
                  <Td className="text-right tabular-nums">
                    {m.duesOwed > 0 ? (
                      <Badge variant="warning">{f.money(m.duesOwed)}</Badge>
                    ) : (
                      <span className="text-muted-foreground">{f.money(0)}</span>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </>
      )}
    </Card>
  );
}

function StatementButton({
  member,
  onStatement,
}: {
  member: BankMember;
  onStatement: (memberId: number) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onStatement(member.memberId)}
      aria-label={`Statement of ${member.name}`}
      // The name is cut short past the column's width: the full name shows on hover.
      title={member.name}
      className="inline-flex max-w-44 items-center gap-1.5 xl:max-w-72 rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{member.name}</span>
    </button>
  );
}

function Figure({
  label,
  value,
  className,
}: {
  label: string;
  value: string;
  className?: string | undefined;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('ml-auto tabular-nums', className)}>{value}</dd>
    </div>
  );
}
