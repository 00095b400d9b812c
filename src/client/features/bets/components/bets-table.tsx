import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ComponentProps, memo, type ReactNode, type Ref, useCallback } from 'react';
import { Table, TBody, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { BetLine } from '../lib/bet-lines';
import type { SortColumn, SortState } from '../lib/bet-rows';
import { useWindowList } from '../lib/use-window-list';
import type { BetHandlers } from './bet-actions';
import { ACTIONS_CELL, GroupBetRow, GroupPartRow, groupView, SingleBetRow } from './bet-rows';

// Fixed column widths: rows come and go as the list scrolls (virtualised), and an automatic
// layout would resize the columns with whichever rows happen to be rendered. Member, Horse and
// Race share what the others leave (Member a little more, for the avatar).
const COLUMNS: { label: string; sort?: SortColumn; width?: string }[] = [
  { label: 'Member', sort: 'member', width: 'w-[13%]' },
  { label: 'Horse', sort: 'horse' },
  { label: 'Race', sort: 'race' },
  { label: 'Date', sort: 'date', width: 'w-[7rem]' },
  { label: 'Odds', sort: 'odds', width: 'w-[6rem]' },
  { label: 'Amount', sort: 'amount', width: 'w-[6rem]' },
  { label: 'Bet Type', width: 'w-[8rem]' },
  { label: 'Result', width: 'w-[6rem]' },
  { label: 'Status', sort: 'status', width: 'w-[5.5rem]' },
];

/** A table row's usual height in px (two-line cells: avatar, race and venue). */
const ROW_HEIGHT = 61;
/**
 * New rows drawn per frame while scrolling (useStagedItems). Two, not three: at 4x CPU a frame that
 * drew three rows (about 30 elements each) took 45-86 ms, most just over a long task; with two,
 * long tasks were about a quarter as many (bench/performance-notes.md, "Two rows a frame"). 120 rows a second at 60 frames is still far
 * ahead of a hand on a wheel.
 */
const ROWS_PER_FRAME = 2;

const MemoSingleRow = memo(SingleBetRow);
const MemoGroupRow = memo(GroupBetRow);
const MemoPartRow = memo(GroupPartRow);

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

/**
 * The bets as a table whose rows are virtualised against the window's scroll: only the rows near
 * the viewport are rendered, so the table stays light with thousands of bets loaded. For assistive
 * technology the table says how many rows it has (aria-rowcount: -1 while more pages remain, as the
 * total is not known) and where each rendered row sits (aria-rowindex; the header row is 1).
 */
export function BetsTable({
  listKey,
  lines,
  complete,
  sort,
  onSort,
  handlers,
  expanded,
  onToggleGroup,
  onNearEnd,
}: {
  /** The query whose rows these are: another one is a new list, drawn at once. */
  listKey: string;
  lines: BetLine[];
  /** No more pages: the loaded lines are all there is. */
  complete: boolean;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  handlers: BetHandlers;
  expanded: ReadonlySet<string>;
  onToggleGroup: (betGroupId: string) => void;
  onNearEnd: () => void;
}) {
  const getItemKey = useCallback((i: number) => lines[i]?.key ?? String(i), [lines]);
  const { anchor, virtualizer, items, shown, before, after } = useWindowList<HTMLTableSectionElement>({
    count: lines.length,
    estimateSize: ROW_HEIGHT,
    getItemKey,
    perFrame: ROWS_PER_FRAME,
    onNearEnd,
    listKey,
  });
  return (
    <BetsTableFrame complete={complete} count={lines.length} sort={sort} onSort={onSort} tbodyRef={anchor}>
      {before > 0 ? <Spacer height={before} /> : null}
      {items.map((item) => {
        const line = lines[item.index];
        if (!line) return null;
        if (!shown.has(item.key)) return <Spacer key={line.key} height={item.size} placeholder />;
        return (
          <BetLineRow
            key={line.key}
            line={line}
            handlers={handlers}
            expanded={expanded}
            onToggleGroup={onToggleGroup}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-rowindex={item.index + 2}
          />
        );
      })}
      {after > 0 ? <Spacer height={after} /> : null}
    </BetsTableFrame>
  );
}

/**
 * The table around the rows: fixed columns and the sorting headers. Its body is `tbodyRef`'s
 * (the virtualised list measures from it). Also the server's first paint of /bets (first-paint.tsx).
 */
export function BetsTableFrame({
  complete,
  count,
  sort,
  onSort,
  tbodyRef,
  children,
}: {
  complete: boolean;
  /** The lines loaded so far. */
  count: number;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  tbodyRef?: Ref<HTMLTableSectionElement>;
  children: ReactNode;
}) {
  return (
    <Table
      aria-label="Bets"
      aria-rowcount={complete ? count + 1 : -1}
      className="min-w-[66rem] table-fixed [&_td]:px-2 [&_th]:px-2 [&_td:first-child]:pl-4 [&_th:first-child]:pl-4"
    >
      <colgroup>
        {COLUMNS.map((c) => (
          <col key={c.label} className={c.width} />
        ))}
        <col className="w-[10rem]" />
      </colgroup>
      <MemoTableHead sort={sort} onSort={onSort} />
      <TBody ref={tbodyRef}>{children}</TBody>
    </Table>
  );
}

/** The sorting headers; memoised, as the table renders again at every scroll step. */
function TableHead({ sort, onSort }: { sort: SortState; onSort: (column: SortColumn) => void }) {
  return (
    <THead>
      <Tr className="hover:bg-transparent" aria-rowindex={1}>
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
  );
}

const MemoTableHead = memo(TableHead);

/** One line of the table: a bet, a group, or a group's part. */
export function BetLineRow({
  line,
  handlers,
  expanded,
  onToggleGroup,
  ...row
}: {
  line: BetLine;
  handlers: BetHandlers;
  expanded: ReadonlySet<string>;
  onToggleGroup: (betGroupId: string) => void;
} & Omit<ComponentProps<'tr'>, 'children'>) {
  if (line.kind === 'single') return <MemoSingleRow bet={line.bet} handlers={handlers} {...row} />;
  if (line.kind === 'group')
    return (
      <MemoGroupRow
        group={line.group}
        handlers={handlers}
        expanded={expanded.has(line.group.betGroupId)}
        onToggleGroup={onToggleGroup}
        {...row}
      />
    );
  const what = groupView(line.group.bets, line.group.status, handlers)?.what ?? line.bet.horseName;
  return <MemoPartRow bet={line.bet} what={what} handlers={handlers} {...row} />;
}

/**
 * Stands in for the rows that are not rendered, or (`placeholder`) for one not drawn yet; hidden
 * from assistive technology.
 */
function Spacer({ height, placeholder = false }: { height: number; placeholder?: boolean }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row (no focusable content) that only holds space.
    <tr aria-hidden="true" className="border-0" data-placeholder={placeholder || undefined}>
      <td colSpan={COLUMNS.length + 1} className="p-0" style={{ height }} />
    </tr>
  );
}
