// The app's event bus, on PostgreSQL LISTEN/NOTIFY (db/notifier.ts), so every instance hears
// every event. Core: auth and the features publish here, and whatever holds connections (the /ws
// hub) subscribes; nothing here knows who listens.
//
// - `changed`: a committed write in a syndicate. Not published by the app: a trigger on
//   audit_events (migration 0007) NOTIFYs for each event a write records, in the write's own
//   transaction, so it is delivered only once the write commits (never for a rolled-back one), on
//   every instance, for requests and background jobs alike (the results import).
// - `session-ended`: a sign-out (or an expired session) (auth/sessions.ts deleteSession).
// - `session-moved`: a session's active syndicate changed (setActiveSyndicate): its connections
//   opened in another syndicate belong to the old one (one opened since, in the new one, stays).
// - `member-removed`: a member was archived, left, or was deactivated (from the same trigger).
// - `preferences-changed`: a user changed their own preferences (the mute switch): their other
//   tabs and devices refetch them.
// - `resync`: this instance's LISTEN connection was (re)established: events may have been missed.

import type { LiveEntity } from '../../shared/live';
import type { Db } from '../db/client';
import { EVENTS_CHANNEL, notifierOf, publish } from '../db/notifier';
import { entitiesOf, isToldInWords } from './entities';

export type BusEvent =
  | {
      type: 'changed';
      syndicateId: number;
      entities: LiveEntity[];
      /** The feed's sentence, for settlements and payments only. */
      summary?: string;
      actorMemberId: number | null;
    }
  | { type: 'session-ended'; sessionHash: string }
  | { type: 'session-moved'; sessionHash: string; syndicateId: number }
  | { type: 'member-removed'; syndicateId: number; memberId: number }
  | { type: 'preferences-changed'; userId: number }
  | { type: 'resync' };

/** What the audit_events trigger sends (migration 0007_issue17_live_prefs): short keys, under 8000 bytes. */
interface AuditNotice {
  type: 'audit';
  /** syndicate_id, action, entity_id, actor_member_id, summary (cut to 500 characters) */
  s: number;
  a: string;
  e: number | null;
  m: number | null;
  u: string;
  /** The event deactivated a member (member.updated with isActive → false). */
  off: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isHash = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** Reads one notification into the events it stands for (none when it is not one of ours). */
export function parseNotice(payload: string | null): BusEvent[] {
  if (payload === null) return [{ type: 'resync' }];
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return [];
  }
  if (!isRecord(v)) return [];
  if (v.type === 'session-ended' && isHash(v.sessionHash)) {
    return [{ type: v.type, sessionHash: v.sessionHash }];
  }
  if (v.type === 'session-moved' && isHash(v.sessionHash) && isId(v.syndicateId)) {
    return [{ type: v.type, sessionHash: v.sessionHash, syndicateId: v.syndicateId }];
  }
  if (v.type === 'preferences-changed' && isId(v.userId)) return [{ type: v.type, userId: v.userId }];
  if (v.type === 'member-removed' && isId(v.syndicateId) && isId(v.memberId)) {
    return [{ type: 'member-removed', syndicateId: v.syndicateId, memberId: v.memberId }];
  }
  if (v.type !== 'audit' || !isId(v.s) || typeof v.a !== 'string') return [];
  const n = v as unknown as AuditNotice;
  const actorMemberId = isId(n.m) ? n.m : null;
  const changed: BusEvent = {
    type: 'changed',
    syndicateId: n.s,
    entities: entitiesOf(n.a),
    actorMemberId,
    ...(isToldInWords(n.a) && typeof n.u === 'string' ? { summary: n.u } : {}),
  };
  const removed =
    isId(n.e) &&
    (n.a === 'member.archived' || n.a === 'member.left' || (n.a === 'member.updated' && n.off === true));
  return removed
    ? [changed, { type: 'member-removed', syndicateId: n.s, memberId: n.e as number }]
    : [changed];
}

/** Publishes to every instance (this one included); resolves once committed. Never throws. */
export function publishEvent(
  db: Db,
  event: Extract<
    BusEvent,
    { type: 'session-ended' | 'session-moved' | 'member-removed' | 'preferences-changed' }
  >,
): Promise<void> {
  return publish(db, EVENTS_CHANNEL, JSON.stringify(event));
}

export type Subscriber = (event: BusEvent) => void;

/**
 * Calls `subscriber` with every event this app's notifier hears (auth/invalidation.ts starts it,
 * before any plugin subscribes). A no-op when no notifier was started for `db`.
 */
export function subscribe(db: Db, subscriber: Subscriber): void {
  notifierOf(db)?.on(EVENTS_CHANNEL, (payload) => {
    for (const event of parseNotice(payload)) subscriber(event);
  });
}
