import { SYNDICATE_CHANGED } from '@shared/syndicate-header';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { ApiError, OfflineError, readApiErrorBody } from './api';
import { OFFLINE_MESSAGE } from './connectivity';
import { PERSIST_MAX_AGE_MS } from './persist';
import { invalidateActivity } from './query-keys';
import { SYNDICATE_CHANGED_EVENT } from './shown-syndicate';

/**
 * Spec §9: no automatic retry, no refetch on window focus, no polling, cached data never goes stale.
 * Lists refresh only when a mutation invalidates them.
 *
 * Every write the server accepts records one audit event (docs/insights.md "Activity and audit"),
 * so every successful mutation refreshes the activity feed and the audit log here, once, rather
 * than in each of the ~30 mutation hooks (a new write cannot forget it). A mutation that writes
 * nothing (a dry run) says so with `meta: { recordsEvent: false }`. Not awaited: the mutation's
 * own onSuccess and its pending state do not wait for the feed.
 *
 * Offline (issue 17 §3): queries pause and keep their data; a write runs at once ('always': not
 * paused until some later reconnect) and fails with OfflineError, which every form shows the same way.
 * Queries stay in memory as long as the persisted copy is kept, so a restored query is not dropped.
 */
export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error) => {
      // After the form's own handlers (a macrotask later): at most one toast shows, and a form's
      // generic "Failed to …" must not hide why it failed.
      if (error instanceof OfflineError) {
        setTimeout(() =>
          toast({ variant: 'destructive', title: 'No connection', description: OFFLINE_MESSAGE }),
        );
      } else if (
        error instanceof ApiError &&
        error.status === 409 &&
        readApiErrorBody(error)?.message === SYNDICATE_CHANGED
      ) {
        // The page showed a syndicate the session has left (lib/shown-syndicate.ts): nothing was
        // written; the app reloads its data for the syndicate the session is in now.
        window.dispatchEvent(new Event(SYNDICATE_CHANGED_EVENT));
        setTimeout(() =>
          toast({ variant: 'destructive', title: 'Another syndicate', description: SYNDICATE_CHANGED }),
        );
      }
    },
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
      gcTime: PERSIST_MAX_AGE_MS,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
