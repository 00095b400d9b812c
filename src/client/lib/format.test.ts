import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindFormat,
  dayKey,
  daysFromToday,
  formatDate,
  formatMoney,
  formatPercent,
  formatWallClock,
  isPastDay,
  isToday,
  zonedIso,
} from './format';

describe('formatMoney', () => {
  it('writes chart axes short: whole units under a thousand, then K and M', () => {
    const axis = (v: number) => formatMoney(v, 'usd', { compact: true });
    expect([0, 14.5, 850, -200, 999.4, 1500, -2_688_000].map(axis)).toEqual([
      '$0',
      '$15',
      '$850',
      '-$200',
      '$999',
      '$1.5K',
      '-$2.7M',
    ]);
    expect(formatMoney(2_000_299.48, 'eur', { compact: true })).toBe('€2M');
  });

  it('shows earnings with a sign and no decimals (spec §2)', () => {
    const earnings = (n: number) => formatMoney(n, 'usd', { signed: true, decimals: 0 });
    expect(earnings(120)).toBe('+$120');
    expect(earnings(-45)).toBe('-$45');
    expect(earnings(0)).toBe('$0');
    expect(earnings(-0.4)).toBe('$0');
    expect(earnings(1234.5)).toBe('+$1,235');
    // Halves round away from zero on both sides (Math.round took -41.5 to -41).
    expect(earnings(-41.5)).toBe('-$42');
    expect(earnings(41.5)).toBe('+$42');
    expect(earnings(-0.5)).toBe('-$1');
  });

  it('property: a negative amount shows as its positive twin with a minus sign', () => {
    fc.assert(
      fc.property(
        // Any amount, and amounts of exactly half a unit (where rounding may go either way).
        fc.oneof(
          fc.integer({ min: 1, max: 10 ** 11 }),
          fc.integer({ min: 0, max: 10 ** 9 }).map((n) => n * 100 + 50),
        ),
        fc.constantFrom(0, 2),
        (cents, decimals) => {
          const plain = formatMoney(cents / 100, 'usd', { decimals });
          const negative = formatMoney(-cents / 100, 'usd', { decimals });
          expect(negative).toBe(/^\$0(\.00)?$/.test(plain) ? plain : `-${plain}`);
        },
      ),
    );
  });

  it('shows two decimals unless told otherwise', () => {
    expect(formatMoney(12.5, 'usd')).toBe('$12.50');
    expect(formatMoney(-3, 'usd')).toBe('-$3.00');
    expect(formatMoney(-0.001, 'usd')).toBe('$0.00');
  });

  it("uses the syndicate's currency", () => {
    expect(formatMoney(10, 'eur', { decimals: 0 })).toBe('€10');
    expect(formatMoney(10, 'gbp', { decimals: 0 })).toBe('£10');
    expect(formatMoney(10, 'aud', { decimals: 0 })).toBe('A$10');
    expect(formatMoney(10, 'nzd', { decimals: 0 })).toBe('NZ$10');
  });

  it('falls back to dollars for an unknown currency code', () => {
    expect(formatMoney(5, 'not-a-code', { decimals: 0 })).toBe('$5');
  });
});

describe('formatPercent', () => {
  it('rounds to a whole percent', () => {
    expect(formatPercent(66.666)).toBe('67%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(-0.2)).toBe('0%');
    expect(formatPercent(100)).toBe('100%');
  });
});

describe('dates in the syndicate time zone', () => {
  // 2025-06-01 14:30 UTC is 2 June 00:30 in Sydney (UTC+10) and 1 June 10:30 in New York (UTC−4).
  const instant = '2025-06-01T14:30:00.000Z';

  it('formats the zoned wall clock with the spec patterns', () => {
    expect(formatDate(instant, 'MMMM d, yyyy', 'Australia/Sydney')).toBe('June 2, 2025');
    expect(formatDate(instant, 'MMM d, yyyy', 'America/New_York')).toBe('Jun 1, 2025');
    expect(formatDate(instant, 'MMMM yyyy', 'UTC')).toBe('June 2025');
    expect(formatDate(instant, 'EEEE h:mm a', 'Australia/Sydney')).toBe('Monday 12:30 AM');
  });

  it('treats a YYYY-MM-DD string as a calendar day, not an instant', () => {
    expect(formatDate('2025-01-31', 'MMM d, yyyy', 'Pacific/Honolulu')).toBe('Jan 31, 2025');
    expect(dayKey('2025-01-31', 'Australia/Sydney')).toBe('2025-01-31');
  });

  it('gives the day key in the zone', () => {
    expect(dayKey(instant, 'Australia/Sydney')).toBe('2025-06-02');
    expect(dayKey(instant, 'America/New_York')).toBe('2025-06-01');
  });

  it('knows today, past days and the distance in days', () => {
    const now = new Date('2025-06-01T15:00:00.000Z'); // 2 June 01:00 in Sydney
    expect(isToday('2025-06-01T20:00:00.000Z', 'Australia/Sydney', now)).toBe(true);
    expect(isToday('2025-06-01T10:00:00.000Z', 'Australia/Sydney', now)).toBe(false);
    expect(isPastDay('2025-06-01T10:00:00.000Z', 'Australia/Sydney', now)).toBe(true);
    expect(isPastDay('2025-06-01T10:00:00.000Z', 'UTC', now)).toBe(false);
    expect(daysFromToday('2025-06-05', 'Australia/Sydney', now)).toBe(3);
    expect(daysFromToday('2025-05-31', 'Australia/Sydney', now)).toBe(-2);
  });

  it('turns a day and a time in the zone into an instant', () => {
    expect(zonedIso('2025-06-01', '13:00', 'Australia/Sydney')).toBe('2025-06-01T03:00:00.000Z');
    expect(zonedIso('2025-01-15', '13:00', 'America/New_York')).toBe('2025-01-15T18:00:00.000Z');
    // 02:30 does not exist on 9 March 2025 in New York: it moves forward to 03:30 EDT.
    expect(zonedIso('2025-03-09', '02:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
    // 01:30 happens twice on 2 November 2025: the first (EDT) one.
    expect(zonedIso('2025-11-02', '01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z');
  });

  it('binds currency and zone', () => {
    const f = bindFormat('gbp', 'Europe/London');
    expect(f.money(-45, { signed: true, decimals: 0 })).toBe('-£45');
    expect(f.date('2025-12-31T23:30:00.000Z', 'MMM d, yyyy')).toBe('Dec 31, 2025');
    expect(f.dayKey('2025-06-30T23:30:00.000Z')).toBe('2025-07-01');
  });
});

describe('formatWallClock', () => {
  // Every pattern the app passes (grep "date(" and formatWallClock in src/client), and each token alone.
  const used = [
    'MMMM d, yyyy',
    'MMM d, yyyy',
    'MMMM yyyy',
    'MMM d, yyyy h:mm a',
    'EEEE, MMMM d, yyyy h:mm a',
    'EEEE, MMMM d, yyyy',
    'EEEE h:mm a',
    "'Wk of' MMM d",
    'MMM d',
    'MMM',
    'h:mm a',
    'd',
    'yyyy-MM-dd',
  ];
  const tokens = ['y', 'yy', 'yyy', 'yyyy', 'M', 'MM', 'MMM', 'MMMM', 'd', 'dd', 'E', 'EE', 'EEE', 'EEEE'];
  const timeTokens = ['h', 'hh', 'H', 'HH', 'm', 'mm', 's', 'ss', 'a', 'aa'];
  const anyDate = fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true });
  const pattern = fc
    .array(
      fc.oneof(
        fc.constantFrom(...tokens, ...timeTokens),
        fc.constantFrom(' ', ', ', '-', ':', '/', '.', ' (', ')'),
        fc.constantFrom("'Wk of'", "''", "'o''clock'", "'at'"),
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map((parts) => parts.join(' '));

  it("writes every pattern the app uses as date-fns's format does", () => {
    fc.assert(
      fc.property(anyDate, (d) => {
        for (const p of [...used, ...tokens, ...timeTokens]) expect(formatWallClock(d, p)).toBe(format(d, p));
      }),
      { numRuns: 500 },
    );
  });

  it("writes any pattern of the supported tokens, literals and quoted text as date-fns's format does", () => {
    fc.assert(
      fc.property(anyDate, pattern, (d, p) => {
        expect(formatWallClock(d, p)).toBe(format(d, p));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the spec's forms", () => {
    const d = new Date(2025, 5, 1, 13, 5, 9);
    expect(formatWallClock(d, 'MMMM d, yyyy')).toBe('June 1, 2025');
    expect(formatWallClock(d, 'EEEE h:mm a')).toBe('Sunday 1:05 PM');
    expect(formatWallClock(new Date(2025, 0, 9, 0, 30), 'MMM d, yyyy h:mm a')).toBe('Jan 9, 2025 12:30 AM');
    expect(formatWallClock(d, "'Wk of' MMM d")).toBe('Wk of Jun 1');
  });

  it('refuses a token beyond the subset, and an invalid date, as date-fns does', () => {
    const d = new Date(2025, 5, 1);
    for (const p of ['Q', 'do', 'MMMMM', 'ddd', 'yyyyy', 'hhh', 'aaa', 'b', 'x']) {
      expect(() => formatWallClock(d, p), p).toThrow(RangeError);
    }
    expect(() => formatWallClock(new Date(Number.NaN), 'd')).toThrow(RangeError);
    expect(() => format(new Date(Number.NaN), 'd')).toThrow(RangeError);
  });
});
