// Sorting the breakdown tables by any column; the API orders rows by profit, descending.
import type { BreakdownRow } from '@shared/insights';

export type SortKey = 'label' | 'bets' | 'strikeRate' | 'staked' | 'profit' | 'roi';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}
export const DEFAULT_SORT: Sort = { key: 'profit', dir: 'desc' };

/** Rows ordered by the column; empty figures (no ROI, no strike rate) always last; ties keep the API's order. */
export function sortRows(rows: readonly BreakdownRow[], sort: Sort): BreakdownRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[sort.key];
      const y = b.row[sort.key];
      if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
      const order =
        typeof x === 'string'
          ? x.localeCompare(String(y), undefined, { sensitivity: 'base' })
          : x - Number(y);
      return order === 0 ? a.i - b.i : sign * order;
    })
    .map(({ row }) => row);
}

/** Clicking a column: the same column flips, another starts descending (A–Z for names). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'label' ? 'asc' : 'desc' };
}
