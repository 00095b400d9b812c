import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §9: no automatic retry, no refetch on window focus, no polling, cached data never goes stale.
 * Lists refresh only when a mutation invalidates them.
 */
export const queryClient = new QueryClient({
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
