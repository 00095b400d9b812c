// A member's subscriptions: the history, and assigning a plan. One active subscription per
// member: assigning a plan expires the previous active one. The server derives the end date.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DATE_RANGE_MESSAGE, MAX_YEAR, MIN_YEAR } from '../../../shared/dates';
import { fromCents } from '../../../shared/money';
import { addMonths, type MemberSubscription, type SubscriptionStatus } from '../../../shared/subscription';
import type { Db, Tx } from '../../db/client';
import { memberSubscriptions, members, subscriptionPlans } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { subscriptionAssigned } from '../audit/plan-events';
import { type Author, recordEvent } from '../audit/record';
import { dayIn } from '../settings/service';
import { PLAN_NOT_FOUND } from './service';

export const MEMBER_NOT_FOUND = 'Member not found';

async function assertMember(db: Db | Tx, syndicateId: number, memberId: number, lock = false) {
  const query = db
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(and(eq(members.syndicateId, syndicateId), eq(members.id, memberId), isNull(members.archivedAt)))
    .limit(1);
  const [member] = lock ? await query.for('update') : await query;
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/** Only this module writes the status column, with one of the two values. */
const toStatus = (status: string): SubscriptionStatus => (status === 'active' ? 'active' : 'expired');

async function selectSubscriptions(
  db: Db | Tx,
  syndicateId: number,
  memberId: number,
  id?: number,
): Promise<MemberSubscription[]> {
  const rows = await db
    .select({
      id: memberSubscriptions.id,
      memberId: memberSubscriptions.memberId,
      subscriptionId: subscriptionPlans.id,
      startDate: memberSubscriptions.startDate,
      endDate: memberSubscriptions.endDate,
      status: memberSubscriptions.status,
      planName: subscriptionPlans.name,
      planPriceCents: subscriptionPlans.priceCents,
      planDuration: subscriptionPlans.durationMonths,
    })
    .from(memberSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, memberSubscriptions.subscriptionId))
    .where(
      and(
        eq(memberSubscriptions.syndicateId, syndicateId),
        eq(memberSubscriptions.memberId, memberId),
        id === undefined ? undefined : eq(memberSubscriptions.id, id),
      ),
    )
    .orderBy(desc(memberSubscriptions.id));
  return rows.map(({ planName, planPriceCents, planDuration, status, ...row }) => ({
    ...row,
    status: toStatus(status),
    plan: {
      id: row.subscriptionId,
      name: planName,
      price: fromCents(planPriceCents),
      duration: planDuration,
    },
  }));
}

/** A member's subscriptions, newest assignment first. */
export async function listMemberSubscriptions(
  db: Db,
  syndicateId: number,
  memberId: number,
): Promise<MemberSubscription[]> {
  await assertMember(db, syndicateId, memberId);
  return selectSubscriptions(db, syndicateId, memberId);
}

/**
 * Assign a plan from startDate (a day, or a date-time read as its day in the syndicate's time
 * zone); endDate = startDate + the plan's duration in months. The member row is locked so two
 * assignments at once still leave one active. Assigning the plan the member already holds from
 * the same day (on the same price and duration) changes nothing and answers that assignment.
 */
export async function assignSubscription(
  db: Db | Tx,
  syndicateId: number,
  memberId: number,
  input: { subscriptionId: number; startDate: string },
  by: Author,
): Promise<MemberSubscription> {
  try {
    return await db.transaction(async (tx) => {
      const member = await assertMember(tx, syndicateId, memberId, true);
      const startDate = await dayIn(tx, syndicateId, input.startDate);
      // 1900-01-01T00:00Z is still 1899 in New York: the day, not only the text, must be in range.
      const year = Number(startDate.slice(0, 4));
      if (year < MIN_YEAR || year > MAX_YEAR)
        throw badRequest(DATE_RANGE_MESSAGE, [{ path: 'startDate', message: DATE_RANGE_MESSAGE }]);
      const [plan] = await tx
        .select({
          id: subscriptionPlans.id,
          name: subscriptionPlans.name,
          durationMonths: subscriptionPlans.durationMonths,
          priceCents: subscriptionPlans.priceCents,
        })
        .from(subscriptionPlans)
        .where(
          and(eq(subscriptionPlans.syndicateId, syndicateId), eq(subscriptionPlans.id, input.subscriptionId)),
        )
        .limit(1);
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      // The plan the member already holds, from the same day on the same terms: a second tap or
      // a re-saved dialog without an Idempotency-Key. Replacing it would charge its dues twice.
      const [same] = await tx
        .select({ id: memberSubscriptions.id })
        .from(memberSubscriptions)
        .where(
          and(
            eq(memberSubscriptions.syndicateId, syndicateId),
            eq(memberSubscriptions.memberId, memberId),
            eq(memberSubscriptions.status, 'active'),
            eq(memberSubscriptions.subscriptionId, plan.id),
            eq(memberSubscriptions.startDate, startDate),
            eq(memberSubscriptions.endDate, addMonths(startDate, plan.durationMonths)),
            eq(memberSubscriptions.priceCents, plan.priceCents),
            eq(memberSubscriptions.chargesDues, true),
          ),
        )
        .limit(1);
      if (same) {
        const [held] = await selectSubscriptions(tx, syndicateId, memberId, same.id);
        if (held) return held;
      }
      await tx
        .update(memberSubscriptions)
        // Replaced before its start date, it never started: no dues (docs/bank.md). One that
        // already charges none (its plan was deleted before it started) stays so.
        .set({
          status: 'expired',
          chargesDues: sql`${memberSubscriptions.chargesDues} and ${memberSubscriptions.startDate} <= (${by.now.toISOString()}::timestamptz at time zone (select timezone from syndicates where id = ${syndicateId}))::date`,
        })
        .where(
          and(
            eq(memberSubscriptions.syndicateId, syndicateId),
            eq(memberSubscriptions.memberId, memberId),
            eq(memberSubscriptions.status, 'active'),
          ),
        );
      const [row] = await tx
        .insert(memberSubscriptions)
        .values({
          syndicateId,
          memberId,
          subscriptionId: plan.id,
          startDate,
          endDate: addMonths(startDate, plan.durationMonths),
          status: 'active',
          // The dues this assignment charges: the price now, whatever the plan costs later.
          priceCents: plan.priceCents,
        })
        .returning({ id: memberSubscriptions.id });
      if (!row) throw new Error('insert returned no row');
      const [created] = await selectSubscriptions(tx, syndicateId, memberId, row.id);
      if (!created) throw new Error('inserted row not found');
      await recordEvent(
        tx,
        syndicateId,
        by,
        subscriptionAssigned({
          id: row.id,
          memberName: member.name,
          planName: plan.name,
          priceCents: plan.priceCents,
          startDate: created.startDate,
          endDate: created.endDate,
        }),
      );
      return created;
    });
  } catch (err) {
    // The plan was deleted between our read and the insert.
    if (isForeignKeyViolation(err)) throw notFound(PLAN_NOT_FOUND);
    throw err;
  }
}
