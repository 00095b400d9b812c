import { Plus, Search, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ExportCsvLink } from '@/features/export/export-csv-link';
import type { SortColumn, SortState, StatusFilter } from '../lib/bet-rows';
import { type DayRange, DayRangeInputs, MemberFilterSelect, StatusFilterSelect } from './bets-toolbar';
import { SortControl } from './sort-control';

export interface BetsPageTopProps {
  search: string;
  onSearch: (search: string) => void;
  filter: StatusFilter;
  onFilter: (filter: StatusFilter) => void;
  memberId: number | undefined;
  onMemberId: (memberId: number | undefined) => void;
  range: DayRange;
  onRange: (range: DayRange) => void;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  /** The Export CSV link's address: the page's filters and search. */
  exportHref: string;
  /** Importing is for admins. */
  canImport: boolean;
  onAdd: () => void;
  onImport: () => void;
}

/**
 * The bets page's heading (Add Bet) and its controls: search, status, member, days, the order
 * (small screens; the table's headers sort on wide ones), Export CSV and Import CSV. The page
 * renders it, and so does the server's first paint of /bets (first-paint.tsx), with the same view.
 */
export function BetsPageTop(props: BetsPageTopProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Bets</h1>
        <Button onClick={props.onAdd}>
          <Plus aria-hidden="true" />
          Add Bet
        </Button>
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
        <div className="relative sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search bets"
            placeholder="Horse, race, venue or jockey"
            className="pl-9"
            value={props.search}
            maxLength={100}
            onChange={(e) => props.onSearch(e.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <StatusFilterSelect value={props.filter} onChange={props.onFilter} />
          <MemberFilterSelect value={props.memberId} onChange={props.onMemberId} />
        </div>
        <DayRangeInputs value={props.range} onChange={props.onRange} />
        <div className="md:hidden">
          <SortControl sort={props.sort} onSort={props.onSort} />
        </div>
        {/* The export takes the page's filters and search (in date order); importing is for admins. */}
        <div className="flex gap-2 sm:ml-auto">
          <ExportCsvLink href={props.exportHref} className="flex-1 sm:flex-none" />
          {props.canImport ? (
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={props.onImport}>
              <Upload aria-hidden="true" />
              Import CSV
            </Button>
          ) : null}
        </div>
      </div>
    </>
  );
}
