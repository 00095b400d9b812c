// Personal claim links: how a pre-created member (added by an admin, no user yet) is bound to the
// person it is for. Joining by invite code never links a row by e-mail (anyone can register any
// address); instead an admin copies this member's link and sends it to that person.
// The token is 256 random bits; only its SHA-256 is stored; it works once, for 14 days.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ClaimLink, Member } from '../../../shared/member';
import type { Db } from '../../db/client';
import { memberClaims, members } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { inviteLinkCreated, memberClaimed } from '../audit/member-events';
import { type Author, recordEvent } from '../audit/record';
import { lockUserMemberships, MEMBER_NOT_FOUND, memberIn } from './service';

/** How long a claim link works (ms): 14 days. */
export const CLAIM_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const ALREADY_LINKED = 'This member is already linked to an account, so it needs no invite link';
export const CLAIM_INVALID = 'This invite link is invalid, has expired or has already been used';
export const ALREADY_MEMBER = 'You are already a member of this syndicate';

const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new claim link for a current, unlinked member of the syndicate (404 for any other id, 409 when
 * a user is already linked). Earlier unused links for that member stop working: only the newest
 * link the admin copied is live.
 */
export async function createClaimLink(
  db: Db,
  syndicateId: number,
  memberId: number,
  publicUrl: string,
  by: Author,
): Promise<ClaimLink> {
  const { now } = by;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: members.userId, name: members.name })
      .from(members)
      .where(and(eq(members.syndicateId, syndicateId), eq(members.id, memberId), isNull(members.archivedAt)))
      .for('update');
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    if (row.userId !== null) throw conflict(ALREADY_LINKED);
    await tx
      .delete(memberClaims)
      .where(and(eq(memberClaims.memberId, memberId), isNull(memberClaims.usedAt)));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + CLAIM_LINK_TTL_MS);
    await tx
      .insert(memberClaims)
      .values({ syndicateId, memberId, tokenHash: hashClaimToken(token), expiresAt, createdAt: now });
    await recordEvent(tx, syndicateId, by, inviteLinkCreated({ id: memberId, name: row.name }));
    const url = new URL('/claim', publicUrl);
    url.searchParams.set('token', token);
    return { url: url.toString(), expiresAt: expiresAt.toISOString() };
  });
}

/**
 * Bind the member behind a claim token to the caller, in one transaction: the claim row and the
 * member row are locked, so of two claims of one token exactly one succeeds. Unknown, used or
 * expired tokens, and a member linked or removed meanwhile, answer 404; a caller who is already
 * a current member of that syndicate, 409. A caller whose earlier member there was removed may
 * claim: the removed row lets go of the user (its history stays) and the claimed row takes it.
 */
export async function claimMember(
  db: Db,
  userId: number,
  token: string,
  now: Date,
): Promise<{ syndicateId: number; member: Member }> {
  try {
    return await db.transaction(async (tx) => {
      await lockUserMemberships(tx, userId);
      const [claim] = await tx
        .select()
        .from(memberClaims)
        .where(eq(memberClaims.tokenHash, hashClaimToken(token)))
        .for('update');
      if (!claim || claim.usedAt !== null || claim.expiresAt.getTime() <= now.getTime()) {
        throw notFound(CLAIM_INVALID);
      }
      const { syndicateId, memberId } = claim;
      const [target] = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(
          and(eq(members.syndicateId, syndicateId), eq(members.id, memberId), isNull(members.archivedAt)),
        )
        .for('update');
      if (!target || target.userId !== null) throw notFound(CLAIM_INVALID);

      const [own] = await tx
        .select({ id: members.id, archivedAt: members.archivedAt })
        .from(members)
        .where(
          and(eq(members.syndicateId, syndicateId), eq(members.userId, userId), ne(members.id, memberId)),
        )
        .for('update');
      if (own && own.archivedAt === null) throw conflict(ALREADY_MEMBER);
      if (own) await tx.update(members).set({ userId: null }).where(eq(members.id, own.id));

      await tx.update(members).set({ userId }).where(eq(members.id, memberId));
      await tx
        .update(memberClaims)
        .set({ usedAt: now, usedByUserId: userId })
        .where(eq(memberClaims.id, claim.id));
      // By the claimed member itself, now linked to the caller.
      await recordEvent(tx, syndicateId, { memberId, now }, memberClaimed(memberId));
      return { syndicateId, member: await memberIn(tx, syndicateId, memberId) };
    });
  } catch (err) {
    // Belt and braces: the (syndicate, user) unique index refuses a second row for the user.
    if (isUniqueViolation(err)) throw conflict(ALREADY_MEMBER);
    throw err;
  }
}
