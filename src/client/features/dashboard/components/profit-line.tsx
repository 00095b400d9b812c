import type { InsightsTimeline } from '@shared/insights';
import { spansYears } from '@/features/insights/lib/period';
import { useSyndicateFormat } from '@/lib/format';

/** The drawing's own units: the SVG stretches to the card (the stroke does not: non-scaling). */
const VIEW_WIDTH = 100;
const VIEW_HEIGHT = 100;

/** Where each point sits in the 100 × 100 view, with the value range padded so the line never touches the edge. */
export function profitPath(values: number[]) {
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const y = (v: number) => VIEW_HEIGHT - 4 - ((v - min) / span) * (VIEW_HEIGHT - 8);
  const x = (i: number) => (values.length > 1 ? (i / (values.length - 1)) * VIEW_WIDTH : VIEW_WIDTH / 2);
  const points = values.map((v, i) => ({ x: x(i), y: y(v) }));
  return {
    d: points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(''),
    zeroY: y(0),
    min,
    max,
    points,
  };
}

/**
 * The dashboard's small cumulative profit line: a plain SVG path with its range and first and
 * last periods, not a charting library (recharts cost the dashboard ~100 KB gzip of script and
 * most of its main-thread time on a phone; the Insights page keeps the full charts). `label`
 * describes it to screen readers; the card shows the total.
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
  // The first and last labels only: with the year when they fall in different years.
  const withYear = spansYears(points, interval);
  const periodLabel = (period: string) =>
    interval === 'month'
      ? f.date(`${period}-01`, withYear ? 'MMM yyyy' : 'MMM')
      : f.date(period, `${interval === 'week' ? "'Wk of' " : ''}MMM d${withYear ? ', yyyy' : ''}`);
  const path = profitPath(points.map((p) => p.cumulativeProfit));
  const axis = 'text-[11px] leading-none text-muted-foreground tabular-nums';
  return (
    <div className="w-full" style={{ height }} role="img" aria-label={label} data-testid="profit-card-chart">
      <div className="flex h-[calc(100%-1.25rem)] gap-2">
        <div
          className={`relative flex w-14 shrink-0 flex-col justify-between text-right ${axis}`}
          aria-hidden="true"
        >
          <span>{f.money(path.max, { compact: true })}</span>
          {/* The zero line's own label, when it is clear of the two ends (the line starts from it). */}
          {path.zeroY > 15 && path.zeroY < 85 ? (
            <span className="absolute right-0 -translate-y-1/2" style={{ top: `${path.zeroY}%` }}>
              {f.money(0, { compact: true })}
            </span>
          ) : null}
          <span>{f.money(path.min, { compact: true })}</span>
        </div>
        <svg
          className="h-full min-w-0 flex-1 overflow-visible"
          viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <line
            x1={0}
            x2={VIEW_WIDTH}
            y1={path.zeroY}
            y2={path.zeroY}
            stroke="var(--color-border)"
            vectorEffect="non-scaling-stroke"
          />
          <path
            d={path.d}
            fill="none"
            stroke="var(--color-primary)"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      {points.length > 0 && (
        <div className={`mt-2 ml-16 flex justify-between ${axis}`} aria-hidden="true">
          <span>{periodLabel(points[0]!.period)}</span>
          {points.length > 1 && <span>{periodLabel(points.at(-1)!.period)}</span>}
        </div>
      )}
    </div>
  );
}
