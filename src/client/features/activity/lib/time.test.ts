import { describe, expect, it, vi } from 'vitest';
import { bindFormat } from '@/lib/format';
import { clockTime, dayHeading, eventTime, groupByDay } from './time';

// 2026-03-03 01:30 UTC is March 3, 12:30 PM in Sydney (UTC+11) but still March 2 in New York.
const NOW = new Date('2026-03-03T01:30:00.000Z');

describe('event times', () => {
  it("reads the day and time in the syndicate's time zone, not the browser's", () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const sydney = bindFormat('aud', 'Australia/Sydney');
      const newYork = bindFormat('usd', 'America/New_York');
      const at = '2026-03-02T23:05:00.000Z'; // Mar 3, 10:05 AM in Sydney; Mar 2, 6:05 PM in New York
      expect(eventTime(at, sydney)).toBe('Today, 10:05 AM');
      expect(eventTime(at, newYork)).toBe('Today, 6:05 PM');
      expect(clockTime(at, sydney)).toBe('10:05 AM');
      expect(dayHeading('2026-03-01T23:05:00.000Z', sydney)).toBe('Yesterday');
      expect(eventTime('2026-03-01T23:05:00.000Z', sydney)).toBe('Yesterday, 10:05 AM');
      expect(dayHeading('2026-02-10T02:00:00.000Z', sydney)).toBe('Tuesday, February 10, 2026');
      expect(eventTime('2026-02-10T02:00:00.000Z', sydney)).toBe('Feb 10, 2026, 1:00 PM');
    } finally {
      vi.useRealTimers();
    }
  });

  it("groups newest-first events into runs of one day in the syndicate's zone", () => {
    const sydney = bindFormat('aud', 'Australia/Sydney');
    const events = [
      { id: 4, createdAt: '2026-03-02T23:05:00.000Z' }, // Mar 3 in Sydney
      { id: 3, createdAt: '2026-03-02T13:30:00.000Z' }, // Mar 3, 00:30
      { id: 2, createdAt: '2026-03-02T12:30:00.000Z' }, // Mar 2, 23:30
      { id: 1, createdAt: '2026-02-28T01:00:00.000Z' },
    ];
    expect(groupByDay(events, sydney).map((g) => [g.day, g.events.map((e) => e.id)])).toEqual([
      ['2026-03-03', [4, 3]],
      ['2026-03-02', [2]],
      ['2026-02-28', [1]],
    ]);
    expect(groupByDay([], sydney)).toEqual([]);
  });
});
