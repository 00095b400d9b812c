// Who may do what with a bet (DESIGN "Roles"): an admin places, edits, settles and deletes any bet;
// a member places bets under their own member only and settles, edits and deletes their own bets
// while pending (a settled bet is money in the books: changed by admins only). The server enforces
// these in features/bets/service.ts; the client uses them to hide what the caller cannot do.

export type BetRole = 'admin' | 'member';

/** The signed-in caller: their member in the active syndicate and its role. */
export interface BetActor {
  memberId: number;
  role: BetRole;
}

export interface BetRights {
  /** Mark win / mark loss (only a pending bet can be settled, by anyone). */
  settle: boolean;
  edit: boolean;
  delete: boolean;
}

const NONE: BetRights = { settle: false, edit: false, delete: false };

/** Whether the actor may place a bet under `memberId`. */
export function canPlaceFor(actor: BetActor, memberId: number): boolean {
  return actor.role === 'admin' || actor.memberId === memberId;
}

/** Why a change is refused, or null when the actor may change the bet. */
export function betRefusal(
  actor: BetActor,
  bet: { memberId: number; status: string },
): 'not-yours' | 'settled' | null {
  if (actor.role === 'admin') return null;
  if (bet.memberId !== actor.memberId) return 'not-yours';
  return bet.status === 'pending' ? null : 'settled';
}

/** What the actor may do with this bet now. */
export function betRights(actor: BetActor, bet: { memberId: number; status: string }): BetRights {
  if (betRefusal(actor, bet) !== null) return NONE;
  return { settle: bet.status === 'pending', edit: true, delete: true };
}
