// Server-side sessions. The cookie holds 256 random bits; PostgreSQL holds only their SHA-256.
// Idle expiry 14 days, absolute expiry 60 days. One query resolves the session, its user and
// the member of the active syndicate (the per-request context every scoped route uses).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
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

export async function resolveSession(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  const idHash = hashToken(token);
  const { rows } = await db.execute<Row>(sql`
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
     where s.id_hash = ${idHash}`);
  const row = rows[0];
  if (!row) return null;
  const t = now.getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (t - lastSeen > SESSION_IDLE_MS || t - new Date(row.created_at).getTime() > SESSION_ABSOLUTE_MS) {
    await deleteSession(db, idHash);
    return null;
  }
  if (t - lastSeen > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    sessionHash: idHash,
    user: { id: row.user_id, name: row.user_name, email: row.user_email },
    tenant:
      row.member_id !== null && row.syndicate_id !== null && row.role !== null
        ? { syndicateId: row.syndicate_id, memberId: row.member_id, role: row.role }
        : null,
  };
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function setActiveSyndicate(db: Db, idHash: string, syndicateId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ activeSyndicateId: syndicateId })
    .where(and(eq(sessions.idHash, idHash)));
}
