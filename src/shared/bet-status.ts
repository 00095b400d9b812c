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
