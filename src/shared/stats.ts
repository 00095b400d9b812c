// Syndicate statistics: the rules (win rate, trend) and the shapes the API answers with.
import { z } from 'zod';

export const TOP_PERFORMERS_MAX = 100;
export const TOP_PERFORMERS_DEFAULT = 5;
/** Length of each period a trend compares (this one against the one before), in days. */
export const TREND_PERIOD_DAYS = 30;

/** Wins as a percentage of settled bets (exact; the UI rounds); 0 with none settled. */
export function winRate(wins: number, settled: number): number {
  return settled > 0 ? (wins / settled) * 100 : 0;
}

/**
 * Percentage change from the previous period to this one; null when the previous period is 0
 * (no base to compare with). Against a negative base, a rise is still positive.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export const syndicateStatsSchema = z.object({
  totalWins: z.number().int(),
  /** Σ results of settled bets, in dollars. */
  currentBalance: z.number(),
  /** Percent, exact. */
  winRate: z.number(),
  /** Percentage change over the last 30 days against the 30 before; null without a base. */
  trends: z.object({ wins: z.number().nullable(), balance: z.number().nullable() }),
});
export type SyndicateStats = z.infer<typeof syndicateStatsSchema>;

export const topPerformersQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Limit must be between 1 and ${TOP_PERFORMERS_MAX}` })
    .int(`Limit must be between 1 and ${TOP_PERFORMERS_MAX}`)
    .min(1, `Limit must be between 1 and ${TOP_PERFORMERS_MAX}`)
    .max(TOP_PERFORMERS_MAX, `Limit must be between 1 and ${TOP_PERFORMERS_MAX}`)
    .default(TOP_PERFORMERS_DEFAULT),
});

export const topPerformerSchema = z.object({
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    initials: z.string(),
    /** A former member (removed, so archived): rankings keep their history. */
    archived: z.boolean(),
  }),
  winRate: z.number(),
  /** Σ results of the member's settled bets, in dollars (negative for a loss). */
  earnings: z.number(),
  wins: z.number().int(),
  /** Settled bets. */
  bets: z.number().int(),
});
export type TopPerformer = z.infer<typeof topPerformerSchema>;
