import type { InsightsSummary } from '@shared/insights';
import { Coins, Percent, Target, TrendingUp } from 'lucide-react';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { useSyndicateFormat } from '@/lib/format';

const dash = '—';

/** Profit, ROI, Strike rate and Staked for the period (docs/insights.md definitions). */
export function SummaryCards({ summary }: { summary: InsightsSummary | undefined }) {
  const f = useSyndicateFormat();
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? dash : f.percent(v * 100));
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Profit"
        icon={TrendingUp}
        value={summary ? f.money(summary.profit, { signed: true }) : dash}
        description={summary ? `${f.money(summary.returned)} returned` : undefined}
      />
      <StatCard
        title="ROI"
        icon={Percent}
        value={pct(summary?.roi)}
        description={summary ? 'profit ÷ staked' : undefined}
      />
      <StatCard
        title="Strike rate"
        icon={Target}
        value={pct(summary?.strikeRate)}
        description={summary ? `${summary.wins} of ${summary.settled} settled won` : undefined}
      />
      <StatCard
        title="Staked"
        icon={Coins}
        value={summary ? f.money(summary.staked) : dash}
        description={
          summary
            ? `${summary.bets} ${summary.bets === 1 ? 'bet' : 'bets'}, ${summary.settled} settled`
            : undefined
        }
      />
    </div>
  );
}
