// The bounded matcher (issue 13, item 3): the banded distance agrees with the full one, the caps
// hold, and a spent budget never costs an exact match. Matching quality is in intents.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget, editDistance, matchNames, nameCandidates, QUESTION_WORDS_MAX, wordMatch } from './fuzzy';
import { closestPhrases, findPhrase } from './phrases';

/** The textbook optimal-string-alignment distance, full matrix: the reference. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, (d[i - 2] as number[])[j - 2]! + 1);
    }
  return (d[a.length] as number[])[b.length]!;
}

// Small alphabets, so that swaps, repeats and near-misses are common.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', ' '), maxLength: 14 });

describe('editDistance', () => {
  it('property: unbounded, it is the optimal-string-alignment distance', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(reference(a, b));
      }),
    );
  });

  it('property: with max, it is the distance when ≤ max, else max + 1', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(reference(a, b), max + 1));
      }),
      { numRuns: 2000 },
    );
  });

  it('stops early: a long word against a short one costs no more than the band', () => {
    expect(editDistance('s'.repeat(4000), 'sabcdefg', 2)).toBe(3);
    expect(editDistance('abcdefgh'.repeat(500), 'abcdefgh'.repeat(500), 2)).toBe(0);
    expect(editDistance(`x${'abcdefgh'.repeat(500)}`, `y${'abcdefgh'.repeat(500)}`, 2)).toBe(1);
  });
});

describe('bounds', () => {
  it(`reads at most ${QUESTION_WORDS_MAX} distinct words of a question`, () => {
    const many = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    expect(nameCandidates(many)).toHaveLength(QUESTION_WORDS_MAX);
    expect(nameCandidates('carol carol carol Carol carol')).toEqual(['carol']);
  });

  it('a spent budget stops typo matching but never exact matches', () => {
    const spent = new Budget(0);
    expect(wordMatch('carol', 'carol', spent)).toBe(0);
    expect(wordMatch('carl', 'carol', spent)).toBeNull();
    expect(matchNames('how is carol', [{ id: 1, name: 'Carol Smith' }], new Budget(0))).toHaveLength(1);
    expect(findPhrase('bets on phar lap', 'Phar Lap', new Budget(0))).toBe(0);
    expect(findPhrase('bets on phar lop', 'Phar Lap', new Budget(0))).toBeNull();
    expect(findPhrase('bets on phar lop', 'Phar Lap')).toBe(1);
  });

  it('finds an exact mention after a question full of near misses (exact matches are free)', () => {
    const horses = Array.from({ length: 2000 }, (_, i) => `Sa${i.toString(36).padStart(4, 'q')} Sb${i}`);
    const noise = horses.map((h) => h.replace('Sa', 'Sz')).join(' ');
    // 61 words of near misses, then the horse: within the first QUESTION_WORDS_MAX words.
    const question = `on ${noise.split(' ').slice(0, 60).join(' ')} ${horses[1999]}`;
    expect(closestPhrases(question, horses, new Budget(1000))).toEqual({ distance: 0, indexes: [1999] });
  });

  it('a typo keeps the first letter of a phrase', () => {
    expect(findPhrase('bets on bhar lap', 'Phar Lap')).toBeNull();
    expect(findPhrase('bets on pharlap', 'Phar Lap')).toBe(1);
  });
});
