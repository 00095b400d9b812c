// Bet kinds and statuses: plain constants, no zod. The dashboard's Recent Bets imports them, and
// the dashboard route's JS must not carry zod (bench: Dashboard route JS ≤ 150 KB gzip).

export const BET_TYPES = ['win', 'place', 'each-way'] as const;
export const ODDS_TYPES = ['fixed', 'tote'] as const;
export const BET_STATUSES = ['pending', 'win', 'loss', 'placed', 'void'] as const;
/** The statuses that count as settled in stats and rankings (void is not counted). */
export const SETTLED_STATUSES = ['win', 'placed', 'loss'] as const;
/** What PUT /api/bets/:id/status accepts (pending: an admin takes a settlement back). */
export const SETTLE_STATUSES = ['win', 'loss', 'placed', 'void', 'pending'] as const;
/** A new bet is always pending; the spec's payload may say so. */
export const CREATE_STATUSES = ['pending', 'win', 'loss'] as const;
export type BetType = (typeof BET_TYPES)[number];
export type OddsType = (typeof ODDS_TYPES)[number];
export type BetStatus = (typeof BET_STATUSES)[number];

/** Longest text search (`q`) GET /api/bets takes. */
export const BETS_SEARCH_MAX = 100;

/**
 * The orders GET /api/bets pages in (`sort=amount`, `sort=-amount` for descending; default
 * `-date`). Each is a keyset order with the id breaking ties; names compare in lower case without
 * accents, byte by byte, a bet without a race sorts as an empty race name, and statuses go in
 * BET_STATUSES' order (pending, win, loss, placed, void).
 */
export const BET_SORT_COLUMNS = ['date', 'member', 'horse', 'race', 'odds', 'amount', 'status'] as const;
export type BetSortColumn = (typeof BET_SORT_COLUMNS)[number];
export interface BetSort {
  column: BetSortColumn;
  direction: 'asc' | 'desc';
}
export const DEFAULT_BET_SORT: BetSort = { column: 'date', direction: 'desc' };
/** A sort as the `sort` parameter writes it: `-date`, `horse`. */
export const betSortParam = (s: BetSort): string => `${s.direction === 'desc' ? '-' : ''}${s.column}`;
export const isBetSortColumn = (v: string): v is BetSortColumn =>
  (BET_SORT_COLUMNS as readonly string[]).includes(v);
/** The `sort` parameter read back (`-amount` → amount, descending); null when it names no column. */
export function parseBetSort(value: string): BetSort | null {
  const column = value.startsWith('-') ? value.slice(1) : value;
  return isBetSortColumn(column) ? { column, direction: value.startsWith('-') ? 'desc' : 'asc' } : null;
}
