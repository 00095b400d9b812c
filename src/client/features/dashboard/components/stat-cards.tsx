import { CalendarClock, Percent, Trophy, Wallet } from 'lucide-react';
import { useNextBet } from '@/features/rotation/api/get-next-bet';
import { useSyndicateStats } from '@/features/stats/api/get-syndicate-stats';
import { useSyndicateFormat } from '@/lib/format';
import { StatCard } from './stat-card';

/** Total Wins, Current Balance, Win Rate and Next Bet (spec §2; trends computed, DESIGN). */
export function StatCards() {
  const f = useSyndicateFormat();
  const stats = useSyndicateStats();
  const nextBet = useNextBet();
  const s = stats.data;
  const loading = '…';
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Total Wins"
        icon={Trophy}
        value={s ? s.totalWins : loading}
        description="races"
        trend={s?.trends.wins}
      />
      <StatCard
        title="Current Balance"
        icon={Wallet}
        value={s ? f.money(s.currentBalance) : loading}
        // The bets' result, not the bank's money (the Bank card below): said, as they differ.
        description="from settled bets"
        trend={s?.trends.balance}
      />
      <StatCard
        title="Win Rate"
        icon={Percent}
        value={s ? f.percent(s.winRate) : loading}
        description="of all bets"
      />
      <StatCard
        title="Next Bet"
        icon={CalendarClock}
        value={nextBet.isPending ? loading : (nextBet.data?.member?.name ?? 'Not scheduled')}
        description={nextBet.data?.date ? f.date(nextBet.data.date, 'MMM d, yyyy') : undefined}
      />
    </section>
  );
}
