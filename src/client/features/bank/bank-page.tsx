import { ArrowDownToLine, ArrowUpFromLine, Scale, Split } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDialogState } from '@/lib/use-dialog-state';
import { useIsAdmin } from '@/lib/use-role';
import { useBank } from './api/get-bank';
import { AdjustDialog } from './components/adjust-dialog';
import { BalanceChart } from './components/balance-chart';
import { BankCards } from './components/bank-cards';
import { DistributeDialog } from './components/distribute-dialog';
import { LedgerList } from './components/ledger-list';
import { MembersTable } from './components/members-table';
import { MoneyDialog } from './components/money-dialog';
import { StatementSheet } from './components/statement-sheet';

type Open = 'contribution' | 'payout' | 'adjust' | 'distribute' | null;

/** The syndicate bank (issue 14): totals, the balance over time, members' accounts and the ledger. */
export function BankPage() {
  const isAdmin = useIsAdmin();
  const bank = useBank();
  const [open, setOpen] = useState<Open>(null);
  // The statement sheet gives focus back to the Statement button that opened it when it closes (as
  // on /members); the member stays set while it closes, so its content does not blank out.
  const statement = useDialogState();
  const [statementOf, setStatementOf] = useState<number | null>(null);
  const showStatement = statement.show;
  const onStatement = useCallback(
    (memberId: number) => {
      setStatementOf(memberId);
      showStatement();
    },
    [showStatement],
  );
  const members = bank.data?.members ?? [];
  const close = (o: boolean) => {
    if (!o) setOpen(null);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Bank</h1>
          <p className="mt-1 text-muted-foreground">
            The pooled money: who paid in, what it won, what was paid out.
          </p>
        </div>
        {isAdmin ? (
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
            <Button onClick={() => setOpen('contribution')}>
              <ArrowDownToLine aria-hidden="true" />
              Record payment
            </Button>
            <Button variant="outline" onClick={() => setOpen('payout')}>
              <ArrowUpFromLine aria-hidden="true" />
              Pay out
            </Button>
            <Button variant="outline" onClick={() => setOpen('adjust')}>
              <Scale aria-hidden="true" />
              Adjust
            </Button>
            <Button variant="outline" onClick={() => setOpen('distribute')}>
              <Split aria-hidden="true" />
              Distribute
            </Button>
          </div>
        ) : null}
      </div>

      {bank.isError ? (
        <p className="py-10 text-center text-sm text-destructive">Could not load the bank.</p>
      ) : (
        <>
          <BankCards bank={bank.data} />
          <BalanceChart balance={bank.data?.balance} />
          {bank.isPending ? (
            <Spinner label="Loading the bank..." />
          ) : (
            <>
              <MembersTable members={members} onStatement={onStatement} />
              <LedgerList members={members} isAdmin={isAdmin} />
            </>
          )}
        </>
      )}

      {isAdmin && bank.data ? (
        <>
          <MoneyDialog
            kind="contribution"
            open={open === 'contribution'}
            onOpenChange={close}
            members={members}
          />
          <MoneyDialog kind="payout" open={open === 'payout'} onOpenChange={close} members={members} />
          <AdjustDialog
            open={open === 'adjust'}
            onOpenChange={close}
            members={members}
            shareBasis={bank.data.shareBasis}
          />
          <DistributeDialog
            open={open === 'distribute'}
            onOpenChange={close}
            available={bank.data.available}
          />
        </>
      ) : null}
      <StatementSheet memberId={statementOf} open={statement.open} onOpenChange={statement.onOpenChange} />
    </div>
  );
}
