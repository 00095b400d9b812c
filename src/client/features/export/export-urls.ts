// The CSV exports (docs/csv.md). Each is a plain GET the browser downloads itself: the session cookie
// goes along, and a GET needs no Origin check.
import type { BetStatus } from '@shared/bet';

export const MEMBERS_CSV_URL = '/api/export/members.csv';
export const RANKINGS_CSV_URL = '/api/export/rankings.csv';

export interface BetsCsvFilters {
  /** The bets page's status filter; 'all' (or nothing) exports every status. */
  status?: BetStatus | 'all' | undefined;
  memberId?: number | undefined;
  /** Days, YYYY-MM-DD, inclusive, in the syndicate's time zone. */
  from?: string | undefined;
  to?: string | undefined;
  /** The page's search (horse, jockey, race, venue). */
  q?: string | undefined;
}

/** GET /api/export/bets.csv with the page's filters; the ones not set are left out. */
export function betsCsvUrl(filters: BetsCsvFilters = {}): string {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.memberId !== undefined) params.set('memberId', String(filters.memberId));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  const query = params.toString();
  return query ? `/api/export/bets.csv?${query}` : '/api/export/bets.csv';
}
