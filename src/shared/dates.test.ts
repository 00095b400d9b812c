import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInputSchema, timeZoneSchema } from './date-schemas';
import {
  canonicalTimeZone,
  DATE_RANGE_MESSAGE,
  dayKeyIn,
  dayOf,
  instantOf,
  intlZonedParts,
  isBeforeToday,
  isValidTimeZone,
  parseDateInput,
  parseDayKey,
  startOfDayIn,
  startOfDayKey,
  TIME_ZONE_MESSAGE,
  timeZoneOffsetMs,
  type ZonedParts,
  zonedParts,
} from './dates';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();

describe('time zones', () => {
  it('knows IANA names and spells them canonically', () => {
    expect(isValidTimeZone('Australia/Sydney')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
  });

  it('reads offsets, including half-hour and 45-minute zones', () => {
    const winter = new Date('2025-07-01T00:00:00Z');
    expect(timeZoneOffsetMs(winter, 'Australia/Sydney')).toBe(10 * HOUR);
    expect(timeZoneOffsetMs(winter, 'America/New_York')).toBe(-4 * HOUR);
    expect(timeZoneOffsetMs(winter, 'Asia/Kathmandu')).toBe(5.75 * HOUR);
    expect(timeZoneOffsetMs(winter, 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });
});

describe('dayKeyIn', () => {
  it('gives the same instant different days in different zones', () => {
    const at = new Date('2025-03-01T20:00:00Z');
    expect(dayKeyIn(at, 'UTC')).toBe('2025-03-01');
    expect(dayKeyIn(at, 'Australia/Sydney')).toBe('2025-03-02');
    expect(dayKeyIn(at, 'Pacific/Kiritimati')).toBe('2025-03-02');
    expect(dayKeyIn(new Date('2025-03-02T05:00:00Z'), 'America/Los_Angeles')).toBe('2025-03-01');
  });
});

describe('parseDayKey', () => {
  it('accepts real days only', () => {
    expect(parseDayKey('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDayKey('2025-02-29')).toBeNull();
    expect(parseDayKey('2025-13-01')).toBeNull();
    expect(parseDayKey('2025-1-01')).toBeNull();
    expect(parseDayKey('tomorrow')).toBeNull();
  });
});

describe('startOfDayKey', () => {
  it('is local midnight on an ordinary day', () => {
    expect(iso(startOfDayKey('2025-07-01', 'UTC'))).toBe('2025-07-01T00:00:00.000Z');
    expect(iso(startOfDayKey('2025-07-01', 'Australia/Sydney'))).toBe('2025-06-30T14:00:00.000Z');
    expect(iso(startOfDayKey('2025-07-01', 'America/New_York'))).toBe('2025-07-01T04:00:00.000Z');
    expect(iso(startOfDayKey('2025-07-01', 'Asia/Kathmandu'))).toBe('2025-06-30T18:15:00.000Z');
  });

  it('uses the offset in force at midnight on DST-change days (New York)', () => {
    // Spring forward at 02:00 on 9 March 2025: midnight is still EST (−5).
    expect(iso(startOfDayKey('2025-03-09', 'America/New_York'))).toBe('2025-03-09T05:00:00.000Z');
    expect(iso(startOfDayKey('2025-03-10', 'America/New_York'))).toBe('2025-03-10T04:00:00.000Z');
    // Fall back at 02:00 on 2 November 2025: midnight is still EDT (−4).
    expect(iso(startOfDayKey('2025-11-02', 'America/New_York'))).toBe('2025-11-02T04:00:00.000Z');
    expect(iso(startOfDayKey('2025-11-03', 'America/New_York'))).toBe('2025-11-03T05:00:00.000Z');
  });

  it('handles southern-hemisphere DST (Sydney, Lord Howe with its 30-minute shift)', () => {
    // Sydney: DST ends 6 April 2025 at 03:00 (+11 → +10), starts 5 October 2025 at 02:00.
    expect(iso(startOfDayKey('2025-04-06', 'Australia/Sydney'))).toBe('2025-04-05T13:00:00.000Z');
    expect(iso(startOfDayKey('2025-04-07', 'Australia/Sydney'))).toBe('2025-04-06T14:00:00.000Z');
    expect(iso(startOfDayKey('2025-10-05', 'Australia/Sydney'))).toBe('2025-10-04T14:00:00.000Z');
    expect(iso(startOfDayKey('2025-10-06', 'Australia/Sydney'))).toBe('2025-10-05T13:00:00.000Z');
    expect(iso(startOfDayKey('2025-10-06', 'Australia/Lord_Howe'))).toBe('2025-10-05T13:00:00.000Z');
  });

  it('starts the day at the jump when DST skips midnight (Santiago)', () => {
    // Chile: 24:00 on Saturday 6 September 2025 becomes 01:00 on Sunday (−4 → −3).
    const start = startOfDayKey('2025-09-07', 'America/Santiago');
    expect(iso(start)).toBe('2025-09-07T04:00:00.000Z');
    expect(dayKeyIn(start, 'America/Santiago')).toBe('2025-09-07');
    expect(dayKeyIn(new Date(start.getTime() - 1000), 'America/Santiago')).toBe('2025-09-06');
  });

  it('refuses a key that is not a day', () => {
    expect(() => startOfDayKey('2025-02-30', 'UTC')).toThrow(RangeError);
  });

  it('property: the start of day is on that day and one second earlier is the day before', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'America/Santiago',
      'Australia/Sydney',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Europe/London',
      'America/Havana',
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const start = startOfDayIn(at, zone);
          expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(dayKeyIn(start, zone)).toBe(dayKeyIn(at, zone));
          expect(dayKeyIn(new Date(start.getTime() - 1000), zone) < dayKeyIn(at, zone)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('isBeforeToday', () => {
  const now = new Date('2025-06-15T22:30:00Z'); // 16 June in Sydney, 15 June in New York

  it('compares calendar days in the given zone, not instants', () => {
    expect(isBeforeToday(new Date('2025-06-15T01:00:00Z'), now, 'UTC')).toBe(false);
    expect(isBeforeToday(new Date('2025-06-14T23:59:59Z'), now, 'UTC')).toBe(true);
    // 15 June 20:00 UTC is 16 June 06:00 in Sydney: today there.
    expect(isBeforeToday(new Date('2025-06-15T20:00:00Z'), now, 'Australia/Sydney')).toBe(false);
    // 15 June 13:00 UTC is 15 June 23:00 in Sydney: yesterday there, today in UTC.
    expect(isBeforeToday(new Date('2025-06-15T13:00:00Z'), now, 'Australia/Sydney')).toBe(true);
    expect(isBeforeToday(new Date('2025-06-15T13:00:00Z'), now, 'UTC')).toBe(false);
  });

  it('takes day keys as they are', () => {
    expect(isBeforeToday('2025-06-15', now, 'Australia/Sydney')).toBe(true);
    expect(isBeforeToday('2025-06-16', now, 'Australia/Sydney')).toBe(false);
    expect(isBeforeToday('2025-06-15', now, 'America/New_York')).toBe(false);
    expect(isBeforeToday('2025-06-14', now, 'America/New_York')).toBe(true);
  });
});

describe('dateInputSchema (every date the API takes)', () => {
  const schema = dateInputSchema({ required: 'required', invalid: 'invalid' });
  const messages = (v: unknown) => schema.safeParse(v).error?.issues.map((i) => i.message);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const day = fc
    .record({
      year: fc.integer({ min: 1900, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, d }) => `${pad(year, 4)}-${pad(month)}-${pad(d)}`);
  const zones = fc.constantFrom(
    'UTC',
    'Australia/Sydney',
    'America/New_York',
    'Asia/Kathmandu',
    'Pacific/Kiritimati',
  );

  it('accepts a day and ISO date-times with Z or an offset, trimmed, as sent', () => {
    expect(schema.parse(' 2025-03-01 ')).toBe('2025-03-01');
    expect(schema.parse('2025-03-01T13:00:00.000Z')).toBe('2025-03-01T13:00:00.000Z');
    expect(schema.parse('2025-03-01T13:00+10:00')).toBe('2025-03-01T13:00+10:00');
    expect(schema.parse('2025-03-01T13:00:00.123456789-05:30')).toBe('2025-03-01T13:00:00.123456789-05:30');
  });

  it('refuses years outside 1900–2100 with the range message, and non-dates with the field’s', () => {
    for (const v of [
      '0000-01-01T00:00:00.000Z',
      '0049-06-01',
      '0099-12-31T23:59:59Z',
      '1899-12-31',
      '2101-01-01',
      '9999-12-31T00:00:00Z',
    ])
      expect(messages(v), v).toEqual([DATE_RANGE_MESSAGE]);
    for (const v of [
      '2025-02-30',
      '2025-13-01',
      '2025-01-01T24:00:00Z',
      '2025-01-01T10:60:00Z',
      '2025-01-01T10:00:00',
      '2025-01-01T10:00:00+24:00',
      '+002025-01-01T00:00:00Z',
      '2025-1-1',
      'today',
      `2025-01-01T00:00:00.${'0'.repeat(40)}Z`,
    ])
      expect(messages(v), v).toEqual(['invalid']);
    expect(messages('')).toEqual(['required']);
    expect(messages(undefined)).toEqual(['required']);
    expect(messages(20250101)).toEqual(['required']);
  });

  it('property: any real day from 1900 to 2100 is accepted and reads back as itself in any zone', () => {
    fc.assert(
      fc.property(day, zones, (d, zone) => {
        expect(schema.parse(d)).toBe(d);
        expect(dayOf(d, zone)).toBe(d);
        expect(dayKeyIn(instantOf(d, zone), zone)).toBe(d);
      }),
    );
  });

  it('property: any instant from 1900 to 2100 written as ISO round-trips to the same instant', () => {
    const min = Date.UTC(1900, 0, 1);
    const max = Date.UTC(2100, 11, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(fc.integer({ min, max }), zones, (ms, zone) => {
        const iso = new Date(ms).toISOString();
        expect(schema.parse(iso)).toBe(iso);
        expect(instantOf(iso, zone).getTime()).toBe(ms);
        expect(dayOf(iso, zone)).toBe(dayKeyIn(new Date(ms), zone));
      }),
    );
  });

  it('property: any year outside 1900–2100 is refused with the range message', () => {
    const year = fc.oneof(fc.integer({ min: 0, max: 1899 }), fc.integer({ min: 2101, max: 9999 }));
    fc.assert(
      fc.property(year, fc.boolean(), (y, withTime) => {
        const v = `${pad(y, 4)}-06-15${withTime ? 'T12:00:00Z' : ''}`;
        expect(messages(v)).toEqual([DATE_RANGE_MESSAGE]);
      }),
    );
  });

  it('reads a date-time’s day in the zone, and a day’s start there', () => {
    expect(parseDateInput('2026-11-22')).toEqual({ kind: 'day', day: '2026-11-22', year: 2026 });
    expect(dayOf('2026-11-22T00:00:00.000Z', 'Australia/Sydney')).toBe('2026-11-22');
    expect(dayOf('2026-11-22T00:00:00.000Z', 'America/New_York')).toBe('2026-11-21');
    expect(instantOf('2030-11-05', 'Australia/Sydney').toISOString()).toBe('2030-11-04T13:00:00.000Z');
    expect(() => instantOf('nope', 'UTC')).toThrow(RangeError);
  });
});

describe('timeZoneSchema', () => {
  it('stores IANA names canonically and refuses anything else', () => {
    expect(timeZoneSchema.parse('europe/london')).toBe('Europe/London');
    expect(timeZoneSchema.parse(' UTC ')).toBe('UTC');
    expect(timeZoneSchema.parse('US/Eastern')).toBe('America/New_York');
    for (const zone of ['', 'Mars/Olympus_Mons', '+05:00', '-0300', 'UTC+1', 'x'.repeat(65), 42, null])
      expect(timeZoneSchema.safeParse(zone).error?.issues[0]?.message, String(zone)).toBe(TIME_ZONE_MESSAGE);
  });

  it('property: every zone the runtime lists is accepted and stays a zone it knows', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const stored = timeZoneSchema.parse(zone);
      expect(timeZoneSchema.parse(stored)).toBe(stored);
    }
  });
});

describe('zonedParts (the offset read once a UTC day)', () => {
  const zones = [
    'Australia/Sydney',
    'Australia/Lord_Howe', // a half-hour daylight saving shift
    'America/New_York',
    'Europe/London',
    'Asia/Kathmandu', // +05:45
    'Pacific/Chatham', // +12:45 / +13:45
    'America/Sao_Paulo', // daylight saving until 2019
    'UTC',
  ];

  it('reads every instant as Intl does, across daylight saving changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }),
        (zone, ms) => {
          expect(zonedParts(new Date(ms), zone)).toEqual(intlZonedParts(new Date(ms), zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is right on both sides of a change and in the hour that repeats', () => {
    // Sydney left daylight saving at 03:00 on 2025-04-06 (16:00 UTC the day before): 02:00-03:00 twice.
    for (let ms = Date.UTC(2025, 3, 5, 14); ms <= Date.UTC(2025, 3, 5, 18); ms += 60_000) {
      expect(zonedParts(new Date(ms), 'Australia/Sydney')).toEqual(
        intlZonedParts(new Date(ms), 'Australia/Sydney'),
      );
    }
    // [instant, zone, what the wall clock reads]: the repeated hour twice, and New York's spring
    // change (2025-03-09 07:00 UTC), read again the next day once that day's offset is kept.
    const readings: [string, string, Partial<ZonedParts>][] = [
      ['2025-04-05T15:30:00Z', 'Australia/Sydney', { hour: 2, minute: 30 }],
      ['2025-04-05T16:30:00Z', 'Australia/Sydney', { hour: 2, minute: 30 }],
      ['2025-03-09T06:59:59Z', 'America/New_York', { hour: 1, second: 59 }],
      ['2025-03-09T07:00:00Z', 'America/New_York', { hour: 3, minute: 0 }],
      ['2025-03-10T07:00:00.999Z', 'America/New_York', { hour: 3, second: 0 }],
    ];
    for (const [at, zone, wall] of readings) expect(zonedParts(new Date(at), zone)).toMatchObject(wall);
  });
});
