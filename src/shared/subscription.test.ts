import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDayKey } from './dates';
import {
  addMonths,
  assignSubscriptionSchema,
  daysInMonth,
  isIsoDate,
  planInputSchema,
  subscriptionPhase,
} from './subscription';

const isoDate = fc
  .record({
    year: fc.integer({ min: 1900, max: 2100 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => {
    const d = Math.min(day, daysInMonth(year, month));
    return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });

describe('addMonths (end date = start + plan duration)', () => {
  it.each([
    ['2025-01-15', 1, '2025-02-15'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-03-31', 1, '2025-04-30'],
    ['2025-11-30', 3, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-12-01', 1, '2026-01-01'],
    ['2025-06-10', 120, '2035-06-10'],
  ])('%s + %i months → %s', (start, months, end) => {
    expect(addMonths(start, months)).toBe(end);
  });

  it('refuses what is not a date or whole months', () => {
    expect(() => addMonths('2025-1-1', 1)).toThrow(RangeError);
    expect(() => addMonths('2025-01-01', 1.5)).toThrow(RangeError);
  });

  it('property: the result is a real date, later, in the right month, never past the start day', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 120 }), (start, months) => {
        const end = addMonths(start, months);
        // A real day; it may pass 2100 (2100-06-01 + 120 months): only inputs are bounded.
        expect(parseDayKey(end)).not.toBeNull();
        expect(end > start).toBe(true);
        const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
        const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
        expect(ey * 12 + em - (sy * 12 + sm)).toBe(months);
        expect(ed).toBe(Math.min(sd, daysInMonth(ey, em)));
      }),
    );
  });

  it('property: adding months one by one never gets ahead of adding them at once', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (start, a, b) => {
          expect(addMonths(addMonths(start, a), b) <= addMonths(start, a + b)).toBe(true);
        },
      ),
    );
  });
});

describe('isIsoDate', () => {
  it('accepts real calendar days only, written YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-4-1')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2100-12-31')).toBe(true);
    expect(isIsoDate('2101-01-01')).toBe(false);
    expect(isIsoDate('2025-01-01T00:00:00Z')).toBe(false);
  });
});

describe('planInputSchema', () => {
  it('normalises a form: trimmed name, blank description → null, blank feature lines dropped', () => {
    const parsed = planInputSchema.parse({
      name: ' Gold ',
      price: 0,
      duration: 1,
      description: '  ',
      features: [' a ', '', 'b'],
    });
    expect(parsed).toEqual({ name: 'Gold', price: 0, duration: 1, description: null, features: ['a', 'b'] });
  });

  it('gives the spec’s messages', () => {
    const message = (input: object) =>
      planInputSchema.safeParse({ name: 'Gold', price: 1, duration: 1, ...input }).error?.issues[0]?.message;
    expect(message({ name: '' })).toBe('Name is required');
    expect(message({ price: -0.01 })).toBe('Price must be positive');
    expect(message({ duration: 0 })).toBe('Duration must be at least 1 month');
    expect(message({ price: Number.NaN })).toBe('Price must be positive');
    expect(message({})).toBeUndefined();
  });
});

describe('assignSubscriptionSchema', () => {
  it('reads a select’s string id, keeps the date, and tolerates a client end date that is a date', () => {
    expect(
      assignSubscriptionSchema.parse({ subscriptionId: '7', startDate: '2025-01-01', endDate: '2030-01-01' }),
    ).toEqual({
      subscriptionId: 7,
      startDate: '2025-01-01',
      endDate: '2030-01-01',
    });
    expect(
      assignSubscriptionSchema.parse({ subscriptionId: 7, startDate: '2026-11-22T00:00:00.000Z' }).startDate,
    ).toBe('2026-11-22T00:00:00.000Z');
    const bad = assignSubscriptionSchema.safeParse({
      subscriptionId: 7,
      startDate: '2025-01-01',
      endDate: 'x',
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['endDate'],
      message: 'End date must be a valid date (YYYY-MM-DD)',
    });
  });

  it('asks for a plan and a start date', () => {
    const message = (input: object) => assignSubscriptionSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ startDate: '2025-01-01' })).toBe('Please select a subscription');
    expect(message({ subscriptionId: 'abc', startDate: '2025-01-01' })).toBe('Please select a subscription');
    expect(message({ subscriptionId: 1 })).toBe('A start date is required');
  });
});

describe('subscriptionPhase (current while start ≤ today < end)', () => {
  const season = { startDate: '2025-01-01', endDate: '2026-01-01' };
  it.each([
    ['2024-12-31', 'upcoming'],
    ['2025-01-01', 'current'],
    ['2025-07-15', 'current'],
    ['2025-12-31', 'current'],
    ['2026-01-01', 'ended'],
    ['2030-05-05', 'ended'],
  ] as const)('on %s it is %s', (today, phase) => {
    expect(subscriptionPhase(season, today)).toBe(phase);
  });
});
