import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export interface CalendarFeed {
  /** PUBLIC_URL/api/calendar/<token>.ics: the token is the address's only key. */
  url: string;
}

/**
 * What the dialog knows: the address (made in this session), or only that one works since
 * `since` (made earlier: the server cannot show it again), or neither (sharing is off).
 */
export interface FeedState {
  url: string | null;
  since: string | null;
}

/**
 * The member's feed address for this session. The server keeps only the token's hash, so the
 * address can be shown only when it is made; every POST also revokes the previous one. It is kept
 * here (never garbage-collected, never stale) so reopening the dialog does not make a new one; null
 * once sharing is stopped. Kept local, not in lib/query-keys.ts: nothing else reads or invalidates it.
 */
const FEED_KEY = ['/api/calendar/feed'] as const;

/** POST /api/calendar/feed → 201 {url}: a new address; the old one stops working. */
export const createFeed = () => apiRequest<CalendarFeed>('POST', '/api/calendar/feed');
/** DELETE /api/calendar/feed → 204: the address stops working. */
export const revokeFeed = () => apiRequest<void>('DELETE', '/api/calendar/feed');

/**
 * On the first open of the session: a member without an address gets one; a member who has one
 * already is told so (making a new one would break the calendars subscribed to it).
 */
async function openFeed(): Promise<FeedState> {
  const status = await apiGet<{ active: boolean; createdAt: string | null }>('/api/calendar/feed');
  if (status.active) return { url: null, since: status.createdAt };
  return { url: (await createFeed()).url, since: null };
}

/** The address, made on the first open of the session (`enabled`) and remembered after. */
export const useCalendarFeed = (enabled: boolean) =>
  useQuery<FeedState>({
    queryKey: FEED_KEY,
    queryFn: openFeed,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** A new address on purpose (Regenerate, or after Stop sharing); the old one stops working. */
export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeed,
    onSuccess: (feed) => queryClient.setQueryData<FeedState>(FEED_KEY, { url: feed.url, since: null }),
  });
}

export function useStopFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeFeed,
    onSuccess: () => queryClient.setQueryData<FeedState>(FEED_KEY, { url: null, since: null }),
  });
}
