// What the bets page shows (status, member, days, search, order), kept in its address so that a
// reload, the back button or a shared link opens the same list: /bets?status=win&member=7&from=…
// &to=…&q=winx&sort=-amount. Values the page would not offer are ignored, not errors.
import {
  BET_STATUSES,
  BETS_SEARCH_MAX,
  type BetSort,
  type BetStatus,
  betSortParam,
  DEFAULT_BET_SORT,
  parseBetSort,
} from '@shared/bet-status';
import type { BetsFilter } from '../api/get-bets';
import type { StatusFilter } from './bet-rows';

export interface BetsView {
  status: StatusFilter;
  memberId?: number | undefined;
  /** Days (YYYY-MM-DD), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  q: string;
  sort: BetSort;
}

export const DEFAULT_VIEW: BetsView = { status: 'all', q: '', sort: DEFAULT_BET_SORT };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isStatus = (v: string): v is BetStatus => (BET_STATUSES as readonly string[]).includes(v);
/** The view an address's query string (`?status=win…`, with or without the `?`) asks for. */
export function betsViewFromSearch(search: string): BetsView {
  const p = new URLSearchParams(search);
  const status = p.get('status') ?? '';
  const member = Number(p.get('member'));
  const day = (key: string) => {
    const v = p.get(key) ?? '';
    // A real day only (no 30 February): the server would refuse it.
    const at = Date.parse(`${v}T00:00:00Z`);
    return DAY.test(v) && !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v ? v : undefined;
  };
  return {
    status: isStatus(status) ? status : 'all',
    memberId: Number.isSafeInteger(member) && member > 0 ? member : undefined,
    from: day('from'),
    to: day('to'),
    q: (p.get('q') ?? '').slice(0, BETS_SEARCH_MAX),
    sort: parseBetSort(p.get('sort') ?? '') ?? DEFAULT_BET_SORT,
  };
}

/** The query string for a view, without the `?`: only what differs from the default view. */
export function betsViewSearch(view: BetsView): string {
  const p = new URLSearchParams();
  if (view.status !== 'all') p.set('status', view.status);
  if (view.memberId !== undefined) p.set('member', String(view.memberId));
  if (view.from) p.set('from', view.from);
  if (view.to) p.set('to', view.to);
  const q = view.q.trim();
  if (q) p.set('q', q);
  const sort = betSortParam(view.sort);
  if (sort !== betSortParam(DEFAULT_BET_SORT)) p.set('sort', sort);
  return p.toString();
}

/** True when both days are set and the end is before the start (the server would refuse it). */
export const rangeBackwards = (r: { from?: string | undefined; to?: string | undefined }) =>
  !!r.from && !!r.to && r.from > r.to;

/** What the server is asked for a view (a backwards range is left out: the server refuses it). */
export function betsFilterOf(view: BetsView): BetsFilter {
  const backwards = rangeBackwards(view);
  return {
    status: view.status === 'all' ? undefined : view.status,
    memberId: view.memberId,
    from: backwards ? undefined : view.from,
    to: backwards ? undefined : view.to,
    q: view.q.trim() || undefined,
    sort: view.sort,
  };
}
