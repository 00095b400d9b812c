import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { useBank } from '@/features/bank/api/get-bank';
import { useMyMember } from '@/features/members/api/get-my-member';
import { fitFigure, useSyndicateFormat } from '@/lib/format';
import { DashboardCard } from './dashboard-card';

/**
 * The syndicate bank at a glance (issue 14): its balance, and the signed-in member's own balance
 * and share, linking to /bank. The figures keep their place while loading ('…'), so nothing below
 * moves when they arrive.
 */
export function BankCard() {
  const f = useSyndicateFormat();
  const bank = useBank();
  const me = useMyMember();
  const loading = '…';
  const b = bank.data;
  // A member the bank does not list yet has no entries: balance 0, share 0.
  const mine = b && me.data ? b.members.find((m) => m.memberId === me.data.id) : undefined;
  const ready = b !== undefined && me.data !== undefined;
  const failed = bank.isError;
  const balance = failed ? '—' : b ? f.money(b.balance) : loading;
  const myBalance = failed ? '—' : ready ? f.money(mine?.balance ?? 0) : loading;
  return (
    <DashboardCard
      title="Bank"
      action={
        <Link
          href="/bank"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          View bank
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {/* The member's two figures sit side by side when the card has room for a six-figure sum in
          each (18 rem), else one above the other: the dashboard's side column at 1280 px is narrower. */}
      <div className="@container">
        <dl className="grid grid-cols-1 gap-3 @2xs:grid-cols-2">
          <div className="@2xs:col-span-2">
            <dt className="text-sm text-muted-foreground">Bank balance</dt>
            <dd
              className="text-2xl font-bold tracking-tight break-words tabular-nums"
              style={fitFigure(balance, '1.5rem')}
              data-testid="bank-card-balance"
            >
              {balance}
            </dd>
          </div>
          {/* Its own query container: half the card's width where the two sit side by side. */}
          <div className="@container min-w-0 rounded-md bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">Your balance</dt>
            <dd
              className="text-lg font-semibold break-words tabular-nums"
              style={fitFigure(myBalance, '1.125rem')}
              data-testid="bank-card-my-balance"
            >
              {myBalance}
            </dd>
          </div>
          <div className="min-w-0 rounded-md bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">Your share</dt>
            <dd className="text-lg font-semibold break-words tabular-nums" data-testid="bank-card-my-share">
              {failed ? '—' : ready ? `${(mine?.share ?? 0).toFixed(1)}%` : loading}
            </dd>
          </div>
        </dl>
      </div>
    </DashboardCard>
  );
}
