import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cents,
  fromCents,
  type Hundredths,
  hasAtMostTwoDecimals,
  settle,
  toCents,
  toHundredths,
} from './money';

describe('money', () => {
  it('converts dollars to cents and back exactly', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1234567.89)).toBe(123456789);
    expect(fromCents(toCents(19.99))).toBe(19.99);
  });

  it('refuses more than 2 decimals, NaN and infinities', () => {
    expect(() => toCents(1.005)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
  });

  it('property: any cents value survives JSON → cents → JSON exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
        const json = JSON.parse(JSON.stringify({ amount: fromCents(cents) })) as { amount: number };
        expect(toCents(json.amount)).toBe(cents);
        expect(JSON.stringify({ amount: fromCents(toCents(json.amount)) })).toBe(JSON.stringify(json));
      }),
    );
  });
});

describe('settlement', () => {
  it('win pays amount × odds − amount; loss costs the amount', () => {
    expect(settle(toCents(10), toHundredths(3.25), 'win')).toBe(2250);
    expect(settle(toCents(10), toHundredths(3.25), 'loss')).toBe(-1000);
  });

  it('rounds once, to the nearest cent', () => {
    // $3.33 at 1.55: 333 × 155 / 100 = 516.15 → 516 cents returned, profit 183 cents.
    expect(settle(333 as Cents, 155 as Hundredths, 'win')).toBe(183);
    // $0.05 at 1.10 = 5.5 cents returned → 6 (half up), profit 1 cent.
    expect(settle(5 as Cents, 110 as Hundredths, 'win')).toBe(1);
  });

  it('property: settlement never produces fractional cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('win' as const, 'loss' as const),
        (amount, odds, outcome) => {
          const result = settle(amount as Cents, odds as Hundredths, outcome);
          expect(Number.isSafeInteger(result)).toBe(true);
          if (outcome === 'loss') expect(result).toBe(-amount);
          else expect(result).toBeGreaterThanOrEqual(-amount);
        },
      ),
    );
  });
});
