import type { LucideIcon } from 'lucide-react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { figureWidth } from '@/lib/format';

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
    <Card className="flex flex-col gap-2 p-4 sm:p-5" role="region" aria-labelledby={titleId}>
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
      <p className={statValueClass(value)} data-testid="stat-value">
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
 * A figure's type: a long one (a large sum of money, "+$698,000.00") steps down a size or two on a
 * phone, where a card is half of 390 px (about 140 px of text), and a longer one also in the four
 * columns of a wide screen (about 190 px), instead of breaking inside the number. Cards sit two
 * a row below 1280 px (the grids' `xl:grid-cols-4`), where 24 px type fits about 14 digits.
 * Measured in digits' widths (figureWidth), not characters: a symbol's letters are wider than a
 * digit (found by probing, 2026-12-02: "+NZ$698,000.00" broke on a phone where "+$2,688,000.00",
 * as many characters, fits).
 */
export function statValueClass(value: ReactNode): string {
  const width = typeof value === 'string' || typeof value === 'number' ? figureWidth(String(value)) : 0;
  // Two cards a row on a phone leave a figure ~140 px: millions step down twice.
  const size =
    width > 14.4
      ? 'text-xs sm:text-xl xl:text-base'
      : width > 13.2
        ? 'text-sm sm:text-xl xl:text-lg'
        : width > 11.5
          ? 'text-base sm:text-2xl xl:text-xl'
          : width > 9.5
            ? 'text-lg sm:text-2xl'
            : 'text-xl sm:text-2xl';
  return `${size} font-bold tracking-tight break-words tabular-nums`;
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
