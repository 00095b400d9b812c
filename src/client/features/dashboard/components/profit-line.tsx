import type { InsightsTimeline } from '@shared/insights';
import { Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSyndicateFormat } from '@/lib/format';

const axisTick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };

/**
 * The dashboard's small cumulative profit line (loaded lazily: recharts stays out of the
 * dashboard's first chunk). `label` describes it to screen readers; the card shows the total.
 */
export function ProfitLine({
  points,
  interval,
  height,
  label,
}: {
  points: InsightsTimeline['points'];
  interval: InsightsTimeline['interval'];
  height: number;
  label: string;
}) {
  const f = useSyndicateFormat();
  const data = points.map((p) => ({
    cumulativeProfit: p.cumulativeProfit,
    label: interval === 'month' ? f.date(`${p.period}-01`, 'MMM') : f.date(p.period, 'MMM d'),
  }));
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid="profit-card-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <XAxis dataKey="label" tick={axisTick} minTickGap={32} tickLine={false} />
          <YAxis
            tickFormatter={(v: number) => f.money(v, { decimals: 0 })}
            tick={axisTick}
            width={56}
            tickLine={false}
            axisLine={false}
          />
          <ReferenceLine y={0} stroke="var(--color-border)" />
          <Tooltip formatter={(v) => [f.money(Number(v), { signed: true }), 'Cumulative profit']} />
          <Line
            type="monotone"
            dataKey="cumulativeProfit"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
