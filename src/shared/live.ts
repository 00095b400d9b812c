// Live updates (issue 17): every committed write in a syndicate is announced to that syndicate's
// signed-in browsers over the /ws socket (opened with `?live=1`), so each open screen refreshes
// what changed. Shared by the server (which names the entities) and the client (which maps each
// name to its TanStack Query keys, src/client/lib/live.ts). No zod here: the client's entry bundle
// imports these constants, and zod would add ~40 KB to every first load.

/** What a write may have changed, one name per group of client queries. */
export const LIVE_ENTITIES = [
  'bets',
  'stats',
  'rankings',
  'members',
  'races',
  'reminders',
  'bank',
  'insights',
  'activity',
  'settings',
  'plans',
  'subscriptions',
  'rotation',
  /** The user's own preferences (sent to that user's sockets only, in any syndicate). */
  'preferences',
] as const;
export type LiveEntity = (typeof LIVE_ENTITIES)[number];

/**
 * Server → browser frames on a live socket. `changed`: something in the syndicate changed;
 * `summary` (the activity feed's sentence) only for settlements and payments, which a client shows
 * as a toast unless they are its own or muted; `actorMemberId` null for the system (the results
 * import). `resync`: the server may have missed announcements (its LISTEN connection dropped):
 * refetch whatever is on screen.
 */
export type LiveMessage =
  | { type: 'changed'; entities: LiveEntity[]; summary?: string; actorMemberId: number | null }
  | { type: 'resync' };

/** The socket address's query that asks for live frames. */
export const LIVE_QUERY = 'live=1';

/**
 * Close codes of a /ws socket (4000–4999 are the application's): the session ended, or the
 * session is no longer in the socket's syndicate (moved by another tab, or the member removed).
 */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_NO_SYNDICATE = 4403;
/** The close reason when the member was removed or deactivated (the client then says so). */
export const REMOVED_REASON = 'No longer a member of this syndicate';
