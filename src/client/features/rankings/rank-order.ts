import type { TopPerformer } from '@shared/stats';

export type RankingSort = 'winnings' | 'winRate' | 'wins';

export const SORT_OPTIONS: readonly { value: RankingSort; label: string }[] = [
  { value: 'winnings', label: 'Total Winnings' },
  { value: 'winRate', label: 'Win Rate' },
  { value: 'wins', label: 'Number of Wins' },
];

export const isRankingSort = (v: string): v is RankingSort => SORT_OPTIONS.some((o) => o.value === v);

type Key = (p: TopPerformer) => number;
const earnings: Key = (p) => p.earnings;
const winRate: Key = (p) => p.winRate;
const wins: Key = (p) => p.wins;

/** The chosen measure first, then the others as tie-breaks, then name for a stable order. */
const KEYS: Record<RankingSort, Key[]> = {
  winnings: [earnings, winRate, wins],
  winRate: [winRate, earnings, wins],
  wins: [wins, winRate, earnings],
};

/** A new array ranked best first by the chosen measure. */
export function rankPerformers(performers: readonly TopPerformer[], sort: RankingSort): TopPerformer[] {
  const keys = KEYS[sort];
  return [...performers].sort((a, b) => {
    for (const key of keys) {
      const d = key(b) - key(a);
      if (d !== 0) return d;
    }
    return a.member.name.localeCompare(b.member.name);
  });
}

/** '1st', '2nd', '3rd' for the podium places; null below. */
export function placeLabel(rank: number): string | null {
  return rank === 1 ? '1st' : rank === 2 ? '2nd' : rank === 3 ? '3rd' : null;
}
