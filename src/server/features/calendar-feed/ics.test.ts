// The feed's iCalendar writer against a real parser (ical.js): any text round-trips, every line
// stays within 75 octets and no character is split; and a large feed is written quickly enough
// to measure in a benchmark, not here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsDateTime, writeIcs } from './ics';
import { parseFeed } from './test-feed';

describe('the feed’s iCalendar writer', () => {
  it('round-trips any text through ical.js, every line within 75 octets', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 300 });
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }),
        (summary, location, description, name) => {
          const start = new Date('2030-03-21T04:05:06.000Z');
          const out = writeIcs({
            name,
            description: 'Races',
            ttlSeconds: 3600,
            stamp: new Date('2030-01-01T00:00:00.000Z'),
            events: [
              {
                uid: 'race-1@example.test',
                start,
                end: new Date(start.getTime() + 1_800_000),
                summary,
                location,
                description,
              },
            ],
          });
          for (const line of out.split('\r\n'))
            expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
          // No character split in two: UTF-8 and back gives the same text.
          expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
          const parsed = parseFeed(out);
          expect(parsed.name).toBe(name);
          const normalise = (s: string) => s.replace(/\r\n|\r/g, '\n');
          expect(parsed.events).toEqual([
            {
              uid: 'race-1@example.test',
              summary: normalise(summary),
              location: location ? normalise(location) : null,
              description: description ? normalise(description) : null,
              start: start.toISOString(),
              end: '2030-03-21T04:35:06.000Z',
              utc: true,
              allDay: false,
              days: null,
            },
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('escapes TEXT, folds at 75 octets without splitting a character, writes UTC times', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // 'é' is 2 octets: 37 fit in the first 75 (74 octets), the 38th starts the next line.
    const folded = foldLine('é'.repeat(40)).split('\r\n');
    expect(folded.map((l) => Buffer.byteLength(l))).toEqual([74, 7]);
    expect(
      foldLine('🏇'.repeat(20))
        .split('\r\n')
        .map((l) => Buffer.byteLength(l)),
    ).toEqual([72, 9]);
    expect(icsDateTime(new Date('2030-01-02T03:04:05.678Z'))).toBe('20300102T030405Z');
  });

  it('writes a whole-day event as DATE values, ending the day after (RFC 5545 §3.6.1)', () => {
    const out = writeIcs({
      name: 'Club',
      description: 'Reminders',
      ttlSeconds: 3600,
      stamp: new Date('2030-01-01T00:00:00.000Z'),
      events: [{ uid: 'reminder-1@example.test', day: '2030-12-31', summary: 'Reminder: Dues' }],
    });
    expect(out).toContain('\r\nDTSTART;VALUE=DATE:20301231\r\nDTEND;VALUE=DATE:20310101\r\n');
    expect(parseFeed(out).events[0]).toMatchObject({ allDay: true, days: ['2030-12-31', '2031-01-01'] });
  });
});
