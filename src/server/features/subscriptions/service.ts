// Subscription plans: list (with the count of members holding each actively), create, update,
// delete. Prices are stored as integer cents and answered in dollars.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../../shared/money';
import type { Plan, PlanValues } from '../../../shared/subscription';
import type { Db, Tx } from '../../db/client';
import { memberSubscriptions, members, subscriptionPlans } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { planCreated, planDeleted, planUpdated } from '../audit/plan-events';
import { type Author, recordEvent } from '../audit/record';

export const PLAN_NOT_FOUND = 'Subscription plan not found';
export const PLAN_HAS_ACTIVE_MEMBERS = 'Plan has active members';

/** Member subscriptions that count as holding a plan: status active, member not archived. */
const holdsActively = (syndicateId: number) =>
  and(
    eq(memberSubscriptions.syndicateId, syndicateId),
    eq(memberSubscriptions.status, 'active'),
    isNull(members.archivedAt),
  );

/** Plans with their active-member counts in one query (an aggregate joined in, no N+1). */
async function selectPlans(db: Db | Tx, syndicateId: number, planId?: number): Promise<Plan[]> {
  const holders = db
    .select({
      subscriptionId: memberSubscriptions.subscriptionId,
      count: sql<number>`count(distinct ${memberSubscriptions.memberId})::int`.as('count'),
    })
    .from(memberSubscriptions)
    .innerJoin(members, eq(members.id, memberSubscriptions.memberId))
    .where(holdsActively(syndicateId))
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

export const listPlans = (db: Db, syndicateId: number) => selectPlans(db, syndicateId);

export async function getPlan(db: Db | Tx, syndicateId: number, planId: number): Promise<Plan> {
  const [plan] = await selectPlans(db, syndicateId, planId);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  return plan;
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
    const plan = await getPlan(tx, syndicateId, planId);
    const event = planUpdated(planId, { ...before, price: fromCents(before.priceCents) }, plan);
    if (event) await recordEvent(tx, syndicateId, by, event);
    return plan;
  });
}

/**
 * Delete a plan nobody holds actively. Its past (expired) assignments, and those of archived
 * members, go with it. The plan row is locked first, so an assignment racing this delete
 * either lands before (→ 409 here) or fails its foreign key after (→ 404 there).
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
      .where(and(holdsActively(syndicateId), eq(memberSubscriptions.subscriptionId, planId)))
      .limit(1);
    if (held) throw conflict(PLAN_HAS_ACTIVE_MEMBERS);
    // Its past assignments stay (their plan becomes null): the dues they charged are history.
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
    await recordEvent(tx, syndicateId, by, planDeleted(plan));
  });
}
