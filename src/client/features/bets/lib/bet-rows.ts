// The Bets table's rows: filtered by status and folded into groups
// (bets sharing a betGroupId show as one row; spec §2, §4).
import type { Bet } from '@shared/bet';
import { type BetRow, groupBets } from '@shared/bet-group';
import {
  BET_SORT_COLUMNS,
  type BetSort,
  type BetSortColumn,
  type BetStatus,
  DEFAULT_BET_SORT,
} from '@shared/bet-status';

// The server sorts (GET /api/bets?sort=, every bet, not only the pages loaded so far): the
// column names and the default are the API's.
export const SORT_COLUMNS = BET_SORT_COLUMNS;
export type SortColumn = BetSortColumn;
export type SortState = BetSort;

/** Default: date, newest first (spec §2). */
export const DEFAULT_SORT: SortState = DEFAULT_BET_SORT;

/** Clicking the active column toggles its direction; a new column starts ascending. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

export type StatusFilter = 'all' | BetStatus;

/**
 * The bets in the server's order folded into rows. A bet seen twice (its sort key changed between
 * two pages' reads: settled while sorted by status) keeps its first place.
 */
export function betRows(bets: readonly Bet[], filter: StatusFilter): BetRow<Bet>[] {
  const seen = new Set<number>();
  const once = bets.filter((b) => !seen.has(b.id) && seen.add(b.id));
  const rows = groupBets(once);
  if (filter === 'all') return rows;
  return rows.filter((row) => {
    if (row.kind === 'single') return row.bet.status === filter;
    // A group shows under its own status; a mixed one under each status its parts have. Placed and
    // void parts never make a group's status (placed counts as a win, void is ignored), so a group
    // also shows under them when a part has them.
    const byPart = row.status === 'mixed' || filter === 'placed' || filter === 'void';
    return row.status === filter || (byPart && row.bets.some((b) => b.status === filter));
  });
}
