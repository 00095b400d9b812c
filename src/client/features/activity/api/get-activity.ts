import type { ActivityPage } from '@shared/audit';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Events per page of the feed: the API's default (ACTIVITY_LIMIT_DEFAULT in @shared/audit, which
 * this file imports types only from: the dashboard's first chunk must not carry its zod schemas).
 */
export const FEED_PAGE_SIZE = 30;

/** GET /api/activity?limit=&cursor= → one page of the feed, newest first (keyset-paged). */
export function getActivity(limit: number, cursor?: string | null) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return apiGet<ActivityPage>(`/api/activity?${params}`);
}

/** The feed, newest first; `fetchNextPage` follows `nextCursor` ("Load more"). */
export function useActivityFeed(pageSize = FEED_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: queryKeys.activity.feed(pageSize),
    queryFn: ({ pageParam }) => getActivity(pageSize, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The latest `limit` events (the dashboard's Recent activity card). */
export const recentActivityQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.activity.recent(limit),
    queryFn: () => getActivity(limit),
  });

export const useRecentActivity = (limit: number) => useQuery(recentActivityQueryOptions(limit));
