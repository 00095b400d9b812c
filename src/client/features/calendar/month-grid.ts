// Month grids for the calendar page and the dashboard widget. Days are plain local Dates standing
// for calendar days (wall clock in the syndicate's zone), so date-fns arithmetic works on them.
import type { Race } from '@shared/race';
import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import { formatWallClock, type SyndicateFormat } from '@/lib/format';

/** Spec §9: the calendar week starts on Sunday. */
export const WEEK_STARTS_ON = 0;
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The weeks (Sunday first) covering the month of `month`, padded with the neighbouring months' days. */
export function monthWeeks(month: Date): Date[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: WEEK_STARTS_ON }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: WEEK_STARTS_ON }),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** 'YYYY-MM-DD' of a grid day (a local Date standing for a calendar day). */
export const gridDayKey = (day: Date) => formatWallClock(day, 'yyyy-MM-dd');

/** The first day of the month after (+1) or before (−1) `month`. */
export const shiftMonth = (month: Date, by: number) => startOfMonth(addMonths(month, by));

/** The first day of this month in the syndicate's zone. */
export const currentMonth = (f: SyndicateFormat) => startOfMonth(f.wallClock(new Date()));

/** Spec §9: the calendar shows only races from the start of today (syndicate zone) onward, soonest first. */
export function racesFromToday(races: readonly Race[], f: SyndicateFormat): Race[] {
  const today = f.todayKey();
  return races
    .filter((race) => f.dayKey(race.date) >= today)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
}

/** Races grouped by their day key in the syndicate's zone. */
export function racesByDay(races: readonly Race[], f: SyndicateFormat): Map<string, Race[]> {
  const byDay = new Map<string, Race[]>();
  for (const race of races) {
    const key = f.dayKey(race.date);
    const list = byDay.get(key);
    if (list) list.push(race);
    else byDay.set(key, [race]);
  }
  return byDay;
}
