import { describe, expect, it } from 'vitest';
import { betParts, createBetSchema, settleBetSchema, updateBetSchema } from './bet';

const base = { memberId: 1, horseName: 'Phar Lap', raceId: 2 };
const messages = (input: unknown) =>
  createBetSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('bet schemas', () => {
  it('reads a single bet as one part, type win and odds type fixed by default', () => {
    const parsed = createBetSchema.parse({ ...base, odds: 3.25, amount: 10 });
    expect(parsed.oddsType).toBe('fixed');
    expect(betParts(parsed)).toEqual([{ betType: 'win', odds: 3.25, amount: 10 }]);
  });

  it('reads a two-part bet from `bets`, ignoring top-level odds and amount', () => {
    const parsed = createBetSchema.parse({
      ...base,
      odds: 99,
      bets: [
        { betType: 'win', odds: 4.5, amount: 10 },
        { betType: 'each-way', odds: 1.8, amount: 20 },
      ],
    });
    expect(betParts(parsed).map((p) => p.betType)).toEqual(['win', 'each-way']);
  });

  it('turns blank optional text into null and trims the horse name', () => {
    const parsed = createBetSchema.parse({ ...base, horseName: '  Winx ', odds: 2, amount: 5, jockey: ' ' });
    expect(parsed).toMatchObject({ horseName: 'Winx', jockey: null, trainer: null, horseNumber: null });
  });

  it('gives the spec messages', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        'Please select a member',
        'Horse name is required',
        'Odds are required',
        'Amount is required',
      ]),
    );
    expect(messages({ ...base, odds: Number.NaN, amount: Number.POSITIVE_INFINITY })).toEqual([
      'Odds must be a positive number',
      'Amount must be a positive number',
    ]);
    expect(
      messages({
        ...base,
        bets: [
          { betType: 'place', odds: 2, amount: 1 },
          { betType: 'place', odds: 2, amount: 1 },
        ],
      }),
    ).toEqual(['Second bet type must be different from the first']);
    expect(
      messages({ ...base, bets: [{ betType: 'win', odds: 2, amount: 1 }, { betType: 'place' }] }),
    ).toEqual(['Odds are required for second bet', 'Amount is required for second bet']);
    expect(messages(null)).toHaveLength(1);
  });

  it('edit and settle schemas drop what the server keeps for itself', () => {
    const edit = updateBetSchema.parse({
      horseName: 'A',
      odds: 2,
      amount: 3,
      memberId: 9,
      status: 'win',
      result: 4,
    });
    expect(edit).not.toHaveProperty('memberId');
    expect(edit).not.toHaveProperty('status');
    expect(edit).not.toHaveProperty('result');
    expect(edit).toMatchObject({ betType: 'win', oddsType: 'fixed' });
    expect(settleBetSchema.safeParse({ status: 'pending' }).success).toBe(true);
    expect(settleBetSchema.safeParse({ status: 'settled' }).success).toBe(false);
  });
});
