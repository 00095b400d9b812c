// Subscription plans: list (with the count of members holding each currently), create, update,
// delete. Prices are stored as integer cents and answered in dollars.
import { and, asc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../../shared/money';
import type { Plan, PlanValues } from '../../../shared/subscription';
import type { Db, Tx } from '../../db/client';
import { memberSubscriptions, members, subscriptionPlans } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { planCreated, planDeleted, planUpdated } from '../audit/plan-events';
import { type Author, recordEvent } from '../audit/record';

export const PLAN_NOT_FOUND = 'Subscription plan not found';
export const PLAN_HAS_ACTIVE_MEMBERS = 'Plan has active members';

/**
 * Today in the syndicate's time zone, by the app's clock (not the database's now(), so tests can
 * move time): one uncorrelated subquery, evaluated once per statement.
 */
const todayIn = (syndicateId: number, now: Date): SQL =>
  sql`(${now.toISOString()}::timestamptz at time zone (select timezone from syndicates where id = ${syndicateId}))::date`;

/**
 * Member subscriptions that count as holding a plan: the member's assignment (status active),
 * current today (start ≤ today < end), of a member not archived. One that has ended, or starts
 * later, holds nothing.
 */
const holdsCurrently = (syndicateId: number, now: Date) => {
  const today = todayIn(syndicateId, now);
  return and(
    eq(memberSubscriptions.syndicateId, syndicateId),
    eq(memberSubscriptions.status, 'active'),
    lte(memberSubscriptions.startDate, today),
    gt(memberSubscriptions.endDate, today),
    isNull(members.archivedAt),
  );
};

/** Plans with their active-member counts in one query (an aggregate joined in, no N+1). */
async function selectPlans(db: Db | Tx, syndicateId: number, now: Date, planId?: number): Promise<Plan[]> {
  const holders = db
    .select({
      subscriptionId: memberSubscriptions.subscriptionId,
      count: sql<number>`count(distinct ${memberSubscriptions.memberId})::int`.as('count'),
    })
    .from(memberSubscriptions)
    .innerJoin(members, eq(members.id, memberSubscriptions.memberId))
    .where(holdsCurrently(syndicateId, now))
    .groupBy(memberSubscriptions.subscriptionId)
    .as('holders');
  const rows = await db
    .select({
      id: subscriptionPlans.id,
      name: subscriptionPlans.name,
      priceCents: subscriptionPlans.priceCents,
      duration: subscriptionPlans.durationMonths,
      description: subscriptionPlans.description,
      features: subscriptionPlans.features,
      activeMembers: sql<number>`coalesce(${holders.count}, 0)::int`,
    })
    .from(subscriptionPlans)
    .leftJoin(holders, eq(holders.subscriptionId, subscriptionPlans.id))
    .where(
      and(
        eq(subscriptionPlans.syndicateId, syndicateId),
        planId === undefined ? undefined : eq(subscriptionPlans.id, planId),
      ),
    )
    .orderBy(asc(subscriptionPlans.id));
  return rows.map(({ priceCents, ...plan }) => ({ ...plan, price: fromCents(priceCents) }));
}

/** The plans, each with the number of members holding it on `now`'s day. */
export const listPlans = (db: Db, syndicateId: number, now: Date) => selectPlans(db, syndicateId, now);

/** One plan, its members counted on `now`'s day; 404 if it is not the syndicate's. */
export async function getPlan(db: Db | Tx, syndicateId: number, planId: number, now: Date): Promise<Plan> {
  const [plan] = await selectPlans(db, syndicateId, now, planId);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  return plan;
}

/** 404 unless the plan is the syndicate's (the routes' look-ups: no count needed). */
export async function findPlan(db: Db | Tx, syndicateId: number, planId: number): Promise<void> {
  const [plan] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.syndicateId, syndicateId), eq(subscriptionPlans.id, planId)))
    .limit(1);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
}

const columnsOf = (input: PlanValues) => ({
  name: input.name,
  priceCents: toCents(input.price),
  durationMonths: input.duration,
  description: input.description,
  features: input.features,
});

export async function createPlan(db: Db, syndicateId: number, input: PlanValues, by: Author): Promise<Plan> {
  return db.transaction(async (tx) => {
    const columns = columnsOf(input);
    const [row] = await tx
      .insert(subscriptionPlans)
      .values({ syndicateId, ...columns })
      .returning({ id: subscriptionPlans.id });
    if (!row) throw new Error('insert returned no row');
    await recordEvent(
      tx,
      syndicateId,
      by,
      planCreated({ id: row.id, name: input.name, priceCents: columns.priceCents, duration: input.duration }),
    );
    // A new plan has no holders yet.
    return { id: row.id, ...input, activeMembers: 0 };
  });
}

export async function updatePlan(
  db: Db,
  syndicateId: number,
  planId: number,
  input: PlanValues,
  by: Author,
): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: subscriptionPlans.name,
        priceCents: subscriptionPlans.priceCents,
        duration: subscriptionPlans.durationMonths,
        description: subscriptionPlans.description,
        features: subscriptionPlans.features,
      })
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.syndicateId, syndicateId), eq(subscriptionPlans.id, planId)))
      .for('update');
    if (!before) throw notFound(PLAN_NOT_FOUND);
    const [row] = await tx
      .update(subscriptionPlans)
      .set(columnsOf(input))
      .where(and(eq(subscriptionPlans.syndicateId, syndicateId), eq(subscriptionPlans.id, planId)))
      .returning({ id: subscriptionPlans.id });
    if (!row) throw notFound(PLAN_NOT_FOUND);
    const plan = await getPlan(tx, syndicateId, planId, by.now);
    const event = planUpdated(planId, { ...before, price: fromCents(before.priceCents) }, plan);
    if (event) await recordEvent(tx, syndicateId, by, event);
    return plan;
  });
}

/**
 * Delete a plan nobody holds today (by.now's day in the syndicate's zone). Its past assignments
 * (replaced, ended, or of archived members) stay with an empty plan; one that starts later never
 * starts, so it charges no dues (docs/bank.md). The plan row is locked first, so an assignment
 * racing this delete either lands before (→ 409 here) or fails its foreign key after (→ 404 there).
 */
export async function deletePlan(db: Db, syndicateId: number, planId: number, by: Author): Promise<void> {
  await db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.syndicateId, syndicateId), eq(subscriptionPlans.id, planId)))
      .for('update');
    if (!plan) throw notFound(PLAN_NOT_FOUND);
    const [held] = await tx
      .select({ id: memberSubscriptions.id })
      .from(memberSubscriptions)
      .innerJoin(members, eq(members.id, memberSubscriptions.memberId))
      .where(and(holdsCurrently(syndicateId, by.now), eq(memberSubscriptions.subscriptionId, planId)))
      .limit(1);
    if (held) throw conflict(PLAN_HAS_ACTIVE_MEMBERS);
    // An assignment of it that has not started yet never will: like one replaced before its start.
    await tx
      .update(memberSubscriptions)
      .set({ chargesDues: false })
      .where(
        and(
          eq(memberSubscriptions.syndicateId, syndicateId),
          eq(memberSubscriptions.subscriptionId, planId),
          gt(memberSubscriptions.startDate, todayIn(syndicateId, by.now)),
        ),
      );
    // Its past assignments stay (their plan becomes null): the dues they charged are history.
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
    await recordEvent(tx, syndicateId, by, planDeleted(plan));
  });
}
