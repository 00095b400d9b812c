import type { BankMember } from '@shared/bank';
import { FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';

/** Every member's capital account; the name opens their statement. */
export function MembersTable({
  members,
  onStatement,
}: {
  members: readonly BankMember[];
  onStatement: (memberId: number) => void;
}) {
  const f = useSyndicateFormat();
  const signedTone = (v: number) => (v < 0 ? 'text-destructive' : v > 0 ? 'text-success' : '');
  return (
    <Card role="region" aria-labelledby="bank-members-title">
      <CardHeader className="pb-2">
        <CardTitle id="bank-members-title">Members</CardTitle>
      </CardHeader>
      {members.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-muted-foreground">No members yet.</p>
      ) : (
        <Table label="Members' accounts" wrapperClassName="pb-2">
          <THead>
            <Tr>
              <Th className="sticky left-0 bg-card">Member</Th>
              <Th className="text-right">Paid in</Th>
              <Th className="text-right">Paid out</Th>
              <Th className="text-right">Betting</Th>
              <Th className="text-right">Balance</Th>
              <Th className="text-right">Share</Th>
              <Th className="text-right">Dues owed</Th>
            </Tr>
          </THead>
          <TBody>
            {members.map((m) => (
              <Tr key={m.memberId} data-testid="bank-member-row">
                <Td className="sticky left-0 bg-card py-2">
                  <button
                    type="button"
                    onClick={() => onStatement(m.memberId)}
                    aria-label={`Statement of ${m.name}`}
                    className="inline-flex max-w-44 items-center gap-1.5 rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <FileText aria-hidden="true" className="size-4 shrink-0" />
                    <span className="truncate">{m.name}</span>
                  </button>
                  {m.active ? null : (
                    <Badge variant="outline" className="ml-2">
                      Former
                    </Badge>
                  )}
                </Td>
                <Td className="text-right tabular-nums">{f.money(m.contributed)}</Td>
                <Td className="text-right tabular-nums">{f.money(m.paidOut)}</Td>
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
      )}
    </Card>
  );
}
