import { describe, expect, it } from 'vitest';
import { balanceHistory, canReverse, dayMs, dayOfMs, timeAxis } from './balance-history';

describe('balanceHistory', () => {
  it('walks back from the balance, one point per day, oldest first', () => {
    const entries = [
      { date: '2026-03-03', amount: -5 },
      { date: '2026-03-02', amount: 20.1 },
      { date: '2026-03-02', amount: 10 },
      { date: '2026-03-01', amount: 50 },
    ];
    expect(balanceHistory(75.1, entries, true)).toEqual([
      { date: '2026-02-28', balance: 0 },
      { date: '2026-03-01', balance: 50 },
      { date: '2026-03-02', balance: 80.1 },
      { date: '2026-03-03', balance: 75.1 },
    ]);
  });

  it('does not invent a zero start when older entries were not fetched', () => {
    expect(balanceHistory(100, [{ date: '2026-03-02', amount: 10 }], false)).toEqual([
      { date: '2026-03-02', balance: 100 },
    ]);
  });

  it('is empty without entries', () => {
    expect(balanceHistory(0, [], true)).toEqual([]);
  });
});

describe('canReverse', () => {
  it('refuses allocations, reversals and reversed entries', () => {
    expect(canReverse({ type: 'contribution', reversedById: null })).toBe(true);
    expect(canReverse({ type: 'contribution', reversedById: 3 })).toBe(false);
    expect(canReverse({ type: 'allocation', reversedById: null })).toBe(false);
    expect(canReverse({ type: 'reversal', reversedById: null })).toBe(false);
  });
});

describe('timeAxis', () => {
  const at = (...dates: string[]) => dates.map((date) => ({ date, balance: 0 }));

  it('spreads whole-day ticks across the span, first and last included', () => {
    const axis = timeAxis(at('2026-01-01', '2026-01-05', '2026-01-31'));
    expect(axis.domain).toEqual([dayMs('2026-01-01'), dayMs('2026-01-31')]);
    expect(axis.ticks.map(dayOfMs)).toEqual(['2026-01-01', '2026-01-11', '2026-01-21', '2026-01-31']);
    expect(axis.withYear).toBe(false);
  });

  it('names the year when the history crosses into another year', () => {
    const axis = timeAxis(at('2024-12-30', '2025-01-02'));
    expect(axis.withYear).toBe(true);
    expect(axis.ticks.map(dayOfMs)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
  });

  it('widens a single day to a day either side', () => {
    const axis = timeAxis(at('2026-03-02'));
    expect(axis.ticks.map(dayOfMs)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });

  it('round-trips days through dayMs', () => {
    expect(dayOfMs(dayMs('1999-12-31'))).toBe('1999-12-31');
    expect(dayOfMs(dayMs('2026-03-02') + 3_600_000)).toBe('2026-03-02');
  });
});
