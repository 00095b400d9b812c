// The answers the server drew /bets from (app/first-paint-render.tsx), put where the page's
// queries look for them, so its first render needs no read of its own.
import type { User } from '@shared/auth';
import type { SyndicateWithRole } from '@shared/syndicate';
import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/features/auth/api/get-user';
import { type BetsPage, betsPageUrl } from '@/features/bets/api/get-bets';
import { betsFilterOf, betsViewFromSearch } from '@/features/bets/lib/bets-view';
import { MY_MEMBER_QUERY_KEY, type MyMember } from '@/features/members/api/get-my-member';
import { SETTINGS_QUERY_KEY, type SyndicateSettings } from '@/features/settings/api/get-settings';
import { SYNDICATES_QUERY_KEY } from '@/features/syndicates/api/get-syndicates';
import { releaseFirstPaint, takeFirstPaintData } from '@/lib/first-paint';
import { queryKeys } from '@/lib/query-keys';

/** The answers the first paint is drawn from: the page's first reads, as their routes answered. */
export interface FirstPaintData {
  user: User;
  member: MyMember;
  settings: SyndicateSettings;
  syndicates: SyndicateWithRole[];
  /** The first page's address (firstBetsPageUrl) and that page. */
  betsUrl: string;
  page: BetsPage;
}

/** The bets page's first read for an address's query string (what the server answers with). */
export const firstBetsPageUrl = (search: string): string =>
  betsPageUrl(betsFilterOf(betsViewFromSearch(search)));

/** Puts the answers where the page's queries look for them. */
export function seedFirstPaintData(client: QueryClient, data: FirstPaintData): void {
  client.setQueryData(USER_QUERY_KEY, data.user);
  client.setQueryData(MY_MEMBER_QUERY_KEY, data.member);
  client.setQueryData(SETTINGS_QUERY_KEY, data.settings);
  client.setQueryData(SYNDICATES_QUERY_KEY, data.syndicates);
  client.setQueryData(queryKeys.betPages(data.betsUrl), { pages: [data.page], pageParams: [data.betsUrl] });
}

/**
 * The answers that came with this document, seeded; false when there were none. Only for the
 * address they were drawn for (the page's own view of it): anything else is read as usual.
 */
export function seedFromDocument(client: QueryClient): boolean {
  const data = takeFirstPaintData() as FirstPaintData | undefined;
  if (!data || typeof data !== 'object' || !data.page || !Array.isArray(data.page.bets)) return false;
  if (window.location.pathname !== '/bets' || data.betsUrl !== firstBetsPageUrl(window.location.search))
    return false;
  seedFirstPaintData(client, data);
  return true;
}

/** However the page fares, the picture never stays longer than this (ms). */
const FIRST_PAINT_MAX_MS = 15_000;

/** At the app's start: the answers seeded (or the picture dropped when they do not fit), and a last resort. */
export function adoptFirstPaint(client: QueryClient): void {
  if (!seedFromDocument(client)) releaseFirstPaint();
  else setTimeout(releaseFirstPaint, FIRST_PAINT_MAX_MS);
}
