// The largest-remainder split (docs/bank.md): exact sums, within one cent of each exact
// proportion, leftover cents to the largest remainders (ties to the earlier part), checked with
// BigInt arithmetic against random totals and weights.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestRemainderSplit } from './split';

const parts = (weights: readonly number[]) => weights.map((weight, key) => ({ key, weight }));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

const totalArb = fc.oneof(
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.integer({ min: -200, max: 200 }),
  fc.constant(0),
);
const weightArb = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 10 }),
  fc.integer({ min: 0, max: 1_000_000_000_000 }),
);
const weightsArb = fc.array(weightArb, { minLength: 1, maxLength: 60 });

/** The exact proportions of |total| as rationals over the weights' sum (all zero: equal weights). */
function exact(total: number, weights: readonly number[]) {
  const ws = weights.some((w) => w > 0) ? weights.map(BigInt) : weights.map(() => 1n);
  const denominator = ws.reduce((a, b) => a + b, 0n);
  const abs = BigInt(Math.abs(total));
  return { denominator, numerators: ws.map((w) => abs * w) };
}

describe('largestRemainderSplit', () => {
  it('property: the parts sum exactly to the total', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const split = largestRemainderSplit(total, parts(weights));
        expect(split).toHaveLength(weights.length);
        expect(split.every(Number.isSafeInteger)).toBe(true);
        expect(sum(split)).toBe(total);
      }),
      { numRuns: 500 },
    );
  });

  it('property: each part is its exact proportion rounded down or up (within one cent)', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const split = largestRemainderSplit(total, parts(weights));
        const { denominator, numerators } = exact(total, weights);
        split.forEach((part, i) => {
          // |part| × Σw − |total| × w lies in (−Σw, Σw): |part − exact| < 1 cent.
          const diff = BigInt(Math.abs(part)) * denominator - numerators[i]!;
          expect(diff > -denominator && diff < denominator, `part ${i}`).toBe(true);
          // And more precisely: ⌊exact⌋ or ⌊exact⌋ + 1 (never rounded the other way), with the sign of the total.
          const floor = numerators[i]! / denominator;
          expect([floor, floor + 1n]).toContain(BigInt(Math.abs(part)));
          if (part !== 0) expect(Math.sign(part)).toBe(Math.sign(total));
        });
      }),
      { numRuns: 500 },
    );
  });

  it('property: leftover cents go to the largest remainders, ties to the earlier part', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const split = largestRemainderSplit(total, parts(weights));
        const { denominator, numerators } = exact(total, weights);
        const remainders = numerators.map((n) => n % denominator);
        const floors = numerators.map((n) => n / denominator);
        const gotCent = split.map((part, i) => BigInt(Math.abs(part)) > floors[i]!);
        for (let i = 0; i < split.length; i++) {
          if (!gotCent[i]) continue;
          expect(remainders[i]! > 0n, `part ${i} took a cent with no remainder`).toBe(true);
          for (let j = 0; j < split.length; j++) {
            if (gotCent[j]) continue;
            // i took a leftover cent and j did not: i's remainder is larger, or equal and i is earlier.
            const ok = remainders[i]! > remainders[j]! || (remainders[i] === remainders[j] && i < j);
            expect(ok, `part ${i} (remainder ${remainders[i]}) before part ${j} (${remainders[j]})`).toBe(
              true,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: equal weights give parts non-increasing in absolute value by index', () => {
    fc.assert(
      fc.property(
        totalArb,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 1_000_000_000_000 }),
        (total, n, weight) => {
          const split = largestRemainderSplit(total, parts(Array.from({ length: n }, () => weight)));
          for (let i = 1; i < n; i++)
            expect(Math.abs(split[i - 1]!)).toBeGreaterThanOrEqual(Math.abs(split[i]!));
          expect(Math.abs(split[0]!) - Math.abs(split[n - 1]!)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('property: all-zero weights split equally, the leftover cents to the earliest parts', () => {
    fc.assert(
      fc.property(totalArb, fc.integer({ min: 1, max: 60 }), (total, n) => {
        const split = largestRemainderSplit(total, parts(Array.from({ length: n }, () => 0)));
        const abs = Math.abs(total);
        const base = Math.floor(abs / n);
        const extra = abs % n;
        const sign = total < 0 ? -1 : 1;
        expect(split).toEqual(Array.from({ length: n }, (_, i) => (i < extra ? base + 1 : base) * sign + 0));
        // The same as any equal positive weights.
        expect(split).toEqual(largestRemainderSplit(total, parts(Array.from({ length: n }, () => 7))));
      }),
    );
  });

  it('property: a negative total is split as the negation of the positive one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), weightsArb, (total, weights) => {
        const positive = largestRemainderSplit(total, parts(weights));
        const negative = largestRemainderSplit(-total, parts(weights));
        expect(negative).toEqual(positive.map((x) => 0 - x));
      }),
      { numRuns: 300 },
    );
  });

  it('splits the examples of docs/bank.md and refuses bad input', () => {
    expect(largestRemainderSplit(-1000, parts([1, 1, 1]))).toEqual([-334, -333, -333]);
    expect(largestRemainderSplit(20000, parts([10000, 20000, 1]))).toEqual([6666, 13333, 1]);
    expect(largestRemainderSplit(0, [])).toEqual([]);
    expect(largestRemainderSplit(5, parts([0, 0]))).toEqual([3, 2]);
    expect(() => largestRemainderSplit(5, [])).toThrow(RangeError);
    expect(() => largestRemainderSplit(1.5, parts([1]))).toThrow(RangeError);
    expect(() => largestRemainderSplit(5, parts([-1, 2]))).toThrow(RangeError);
    expect(() => largestRemainderSplit(5, parts([0.5]))).toThrow(RangeError);
  });
});
