import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatWallClock } from '@/lib/format';

/** Previous / next month buttons around the month title ('MMMM yyyy', spec §9). */
export function MonthNav({
  month,
  onPrevious,
  onNext,
  titleId,
  className,
  titleClassName,
}: {
  month: Date;
  onPrevious: () => void;
  onNext: () => void;
  titleId?: string;
  className?: string;
  titleClassName?: string;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-2', className)}>
      <Button variant="outline" size="icon" onClick={onPrevious} aria-label="Previous month">
        <ChevronLeft aria-hidden="true" />
      </Button>
      <p id={titleId} className={cn('font-semibold', titleClassName)} aria-live="polite">
        {formatWallClock(month, 'MMMM yyyy')}
      </p>
      <Button variant="outline" size="icon" onClick={onNext} aria-label="Next month">
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The colour key under a grid: `<Legend items={[{colour, label}]} />`. */
export function Legend({ items }: { items: readonly { colour: string; label: string }[] }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <span aria-hidden="true" className={cn('h-1.5 w-4 rounded-full', item.colour)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Bar colours shared by the calendar page and the dashboard widget. */
export const RACE_DAY_COLOUR = 'bg-green-700 text-white';
export const BET_DAY_COLOUR = 'bg-amber-400 text-amber-950';
export const TODAY_COLOUR = 'bg-blue-600 text-white';
