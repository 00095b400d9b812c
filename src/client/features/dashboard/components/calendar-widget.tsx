import { isSameMonth } from 'date-fns';
import { useId, useMemo, useState } from 'react';
import { BET_DAY_COLOUR, Legend, MonthNav, RACE_DAY_COLOUR } from '@/features/calendar/components/month-nav';
import {
  currentMonth,
  gridDayKey,
  monthWeeks,
  racesByDay,
  racesFromToday,
  shiftMonth,
  WEEKDAY_LABELS,
} from '@/features/calendar/month-grid';
import { useRaces } from '@/features/races/api/get-races';
import { useNextBet } from '@/features/rotation/api/get-next-bet';
import { cn } from '@/lib/cn';
import { formatWallClock, useSyndicateFormat } from '@/lib/format';
import { DashboardCard } from './dashboard-card';

/** A small month grid (Sunday first): race days get a green bar, the next-bet day an amber one. */
export function CalendarWidget() {
  const f = useSyndicateFormat();
  const races = useRaces();
  const nextBet = useNextBet();
  const [month, setMonth] = useState(() => currentMonth(f));
  const titleId = useId();
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const raceDays = useMemo(() => racesByDay(racesFromToday(races.data ?? [], f), f), [races.data, f]);
  const betDay = nextBet.data?.member && nextBet.data.date ? f.dayKey(nextBet.data.date) : null;
  const today = f.todayKey();

  return (
    <DashboardCard title="Calendar">
      <div className="grid grid-cols-1 gap-3">
        <MonthNav
          month={month}
          titleId={titleId}
          onPrevious={() => setMonth((m) => shiftMonth(m, -1))}
          onNext={() => setMonth((m) => shiftMonth(m, 1))}
        />
        <table className="w-full table-fixed text-center text-sm" aria-labelledby={titleId}>
          <thead>
            <tr>
              {WEEKDAY_LABELS.map((label) => (
                <th key={label} scope="col" className="pb-1 text-xs font-medium text-muted-foreground">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={gridDayKey(week[0]!)}>
                {week.map((day) => {
                  const key = gridDayKey(day);
                  const race = raceDays.has(key);
                  const bet = key === betDay;
                  return (
                    <td key={key} className="p-0.5" data-day={key}>
                      <div
                        className={cn(
                          'flex h-10 flex-col items-center justify-center gap-0.5 rounded-md',
                          !isSameMonth(day, month) && 'text-muted-foreground',
                          key === today && 'bg-secondary font-semibold text-secondary-foreground',
                        )}
                      >
                        <span>{formatWallClock(day, 'd')}</span>
                        <span className="flex h-1 gap-0.5">
                          {bet ? (
                            <span
                              data-testid="bet-bar"
                              className={cn('h-1 w-3 rounded-full', BET_DAY_COLOUR)}
                            />
                          ) : null}
                          {race ? (
                            <span
                              data-testid="race-bar"
                              className={cn('h-1 w-3 rounded-full', RACE_DAY_COLOUR)}
                            />
                          ) : null}
                        </span>
                        {bet || race ? (
                          <span className="sr-only">
                            {[bet ? 'Upcoming Bet' : null, race ? 'Race Day' : null]
                              .filter(Boolean)
                              .join(', ')}
                          </span>
                        ) : null}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <Legend
          items={[
            { colour: BET_DAY_COLOUR, label: 'Upcoming Bet' },
            { colour: RACE_DAY_COLOUR, label: 'Race Day' },
          ]}
        />
      </div>
    </DashboardCard>
  );
}
