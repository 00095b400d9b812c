import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  type ComponentProps,
  type CSSProperties,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useMemo,
} from 'react';
import { Table, TBody, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { figureWidth, useSyndicateFormat } from '@/lib/format';
import type { BetLine } from '../lib/bet-lines';
import type { SortColumn, SortState } from '../lib/bet-rows';
import { PLACED_ITEM, usePlacedStyles, useWindowList } from '../lib/use-window-list';
import type { BetHandlers } from './bet-actions';
import {
  ACTIONS_CELL,
  GroupBetRow,
  GroupPartRow,
  groupView,
  RESULT_CELL,
  SingleBetRow,
  STATUS_CELL,
} from './bet-rows';

/**
 * The columns before Actions, with their sorts (their widths are ROW_GRID's); `className` holds a
 * header in view while the table scrolls sideways, as its cells are (bet-rows.tsx).
 */
const COLUMNS: { label: string; sort?: SortColumn; className?: string }[] = [
  { label: 'Member', sort: 'member' },
  { label: 'Horse', sort: 'horse' },
  { label: 'Race', sort: 'race' },
  { label: 'Date', sort: 'date' },
  { label: 'Odds', sort: 'odds' },
  { label: 'Amount', sort: 'amount' },
  { label: 'Bet Type' },
  { label: 'Result', className: RESULT_CELL },
  { label: 'Status', sort: 'status', className: STATUS_CELL },
];

/**
 * Every row of the table (header and body) is a grid of these columns (the last is Actions): the
 * table, its sections and rows are laid out as blocks and grids rather than by table layout.
 * With table layout, a row drawn or dropped while scrolling laid out the whole table again (a
 * trace of a scroll at 1440 px and 4x CPU: layout 8.5 ms of each long task); a body row here is
 * placed at its offset (absolutely, see BetsTable), so drawing one lays out that row alone.
 * The elements stay table, tr, th and td, with their roles. The widths are fixed, as rows come and
 * go: Member, Horse and Race share what the others leave (Member a little more, for the avatar),
 * down to MEMBER_MIN, 6 and 6 rem; below that (a tablet, or a laptop's 1024 or 1280 px beside the
 * sidebar) the table scrolls sideways, Result, Status and Actions held in view (their offsets in
 * bet-rows.tsx follow these widths), rather than breaking a name or a venue inside a word.
 * Amount holds a five-figure stake ($10,000.00), Result a six-figure return with its sign
 * (+$698,000.00); each widens by `--amount-extra` and `--result-extra` for longer figures among
 * the lines loaded (moneyColumnsExtra).
 */
export const ROW_GRID =
  'grid grid-cols-[minmax(var(--member-min),15%)_minmax(6rem,1fr)_minmax(6rem,1fr)_7rem_5.5rem_calc(5.5rem+var(--amount-extra,0rem))_6.5rem_calc(7rem+var(--result-extra,0rem))_5.5rem_10rem]';

/**
 * The Member column's least width, set on the table for its rows. From 1440 px the table fits
 * beside the sidebar, its Member column up to 15 % of it (170 px at 1440 px and wider, where the
 * page's content stops growing: a name 105 px, "Montgomery" whole). Narrower, where the table
 * scrolls sideways anyway, it is 11 rem: "Christopher Montgomery" on two lines, not four. The
 * table's least width is the columns' sum (the others' 59 rem; Bet Type's 6.5 rem holds its
 * header and "Each-way").
 */
const MEMBER_MIN =
  '[--member-min:11rem] min-[1440px]:[--member-min:9rem] min-w-[calc(var(--member-min)+59rem+var(--amount-extra,0rem)+var(--result-extra,0rem))]';

/** The figures Amount and Result hold without widening, in digits' widths (figureWidth). */
const AMOUNT_HOLDS = figureWidth('$10,000.00');
const RESULT_HOLDS = figureWidth('+$698,000.00');
/** A digit's width in the table's 14 px type, with room to spare (measured 8.1-8.4 px). */
const DIGIT_REM = 0.55;

/**
 * How much wider Amount and Result are for the longest figures among the lines loaded (a group's
 * stake is its parts' sum), the currency's symbol included: its letters are wider than digits.
 * The largest stake and the largest result are the longest texts, so only they are formatted (a
 * loop over numbers, not a format a line, with thousands of lines loaded). Found by probing
 * (2026-12-02: "+NZ$698,000.00"; 2026-12-03: the largest win the app takes, +$9,999,000,000.00,
 * spilled out of Result, and its $1,000,000.00 stake out of Amount).
 */
export function moneyColumnsExtra(
  lines: readonly BetLine[],
  money: (amount: number, options?: { signed?: boolean }) => string,
): CSSProperties {
  let amount = 0;
  let result = 0;
  for (const line of lines) {
    if (line.kind === 'group') {
      let total = 0;
      for (const bet of line.group.bets) total += bet.amount;
      amount = Math.max(amount, total);
      if (line.group.result !== null) result = Math.max(result, Math.abs(line.group.result));
    } else {
      amount = Math.max(amount, line.bet.amount);
      if (line.bet.result !== null) result = Math.max(result, Math.abs(line.bet.result));
    }
  }
  const extra = (text: string, holds: number) =>
    `${(Math.max(0, figureWidth(text) - holds) * DIGIT_REM).toFixed(2)}rem`;
  return {
    '--amount-extra': extra(money(amount), AMOUNT_HOLDS),
    // Signed as a win: a plus is wider than a minus.
    '--result-extra': extra(money(result, { signed: true }), RESULT_HOLDS),
  } as CSSProperties;
}

/** A table row's usual height in px (two-line cells: avatar, race and venue; padding and border). */
const ROW_HEIGHT = 65;
/**
 * New rows drawn per frame while scrolling (useStagedItems). One: at 4x CPU a frame that drew
 * three rows (about 30 elements each) took 45-86 ms, and with two many frames were still just
 * over a long task (bench/performance-notes.md, "Two rows a frame", then "The table's rows as
 * grids"). 60 rows a second is still ahead of a hand on a wheel, and rows in view come first.
 */
const ROWS_PER_FRAME = 1;
const rowHeight = () => ROW_HEIGHT;

const MemoSingleRow = memo(SingleBetRow);
const MemoGroupRow = memo(GroupBetRow);
const MemoPartRow = memo(GroupPartRow);

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: SortColumn;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  className?: string | undefined;
}) {
  const active = sort.column === column;
  const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Th
      className={className}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
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
  const { anchor, virtualizer, items, shown, scrollMargin } = useWindowList<HTMLTableSectionElement>({
    count: lines.length,
    estimateSize: rowHeight,
    learnSize: true,
    getItemKey,
    perFrame: ROWS_PER_FRAME,
    onNearEnd,
    listKey,
  });
  const placed = usePlacedStyles();
  return (
    <BetsTableFrame
      complete={complete}
      lines={lines}
      sort={sort}
      onSort={onSort}
      tbodyRef={anchor}
      tbodyHeight={virtualizer.getTotalSize()}
    >
      {items.map((item) => {
        const line = lines[item.index];
        if (!line) return null;
        const style = placed(line.key, item.start - scrollMargin);
        if (!shown.has(item.key)) return <Placeholder key={line.key} style={style} height={item.size} />;
        return (
          <BetLineRow
            key={line.key}
            line={line}
            handlers={handlers}
            expanded={expanded}
            onToggleGroup={onToggleGroup}
            ref={virtualizer.measureElement}
            className={PLACED_GRID_ROW}
            style={style}
            data-index={item.index}
            aria-rowindex={item.index + 2}
          />
        );
      })}
    </BetsTableFrame>
  );
}

/** The classes of a placed body row, joined once (rows render at every scroll step). */
const PLACED_GRID_ROW = `${ROW_GRID} ${PLACED_ITEM}`;

/**
 * The table around the rows: fixed columns and the sorting headers. Its body is `tbodyRef`'s
 * (the virtualised list measures from it). Also the server's first paint of /bets (first-paint.tsx).
 */
export function BetsTableFrame({
  complete,
  lines,
  sort,
  onSort,
  tbodyRef,
  tbodyHeight,
  children,
}: {
  complete: boolean;
  /** The lines loaded so far. */
  lines: readonly BetLine[];
  sort: SortState;
  onSort: (column: SortColumn) => void;
  tbodyRef?: Ref<HTMLTableSectionElement>;
  /** The whole list's height, when the rows are placed in it (BetsTable); else rows follow one another. */
  tbodyHeight?: number;
  children: ReactNode;
}) {
  const money = useSyndicateFormat().money;
  const extra = useMemo(() => moneyColumnsExtra(lines, money), [lines, money]);
  return (
    <Table
      aria-label="Bets"
      aria-rowcount={complete ? lines.length + 1 : -1}
      style={extra}
      className={`block ${MEMBER_MIN} [&_td]:content-center [&_td]:px-2 [&_th]:content-center [&_th]:px-2 [&_td:first-child]:pl-4 [&_th:first-child]:pl-4`}
    >
      <MemoTableHead sort={sort} onSort={onSort} />
      <TBody
        ref={tbodyRef}
        className={cn('block', tbodyHeight !== undefined && 'relative')}
        style={tbodyHeight !== undefined ? { height: tbodyHeight } : undefined}
      >
        {children}
      </TBody>
    </Table>
  );
}

/** The sorting headers; memoised, as the table renders again at every scroll step. */
function TableHead({ sort, onSort }: { sort: SortState; onSort: (column: SortColumn) => void }) {
  return (
    <THead className="block">
      <Tr className={cn(ROW_GRID, 'hover:bg-transparent')} aria-rowindex={1}>
        {COLUMNS.map((c) =>
          c.sort ? (
            <SortHeader
              key={c.label}
              label={c.label}
              column={c.sort}
              sort={sort}
              onSort={onSort}
              className={c.className}
            />
          ) : (
            <Th key={c.label} className={c.className}>
              {c.label}
            </Th>
          ),
        )}
        <Th className={ACTIONS_CELL}>Actions</Th>
      </Tr>
    </THead>
  );
}

const MemoTableHead = memo(TableHead);

/**
 * One line of the table: a bet, a group, or a group's part. `className` lays the row out in the
 * table's columns: ROW_GRID, or a placed row's classes (BetsTable).
 */
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

/** Stands in for a row not drawn yet (useStagedItems); hidden from assistive technology. */
function Placeholder({ style, height }: { style: CSSProperties; height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row (no focusable content) that only holds space.
    <tr
      aria-hidden="true"
      className={cn(PLACED_ITEM, 'block border-0')}
      data-placeholder
      style={{ ...style, height }}
    />
  );
}
