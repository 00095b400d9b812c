// Syndicates: create, join by invite code, list, regenerate the code.

import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { deriveInitials } from '../../../shared/initials';
import { generateInviteCode, normaliseInviteCode } from '../../../shared/invite-code';
import { isStorableId } from '../../../shared/race';
import type { Syndicate, SyndicateWithRole } from '../../../shared/syndicate';
import { MEMBERSHIP_INACTIVE } from '../../auth/context';
import { setActiveSyndicate } from '../../auth/sessions';
import { builtOnce, type Db } from '../../db/client';
import { joinFailures, members, syndicates, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { memberJoined, syndicateCreated } from '../audit/member-events';
import { type Author, recordEvent } from '../audit/record';
import { inviteCodeRegenerated } from '../audit/settings-events';
import { lockUserMemberships, type Tx } from '../members/service';

export const INVALID_INVITE_CODE = 'Invalid invite code';
export const REMOVED_FROM_SYNDICATE = 'You were removed from this syndicate. Ask an admin to restore you.';
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

/**
 * The user's syndicates (removed memberships left out), the session's current one first, then in
 * the order they were joined. The spec's client reads the first item's invite code, so the first
 * must be the syndicate the session works in.
 */
const syndicatesOf = builtOnce((db) =>
  db
    .select({ ...publicColumns, role: members.role, isActive: members.isActive })
    .from(members)
    .innerJoin(syndicates, eq(syndicates.id, members.syndicateId))
    .where(and(eq(members.userId, sql.placeholder('userId')), isNull(members.archivedAt)))
    .orderBy(asc(members.id))
    .prepare('syndicates_of_user'),
);

export async function listForUser(
  db: Db,
  userId: number,
  currentSyndicateId: number | null,
): Promise<SyndicateWithRole[]> {
  const rows = await syndicatesOf(db).execute({ userId });
  const listed = rows.map((r) => ({ ...r, current: r.id === currentSyndicateId }));
  return [...listed.filter((r) => r.current), ...listed.filter((r) => !r.current)];
}

export const SYNDICATE_NOT_FOUND = 'Syndicate not found';

/**
 * Makes `syndicateId` the session's active syndicate. Only a syndicate where the user is a current,
 * active member: an unknown id, someone else's syndicate, a removed (archived) or deactivated
 * membership all answer the same 404, so the answer tells nothing about syndicates the user is not
 * in. (A membership deactivated just after the check is the same as one deactivated just after the
 * switch: the session then reads that syndicate as an inactive member.) setActiveSyndicate tells
 * every instance: reused sessions are forgotten and the session's sockets close.
 * Not an audit event: it changes no syndicate's data, only which one this session looks at.
 */
export async function switchActiveSyndicate(
  db: Db,
  session: { sessionHash: string; userId: number },
  syndicateId: number,
): Promise<Syndicate> {
  if (!isStorableId(syndicateId)) throw new HttpError(404, SYNDICATE_NOT_FOUND);
  const [syndicate] = await db
    .select(publicColumns)
    .from(members)
    .innerJoin(syndicates, eq(syndicates.id, members.syndicateId))
    .where(
      and(
        eq(members.syndicateId, syndicateId),
        eq(members.userId, session.userId),
        isNull(members.archivedAt),
        eq(members.isActive, true),
      ),
    )
    .limit(1);
  if (!syndicate) throw new HttpError(404, SYNDICATE_NOT_FOUND);
  await setActiveSyndicate(db, session.sessionHash, syndicate.id);
  return syndicate;
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
  now: Date,
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
      const [admin] = await tx
        .insert(members)
        .values(memberFor(caller, syndicate.id, 'admin'))
        .returning({ id: members.id });
      if (!admin) throw new Error('insert returned no row');
      await recordEvent(
        tx,
        syndicate.id,
        { memberId: admin.id, now },
        syndicateCreated(syndicate.id, syndicate.name),
      );
      return syndicate;
    }),
  );
}

/**
 * Join by invite code: always a new member with role member; joining twice changes nothing.
 * A pre-created member row is never linked by e-mail in local mode (anyone can register any
 * address, so that would hand the row's role to them); it is claimed through its personal claim
 * link instead. Only when `linkVerifiedEmail` (OIDC mode) and the provider verified the caller's
 * e-mail is an unlinked, current member with that e-mail linked. A removed (archived) member's
 * user is refused: an admin restores them; a deactivated one's too, until an admin reactivates them.
 */
export async function joinSyndicate(
  db: Db,
  caller: Caller,
  rawCode: string,
  now: Date,
  opts: { linkVerifiedEmail: boolean } = { linkVerifiedEmail: false },
): Promise<Syndicate> {
  const since = new Date(now.getTime() - JOIN_FAILURE_WINDOW_MS);
  const code = normaliseInviteCode(rawCode);
  // One join (or claim) at a time per user: the failure count, the code lookup and the failure
  // it adds happen under one lock, so parallel guesses cannot all read "under the limit" and slip
  // past it; parallel joins with a valid code join once. The failure is committed, not rolled back.
  const outcome = await db.transaction(async (tx) => {
    await lockUserMemberships(tx, caller.userId);
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
      .select({ id: members.id, archivedAt: members.archivedAt, isActive: members.isActive })
      .from(members)
      .where(and(eq(members.syndicateId, syndicate.id), eq(members.userId, caller.userId)))
      .limit(1);
    // A deactivated member is refused as the switch refuses them (the code made the syndicate
    // their session's current one, which switching to it answers 404).
    if (existing)
      return existing.archivedAt
        ? ('removed' as const)
        : existing.isActive
          ? syndicate
          : ('inactive' as const);

    if (opts.linkVerifiedEmail && caller.email && (await emailVerified(tx, caller.userId))) {
      const [match] = await tx
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.syndicateId, syndicate.id),
            isNull(members.userId),
            isNull(members.archivedAt),
            sql`lower(${members.email}) = lower(${caller.email})`,
          ),
        )
        .orderBy(asc(members.id))
        .limit(1)
        .for('update');
      if (match) {
        await tx.update(members).set({ userId: caller.userId }).where(eq(members.id, match.id));
        await recordEvent(tx, syndicate.id, { memberId: match.id, now }, memberJoined(match.id, true));
        return syndicate;
      }
    }
    const [joined] = await tx
      .insert(members)
      .values(memberFor(caller, syndicate.id, 'member'))
      .returning({ id: members.id });
    if (!joined) throw new Error('insert returned no row');
    await recordEvent(tx, syndicate.id, { memberId: joined.id, now }, memberJoined(joined.id, false));
    return syndicate;
  });
  if (outcome === 'limited') throw new HttpError(429, TOO_MANY_JOINS);
  if (outcome === 'invalid') throw new HttpError(404, INVALID_INVITE_CODE);
  if (outcome === 'removed') throw new HttpError(403, REMOVED_FROM_SYNDICATE);
  if (outcome === 'inactive') throw new HttpError(403, MEMBERSHIP_INACTIVE);
  return outcome;
}

/** Whether the OIDC provider said `email_verified: true` for this user at the latest sign-in. */
async function emailVerified(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ v: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.v === true;
}

/** A new invite code (the old one stops working); the event never holds either code. */
export async function regenerateInviteCode(db: Db, syndicateId: number, by: Author): Promise<string> {
  return withFreshCode((inviteCode) =>
    db.transaction(async (tx) => {
      await tx.update(syndicates).set({ inviteCode }).where(eq(syndicates.id, syndicateId));
      await recordEvent(tx, syndicateId, by, inviteCodeRegenerated(syndicateId));
      return inviteCode;
    }),
  );
}
