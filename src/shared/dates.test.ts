import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dayKeyIn,
  isBeforeToday,
  isValidTimeZone,
  parseDayKey,
  startOfDayIn,
  startOfDayKey,
  timeZoneOffsetMs,
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
