import { describe, expect, it } from 'vitest';
import { percentChange, winRate } from './stats';

describe('winRate', () => {
  it('is wins over settled bets in percent, exact, and 0 with none settled', () => {
    expect(winRate(0, 0)).toBe(0);
    expect(winRate(1, 4)).toBe(25);
    expect(winRate(1, 3)).toBeCloseTo(33.3333333, 6);
    expect(winRate(5, 5)).toBe(100);
  });
});

describe('percentChange', () => {
  it('compares this period with the previous one', () => {
    expect(percentChange(12, 10)).toBeCloseTo(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(0, 10)).toBe(-100);
  });

  it('is null without a base', () => {
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });

  it('reads a rise from a loss as positive', () => {
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(100, -100)).toBe(200);
    expect(percentChange(-200, -100)).toBe(-100);
  });
});
