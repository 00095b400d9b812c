import type { MemberSubscription } from '@shared/subscription';
import { queryOptions, type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getMemberSubscriptions = (memberId: number) =>
  apiGet<MemberSubscription[]>(`/api/members/${memberId}/subscriptions`);

export const memberSubscriptionsQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.memberSubscriptions.byMember(memberId),
    queryFn: () => getMemberSubscriptions(memberId),
  });

/** One member's subscriptions; idle until memberId is known. */
export function useMemberSubscriptions(memberId: number | undefined) {
  return useQuery({ ...memberSubscriptionsQueryOptions(memberId ?? 0), enabled: memberId !== undefined });
}

/** One member's line on the members page: their active plan, once their call has answered. */
export interface MemberSubscriptionState {
  active: MemberSubscription | undefined;
  /** Their call has not answered yet. */
  pending: boolean;
}

/**
 * Every listed member's subscriptions, one call per member (spec §7), as each member's active
 * subscription by member id. Each member's entry is there as soon as their own call answers, and
 * keeps its identity while it does not change, so a card drawn from it is drawn again only when
 * its own answer arrives (a syndicate of 1,000 members makes 1,000 calls).
 */
export function useAllMemberSubscriptions(memberIds: readonly number[]) {
  return useQueries({
    queries: memberIds.map((id) => memberSubscriptionsQueryOptions(id)),
    combine: (results) => byMember(memberIds, results),
  });
}

const PENDING: MemberSubscriptionState = { active: undefined, pending: true };
const NONE: MemberSubscriptionState = { active: undefined, pending: false };
const states = new WeakMap<MemberSubscription, MemberSubscriptionState>();

function byMember(memberIds: readonly number[], results: UseQueryResult<MemberSubscription[]>[]) {
  const out = new Map<number, MemberSubscriptionState>();
  memberIds.forEach((id, i) => {
    out.set(id, stateOf(id, results[i]));
  });
  return out;
}

function stateOf(memberId: number, result: UseQueryResult<MemberSubscription[]> | undefined) {
  if (!result || result.isPending) return PENDING;
  const active = findActiveSubscription(result.data ?? [], memberId);
  if (!active) return NONE;
  let state = states.get(active);
  if (!state) {
    state = { active, pending: false };
    states.set(active, state);
  }
  return state;
}

/**
 * A member's active subscription (status 'active', spec §4: their latest assignment), if any. It
 * may have ended or not started yet: subscriptionPhase says which (the member card shows it).
 */
export function findActiveSubscription(
  subscriptions: readonly MemberSubscription[],
  memberId: number,
): MemberSubscription | undefined {
  return subscriptions.find((s) => s.memberId === memberId && s.status === 'active');
}
