// Server-side sessions. The cookie holds 256 random bits; PostgreSQL holds only their SHA-256.
// Idle expiry 14 days, absolute expiry 60 days. One query resolves the session, its user and
// the member of the active syndicate (the per-request context every scoped route uses); reads
// may reuse it for SESSION_REUSE_MS (below).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifierOf } from '../db/notifier';
import { sessions } from '../db/schema';
import { publishEvent } from '../realtime/bus';

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (ms), so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type Role = 'admin' | 'member';

export interface TenantContext {
  syndicateId: number;
  memberId: number;
  role: Role;
  /** False when an admin has deactivated the member: it may read the syndicate, not change it. */
  isActive: boolean;
}

export interface AuthContext {
  sessionHash: string;
  user: { id: number; name: string; email: string | null };
  /** The active syndicate membership; null when the user has none yet. */
  tenant: TenantContext | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  activeSyndicateId: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ idHash: hashToken(token), userId, activeSyndicateId, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * createSession for a sign-in by password: only while the account's password is still the one
 * checked (null otherwise). The user row is read FOR SHARE, so a password change in progress
 * (which holds the row until it commits, with the deletion of the other sessions) is waited for
 * and then refuses this one; a session made first is among those the change deletes.
 */
export async function createSessionForPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.execute(sql`
    insert into sessions (id_hash, user_id, active_syndicate_id, created_at, last_seen_at)
    select ${hashToken(token)}, u.id, null, ${now}, ${now} from users u
     where u.id = ${userId} and u.password_hash = ${passwordHash}
       for share
    returning id_hash`);
  return rows.length > 0 ? token : null;
}

interface Row extends Record<string, unknown> {
  id_hash: string;
  user_id: number;
  user_name: string;
  user_email: string | null;
  // Raw rows through drizzle carry timestamps as text.
  created_at: string | Date;
  last_seen_at: string | Date;
  active_syndicate_id: number | null;
  member_id: number | null;
  syndicate_id: number | null;
  role: Role | null;
  is_active: boolean | null;
}

/**
 * Named, so each pooled connection parses and plans it once. The tenant is the session's active
 * syndicate; a session that has none yet (a new sign-in) opens the user's first membership. Once
 * removed from the active one, the session is in no syndicate (403) until the user picks another:
 * it never moves there by itself, where a write or "leave" meant for the old one would land.
 */
const RESOLVE_SESSION = {
  name: 'resolve_session',
  text: `
    select s.id_hash, s.user_id, u.name as user_name, u.email as user_email, s.created_at, s.last_seen_at,
           s.active_syndicate_id, m.id as member_id, m.syndicate_id, m.role, m.is_active
      from sessions s
      join users u on u.id = s.user_id
      left join lateral (
        select m.id, m.syndicate_id, m.role, m.is_active from members m
         where m.user_id = s.user_id and m.archived_at is null
           and (s.active_syndicate_id is null or m.syndicate_id = s.active_syndicate_id)
         order by m.id
         limit 1
      ) m on true
     where s.id_hash = $1`,
};

/** The session behind a cookie value, as of now (a query, and a write when it is time to touch). */
export function resolveSession(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  return resolveByHash(db, hashToken(token), now).then((r) => r?.auth ?? null);
}

/**
 * The session behind a cookie value, as of now, without counting as use (a live socket's periodic
 * re-check: an open tab that makes no request does not keep its session from idling out). An
 * expired session is ended, as a request would end it.
 */
export function checkSession(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  return resolveByHash(db, hashToken(token), now, false).then((r) => r?.auth ?? null);
}

async function resolveByHash(
  db: Db,
  idHash: string,
  now: Date,
  touch = true,
): Promise<{ auth: AuthContext; expiresAt: number } | null> {
  const { rows } = await db.$client.query<Row>({ ...RESOLVE_SESSION, values: [idHash] });
  const row = rows[0];
  if (!row) return null;
  const t = now.getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  const createdAt = new Date(row.created_at).getTime();
  if (t - lastSeen > SESSION_IDLE_MS || t - createdAt > SESSION_ABSOLUTE_MS) {
    await deleteSession(db, idHash);
    return null;
  }
  const touched = touch && t - lastSeen > TOUCH_INTERVAL_MS;
  if (touched) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    auth: {
      sessionHash: idHash,
      user: { id: row.user_id, name: row.user_name, email: row.user_email },
      tenant:
        row.member_id !== null && row.syndicate_id !== null && row.role !== null
          ? {
              syndicateId: row.syndicate_id,
              memberId: row.member_id,
              role: row.role,
              isActive: row.is_active !== false,
            }
          : null,
    },
    expiresAt: Math.min((touched ? t : lastSeen) + SESSION_IDLE_MS, createdAt + SESSION_ABSOLUTE_MS),
  };
}

// ── Reads reuse a session resolved moments ago ──
// Safe because: only GET/HEAD use it (plugin.ts; a write is decided on the session as it is now);
// every statement that may change what a session holds (members; users' name or e-mail; sessions)
// NOTIFYs every instance from a trigger in the writer's transaction, delivered at its commit
// (db/session-triggers.ts), and each instance forgets its reused sessions when it arrives
// (auth/invalidation.ts); this instance also forgets them itself when it ends or moves a session
// (below); and before a read uses a reused session it waits until every notification committed
// before it arrived has been handled here (notifier.sync(): one round trip on the LISTEN
// connection, shared by the reads waiting at that moment). So a change committed on any instance,
// by any writer, is seen by the next request on every instance. Without a LISTEN connection
// nothing is reused. A read that raced a write never stores what it read (the generation moved
// on). An entry lives SESSION_REUSE_MS at most.

/** How long a read may reuse a resolved session (ms). */
export const SESSION_REUSE_MS = 2000;
/** Entries kept at most per app; the oldest goes first. */
const REUSE_MAX = 10_000;

interface Reuse {
  recent: Map<string, { auth: AuthContext; from: number; until: number }>;
  generation: number;
}
/** Per database handle, i.e. per app (tests build several apps in one process). */
const reuses = new WeakMap<Db, Reuse>();
function reuseOf(db: Db): Reuse {
  let reuse = reuses.get(db);
  if (!reuse) {
    reuse = { recent: new Map(), generation: 0 };
    reuses.set(db, reuse);
  }
  return reuse;
}

/** Forgets every reused session of this app, and lets no read running now store its own. */
export function invalidateSessions(db: Db): void {
  const reuse = reuseOf(db);
  reuse.generation++;
  reuse.recent.clear();
}

/** Sessions kept for reuse now (for tests and figures). */
export const reusedSessions = (db: Db): number => reuseOf(db).recent.size;

/** resolveSession for reads: a session resolved in the last SESSION_REUSE_MS, or a fresh one. */
export async function resolveSessionForRead(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  const idHash = hashToken(token);
  const t = now.getTime();
  const reuse = reuseOf(db);
  const notifier = notifierOf(db);
  const hit = reuse.recent.get(idHash);
  if (notifier && hit && t >= hit.from && t < hit.until) {
    const before = reuse.generation;
    // Still good once every change announced before this read has been applied here.
    if ((await notifier.sync()) && reuse.generation === before) return hit.auth;
  }
  const seen = reuse.generation;
  const resolved = await resolveByHash(db, idHash, now);
  if (!resolved) {
    reuse.recent.delete(idHash);
    return null;
  }
  if (notifier?.listening && seen === reuse.generation) {
    const { recent } = reuse;
    if (recent.size >= REUSE_MAX) recent.delete(recent.keys().next().value ?? '');
    recent.set(idHash, {
      auth: resolved.auth,
      from: t,
      until: Math.min(t + SESSION_REUSE_MS, resolved.expiresAt),
    });
  }
  return resolved.auth;
}

/**
 * Ends a session: deletes its row. The database announces every deleted session on the event bus
 * (db/session-triggers.ts), by whatever means it went (here, a user deleted, SQL by hand), so every
 * instance forgets its reused copies and closes its sockets (whoever holds them subscribes).
 */
export async function deleteSession(db: Db, idHash: string): Promise<void> {
  invalidateSessions(db);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  invalidateSessions(db);
}

export async function setActiveSyndicate(db: Db, idHash: string, syndicateId: number): Promise<void> {
  invalidateSessions(db);
  await db
    .update(sessions)
    .set({ activeSyndicateId: syndicateId })
    .where(and(eq(sessions.idHash, idHash)));
  invalidateSessions(db);
  // Its sockets opened in another syndicate belong to the one it left: they close, and the
  // browser reconnects (one opened since, in this syndicate, stays open).
  await publishEvent(db, { type: 'session-moved', sessionHash: idHash, syndicateId });
}
