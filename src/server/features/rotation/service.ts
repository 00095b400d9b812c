// The rotation: the next races from now on, each paired with the member whose turn it is
// (rules in shared/rotation.ts), and the admin's manual pick. Reads the races, bets and
// members tables directly (their features own writing them).
import { and, eq, isNull } from 'drizzle-orm';
import {
  type NextBet,
  type RotationItem,
  type RotationMember,
  type RotationRace,
  rotate,
} from '../../../shared/rotation';
import type { RotationStrategy } from '../../../shared/settings';
import { type Db, plannedOnce } from '../../db/client';
import { members, syndicates } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { type Author, recordEvent } from '../audit/record';
import { nextBetSet } from '../audit/settings-events';

export const MEMBER_NOT_FOUND = 'Member not found';
export const MEMBER_INACTIVE = 'Only an active member can be picked for the next bet';

/**
 * What the rotation is decided from, in one statement (one round trip, parsed and planned once:
 * db/client.ts plannedOnce): the strategy and manual pick, the active members in join order, the
 * next `$3` races from `$2` and the member of the newest bet. It was four drizzle selects, the
 * dearest of the dashboard's reads (docs/performance.md).
 */
const ROTATION_INPUT = {
  name: 'rotation_input',
  text: `
    select s.rotation_strategy as strategy, s.manual_next_member_id as manual_member_id,
           (select coalesce(json_agg(json_build_object('id', m.id, 'name', m.name, 'initials', m.initials)
                                     order by m.id), '[]')
              from members m
             where m.syndicate_id = s.id and m.is_active and m.archived_at is null) as members,
           (select coalesce(json_agg(json_build_object(
                     'id', r.id, 'name', r.name, 'venue', r.venue,
                     'date', to_char(r.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                     order by r.date, r.id), '[]')
              from (select r.id, r.name, r.venue, r.date from races r
                     where r.syndicate_id = s.id and r.date >= $2
                     order by r.date, r.id limit $3) r) as races,
           (select b.member_id from bets b where b.syndicate_id = s.id
             order by b.date desc, b.id desc limit 1) as last_bet_member_id
      from syndicates s
     where s.id = $1`,
};

interface RotationInputRow {
  strategy: RotationStrategy;
  manual_member_id: number | null;
  members: RotationMember[];
  races: RotationRace[];
  last_bet_member_id: number | null;
}

export async function getRotation(
  db: Db,
  syndicateId: number,
  count: number,
  now: Date,
): Promise<RotationItem[]> {
  const { rows } = await plannedOnce(db).query<RotationInputRow>({
    ...ROTATION_INPUT,
    values: [syndicateId, now, count],
  });
  const row = rows[0];
  if (!row) throw notFound();
  return rotate({
    strategy: row.strategy,
    syndicateId,
    members: row.members,
    races: row.races,
    lastBetMemberId: row.last_bet_member_id,
    manualMemberId: row.manual_member_id,
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
