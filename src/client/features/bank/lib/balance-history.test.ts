import { describe, expect, it } from 'vitest';
import { balanceHistory, canReverse } from './balance-history';

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
