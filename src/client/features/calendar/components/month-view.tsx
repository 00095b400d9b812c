import type { Race } from '@shared/race';
import { isSameMonth } from 'date-fns';
import { useId, useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import type { SyndicateFormat } from '@/lib/format';
import { currentMonth, gridDayKey, monthWeeks, racesByDay, shiftMonth, WEEKDAY_LABELS } from '../month-grid';
import { CalendarDay } from './calendar-day';
import { BET_DAY_COLOUR, Legend, MonthNav, RACE_DAY_COLOUR, TODAY_COLOUR } from './month-nav';

export interface ScheduledBet {
  /** Day key of the bet's race in the syndicate's zone. */
  day: string;
  title: string;
}

/** The month grid (Sunday first) with race days, the scheduled bet and today marked. */
export function MonthView({
  races,
  scheduledBet,
  f,
  onOpenRace,
}: {
  races: readonly Race[];
  scheduledBet: ScheduledBet | null;
  f: SyndicateFormat;
  /** Opens a race's detail; `focusAfter` gets the focus back when it closes. */
  onOpenRace: (raceId: number, focusAfter?: HTMLElement | null) => void;
}) {
  const [month, setMonth] = useState(() => currentMonth(f));
  const titleId = useId();
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const byDay = useMemo(() => racesByDay(races, f), [races, f]);
  const today = f.todayKey();

  return (
    <Card>
      <div className="grid gap-4 p-3 sm:p-6">
        <MonthNav
          month={month}
          titleId={titleId}
          titleClassName="text-lg"
          onPrevious={() => setMonth((m) => shiftMonth(m, -1))}
          onNext={() => setMonth((m) => shiftMonth(m, 1))}
        />
        <table
          className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
          aria-labelledby={titleId}
        >
          <thead>
            <tr>
              {WEEKDAY_LABELS.map((label) => (
                <th
                  key={label}
                  scope="col"
                  className="pb-1 text-center text-xs font-medium text-muted-foreground"
                >
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
                  return (
                    <td key={key} className="p-0 align-top">
                      <CalendarDay
                        day={day}
                        inMonth={isSameMonth(day, month)}
                        today={key === today}
                        races={byDay.get(key) ?? []}
                        scheduledBet={scheduledBet?.day === key ? scheduledBet.title : null}
                        onOpenRace={onOpenRace}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <Legend
          items={[
            { colour: RACE_DAY_COLOUR, label: 'Race Day' },
            { colour: BET_DAY_COLOUR, label: 'Scheduled Bet' },
            { colour: TODAY_COLOUR, label: 'Today' },
          ]}
        />
      </div>
    </Card>
  );
}
