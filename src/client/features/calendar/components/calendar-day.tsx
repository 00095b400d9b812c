import type { Race } from '@shared/race';
import { MapPin, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { winnerText } from '@/features/races/lib/result-text';
import { cn } from '@/lib/cn';
import { formatWallClock } from '@/lib/format';
import { BET_DAY_COLOUR, RACE_DAY_COLOUR } from './month-nav';

export interface CalendarDayProps {
  day: Date;
  inMonth: boolean;
  today: boolean;
  races: readonly Race[];
  /** Title of the bet scheduled that day (the next bet), or null. */
  scheduledBet: string | null;
  /** Opens a race's detail; focus comes back to `focusAfter` (this day) when it closes. */
  onOpenRace: (raceId: number, focusAfter?: HTMLElement | null) => void;
}

/**
 * One cell of the month grid. A day with races or a scheduled bet is a button: hovering it
 * (300 ms open, 200 ms close), focusing it, or clicking / tapping it shows the day's card.
 */
export function CalendarDay({ day, inMonth, today, races, scheduledBet, onOpenRace }: CalendarDayProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const withResult = races.filter((race) => race.result !== null).length;
  const fullDate = formatWallClock(day, 'MMMM d, yyyy');
  const hasEvents = races.length > 0 || scheduledBet !== null;
  // A cell holds two bars and a "+N more" line: with the scheduled bet's bar, one race's.
  const racesShown = scheduledBet ? 1 : 2;
  const cellClass = cn(
    'flex h-16 w-full flex-col items-stretch gap-1 rounded-md border p-1 text-left sm:h-24 sm:p-1.5',
    inMonth ? 'bg-card' : 'bg-muted/40 text-muted-foreground',
    today ? 'border-blue-600 ring-1 ring-blue-600' : 'border-border',
  );
  const content = (
    <>
      <span
        className={cn(
          'flex size-6 items-center justify-center rounded-full text-xs font-medium sm:text-sm',
          today && 'bg-blue-600 text-white',
        )}
      >
        {formatWallClock(day, 'd')}
      </span>
      {scheduledBet ? <EventBar colour={BET_DAY_COLOUR} label={scheduledBet} /> : null}
      {races.slice(0, racesShown).map((race) => (
        <EventBar key={race.id} colour={RACE_DAY_COLOUR} label={race.name} result={race.result !== null} />
      ))}
      {races.length > racesShown ? (
        <span className="hidden text-[11px] text-muted-foreground sm:block">
          +{races.length - racesShown} more
        </span>
      ) : null}
    </>
  );

  if (!hasEvents) return <div className={cellClass}>{content}</div>;

  const summary = [
    races.length === 1 ? '1 race' : races.length > 1 ? `${races.length} races` : null,
    withResult > 0 ? `${withResult} with a result` : null,
    scheduledBet ? 'scheduled bet' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <HoverCard open={open} onOpenChange={setOpen}>
      <HoverCardTrigger asChild>
        <button
          ref={trigger}
          type="button"
          aria-label={`${fullDate}: ${summary}`}
          aria-expanded={open}
          data-day={formatWallClock(day, 'yyyy-MM-dd')}
          onClick={() => setOpen((o) => !o)}
          className={cn(cellClass, 'cursor-pointer hover:bg-muted/60')}
        >
          {content}
        </button>
      </HoverCardTrigger>
      <HoverCardContent aria-label={fullDate}>
        <p className="text-sm font-semibold">{fullDate}</p>
        <div className="mt-2 grid gap-3">
          {races.map((race) => {
            const winner = race.result ? winnerText(race.result) : null;
            return (
              <div key={race.id} className="grid gap-0.5">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span aria-hidden="true" className={cn('h-3 w-1 shrink-0 rounded-full', RACE_DAY_COLOUR)} />
                  <button
                    type="button"
                    className="rounded-sm text-left text-primary underline-offset-2 hover:underline"
                    onClick={() => {
                      setOpen(false);
                      onOpenRace(race.id, trigger.current);
                    }}
                  >
                    {race.name}
                  </button>
                </p>
                <p className="flex items-center gap-1 text-xs text-muted-foreground">
                  <MapPin aria-hidden="true" className="size-3" />
                  {race.venue}
                </p>
                {race.description ? <p className="text-xs">{race.description}</p> : null}
                {race.result ? (
                  <p className="flex items-center gap-1 text-xs font-medium" data-testid="race-result-note">
                    <Trophy aria-hidden="true" className="size-3 text-[#b45309]" />
                    {winner ? `Result: won by ${winner}` : 'Result entered'}
                  </p>
                ) : null}
              </div>
            );
          })}
          {scheduledBet ? (
            <p className="flex items-center gap-2 text-sm font-medium">
              <span aria-hidden="true" className={cn('h-3 w-1 rounded-full', BET_DAY_COLOUR)} />
              {scheduledBet}
            </p>
          ) : null}
        </div>
      </HoverCardContent>
    </HoverCard>
  );
}

function EventBar({ colour, label, result = false }: { colour: string; label: string; result?: boolean }) {
  return (
    <span className={cn('block h-1.5 rounded-full sm:h-auto sm:px-1.5 sm:py-0.5', colour)}>
      <span className="hidden items-center gap-1 text-[11px] font-medium sm:flex">
        {result ? <Trophy aria-hidden="true" className="size-3 shrink-0" /> : null}
        <span className="truncate">{label}</span>
      </span>
    </span>
  );
}
