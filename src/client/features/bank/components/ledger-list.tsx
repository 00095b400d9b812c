import { BANK_ENTRY_TYPES, type BankEntry, type BankEntryType, type BankMember } from '@shared/bank';
import { Undo2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { useBankEntries } from '../api/get-entries';
import { canReverse, ENTRY_TYPE_LABELS } from '../lib/balance-history';
import { ReverseDialog } from './reverse-dialog';

const ALL = 'all';

/** The ledger, newest first, filtered by member and type, 50 at a time ("Load more"). */
export function LedgerList({ members, isAdmin }: { members: readonly BankMember[]; isAdmin: boolean }) {
  const f = useSyndicateFormat();
  const [memberId, setMemberId] = useState(ALL);
  const [type, setType] = useState(ALL);
  const [reversing, setReversing] = useState<BankEntry | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const ledger = useBankEntries({
    memberId: memberId === ALL ? undefined : Number(memberId),
    type: type === ALL ? undefined : (type as BankEntryType),
  });
  const names = useMemo(() => new Map(members.map((m) => [m.memberId, m.name])), [members]);
  const nameOf = (id: number) => names.get(id) ?? 'Former member';
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Card role="region" aria-labelledby="bank-ledger-title">
      <CardHeader className="gap-3 pb-3">
        <CardTitle id="bank-ledger-title">Ledger</CardTitle>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-xl">
          <SelectField
            label="Member"
            value={memberId}
            onValueChange={setMemberId}
            options={[
              { value: ALL, label: 'All members' },
              ...members.map((m) => ({ value: String(m.memberId), label: m.name })),
            ]}
          />
          <SelectField
            label="Type"
            value={type}
            onValueChange={setType}
            options={[
              { value: ALL, label: 'All types' },
              ...BANK_ENTRY_TYPES.map((t) => ({ value: t, label: ENTRY_TYPE_LABELS[t] })),
            ]}
          />
        </div>
      </CardHeader>
      {ledger.isPending ? (
        <Spinner label="Loading the ledger..." />
      ) : ledger.isError ? (
        <p className="px-6 pb-6 text-sm text-destructive">Could not load the ledger.</p>
      ) : entries.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-muted-foreground">No entries.</p>
      ) : (
        <ul ref={list} className="divide-y divide-border border-t border-border" aria-label="Ledger entries">
          {entries.map((e) => {
            const reversed = e.reversedById !== null;
            return (
              <li
                key={e.id}
                // Focusable from script only: a reversed entry takes the focus its Reverse button had.
                tabIndex={-1}
                className="flex items-start gap-3 px-4 py-3 outline-offset-[-2px] sm:px-6"
                data-testid="ledger-entry"
                data-entry-id={e.id}
              >
                <div
                  className={cn(
                    'min-w-0 flex-1 [overflow-wrap:anywhere]',
                    reversed && 'text-muted-foreground line-through',
                  )}
                >
                  <p className="text-sm font-medium">
                    {ENTRY_TYPE_LABELS[e.type]} · {nameOf(e.memberId)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {f.date(e.date, 'MMM d, yyyy')}
                    {e.note ? ` · ${e.note}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span
                    className={cn(
                      'text-sm font-semibold tabular-nums',
                      reversed
                        ? 'text-muted-foreground line-through'
                        : e.amount < 0
                          ? 'text-destructive'
                          : 'text-success',
                    )}
                  >
                    {f.money(e.amount, { signed: true })}
                  </span>
                  {reversed ? (
                    <Badge variant="outline">Reversed</Badge>
                  ) : isAdmin && canReverse(e) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      onClick={() => setReversing(e)}
                      aria-label={`Reverse ${ENTRY_TYPE_LABELS[e.type].toLowerCase()} of ${f.money(e.amount, { signed: true })} for ${nameOf(e.memberId)}`}
                    >
                      <Undo2 aria-hidden="true" />
                      Reverse
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {ledger.hasNextPage ? (
        <div className="flex justify-center border-t border-border p-4">
          <Button
            variant="outline"
            onClick={() => ledger.fetchNextPage()}
            disabled={ledger.isFetchingNextPage}
          >
            {ledger.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {isAdmin ? (
        <ReverseDialog
          entry={reversing}
          memberName={reversing ? nameOf(reversing.memberId) : ''}
          onOpenChange={(open) => {
            if (!open) setReversing(null);
          }}
          focusAfterReverse={(id) =>
            list.current?.querySelector<HTMLElement>(`[data-entry-id="${id}"]`) ?? null
          }
        />
      ) : null}
    </Card>
  );
}
