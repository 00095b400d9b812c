import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSyndicateFormat } from '@/lib/format';
import { useRecentEntries } from '../api/get-entries';
import { balanceHistory, dayMs, dayOfMs, timeAxis } from '../lib/balance-history';

/**
 * The bank balance over time, from the latest 200 ledger entries walked back from today's balance
 * (lib/balance-history.ts): older history than that is not drawn.
 */
export function BalanceChart({ balance }: { balance: number | undefined }) {
  const f = useSyndicateFormat();
  const entries = useRecentEntries();
  const points = useMemo(
    () =>
      balance === undefined || !entries.data
        ? []
        : balanceHistory(balance, entries.data.entries, entries.data.nextCursor === null),
    [balance, entries.data],
  );
  // The x-axis is time-scaled (ms of each day), so a quiet month takes the room a month takes.
  const data = useMemo(() => points.map((p) => ({ ...p, t: dayMs(p.date) })), [points]);
  const axis = useMemo(() => timeAxis(points), [points]);
  const last = points.at(-1);
  return (
    <Card role="region" aria-labelledby="bank-chart-title">
      <CardHeader className="pb-2">
        <CardTitle id="bank-chart-title">Bank balance over time</CardTitle>
        <CardDescription>
          {last
            ? `${f.money(last.balance)} on ${f.date(last.date, 'MMM d, yyyy')}`
            : 'The balance after each day with entries.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        {entries.isPending || balance === undefined ? (
          <Spinner />
        ) : points.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No entries yet.</p>
        ) : (
          <div
            className="h-56 w-full sm:h-64"
            role="img"
            aria-label={`Line chart of the bank balance over ${points.length} days`}
          >
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 8, right: 24, bottom: 0, left: 4 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                <XAxis
                  dataKey="t"
                  type="number"
                  scale="time"
                  domain={axis.domain}
                  ticks={axis.ticks}
                  // Across years every tick names its year; 'MMM d' alone would be ambiguous.
                  tickFormatter={(t: number) => f.date(dayOfMs(t), axis.withYear ? 'MMM d, yyyy' : 'MMM d')}
                  tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
                  minTickGap={16}
                />
                <YAxis
                  allowDecimals={false}
                  tickFormatter={(v: number) => f.money(v, { compact: true })}
                  tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
                  width={64}
                />
                <Tooltip
                  formatter={(v) => [f.money(Number(v)), 'Balance']}
                  labelFormatter={(t) => f.date(dayOfMs(Number(t)), 'MMM d, yyyy')}
                />
                <Line
                  type="linear"
                  dataKey="balance"
                  stroke="var(--color-primary)"
                  strokeWidth={2}
                  dot={points.length < 30}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
