import type { Bet } from '@shared/bet';
import { type BetSort, type BetStatus, betSortParam, DEFAULT_BET_SORT } from '@shared/bet-status';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGetWithHeaders } from '@/lib/api';
import { nextLink } from '@/lib/link-header';
import { queryKeys } from '@/lib/query-keys';

/** How many bets the bets page asks for at a time. */
export const BETS_PAGE_SIZE = 50;

/** The server's filters on GET /api/bets (docs: keyset pages with `limit`); unset ones are left out. */
export interface BetsFilter {
  status?: BetStatus | undefined;
  memberId?: number | undefined;
  raceId?: number | undefined;
  /** Days, YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Text search: horse, race, venue, jockey (case- and accent-insensitive on the server). */
  q?: string | undefined;
  /** The order the server pages in; newest first when unset. */
  sort?: BetSort | undefined;
}

/** The first page's address: `/api/bets?limit=50&status=win&q=…&sort=-amount`. */
export function betsPageUrl(filter: BetsFilter, limit = BETS_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filter.status) params.set('status', filter.status);
  if (filter.memberId !== undefined) params.set('memberId', String(filter.memberId));
  if (filter.raceId !== undefined) params.set('raceId', String(filter.raceId));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  const q = filter.q?.trim();
  if (q) params.set('q', q);
  const sort = filter.sort && betSortParam(filter.sort);
  if (sort && sort !== betSortParam(DEFAULT_BET_SORT)) params.set('sort', sort);
  return `/api/bets?${params}`;
}

export interface BetsPage {
  bets: Bet[];
  /** The next page's address from the Link header; null on the last page. */
  next: string | null;
}

export async function getBetsPage(url: string): Promise<BetsPage> {
  const { data, headers } = await apiGetWithHeaders<Bet[]>(url);
  return { bets: data, next: nextLink(headers.get('Link')) };
}

/** The bets page's list: keyset pages of 50, each following the previous page's Link rel="next". */
export const betPagesQueryOptions = (filter: BetsFilter) => {
  const first = betsPageUrl(filter);
  return infiniteQueryOptions({
    queryKey: queryKeys.betPages(first),
    queryFn: ({ pageParam }) => getBetsPage(pageParam),
    initialPageParam: first,
    getNextPageParam: (last: BetsPage) => last.next ?? undefined,
  });
};

/** While a new filter or search loads, the previous list stays on screen (no flash of a spinner). */
export const useBetPages = (filter: BetsFilter) =>
  useInfiniteQuery({ ...betPagesQueryOptions(filter), placeholderData: keepPreviousData });

/** At most this many pages for one race (a race has a handful of bets; this bounds a runaway loop). */
const RACE_PAGES_MAX = 20;

/** One race's bets, newest first: every page of `?raceId=` (200 at a time), not the whole list. */
export async function getRaceBets(raceId: number): Promise<Bet[]> {
  const bets: Bet[] = [];
  let url: string | null = betsPageUrl({ raceId }, 200);
  for (let page = 0; url && page < RACE_PAGES_MAX; page++) {
    const next: BetsPage = await getBetsPage(url);
    bets.push(...next.bets);
    url = next.next;
  }
  return bets;
}

export const useRaceBets = (raceId: number) =>
  useQuery({ queryKey: queryKeys.raceBets(raceId), queryFn: () => getRaceBets(raceId) });
