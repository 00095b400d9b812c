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

/**
 * Every listed member's subscriptions, one call per member, merged into one list (spec §7).
 * `data` holds what has arrived so far; isPending until every call has answered.
 */
export function useAllMemberSubscriptions(memberIds: readonly number[]) {
  return useQueries({
    queries: memberIds.map((id) => memberSubscriptionsQueryOptions(id)),
    combine: mergeSubscriptions,
  });
}

/** Module-level so TanStack Query keeps the merged result stable between renders. */
function mergeSubscriptions(results: UseQueryResult<MemberSubscription[]>[]) {
  return {
    data: results.flatMap((r) => r.data ?? []),
    isPending: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
  };
}

/** A member's active subscription (status 'active', spec §4), if any. */
export function findActiveSubscription(
  subscriptions: readonly MemberSubscription[],
  memberId: number,
): MemberSubscription | undefined {
  return subscriptions.find((s) => s.memberId === memberId && s.status === 'active');
}
