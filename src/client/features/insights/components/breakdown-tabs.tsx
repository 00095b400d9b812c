import type { BreakdownBy, BreakdownRow } from '@shared/insights';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { useInsightsBreakdown } from '../api/get-insights';
import { DEFAULT_SORT, nextSort, type Sort, type SortKey, sortRows } from '../lib/breakdown-sort';
import type { Range } from '../lib/period';

export const BREAKDOWN_TABS: { by: BreakdownBy; label: string; column: string }[] = [
  { by: 'venue', label: 'Venue', column: 'Venue' },
  { by: 'jockey', label: 'Jockey', column: 'Jockey' },
  { by: 'trainer', label: 'Trainer', column: 'Trainer' },
  { by: 'betType', label: 'Bet type', column: 'Bet type' },
  { by: 'oddsBand', label: 'Odds band', column: 'Odds' },
  { by: 'member', label: 'Member', column: 'Member' },
  { by: 'weekday', label: 'Weekday', column: 'Weekday' },
];

/** Where the syndicate wins and loses: one sortable table per dimension, in tabs. */
export function BreakdownTabs({ range }: { range: Range }) {
  const [by, setBy] = useState<BreakdownBy>('venue');
  return (
    <Card role="region" aria-labelledby="breakdown-title">
      <CardHeader className="pb-2">
        <CardTitle id="breakdown-title">Breakdown</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <Tabs value={by} onValueChange={(v) => setBy(v as BreakdownBy)}>
          <div className="overflow-x-auto pb-1">
            <TabsList aria-label="Break down by" className="w-max min-w-full">
              {BREAKDOWN_TABS.map((t) => (
                <TabsTrigger key={t.by} value={t.by}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {BREAKDOWN_TABS.map((t) => (
            <TabsContent key={t.by} value={t.by}>
              {by === t.by ? <BreakdownTable by={t.by} column={t.column} range={range} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

/**
 * The breakdown's figures. Below 768 px (a phone) the `wide` ones are left out, the cells sit
 * closer and only the sorted column shows its arrow, so the label, Bets, Profit and ROI fit the
 * card without scrolling sideways, with room for a six-figure profit (the table was 467 px wide in
 * 340 at 390 px, Profit cut off).
 */
const COLUMNS: { key: SortKey; label: string; wide?: boolean }[] = [
  { key: 'bets', label: 'Bets' },
  { key: 'strikeRate', label: 'Strike rate', wide: true },
  { key: 'staked', label: 'Staked', wide: true },
  { key: 'profit', label: 'Profit' },
  { key: 'roi', label: 'ROI' },
];

/** A cell's padding: closer below 768 px. */
const CELL = 'max-md:px-1.5';

function BreakdownTable({ by, column, range }: { by: BreakdownBy; column: string; range: Range }) {
  const f = useSyndicateFormat();
  const breakdown = useInsightsBreakdown(by, range);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const rows = useMemo(() => sortRows(breakdown.data?.rows ?? [], sort), [breakdown.data, sort]);
  if (breakdown.isPending) return <Spinner />;
  if (breakdown.isError)
    return <p className="py-8 text-center text-sm text-destructive">Could not load the breakdown.</p>;
  if (rows.length === 0)
    return (
      <p className="py-8 text-center text-sm text-muted-foreground">
        No bets in this period. Add bets, or pick a longer period.
      </p>
    );
  const pct = (v: number | null) => (v === null ? '—' : f.percent(v * 100));
  const cell = (row: BreakdownRow, key: SortKey) => {
    switch (key) {
      case 'bets':
        return `${row.bets}`;
      case 'strikeRate':
        return pct(row.strikeRate);
      case 'staked':
        return f.money(row.staked);
      case 'profit':
        return f.money(row.profit, { signed: true });
      case 'roi':
        return pct(row.roi);
      default:
        return row.label;
    }
  };
  return (
    <Table label={`Breakdown by ${column.toLowerCase()}`}>
      <THead>
        <Tr>
          <SortHeader label={column} k="label" sort={sort} onSort={setSort} className={CELL} />
          {COLUMNS.map((c) => (
            <SortHeader
              key={c.key}
              label={c.label}
              k={c.key}
              sort={sort}
              onSort={setSort}
              className={cn(CELL, 'text-right', c.wide && 'hidden md:table-cell')}
            />
          ))}
        </Tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.key ?? '∅'}>
            <Td className={cn(CELL, 'font-medium break-words md:whitespace-nowrap')}>{row.label}</Td>
            {COLUMNS.map((c) => (
              <Td
                key={c.key}
                className={cn(
                  CELL,
                  'whitespace-nowrap text-right tabular-nums',
                  c.wide && 'hidden md:table-cell',
                  c.key === 'profit' &&
                    (row.profit > 0 ? 'text-success' : row.profit < 0 ? 'text-destructive' : ''),
                )}
              >
                {cell(row, c.key)}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function SortHeader(props: {
  label: string;
  k: SortKey;
  sort: Sort;
  onSort: (s: Sort) => void;
  className?: string;
}) {
  const active = props.sort.key === props.k;
  const Icon = !active ? ArrowUpDown : props.sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Th
      className={props.className}
      aria-sort={active ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={cn(
          'inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground max-md:gap-0.5',
          props.className?.includes('text-right') && 'flex-row-reverse',
        )}
        onClick={() => props.onSort(nextSort(props.sort, props.k))}
      >
        {props.label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-40 max-md:hidden')} />
      </button>
    </Th>
  );
}
