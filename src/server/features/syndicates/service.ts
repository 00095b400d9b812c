// Syndicates: create, join by invite code, list, regenerate the code.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { deriveInitials } from '../../../shared/initials';
import { generateInviteCode, normaliseInviteCode } from '../../../shared/invite-code';
import type { Syndicate, SyndicateWithRole } from '../../../shared/syndicate';
import type { Db } from '../../db/client';
import { joinFailures, members, syndicates } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';

export const INVALID_INVITE_CODE = 'Invalid invite code';
export const TOO_MANY_JOINS = 'Too many failed attempts. Please wait 15 minutes and try again.';
/** Failed joins allowed per user in the window below; one more answers 429. */
export const JOIN_FAILURE_LIMIT = 10;
export const JOIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

interface Caller {
  userId: number;
  name: string;
  email: string | null;
}

const publicColumns = {
  id: syndicates.id,
  name: syndicates.name,
  description: syndicates.description,
  inviteCode: syndicates.inviteCode,
};

/** The member row for a signed-in user: name and e-mail from the account. */
function memberFor(caller: Caller, syndicateId: number, role: 'admin' | 'member') {
  return {
    syndicateId,
    userId: caller.userId,
    name: caller.name,
    email: caller.email ?? '',
    initials: deriveInitials(caller.name) || '?',
    role,
  };
}

export async function listForUser(db: Db, userId: number): Promise<SyndicateWithRole[]> {
  return db
    .select({ ...publicColumns, role: members.role })
    .from(members)
    .innerJoin(syndicates, eq(syndicates.id, members.syndicateId))
    .where(and(eq(members.userId, userId), isNull(members.archivedAt)))
    .orderBy(asc(members.id));
}

/** Retries on the (unlikely: 32^8 codes) chance that a fresh code is taken. */
async function withFreshCode<T>(attempt: (code: string) => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(generateInviteCode(randomBytes));
    } catch (err) {
      if (!isUniqueViolation(err) || i >= 5) throw err;
    }
  }
}

export async function createSyndicate(
  db: Db,
  caller: Caller,
  input: { name: string; description?: string | undefined; timezone?: string | undefined },
): Promise<Syndicate> {
  return withFreshCode((inviteCode) =>
    db.transaction(async (tx) => {
      const [syndicate] = await tx
        .insert(syndicates)
        .values({
          name: input.name,
          description: input.description ?? null,
          inviteCode,
          ...(input.timezone ? { timezone: input.timezone } : {}),
        })
        .returning(publicColumns);
      if (!syndicate) throw new Error('insert returned no row');
      await tx.insert(members).values(memberFor(caller, syndicate.id, 'admin'));
      return syndicate;
    }),
  );
}

/**
 * Join by invite code. Links an unlinked member with the caller's e-mail when there is one,
 * brings back an archived membership, or adds a new member; joining twice changes nothing.
 */
export async function joinSyndicate(db: Db, caller: Caller, rawCode: string, now: Date): Promise<Syndicate> {
  const since = new Date(now.getTime() - JOIN_FAILURE_WINDOW_MS);
  const code = normaliseInviteCode(rawCode);
  // One join at a time per user: the failure count, the code lookup and the failure it adds
  // happen under one lock, so parallel guesses cannot all read "under the limit" and slip past
  // it; parallel joins with a valid code join once. The failure is committed, not rolled back.
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('syndicates:join'), ${caller.userId})`);
    const [failures] = await tx
      .select({ n: count() })
      .from(joinFailures)
      .where(and(eq(joinFailures.userId, caller.userId), gt(joinFailures.at, since)));
    if ((failures?.n ?? 0) >= JOIN_FAILURE_LIMIT) return 'limited' as const;

    const [syndicate] = code
      ? await tx.select(publicColumns).from(syndicates).where(eq(syndicates.inviteCode, code)).limit(1)
      : [];
    if (!syndicate) {
      await tx.insert(joinFailures).values({ userId: caller.userId, at: now });
      return 'invalid' as const;
    }

    const [existing] = await tx
      .select({ id: members.id, archivedAt: members.archivedAt })
      .from(members)
      .where(and(eq(members.syndicateId, syndicate.id), eq(members.userId, caller.userId)))
      .limit(1);
    if (existing) {
      if (existing.archivedAt) {
        await tx.update(members).set({ archivedAt: null, isActive: true }).where(eq(members.id, existing.id));
      }
      return syndicate;
    }
    if (caller.email) {
      const [linked] = await tx
        .update(members)
        .set({ userId: caller.userId })
        .where(
          and(
            eq(members.syndicateId, syndicate.id),
            isNull(members.userId),
            isNull(members.archivedAt),
            sql`lower(${members.email}) = lower(${caller.email})`,
          ),
        )
        .returning({ id: members.id });
      if (linked) return syndicate;
    }
    await tx.insert(members).values(memberFor(caller, syndicate.id, 'member'));
    return syndicate;
  });
  if (outcome === 'limited') throw new HttpError(429, TOO_MANY_JOINS);
  if (outcome === 'invalid') throw new HttpError(404, INVALID_INVITE_CODE);
  return outcome;
}

export async function regenerateInviteCode(db: Db, syndicateId: number): Promise<string> {
  return withFreshCode(async (inviteCode) => {
    await db.update(syndicates).set({ inviteCode }).where(eq(syndicates.id, syndicateId));
    return inviteCode;
  });
}
