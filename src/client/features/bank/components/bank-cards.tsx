import type { BankSummary } from '@shared/bank';
import { CircleDollarSign, Hourglass, Landmark, type LucideIcon, ReceiptText } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { STAT_VALUE_CLASS, statValueStyle } from '@/features/dashboard/components/stat-card';
import { useSyndicateFormat } from '@/lib/format';

/** Balance, In play, Available and Dues owed (issue 14). */
export function BankCards({ bank }: { bank: BankSummary | undefined }) {
  const f = useSyndicateFormat();
  const value = (amount: number | undefined) => (amount === undefined ? '…' : f.money(amount));
  return (
    <section aria-label="Bank totals" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <BankStat
        title="Balance"
        icon={Landmark}
        value={value(bank?.balance)}
        description="paid in, results and payouts"
      />
      <BankStat
        title="In play"
        icon={Hourglass}
        value={value(bank?.inPlay)}
        description="stakes of pending bets"
      />
      <BankStat
        title="Available"
        icon={CircleDollarSign}
        value={value(bank?.available)}
        description="balance less in play"
      />
      <BankStat
        title="Dues owed"
        icon={ReceiptText}
        value={value(bank?.duesOwed)}
        description="plan dues not yet paid"
      />
    </section>
  );
}

function BankStat({
  title,
  value,
  description,
  icon: Icon,
}: {
  title: string;
  value: ReactNode;
  description: string;
  icon: LucideIcon;
}) {
  const titleId = useId();
  return (
    <Card className="@container flex flex-col gap-2 p-4 sm:p-5" role="region" aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </div>
      <p className={STAT_VALUE_CLASS} style={statValueStyle(value)} data-testid="bank-stat-value">
        {value}
      </p>
      <p className="text-xs text-muted-foreground">{description}</p>
    </Card>
  );
}
