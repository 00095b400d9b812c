// Tests' reading of a feed, as a calendar app reads it: a real iCalendar parser (ical.js).
import ICAL from 'ical.js';

export function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      return {
        uid: event.uid,
        summary: event.summary,
        location: event.location,
        description: event.description,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        utc: event.startDate.zone?.tzid === 'UTC',
        /** A whole day (VALUE=DATE): its first day and the day after its last, as YYYY-MM-DD. */
        allDay: event.startDate.isDate,
        days: event.startDate.isDate ? [event.startDate.toString(), event.endDate.toString()] : null,
      };
    }),
  };
}
