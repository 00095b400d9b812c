import { MutationCache, QueryClient } from '@tanstack/react-query';
import { invalidateActivity } from './query-keys';

/**
 * Spec §9: no automatic retry, no refetch on window focus, no polling, cached data never goes stale.
 * Lists refresh only when a mutation invalidates them.
 *
 * Every write the server accepts records one audit event (docs/insights.md "Activity and audit"),
 * so every successful mutation refreshes the activity feed and the audit log here, once, rather
 * than in each of the ~30 mutation hooks (a new write cannot forget it). A mutation that writes
 * nothing (a dry run) says so with `meta: { recordsEvent: false }`. Not awaited: the mutation's
 * own onSuccess and its pending state do not wait for the feed.
 */
export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: (_data, _variables, _result, mutation) => {
      if (mutation.meta?.recordsEvent === false) return;
      void invalidateActivity(queryClient);
    },
  }),
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
