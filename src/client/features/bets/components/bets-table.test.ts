import { groupBets } from '@shared/bet-group';
import { describe, expect, it } from 'vitest';
import { bindFormat } from '@/lib/format';
import { betLines } from '../lib/bet-lines';
import { testBet } from '../lib/test-bet';
import { moneyColumnsExtra } from './bets-table';

describe('moneyColumnsExtra', () => {
  const usd = bindFormat('usd', 'UTC').money;
  const nzd = bindFormat('nzd', 'UTC').money;
  const extra = (bets: Parameters<typeof testBet>[0][], money = usd, expanded: string[] = []) => {
    const style = moneyColumnsExtra(
      betLines(groupBets(bets.map(testBet)), new Set(expanded)),
      money,
    ) as Record<string, string>;
    return [
      Number.parseFloat(style['--amount-extra'] ?? ''),
      Number.parseFloat(style['--result-extra'] ?? ''),
    ];
  };

  it('adds nothing for the figures the columns hold', () => {
    expect(extra([{ id: 1, amount: 10_000, result: -10_000, status: 'loss' }])).toEqual([0, 0]);
    expect(extra([{ id: 1, amount: 2_000, result: 698_000, status: 'win' }])).toEqual([0, 0]);
    expect(extra([])).toEqual([0, 0]);
  });

  it('widens each column by the longest figure loaded, a loss as much as a win', () => {
    const [amount, result] = extra([
      { id: 1, amount: 1_000_000, result: 9_999_000_000, status: 'win' },
      { id: 2, amount: 5, result: null, status: 'pending' },
    ]);
    // "$1,000,000.00" is 2.55 digits' widths over "$10,000.00"; "+$9,999,000,000.00" 5.1 over "+$698,000.00".
    expect(amount).toBeCloseTo(2.55 * 0.55, 2);
    expect(result).toBeCloseTo(5.1 * 0.55, 2);
    expect(extra([{ id: 1, amount: 5, result: -9_999_000_000, status: 'loss' }])[1]).toBe(result);
  });

  it("counts a group's stake as its parts' sum, and a symbol's letters", () => {
    const group = [
      { id: 1, betGroupId: 'g', amount: 600_000, result: null, status: 'pending' as const },
      {
        id: 2,
        betGroupId: 'g',
        amount: 600_000,
        result: null,
        status: 'pending' as const,
        betType: 'place' as const,
      },
    ];
    expect(extra(group)[0]).toBeCloseTo(
      extra([{ id: 3, amount: 1_200_000, result: null, status: 'pending' }])[0]!,
      5,
    );
    expect(extra([{ id: 1, amount: 1_000, result: 698_000, status: 'win' }], nzd)[1]).toBeCloseTo(
      2.4 * 0.55,
      2,
    );
  });
});
