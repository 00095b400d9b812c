import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { betPagesQueryOptions } from '@/features/bets/api/get-bets';
import { betsFilterOf, betsViewFromSearch } from '@/features/bets/lib/bets-view';
import { myMemberQueryOptions } from '@/features/members/api/get-my-member';
import { settingsQueryOptions } from '@/features/settings/api/get-settings';
import { syndicatesQueryOptions } from '@/features/syndicates/api/get-syndicates';
import { isBrowserOffline } from '@/lib/connectivity';
import { inSyndicateHint, signedInHint } from '@/lib/signed-in-hint';
import { isPage, prefetchPage, preloadPage } from './routes';

/**
 * The first reads of pages whose data does not depend on anything but the address, sent before
 * the page's chunk is asked for. Other pages' reads (the dashboard's) are the page chunk's own
 * `prefetch`, started once the chunk is in (routes.tsx, prefetchPage).
 */
const PAGE_DATA: Record<string, (client: QueryClient) => Promise<unknown>> = {
  // The bets page opens with the view its address holds (unfiltered at plain /bets).
  '/bets': (client) =>
    client.prefetchInfiniteQuery(
      betPagesQueryOptions(betsFilterOf(betsViewFromSearch(window.location.search))),
    ),
};

/**
 * Opened signed in (the server's hint cookie says a session was started here, or the address is
 * a deep link such as /bets, which visitors rarely open signed out), the reads start at once, in
 * parallel with the sign-in check, then the page's chunk, instead of one after another: on a
 * phone's network that was five round trips before the bets page asked for its first rows
 * (issue 17 §4). The reads go first so they take the browser's first free connections (6 per
 * host over HTTP/1.1) ahead of the page chunk's dozens of files. The syndicate's reads (settings,
 * the caller's member, the page's first read) go at once when the hint says the session is in a
 * syndicate; otherwise once the syndicate list says so (a new user on onboarding would get 403s).
 * Signed out, these answer 401 and are dropped: the landing page shows.
 */
export function startEarly(client: QueryClient, path: string): void {
  // Every screen asks who is signed in first; not held until the persisted copy is restored.
  void client.prefetchQuery(userQueryOptions);
  if (path === '/' && !signedInHint()) return;
  if (!isPage(path)) return;
  const syndicateReads = () =>
    void Promise.all([
      client.prefetchQuery(settingsQueryOptions),
      client.prefetchQuery(myMemberQueryOptions),
      PAGE_DATA[path]?.(client),
      // Not offline: the reads could only wait there, as empty paused queries beside the restore
      // of the kept copy, which is what the cards show offline.
      isBrowserOffline() ? undefined : prefetchPage(path, client),
    ]);
  if (inSyndicateHint()) {
    void client.prefetchQuery(syndicatesQueryOptions);
    syndicateReads();
  } else {
    client
      .fetchQuery(syndicatesQueryOptions)
      .then((syndicates) => {
        if (syndicates.length > 0) syndicateReads();
      })
      .catch(() => {}); // signed out: the landing page shows
  }
  preloadPage(path);
}
