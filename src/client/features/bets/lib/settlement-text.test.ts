import { describe, expect, it } from 'vitest';
import { formatExactOdds, partLine, shareText } from './settlement-text';

const money = (d: number) => `$${d.toFixed(2)}`;

describe('settlement preview text', () => {
  it('shows odds with two places unless a place fraction needs more', () => {
    expect(formatExactOdds(2)).toBe('2.00');
    expect(formatExactOdds(1.75)).toBe('1.75');
    expect(formatExactOdds(1 + 4.5 / 6)).toBe('1.75'); // exact, so two places
    expect(formatExactOdds(1 + 2.5 / 3)).toBe('1.833');
  });

  it('writes dead-heat shares as fractions', () => {
    expect(shareText(1)).toBe('');
    expect(shareText(0.5)).toBe('1/2');
    expect(shareText(1 / 3)).toBe('1/3');
    expect(shareText(2 / 3)).toBe('2/3');
  });

  it('describes paid, dead-heat and lost parts (docs/settlement.md worked example)', () => {
    expect(partLine({ part: 'win', stake: 500, odds: 5, share: 1, returns: 2500 }, true, money)).toBe(
      'Win half: $5.00 at 5.00 → $25.00',
    );
    expect(partLine({ part: 'place', stake: 500, odds: 2, share: 1 / 3, returns: 333.33 }, true, money)).toBe(
      'Place half: $5.00 at 2.00, dead heat 1/3 paid → $3.33',
    );
    expect(partLine({ part: 'win', stake: 1000, odds: 3, share: 0, returns: 0 }, false, money)).toBe(
      'Win: $10.00 at 3.00 — lost',
    );
  });
});
