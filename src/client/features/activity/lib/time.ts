// When an event happened, in the syndicate's time zone (lib/format.ts), never the browser's.
import type { ActivityEvent } from '@shared/audit';
import type { SyndicateFormat } from '@/lib/format';

type Format = Pick<SyndicateFormat, 'date' | 'dayKey' | 'daysFromToday'>;

/** 'Today', 'Yesterday', or 'Tuesday, March 3, 2026': the heading of a day's events. */
export function dayHeading(createdAt: string, f: Format): string {
  const days = f.daysFromToday(createdAt);
  if (days === 0) return 'Today';
  if (days === -1) return 'Yesterday';
  return f.date(createdAt, 'EEEE, MMMM d, yyyy');
}

/** The clock time: '2:05 PM'. */
export const clockTime = (createdAt: string, f: Format) => f.date(createdAt, 'h:mm a');

/** Day and time in one: 'Today, 2:05 PM', 'Yesterday, 9:30 AM', 'Mar 3, 2026, 2:05 PM'. */
export function eventTime(createdAt: string, f: Format): string {
  const days = f.daysFromToday(createdAt);
  const day = days === 0 ? 'Today' : days === -1 ? 'Yesterday' : f.date(createdAt, 'MMM d, yyyy');
  return `${day}, ${clockTime(createdAt, f)}`;
}

/** The events in runs of one day each (the feed is newest first, so days come newest first). */
export function groupByDay<T extends Pick<ActivityEvent, 'createdAt'>>(
  events: readonly T[],
  f: Format,
): { day: string; events: T[] }[] {
  const groups: { day: string; events: T[] }[] = [];
  for (const event of events) {
    const day = f.dayKey(event.createdAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}
