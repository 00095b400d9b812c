import type { Race } from '@shared/race';
import { CalendarDays, Clock, MapPin, Plus, Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { winnerText } from '@/features/races/lib/result-text';
import type { SyndicateFormat } from '@/lib/format';

/** 'Upcoming Races': races from the start of today onward (already filtered and sorted). */
export function ListView({
  races,
  loading,
  f,
  onAddRace,
  onOpenRace,
}: {
  races: readonly Race[];
  loading: boolean;
  f: SyndicateFormat;
  onAddRace: () => void;
  /** Opens a race's detail (runners, result, bets). */
  onOpenRace: (raceId: number) => void;
}) {
  return (
    <Card>
      <h2 className="p-4 text-lg font-semibold leading-tight sm:p-6">Upcoming Races</h2>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">
        {loading ? (
          <div className="grid gap-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : races.length === 0 ? (
          <EmptyState
            icon={CalendarDays}
            title="No races scheduled"
            action={
              <Button onClick={onAddRace}>
                <Plus aria-hidden="true" />
                Add First Race
              </Button>
            }
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label="Upcoming Races">
            {races.map((race) => (
              <RaceItem key={race.id} race={race} f={f} onOpenRace={onOpenRace} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function RaceItem({
  race,
  f,
  onOpenRace,
}: {
  race: Race;
  f: SyndicateFormat;
  onOpenRace: (raceId: number) => void;
}) {
  const today = f.isToday(race.date);
  const winner = race.result ? winnerText(race.result) : null;
  return (
    <li className="flex gap-3 rounded-lg border border-border p-3 sm:gap-4 sm:p-4">
      <div
        className="flex size-14 shrink-0 flex-col items-center justify-center rounded-md bg-secondary text-secondary-foreground"
        data-testid="race-day-badge"
      >
        <span className="text-lg font-bold leading-none">{f.date(race.date, 'd')}</span>
        <span className="text-xs font-medium uppercase">{f.date(race.date, 'MMM')}</span>
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">
            <button
              type="button"
              className="rounded-sm text-left underline-offset-2 hover:text-primary hover:underline"
              onClick={() => onOpenRace(race.id)}
            >
              {race.name}
            </button>
          </h3>
          {today ? (
            <span className="inline-flex items-center rounded-full bg-blue-600 px-2.5 py-0.5 text-xs font-semibold text-white">
              Today
            </span>
          ) : null}
          {race.result ? <Badge variant="success">Result</Badge> : null}
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          {race.venue}
        </p>
        {race.description ? <p className="text-sm">{race.description}</p> : null}
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          {f.date(race.date, 'EEEE h:mm a')}
        </p>
        {race.result ? (
          <p className="flex items-center gap-1 text-sm font-medium" data-testid="race-result-note">
            <Trophy aria-hidden="true" className="size-3.5 shrink-0 text-[#b45309]" />
            {winner ? `Won by ${winner}` : 'Result entered'}
          </p>
        ) : null}
      </div>
    </li>
  );
}
