// The iCalendar text of the feed (RFC 5545), written here: ical-generator's line folding encoded
// each character with a new TextEncoder, so a feed of 1,000 races with 20 bets each took 1.7 s of
// the event loop per fetch, and the feed's address needs no session (found by probing). The
// feed uses a handful of properties; this writes them in a few milliseconds.

interface IcsEventText {
  uid: string;
  summary: string;
  location?: string;
  description?: string;
}

/** A timed event (UTC), or a whole day (a reminder due on a day: YYYY-MM-DD in the zone's calendar). */
export type IcsEvent = IcsEventText & ({ start: Date; end: Date } | { day: string });

export interface IcsCalendar {
  name: string;
  description: string;
  /** How often calendar apps should fetch it again, in seconds. */
  ttlSeconds: number;
  stamp: Date;
  events: readonly IcsEvent[];
}

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Splits a content line into lines of at most 75 octets, never inside a character (§3.1). */
export function foldLine(line: string): string {
  if (/^[ -~]*$/.test(line)) {
    // Printable ASCII, one octet a character: the common case, cut by length.
    if (line.length <= 75) return line;
    const parts = [line.slice(0, 75)];
    for (let i = 75; i < line.length; i += 74) parts.push(line.slice(i, i + 74));
    return parts.join('\r\n ');
  }
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  // The first line holds 75 octets; the next ones 74 after their leading space.
  let room = 75;
  for (let i = 0; i < line.length; ) {
    const codePoint = line.codePointAt(i) ?? 0;
    const size = utf8Length(codePoint);
    if (octets + size > room) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
      room = 74;
    }
    octets += size;
    i += codePoint > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/** 2030-12-31 → 20301231 and the day after, 20310101 (DATE values, §3.3.4; DTEND is exclusive). */
function icsDays(day: string): [string, string] {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return [day.replace(/-/g, ''), next.toISOString().slice(0, 10).replace(/-/g, '')];
}

/** 2030-01-02T03:04:05.678Z → 20300102T030405Z (UTC date-time, §3.3.5 form 2). */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const ttl = (seconds: number) => `PT${Math.max(1, Math.round(seconds / 60))}M`;

/** The whole calendar, lines joined by CRLF. */
export function writeIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Racing Syndicate//calendar-feed//EN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    // Non-standard, read as they are by the apps that use them: only line breaks are replaced.
    `X-WR-CALNAME:${oneLine(calendar.name)}`,
    `X-WR-CALDESC:${oneLine(calendar.description)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${ttl(calendar.ttlSeconds)}`,
    `X-PUBLISHED-TTL:${ttl(calendar.ttlSeconds)}`,
  ];
  const stamp = icsDateTime(calendar.stamp);
  for (const event of calendar.events) {
    lines.push('BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, 'SEQUENCE:0', `DTSTAMP:${stamp}`);
    if ('day' in event) {
      const [first, after] = icsDays(event.day);
      lines.push(`DTSTART;VALUE=DATE:${first}`, `DTEND;VALUE=DATE:${after}`);
    } else lines.push(`DTSTART:${icsDateTime(event.start)}`, `DTEND:${icsDateTime(event.end)}`);
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n');
}
