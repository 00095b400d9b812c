// The rotation: the next races from now on, each paired with the member whose turn it is
// (rules in shared/rotation.ts), and the admin's manual pick. Reads the races, bets and
// members tables directly (their features own writing them).
import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import { type NextBet, type RotationItem, rotate } from '../../../shared/rotation';
import type { Db } from '../../db/client';
import { bets, members, races, syndicates } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { type Author, recordEvent } from '../audit/record';
import { nextBetSet } from '../audit/settings-events';

export const MEMBER_NOT_FOUND = 'Member not found';
export const MEMBER_INACTIVE = 'Only an active member can be picked for the next bet';

export async function getRotation(
  db: Db,
  syndicateId: number,
  count: number,
  now: Date,
): Promise<RotationItem[]> {
  const [syndicate] = await db
    .select({ strategy: syndicates.rotationStrategy, manualMemberId: syndicates.manualNextMemberId })
    .from(syndicates)
    .where(eq(syndicates.id, syndicateId));
  if (!syndicate) throw notFound();
  const [active, upcoming, lastBet] = await Promise.all([
    db
      .select({ id: members.id, name: members.name, initials: members.initials })
      .from(members)
      .where(
        and(eq(members.syndicateId, syndicateId), eq(members.isActive, true), isNull(members.archivedAt)),
      )
      .orderBy(asc(members.id)),
    db
      .select({ id: races.id, name: races.name, venue: races.venue, date: races.date })
      .from(races)
      .where(and(eq(races.syndicateId, syndicateId), gte(races.date, now)))
      .orderBy(asc(races.date), asc(races.id))
      .limit(count),
    db
      .select({ memberId: bets.memberId })
      .from(bets)
      .where(eq(bets.syndicateId, syndicateId))
      .orderBy(desc(bets.date), desc(bets.id))
      .limit(1),
  ]);
  return rotate({
    strategy: syndicate.strategy,
    syndicateId,
    members: active,
    races: upcoming.map((r) => ({ ...r, date: r.date.toISOString() })),
    lastBetMemberId: lastBet[0]?.memberId ?? null,
    manualMemberId: syndicate.manualMemberId,
  });
}

export async function getNextBet(db: Db, syndicateId: number, now: Date): Promise<NextBet> {
  const [first] = await getRotation(db, syndicateId, 1, now);
  if (!first) return { member: null, date: null };
  return { member: { id: first.member.id, name: first.member.name }, date: first.race.date };
}

/** Stores the admin's pick for the manual strategy (null clears it); rotation.next_set when it changed. */
export async function setManualNextMember(
  db: Db,
  syndicateId: number,
  memberId: number | null,
  by: Author,
): Promise<void> {
  await db.transaction(async (tx) => {
    let picked: { id: number; name: string } | null = null;
    if (memberId !== null) {
      const [member] = await tx
        .select({ id: members.id, name: members.name, isActive: members.isActive })
        .from(members)
        .where(
          and(eq(members.syndicateId, syndicateId), eq(members.id, memberId), isNull(members.archivedAt)),
        );
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      if (!member.isActive)
        throw badRequest(MEMBER_INACTIVE, [{ path: 'memberId', message: MEMBER_INACTIVE }]);
      picked = member;
    }
    const [before] = await tx
      .select({ id: syndicates.manualNextMemberId })
      .from(syndicates)
      .where(eq(syndicates.id, syndicateId))
      .for('no key update');
    if (!before) throw notFound();
    await tx.update(syndicates).set({ manualNextMemberId: memberId }).where(eq(syndicates.id, syndicateId));
    const event = nextBetSet(syndicateId, before.id, picked);
    if (event) await recordEvent(tx, syndicateId, by, event);
  });
}
