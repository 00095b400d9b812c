// The Insights page's period picker: a named period → the `from`/`to` days the API takes
// (inclusive, in the syndicate's time zone), computed from today's day in that zone.
import type { DayKey } from '@shared/dates';
import type { TimelineInterval } from '@shared/insights';

export const PERIODS = [
  { value: 'month', label: 'This month' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'year', label: 'This year' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

export interface Range {
  from?: DayKey;
  to?: DayKey;
}

const shift = (day: DayKey, days: number): DayKey =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The range of a named period ending today; Custom uses the days the user picked. */
export function periodRange(period: Period, today: DayKey, custom: Range = {}): Range {
  switch (period) {
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case '30d':
      return { from: shift(today, -29), to: today };
    case '90d':
      return { from: shift(today, -89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'all':
      return {};
    case 'custom': {
      const range: Range = {};
      if (custom.from) range.from = custom.from;
      if (custom.to) range.to = custom.to;
      return range;
    }
  }
}

/** The timeline's interval for a range: days up to ~2 months, weeks up to ~a year, else months. */
export function timelineInterval(range: Range, today: DayKey): 'day' | 'week' | 'month' {
  if (!range.from) return 'month';
  const to = range.to ?? today;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/** The query string of a range (and a member): '?from=…&to=…&memberId=…', or ''. */
export function rangeQuery(range: Range, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether a timeline's periods ('YYYY-MM', or 'YYYY-MM-DD' days or weeks' Mondays, in order) fall in
 * more than one year. A week counts in the year of its Thursday (ISO 8601), so "this year" by week,
 * which starts on the Monday before 1 January, does not count as two years. Here rather than in
 * shared/insights.ts, whose zod the dashboard's first load keeps out (the bundle budget).
 */
export function spansYears(points: readonly { period: string }[], interval?: TimelineInterval): boolean {
  const year = (period: string) =>
    interval === 'week'
      ? new Date(Date.parse(`${period}T00:00:00Z`) + 3 * 86_400_000).getUTCFullYear()
      : Number(period.slice(0, 4));
  const first = points[0];
  const last = points.at(-1);
  return first !== undefined && last !== undefined && year(first.period) !== year(last.period);
}
