import type { BankEntry, BankEntryType } from '@shared/bank';

export interface BalancePoint {
  /** 'YYYY-MM-DD' */
  date: string;
  /** The bank balance at the end of that day, in major units. */
  balance: number;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The bank balance at the end of each day that has entries, oldest first. It is computed
 * backwards from the current balance over the latest entries only (newest first, as the ledger
 * lists them; the chart asks for one page of 200): the balance after day D is today's balance
 * minus every listed entry dated after D. When `complete` (the page held the whole ledger) the
 * series starts from 0 the day before the first entry, so a new bank reads as growing from nothing.
 */
export function balanceHistory(
  balance: number,
  newestFirst: readonly Pick<BankEntry, 'date' | 'amount'>[],
  complete: boolean,
): BalancePoint[] {
  const points: BalancePoint[] = [];
  let running = cents(balance);
  // Entries are not strictly ordered by date (keyset order is date desc, id desc, so they are).
  const sorted = [...newestFirst].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  for (let i = 0; i < sorted.length; ) {
    const date = sorted[i]!.date;
    points.push({ date, balance: running / 100 });
    while (i < sorted.length && sorted[i]!.date === date) {
      running -= cents(sorted[i]!.amount);
      i += 1;
    }
  }
  if (complete && points.length > 0)
    points.push({ date: previousDay(points.at(-1)!.date), balance: running / 100 });
  return points.reverse();
}

const DAY_MS = 86_400_000;

/** A day key as a number of ms (its UTC midnight), for a time-scaled chart axis: gaps stay proportional. */
export function dayMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** The day key of dayMs's number (any time within the UTC day reads as that day). */
export function dayOfMs(ms: number): string {
  return new Date(ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS)).toISOString().slice(0, 10);
}

/**
 * The chart's x-axis: its domain in dayMs (a day either side when there is a single day) and up
 * to `count` ticks on whole days spread evenly across it, first and last included. `withYear`
 * when the days span more than one calendar year, so "Mar 1" cannot be read as the wrong year.
 */
export function timeAxis(points: readonly BalancePoint[], count = 4) {
  const first = points[0]?.date;
  const last = points.at(-1)?.date;
  if (first === undefined || last === undefined) return { domain: [0, 0], ticks: [], withYear: false };
  const lo = dayMs(first);
  const hi = dayMs(last);
  const domain: [number, number] = lo === hi ? [lo - DAY_MS, hi + DAY_MS] : [lo, hi];
  const days = Math.round((domain[1] - domain[0]) / DAY_MS);
  const steps = Math.max(1, Math.min(count - 1, days));
  const ticks = [
    ...new Set(
      Array.from({ length: steps + 1 }, (_, i) => domain[0] + Math.round((days * i) / steps) * DAY_MS),
    ),
  ];
  return { domain, ticks, withYear: first.slice(0, 4) !== last.slice(0, 4) };
}

function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export const ENTRY_TYPE_LABELS: Record<BankEntryType, string> = {
  contribution: 'Payment in',
  payout: 'Payout',
  adjustment: 'Adjustment',
  allocation: 'Betting result',
  reversal: 'Reversal',
};

/** Allocations follow their bet and a reversal cannot be undone: only the rest can be reversed. */
export const canReverse = (entry: Pick<BankEntry, 'type' | 'reversedById'>) =>
  entry.reversedById === null && entry.type !== 'allocation' && entry.type !== 'reversal';
