import { Download, WifiOff, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { CLEAR_OF_TOASTS_SIDE } from '@/components/ui/toast-insets';
import { cn } from '@/lib/cn';
import { offlineText, useOffline } from '@/lib/connectivity';
import { useSyndicateFormat } from '@/lib/format';
import { statementCsvUrl, useStatement } from '../api/get-statement';
import { ENTRY_TYPE_LABELS } from '../lib/balance-history';

/**
 * A member's bank statement in a sheet from the right: every entry oldest first with the running
 * balance, and Download CSV. Usable from any page:
 * `<StatementSheet memberId={id} open={open} onOpenChange={setOpen} />`.
 */
export function StatementSheet({
  memberId,
  open,
  onOpenChange,
}: {
  memberId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={cn(
            'fixed right-0 z-50 flex w-full max-w-xl flex-col bg-card text-card-foreground shadow-xl outline-none',
            CLEAR_OF_TOASTS_SIDE,
          )}
        >
          {memberId !== null && open ? (
            <StatementBody memberId={memberId} />
          ) : (
            <Dialog.Title className="sr-only">Statement</Dialog.Title>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Sheet>
  );
}

function StatementBody({ memberId }: { memberId: number }) {
  const f = useSyndicateFormat();
  const statement = useStatement(memberId);
  const s = statement.data;
  const offline = useOffline();
  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <Dialog.Title className="text-lg font-semibold leading-tight">
            Statement{s ? `: ${s.member.name}` : ''}
          </Dialog.Title>
          {s ? (
            <p className="mt-1 text-sm text-muted-foreground">
              Balance{' '}
              <span className="font-semibold text-foreground" data-testid="statement-balance">
                {f.money(s.balance)}
              </span>
              {s.member.active ? '' : ' · Former member'}
            </p>
          ) : null}
        </div>
        <Dialog.Close
          aria-label="Close statement"
          className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      {/* The sheet covers the page's offline banner (all of a phone's screen): it says so itself. */}
      {offline ? (
        <p
          role="status"
          className="flex items-center gap-2 border-b border-border bg-muted px-4 py-2 text-sm font-medium sm:px-6"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {offlineText(s ? statement.dataUpdatedAt : null)}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="text-sm text-muted-foreground">
          {s && s.totalEntries > s.entries.length
            ? `The latest ${s.entries.length.toLocaleString('en-US')} of ${s.totalEntries.toLocaleString('en-US')} entries, oldest first, with the running balance. The CSV has every one.`
            : 'Oldest first, with the running balance.'}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={statementCsvUrl(memberId)} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-6 sm:px-4">
        {statement.isPending ? (
          <Spinner label="Loading statement..." />
        ) : statement.isError ? (
          <p className="py-10 text-center text-sm text-destructive">Could not load the statement.</p>
        ) : s!.entries.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No entries yet.</p>
        ) : (
          <Table label="Statement entries">
            <THead>
              <Tr>
                <Th className="hidden sm:table-cell">Date</Th>
                <Th>Description</Th>
                <Th className="text-right">Amount</Th>
                <Th className="text-right">Balance</Th>
              </Tr>
            </THead>
            <TBody>
              {s!.entries.map((e) => (
                <Tr key={e.id} data-testid="statement-row">
                  <Td className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                    {f.date(e.date, 'MMM d, yyyy')}
                  </Td>
                  <Td className={cn('[overflow-wrap:anywhere]', e.reversedById !== null && 'line-through')}>
                    <span className="font-medium">{ENTRY_TYPE_LABELS[e.type]}</span>
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      {f.date(e.date, 'MMM d, yyyy')}
                    </span>
                    {e.note ? <span className="block text-xs text-muted-foreground">{e.note}</span> : null}
                  </Td>
                  <Td
                    className={cn(
                      'text-right tabular-nums whitespace-nowrap',
                      e.amount < 0 ? 'text-destructive' : 'text-success',
                      e.reversedById !== null && 'line-through',
                    )}
                  >
                    {f.money(e.amount, { signed: true })}
                  </Td>
                  <Td className="text-right tabular-nums whitespace-nowrap">{f.money(e.runningBalance)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </div>
    </>
  );
}
