// Insights (docs/insights.md): where the syndicate wins and loses. The definitions live here, once:
// settled = win, placed and loss (void and pending are not settled); wins = win; staked = Σ amount
// of settled bets; profit = Σ result of settled bets; returned = staked + profit; ROI = profit ÷
// staked (null when nothing is staked); strike rate = wins ÷ settled (null when nothing is settled).
// The server computes every figure in PostgreSQL; these are the API's shapes and query schemas.
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateInputProblem, parseDayKey } from './dates';
import { MAX_ID } from './race';

export const INSIGHT_SETTLED_STATUSES = ['win', 'placed', 'loss'] as const;

/** Odds bands on decimal odds: [key, lower bound in hundredths (inclusive)]. */
export const ODDS_BANDS = [
  { key: '<2', min: 0 },
  { key: '2–3.99', min: 200 },
  { key: '4–7.99', min: 400 },
  { key: '8–15.99', min: 800 },
  { key: '16+', min: 1600 },
] as const;

export const BREAKDOWN_BY = [
  'venue',
  'jockey',
  'trainer',
  'betType',
  'oddsType',
  'oddsBand',
  'member',
  'weekday',
  'month',
] as const;
export type BreakdownBy = (typeof BREAKDOWN_BY)[number];
export const TIMELINE_INTERVALS = ['day', 'week', 'month'] as const;
export type TimelineInterval = (typeof TIMELINE_INTERVALS)[number];
/** Most points a timeline answers (a day interval over ten years is 3,653). */
export const TIMELINE_MAX_POINTS = 3700;

export const INSIGHT_MESSAGES = {
  day: (name: string) => `${name} must be a day (YYYY-MM-DD)`,
  order: 'from must be on or before to',
  memberId: 'memberId must be the id of a member',
  by: `by must be one of ${BREAKDOWN_BY.join(', ')}`,
  interval: 'interval must be day, week or month',
  tooManyPoints: `Choose a shorter period or a longer interval (at most ${TIMELINE_MAX_POINTS} points)`,
} as const;

const dayParam = (name: 'from' | 'to') =>
  z
    .string({ error: INSIGHT_MESSAGES.day(name) })
    .trim()
    .refine((v) => parseDayKey(v) !== null, INSIGHT_MESSAGES.day(name))
    // Years 1900–2100, as every date input (year 0000 reached PostgreSQL, which refused it: a 500).
    .refine((v) => dateInputProblem(v) !== 'range', DATE_RANGE_MESSAGE)
    .optional()
    .describe("A day (YYYY-MM-DD), inclusive, read in the syndicate's time zone");

/** from/to day filters (inclusive, in the syndicate's time zone), shared with the CSV export. */
export const dayRangeFields = {
  from: dayParam('from'),
  to: dayParam('to'),
};
const range = dayRangeFields;
export const inOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;

export const insightsRangeQuerySchema = z.object(range).refine(inOrder, { message: INSIGHT_MESSAGES.order });

export const insightsSummaryQuerySchema = z
  .object({
    ...range,
    memberId: z.coerce
      .number({ error: INSIGHT_MESSAGES.memberId })
      .int(INSIGHT_MESSAGES.memberId)
      .positive(INSIGHT_MESSAGES.memberId)
      .max(MAX_ID, INSIGHT_MESSAGES.memberId)
      .optional(),
  })
  .refine(inOrder, { message: INSIGHT_MESSAGES.order });
export type InsightsSummaryQuery = z.infer<typeof insightsSummaryQuerySchema>;

export const insightsBreakdownQuerySchema = z
  .object({ ...range, by: z.enum(BREAKDOWN_BY, { error: INSIGHT_MESSAGES.by }) })
  .refine(inOrder, { message: INSIGHT_MESSAGES.order });
export type InsightsBreakdownQuery = z.infer<typeof insightsBreakdownQuerySchema>;

export const insightsTimelineQuerySchema = z
  .object({
    ...range,
    interval: z.enum(TIMELINE_INTERVALS, { error: INSIGHT_MESSAGES.interval }).default('month'),
  })
  .refine(inOrder, { message: INSIGHT_MESSAGES.order });
export type InsightsTimelineQuery = z.infer<typeof insightsTimelineQuerySchema>;

/** The figures every insight row shares (money in major units). */
const figures = {
  bets: z.number().int(),
  settled: z.number().int(),
  wins: z.number().int(),
  /** wins ÷ settled, 0–1; null with nothing settled. */
  strikeRate: z.number().nullable(),
  staked: z.number(),
  returned: z.number(),
  profit: z.number(),
  /** profit ÷ staked; null with nothing staked. */
  roi: z.number().nullable(),
};

export const insightsSummarySchema = z.object({
  ...figures,
  /** Mean decimal odds of the settled bets; null with none. */
  averageOdds: z.number().nullable(),
  biggestWin: z.object({ betId: z.number().int(), horseName: z.string(), result: z.number() }).nullable(),
  /** The longest-priced winner. */
  longestPrice: z.object({ betId: z.number().int(), horseName: z.string(), odds: z.number() }).nullable(),
  /** Over settled bets in date order (ties by id); a placed bet ends both kinds of streak. */
  streaks: z.object({
    current: z.object({ kind: z.enum(['win', 'loss']), length: z.number().int() }).nullable(),
    longestWin: z.number().int(),
    longestLoss: z.number().int(),
  }),
});
export type InsightsSummary = z.infer<typeof insightsSummarySchema>;

export const breakdownRowSchema = z.object({
  /**
   * The group's key, as text: a venue, jockey or trainer; a member's id ('12'); 'win'; 'fixed';
   * '2–3.99'; '1'–'7' for Monday–Sunday; 'YYYY-MM'. null groups the bets without one ("Unknown").
   */
  key: z.string().nullable(),
  label: z.string(),
  ...figures,
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;
export const insightsBreakdownSchema = z.object({
  by: z.enum(BREAKDOWN_BY),
  rows: z.array(breakdownRowSchema),
});
export type InsightsBreakdown = z.infer<typeof insightsBreakdownSchema>;

export const timelinePointSchema = z.object({
  /** 'YYYY-MM-DD' (a day, or the Monday a week starts on) or 'YYYY-MM'. */
  period: z.string(),
  bets: z.number().int(),
  staked: z.number(),
  profit: z.number(),
  cumulativeProfit: z.number(),
});
export const insightsTimelineSchema = z.object({
  interval: z.enum(TIMELINE_INTERVALS),
  points: z.array(timelinePointSchema),
});
export type InsightsTimeline = z.infer<typeof insightsTimelineSchema>;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const BET_TYPE_LABELS = { win: 'Win', place: 'Place', 'each-way': 'Each-way' } as const;
export const ODDS_TYPE_LABELS = { fixed: 'Fixed', tote: 'Tote' } as const;

/** 'YYYY-MM' → 'Nov 2026'. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-');
  return `${MONTHS[Number(m) - 1] ?? '?'} ${y}`;
}

/** ROI and strike rate from whole numbers (cents and counts), as the definitions say. */
export function ratios(counts: { settled: number; wins: number; stakedCents: number; profitCents: number }) {
  return {
    strikeRate: counts.settled === 0 ? null : counts.wins / counts.settled,
    roi: counts.stakedCents === 0 ? null : counts.profitCents / counts.stakedCents,
  };
}

/** GET /api/insights/share: the period so far (a week starts on Monday), in the syndicate's time zone. */
export const SHARE_PERIODS = ['week', 'month'] as const;
export type SharePeriod = (typeof SHARE_PERIODS)[number];
export const SHARE_PERIOD_MESSAGE = 'period must be week or month';
export const insightsShareQuerySchema = z.object({
  period: z.enum(SHARE_PERIODS, { error: SHARE_PERIOD_MESSAGE }).default('week'),
});
export const insightsShareSchema = z.object({
  /** Plain text for a group chat, one fact a line. */
  text: z.string(),
});
export type InsightsShare = z.infer<typeof insightsShareSchema>;

/** The first day of the period that `today` ('YYYY-MM-DD') is in: its Monday, or the 1st. */
export function periodStart(today: string, period: SharePeriod): string {
  if (period === 'month') return `${today.slice(0, 8)}01`;
  const at = new Date(`${today}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(at.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
