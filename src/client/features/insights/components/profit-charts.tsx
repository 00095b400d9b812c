import { monthLabel } from '@shared/insights';
import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { type SyndicateFormat, useSyndicateFormat } from '@/lib/format';
import { useInsightsTimeline } from '../api/get-insights';
import { type Range, spansYears } from '../lib/period';

type Interval = 'day' | 'week' | 'month';

/**
 * 'YYYY-MM' → 'Nov 2026'; a day or a week's Monday → 'Nov 3', or 'Nov 3 ’26' when the chart spans
 * more than one year (else two Novembers would read the same).
 */
export const periodLabel = (f: SyndicateFormat, period: string, interval: Interval, withYear: boolean) =>
  interval === 'month'
    ? monthLabel(period)
    : f.date(period, `${interval === 'week' ? "'Wk of' " : ''}MMM d${withYear ? " '’'yy" : ''}`);

const axisTick = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

/** The cumulative profit line (zero line drawn) and the monthly profit bars, each with a table view. */
export function ProfitCharts({ range, interval }: { range: Range; interval: Interval }) {
  const f = useSyndicateFormat();
  const [asTable, setAsTable] = useState(false);
  const switchId = useId();
  const timeline = useInsightsTimeline(interval, range);
  const monthly = useInsightsTimeline('month', range);
  const raw = timeline.data?.points ?? [];
  const withYear = spansYears(raw, interval);
  const points = raw.map((p) => ({ ...p, label: periodLabel(f, p.period, interval, withYear) }));
  const months = (monthly.data?.points ?? []).map((p) => ({ ...p, label: monthLabel(p.period) }));
  const money0 = (v: number) => f.money(v, { compact: true });
  const last = points.at(-1);

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-end gap-2">
        <Switch id={switchId} checked={asTable} onCheckedChange={setAsTable} />
        <Label htmlFor={switchId}>Show as table</Label>
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          title="Cumulative profit"
          description={
            last
              ? `${f.money(last.cumulativeProfit, { signed: true })} over the period`
              : 'Profit added up over time.'
          }
          loading={timeline.isPending}
          empty={points.length === 0}
        >
          {asTable ? (
            <PeriodTable
              label="Cumulative profit by period"
              rows={points.map((p) => [
                p.label,
                p.bets,
                f.money(p.profit, { signed: true }),
                f.money(p.cumulativeProfit, { signed: true }),
              ])}
              headers={['Period', 'Bets', 'Profit', 'Cumulative']}
            />
          ) : (
            <div
              className="h-56 w-full sm:h-64"
              role="img"
              aria-label={`Line chart of the cumulative profit over ${points.length} periods, ending at ${last ? f.money(last.cumulativeProfit, { signed: true }) : 'zero'}`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="label" tick={axisTick} minTickGap={24} />
                  <YAxis tickFormatter={money0} tick={axisTick} width={64} />
                  <ReferenceLine y={0} stroke="var(--color-muted-foreground)" />
                  <Tooltip formatter={(v) => [f.money(Number(v), { signed: true }), 'Cumulative profit']} />
                  <Line
                    type="linear"
                    dataKey="cumulativeProfit"
                    stroke="var(--color-primary)"
                    strokeWidth={2}
                    dot={points.length < 30}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
        </ChartCard>
        <ChartCard
          title="Monthly profit"
          description="Green months won, red months lost."
          loading={monthly.isPending}
          empty={months.length === 0}
        >
          {asTable ? (
            <PeriodTable
              label="Profit by month"
              rows={months.map((p) => [
                p.label,
                p.bets,
                f.money(p.staked),
                f.money(p.profit, { signed: true }),
              ])}
              headers={['Month', 'Bets', 'Staked', 'Profit']}
            />
          ) : (
            <div
              className="h-56 w-full sm:h-64"
              role="img"
              aria-label={`Bar chart of the profit in each of ${months.length} months: ${months.filter((m) => m.profit > 0).length} up, ${months.filter((m) => m.profit < 0).length} down`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={months} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="label" tick={axisTick} minTickGap={16} />
                  <YAxis tickFormatter={money0} tick={axisTick} width={64} />
                  <ReferenceLine y={0} stroke="var(--color-muted-foreground)" />
                  <Tooltip formatter={(v) => [f.money(Number(v), { signed: true }), 'Profit']} />
                  <Bar dataKey="profit" isAnimationActive={false}>
                    {months.map((m) => (
                      <Cell
                        key={m.period}
                        fill={m.profit >= 0 ? 'var(--color-success)' : 'var(--color-destructive)'}
                      />
                    ))}
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </ChartCard>
      </div>
    </div>
  );
}

function ChartCard(props: {
  title: string;
  description: string;
  loading: boolean;
  empty: boolean;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId}>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        {props.loading ? (
          <Spinner />
        ) : props.empty ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            No settled bets in this period yet. Settle a bet, or pick a longer period.
          </p>
        ) : (
          props.children
        )}
      </CardContent>
    </Card>
  );
}

function PeriodTable(props: { label: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <Table label={`${props.label}, newest first`} wrapperClassName="max-h-64 overflow-y-auto">
      <THead>
        <Tr>
          {props.headers.map((h, i) => (
            <Th key={h} className={cn(i > 0 && 'text-right')}>
              {h}
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {/* Newest first: the latest periods are what a reader looks for. */}
        {[...props.rows].reverse().map((row) => (
          <Tr key={String(row[0])}>
            {row.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <Td key={i} className={cn(i > 0 && 'text-right tabular-nums')}>
                {cell}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
