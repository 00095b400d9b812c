import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streaksOf } from './service';

/** The streaks as a person reads them: split the statuses (newest first) into runs of one letter. */
function plainReading(statuses: string) {
  const runs = statuses.match(/W+|L+|P+/g) ?? [];
  const longest = (letter: string) =>
    Math.max(0, ...runs.filter((r) => r[0] === letter).map((r) => r.length));
  const newest = runs[0];
  return {
    current:
      newest && newest[0] !== 'P'
        ? { kind: newest[0] === 'W' ? ('win' as const) : ('loss' as const), length: newest.length }
        : null,
    longestWin: longest('W'),
    longestLoss: longest('L'),
  };
}

describe('streaksOf', () => {
  it('reads W, L and P runs, newest first', () => {
    expect(streaksOf('')).toEqual({ current: null, longestWin: 0, longestLoss: 0 });
    expect(streaksOf('WWPWLLL')).toEqual({
      current: { kind: 'win', length: 2 },
      longestWin: 2,
      longestLoss: 3,
    });
    expect(streaksOf('PWWW')).toEqual({ current: null, longestWin: 3, longestLoss: 0 });
    expect(streaksOf('LW')).toEqual({ current: { kind: 'loss', length: 1 }, longestWin: 1, longestLoss: 1 });
  });

  it('agrees with a plain reading for any sequence of statuses', () => {
    const letters = fc.array(fc.constantFrom('W', 'L', 'P'), { maxLength: 300 }).map((a) => a.join(''));
    fc.assert(
      fc.property(letters, (statuses) => {
        expect(streaksOf(statuses)).toEqual(plainReading(statuses));
      }),
      { numRuns: 2000 },
    );
  });
});
