// Server-side sessions. The cookie holds 256 random bits; PostgreSQL holds only their SHA-256.
// Idle expiry 14 days, absolute expiry 60 days. One query resolves the session, its user and
// the member of the active syndicate (the per-request context every scoped route uses); reads
// may reuse it for SESSION_REUSE_MS (below).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (ms), so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type Role = 'admin' | 'member';

export interface TenantContext {
  syndicateId: number;
  memberId: number;
  role: Role;
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
}

/** Named, so each pooled connection parses and plans it once. */
const RESOLVE_SESSION = {
  name: 'resolve_session',
  text: `
    select s.id_hash, s.user_id, u.name as user_name, u.email as user_email, s.created_at, s.last_seen_at,
           s.active_syndicate_id, m.id as member_id, m.syndicate_id, m.role
      from sessions s
      join users u on u.id = s.user_id
      left join lateral (
        select m.id, m.syndicate_id, m.role from members m
         where m.user_id = s.user_id and m.archived_at is null
         order by (m.syndicate_id = s.active_syndicate_id) desc nulls last, m.id
         limit 1
      ) m on true
     where s.id_hash = $1`,
};

/** The session behind a cookie value, as of now (a query, and a write when it is time to touch). */
export function resolveSession(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  return resolveByHash(db, hashToken(token), now).then((r) => r?.auth ?? null);
}

async function resolveByHash(
  db: Db,
  idHash: string,
  now: Date,
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
  const touched = t - lastSeen > TOUCH_INTERVAL_MS;
  if (touched) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    auth: {
      sessionHash: idHash,
      user: { id: row.user_id, name: row.user_name, email: row.user_email },
      tenant:
        row.member_id !== null && row.syndicate_id !== null && row.role !== null
          ? { syndicateId: row.syndicate_id, memberId: row.member_id, role: row.role }
          : null,
    },
    expiresAt: Math.min((touched ? t : lastSeen) + SESSION_IDLE_MS, createdAt + SESSION_ABSOLUTE_MS),
  };
}

// ── Reads reuse a session resolved moments ago (no round trip) ──
// Safe because: only GET/HEAD use it (plugin.ts); every state-changing request of this process
// clears it when it starts and when it ends (invalidateSessions), as do sign-out and switching
// syndicate; and an entry lives SESSION_REUSE_MS at most, so a change made elsewhere (another
// instance, SQL by hand) reaches reads within that time. A read that raced a write never stores
// what it read (the generation moved on).

/** How long a read may reuse a resolved session (ms). */
export const SESSION_REUSE_MS = 2000;
/** Entries kept at most; the oldest goes first. */
const REUSE_MAX = 10_000;
const recent = new Map<string, { auth: AuthContext; from: number; until: number }>();
let generation = 0;

export function invalidateSessions(): void {
  generation++;
  recent.clear();
}

/** resolveSession for reads: a session resolved in the last SESSION_REUSE_MS, or a fresh one. */
export async function resolveSessionForRead(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  const idHash = hashToken(token);
  const t = now.getTime();
  const hit = recent.get(idHash);
  if (hit && t >= hit.from && t < hit.until) return hit.auth;
  const seen = generation;
  const resolved = await resolveByHash(db, idHash, now);
  if (!resolved) {
    recent.delete(idHash);
    return null;
  }
  if (seen === generation) {
    if (recent.size >= REUSE_MAX) recent.delete(recent.keys().next().value ?? '');
    recent.set(idHash, {
      auth: resolved.auth,
      from: t,
      until: Math.min(t + SESSION_REUSE_MS, resolved.expiresAt),
    });
  }
  return resolved.auth;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  invalidateSessions();
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  invalidateSessions();
}

export async function setActiveSyndicate(db: Db, idHash: string, syndicateId: number): Promise<void> {
  invalidateSessions();
  await db
    .update(sessions)
    .set({ activeSyndicateId: syndicateId })
    .where(and(eq(sessions.idHash, idHash)));
  invalidateSessions();
}
