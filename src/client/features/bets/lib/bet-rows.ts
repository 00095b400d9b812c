// The Bets table's rows: filtered by status, sorted by a column, and folded into groups
// (bets sharing a betGroupId show as one row; spec §2, §4).
import type { Bet, BetStatus } from '@shared/bet';
import { type BetRow, groupBets } from '@shared/bet-group';

export const SORT_COLUMNS = ['member', 'horse', 'race', 'date', 'odds', 'amount', 'status'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

/** Default: date, newest first (spec §2). */
export const DEFAULT_SORT: SortState = { column: 'date', direction: 'desc' };

/** Clicking the active column toggles its direction; a new column starts ascending. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

export type StatusFilter = 'all' | BetStatus;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: Bet, b: Bet, column: SortColumn): number {
  switch (column) {
    case 'member':
      return collator.compare(a.member.name, b.member.name);
    case 'horse':
      return collator.compare(a.horseName, b.horseName);
    case 'race':
      return collator.compare(a.race?.name ?? '', b.race?.name ?? '');
    case 'date':
      return Date.parse(a.date) - Date.parse(b.date);
    case 'odds':
      return a.odds - b.odds;
    case 'amount':
      return a.amount - b.amount;
    case 'status':
      return collator.compare(a.status, b.status);
  }
}

/** The bets sorted (ties broken by id, so the order is stable), then folded into rows. */
export function betRows(bets: readonly Bet[], sort: SortState, filter: StatusFilter): BetRow<Bet>[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const sorted = [...bets].sort((a, b) => sign * (compare(a, b, sort.column) || a.id - b.id));
  const rows = groupBets(sorted);
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
