// The events of membership plans and members' subscriptions to them.
import type { PlanValues } from '../../../shared/subscription';
import type { NewEvent } from './record';
import { changesBetween } from './record';
import { asMoney, asText, changeList, type FieldLabel, money, say } from './sentence';

const months = (n: number) => (n === 1 ? '1 month' : `${n} months`);

export const planCreated = (plan: {
  id: number;
  name: string;
  priceCents: number;
  duration: number;
}): NewEvent => ({
  action: 'plan.created',
  entityType: 'plan',
  entityId: plan.id,
  summary: say`added the plan ${plan.name}: ${money(plan.priceCents)} for ${months(plan.duration)}`,
});

const PLAN_FIELDS: Record<keyof PlanValues, FieldLabel> = {
  name: { label: 'name', show: asText },
  price: { label: 'price', show: asMoney },
  duration: { label: 'months', show: asText },
  description: { label: 'description' },
  features: { label: 'features' },
};

const planView = (p: PlanValues): PlanValues => ({
  name: p.name,
  price: p.price,
  duration: p.duration,
  description: p.description,
  features: p.features,
});

/** "changed the plan Gold: price $10.00 → $12.00", or null when nothing changed. */
export function planUpdated(planId: number, before: PlanValues, after: PlanValues): NewEvent | null {
  const changes = changesBetween(planView(before), planView(after));
  if (Object.keys(changes).length === 0) return null;
  return {
    action: 'plan.updated',
    entityType: 'plan',
    entityId: planId,
    summary: say`changed the plan ${before.name}: ${changeList(changes, PLAN_FIELDS)}`,
    changes,
  };
}

export const planDeleted = (plan: { id: number; name: string }): NewEvent => ({
  action: 'plan.deleted',
  entityType: 'plan',
  entityId: plan.id,
  summary: say`deleted the plan ${plan.name}`,
});

/** Assigning a plan (the member's previous active subscription expires in the same write). */
export const subscriptionAssigned = (s: {
  id: number;
  memberName: string;
  planName: string;
  priceCents: number;
  startDate: string;
  endDate: string;
}): NewEvent => ({
  action: 'subscription.assigned',
  entityType: 'subscription',
  entityId: s.id,
  summary: say`put ${s.memberName} on the plan ${s.planName} (${money(s.priceCents)}) from ${s.startDate} to ${s.endDate}`,
});
