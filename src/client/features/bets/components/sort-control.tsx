import { isBetSortColumn } from '@shared/bet-status';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SORT_COLUMNS, type SortColumn, type SortState } from '../lib/bet-rows';

const LABELS: Record<SortColumn, string> = {
  member: 'Member',
  horse: 'Horse',
  race: 'Race',
  date: 'Date',
  odds: 'Odds',
  amount: 'Amount',
  status: 'Status',
};

/**
 * Small screens have cards, not column headers: pick the sort column (a new column starts
 * ascending) and flip the direction with the arrow button.
 */
export function SortControl({ sort, onSort }: { sort: SortState; onSort: (column: SortColumn) => void }) {
  const ascending = sort.direction === 'asc';
  return (
    <div className="flex items-center gap-2">
      <Select value={sort.column} onValueChange={(v) => isBetSortColumn(v) && onSort(v)}>
        <SelectTrigger aria-label="Sort by" className="flex-1">
          {/* Named here, not by the chosen item: the server's first paint has no items to ask. */}
          <SelectValue>Sort by {LABELS[sort.column]}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {SORT_COLUMNS.map((c) => (
            <SelectItem key={c} value={c}>
              Sort by {LABELS[c]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="icon"
        aria-label={ascending ? 'Sorted ascending; sort descending' : 'Sorted descending; sort ascending'}
        onClick={() => onSort(sort.column)}
      >
        {ascending ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
      </Button>
    </div>
  );
}
