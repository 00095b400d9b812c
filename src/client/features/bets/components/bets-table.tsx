import type { Bet } from '@shared/bet';
import type { BetRow } from '@shared/bet-group';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Table, TBody, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { SortColumn, SortState } from '../lib/bet-rows';
import type { BetHandlers } from './bet-actions';
import { ACTIONS_CELL, GroupBetRows, SingleBetRow } from './bet-rows';

const COLUMNS: { label: string; sort?: SortColumn }[] = [
  { label: 'Member', sort: 'member' },
  { label: 'Horse', sort: 'horse' },
  { label: 'Race', sort: 'race' },
  { label: 'Date', sort: 'date' },
  { label: 'Odds', sort: 'odds' },
  { label: 'Amount', sort: 'amount' },
  { label: 'Bet Type' },
  { label: 'Result' },
  { label: 'Status', sort: 'status' },
];

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortColumn;
  sort: SortState;
  onSort: (column: SortColumn) => void;
}) {
  const active = sort.column === column;
  const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={cn(
          '-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-muted hover:text-foreground',
          active && 'text-foreground',
        )}
        onClick={() => onSort(column)}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
      </button>
    </Th>
  );
}

export function BetsTable({
  rows,
  sort,
  onSort,
  handlers,
}: {
  rows: BetRow<Bet>[];
  sort: SortState;
  onSort: (column: SortColumn) => void;
  handlers: BetHandlers;
}) {
  return (
    <Table
      aria-label="Bets"
      className="[&_td]:px-2 [&_th]:px-2 [&_td:first-child]:pl-4 [&_th:first-child]:pl-4"
    >
      <THead>
        <Tr className="hover:bg-transparent">
          {COLUMNS.map((c) =>
            c.sort ? (
              <SortHeader key={c.label} label={c.label} column={c.sort} sort={sort} onSort={onSort} />
            ) : (
              <Th key={c.label}>{c.label}</Th>
            ),
          )}
          <Th className={ACTIONS_CELL}>Actions</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((row) =>
          row.kind === 'single' ? (
            <SingleBetRow key={row.bet.id} bet={row.bet} handlers={handlers} />
          ) : (
            <GroupBetRows key={row.betGroupId} group={row} handlers={handlers} />
          ),
        )}
      </TBody>
    </Table>
  );
}
