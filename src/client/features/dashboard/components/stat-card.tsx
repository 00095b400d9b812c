import type { LucideIcon } from 'lucide-react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { fitFigure } from '@/lib/format';

/**
 * A dashboard figure: title, value, optional description and an optional trend (percentage
 * change: ≥ 0 success, < 0 destructive; null or undefined hides it).
 */
export function StatCard({
  title,
  value,
  description,
  trend,
  icon: Icon,
}: {
  title: string;
  value: ReactNode;
  description?: ReactNode;
  trend?: number | null | undefined;
  icon?: LucideIcon;
}) {
  const rounded = trend === null || trend === undefined ? null : Math.round(trend);
  const titleId = useId();
  return (
    <Card className="@container flex flex-col gap-2 p-4 sm:p-5" role="region" aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        {Icon ? (
          <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <Icon aria-hidden="true" className="size-4" />
          </span>
        ) : null}
      </div>
      <p className={STAT_VALUE_CLASS} style={statValueStyle(value)} data-testid="stat-value">
        {value}
      </p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        {description ? <span className="text-muted-foreground">{description}</span> : null}
        {rounded !== null ? <Trend value={rounded} /> : null}
      </div>
    </Card>
  );
}

/**
 * A figure's type: 20 px on a phone, 24 px from 640 px, and smaller when that would not fit the
 * card's width on one line (fitFigure: in the card's container units, so it holds two cards a row
 * on a phone, four on a wide screen, and for the largest sums the app can hold) instead of
 * breaking inside the number. The card is the query container (`@container`).
 */
export const STAT_VALUE_CLASS =
  'text-xl sm:text-2xl [--figure-max:1.25rem] sm:[--figure-max:1.5rem] font-bold tracking-tight break-words tabular-nums';

export function statValueStyle(value: ReactNode) {
  return typeof value === 'string' || typeof value === 'number'
    ? fitFigure(String(value), 'var(--figure-max)')
    : undefined;
}

function Trend({ value }: { value: number }) {
  const up = value >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span
      className={cn('inline-flex items-center gap-1 font-medium', up ? 'text-success' : 'text-destructive')}
      data-testid="stat-trend"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {up ? '+' : ''}
      {value}%<span className="sr-only"> compared with the previous 30 days</span>
    </span>
  );
}
