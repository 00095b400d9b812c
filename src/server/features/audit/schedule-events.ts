// The events of the calendar: races added, changed and deleted; reminders added, completed and
// deleted; members' calendar feeds made and revoked (their secret addresses are never recorded).
import type { Race } from '../../../shared/race';
import type { NewEvent } from './record';
import { changesBetween } from './record';
import { asText, changeList, excerpt, type FieldLabel, say } from './sentence';

export const raceCreated = (race: { id: number; name: string; venue: string }): NewEvent => ({
  action: 'race.created',
  entityType: 'race',
  entityId: race.id,
  summary: say`added the race ${race.name} at ${race.venue}`,
});

/** A race's editable fields as the API shows them (the date as an ISO date-time). */
export type RaceView = Pick<
  Race,
  | 'name'
  | 'venue'
  | 'date'
  | 'description'
  | 'meetingNumber'
  | 'raceNumber'
  | 'distance'
  | 'raceType'
  | 'trackCondition'
  | 'customFields'
>;

const RACE_FIELDS: Record<keyof RaceView, FieldLabel> = {
  name: { label: 'name', show: asText },
  venue: { label: 'venue', show: asText },
  // Named only: an instant reads well only in the syndicate's zone, which the summary does not know.
  date: { label: 'date' },
  description: { label: 'description' },
  meetingNumber: { label: 'meeting', show: asText },
  raceNumber: { label: 'race number', show: asText },
  distance: { label: 'distance', show: asText },
  raceType: { label: 'race type', show: asText },
  trackCondition: { label: 'track', show: asText },
  customFields: { label: 'custom fields' },
};

const raceView = (r: RaceView): RaceView => ({
  name: r.name,
  venue: r.venue,
  date: r.date,
  description: r.description,
  meetingNumber: r.meetingNumber,
  raceNumber: r.raceNumber,
  distance: r.distance,
  raceType: r.raceType,
  trackCondition: r.trackCondition,
  customFields: r.customFields,
});

/** "changed the race Golden Slipper: venue Rosehill → Randwick, date", or null when unchanged. */
export function raceUpdated(raceId: number, before: RaceView, after: RaceView): NewEvent | null {
  const changes = changesBetween(raceView(before), raceView(after));
  if (Object.keys(changes).length === 0) return null;
  return {
    action: 'race.updated',
    entityType: 'race',
    entityId: raceId,
    summary: say`changed the race ${before.name}: ${changeList(changes, RACE_FIELDS)}`,
    changes,
  };
}

export const raceDeleted = (race: { id: number; name: string; venue: string }): NewEvent => ({
  action: 'race.deleted',
  entityType: 'race',
  entityId: race.id,
  summary: say`deleted the race ${race.name} at ${race.venue}`,
});

/**
 * "entered the result of Golden Slipper: won by Winx; 3 bets settled" ("corrected the result…" when
 * the race had one; "won by A and B" in a dead heat for first).
 */
export const raceResultEntered = (
  race: { id: number; name: string },
  winners: readonly string[],
  settled: number,
  corrected: boolean,
): NewEvent => ({
  action: 'race.result_entered',
  entityType: 'race',
  entityId: race.id,
  summary: say`${corrected ? 'corrected' : 'entered'} the result of ${race.name}: ${
    winners.length > 0 ? `won by ${winners.join(' and ')}` : 'no winner named'
  }; ${settled} ${settled === 1 ? 'bet' : 'bets'} settled`,
});

/** "imported 8 races for 2026-11-25 from The Racing API" (one event for the whole import). */
export const racesImported = (count: number, day: string, provider: string): NewEvent => ({
  action: 'race.imported',
  entityType: 'race',
  entityId: null,
  summary: say`imported ${count} ${count === 1 ? 'race' : 'races'} for ${day} from ${provider}`,
});

/** "added a reminder for Mia: Pay the nominations" (the text cut to 60 characters). */
export const reminderCreated = (
  reminder: { id: number; text: string },
  forMember: string | null,
): NewEvent => ({
  action: 'reminder.created',
  entityType: 'reminder',
  entityId: reminder.id,
  summary: say`added a reminder${forMember === null ? '' : ` for ${forMember}`}: ${excerpt(reminder.text)}`,
});

export const reminderCompleted = (reminder: { id: number; text: string }): NewEvent => ({
  action: 'reminder.completed',
  entityType: 'reminder',
  entityId: reminder.id,
  summary: say`completed the reminder: ${excerpt(reminder.text)}`,
  changes: { completed: [false, true] },
});

export const reminderDeleted = (reminder: { id: number; text: string }): NewEvent => ({
  action: 'reminder.deleted',
  entityType: 'reminder',
  entityId: reminder.id,
  summary: say`deleted the reminder: ${excerpt(reminder.text)}`,
});

export const calendarFeedCreated = (feedId: number, replaced: boolean): NewEvent => ({
  action: 'calendar_feed.created',
  entityType: 'calendar_feed',
  entityId: feedId,
  summary: replaced
    ? say`made a new calendar feed address (the old one no longer works)`
    : say`made a calendar feed address`,
});

export const calendarFeedRevoked = (feedId: number): NewEvent => ({
  action: 'calendar_feed.revoked',
  entityType: 'calendar_feed',
  entityId: feedId,
  summary: say`turned off their calendar feed`,
});
