import type { Bet } from '@shared/bet';
import { describe, expect, it } from 'vitest';
import { addBetDefaults, addBetFormSchema, betPayload, customRacePayload } from './add-bet-form';
import { betRows, DEFAULT_SORT, nextSort } from './bet-rows';

const valid = {
  ...addBetDefaults(100),
  memberId: '3',
  venue: 'Randwick',
  raceNumber: '5',
  horseName: 'Winx',
  odds: '3.5',
};
const messages = (values: unknown) =>
  addBetFormSchema.safeParse(values).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('Add Bet form checks (spec §5)', () => {
  it('shows every message on an empty submit', () => {
    expect(messages({ ...addBetDefaults(undefined) })).toEqual([
      'memberId: Please select a member',
      'horseName: Horse name is required',
      'venue: Please provide venue and race number',
      'odds: Odds are required',
      'amount: Amount is required',
    ]);
  });

  it('refuses non-positive odds and amounts, and a second bet of the same type', () => {
    expect(messages({ ...valid, odds: '-1', amount: 'abc', secondBetType: 'win' })).toEqual([
      'odds: Odds must be a positive number',
      'amount: Amount must be a positive number',
      'secondBetType: Second bet type must be different from the first',
    ]);
    expect(messages({ ...valid, odds: '', amount: '', secondBetType: 'place', secondOdds: '0' })).toEqual([
      'odds: Odds are required',
      'amount: Amount is required',
      'secondOdds: Odds must be a positive number',
      'secondAmount: Amount is required for second bet',
    ]);
  });

  it('needs a race id when the custom race is off', () => {
    expect(messages({ ...valid, customRace: false, venue: '', raceNumber: '' })).toEqual([
      'raceId: Please select a race',
    ]);
  });
});

describe('payloads (spec §7)', () => {
  const now = new Date('2025-03-01T02:00:00.000Z');

  it('names a custom race and falls back for missing parts', () => {
    expect(customRacePayload(valid, () => 'x', now)).toEqual({
      name: 'Randwick - Race 5',
      venue: 'Randwick',
      date: now.toISOString(),
      description: 'Race 5 at Randwick',
      raceNumber: 5,
    });
    const bare = customRacePayload({ venue: '', raceNumber: '', raceName: '', raceDate: '' }, () => 'x', now);
    expect(bare).toMatchObject({
      name: 'Unknown venue - Race 1',
      venue: 'Unknown venue',
      description: 'Race 1 at Unknown venue',
    });
    expect(
      customRacePayload({ ...valid, raceName: 'Cup', raceDate: '2025-03-04' }, (d) => `${d}!`, now),
    ).toMatchObject({
      name: 'Cup',
      date: '2025-03-04!',
    });
  });

  it('sends a single bet, or `bets` with the first bet’s values filling empty second ones', () => {
    expect(betPayload(valid, 9, now)).toEqual({
      memberId: 3,
      horseName: 'Winx',
      status: 'pending',
      date: now.toISOString(),
      raceId: 9,
      oddsType: 'fixed',
      betType: 'win',
      odds: 3.5,
      amount: 100,
    });
    const two = betPayload({ ...valid, secondBetType: 'place', secondOdds: '1.4' }, 9, now);
    expect(two).not.toHaveProperty('betType');
    expect(two.bets).toEqual([
      { betType: 'win', odds: 3.5, amount: 100 },
      { betType: 'place', odds: 1.4, amount: 100 },
    ]);
  });

  it('sends advanced fields only while shown and filled, numbers as numbers', () => {
    const advanced = { ...valid, horseNumber: '4', jockey: ' J. Kah ', barrier: '', trainer: '' };
    expect(betPayload(advanced, 9, now)).not.toHaveProperty('horseNumber');
    expect(betPayload({ ...advanced, showAdvanced: true }, 9, now)).toMatchObject({
      horseNumber: 4,
      jockey: 'J. Kah',
    });
    expect(betPayload({ ...advanced, showAdvanced: true }, 9, now)).not.toHaveProperty('barrier');
  });
});

describe('table rows (spec §2)', () => {
  const bet = (id: number, over: Partial<Bet>): Bet => ({
    id,
    memberId: 1,
    raceId: 1,
    betGroupId: null,
    horseName: `H${id}`,
    betType: 'win',
    odds: 2,
    amount: 10,
    oddsType: 'fixed',
    status: 'pending',
    result: null,
    date: `2025-01-0${id}T00:00:00.000Z`,
    horseNumber: null,
    jockey: null,
    trainer: null,
    weight: null,
    barrier: null,
    silkColor: null,
    race: null,
    member: { id: 1, name: 'A', initials: 'A' },
    placeTerms: null,
    placeOdds: null,
    position: null,
    deadHeat: null,
    dividend: null,
    placeDividend: null,
    rule4: null,
    ...over,
  });

  it('toggles the active column and starts a new one ascending', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'date', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'date')).toEqual({ column: 'date', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'odds')).toEqual({ column: 'odds', direction: 'asc' });
  });

  it('folds groups and filters rows by status', () => {
    // In the server's order: rows keep it, a group at its first part's place.
    const bets = [
      bet(4, {}),
      bet(3, { betGroupId: 'g', status: 'loss', result: -10 }),
      bet(1, { status: 'win', result: 10 }),
      bet(2, { betGroupId: 'g', status: 'win', result: 10 }),
    ];
    const rows = betRows(bets, 'all');
    expect(rows.map((r) => (r.kind === 'single' ? r.bet.id : r.betGroupId))).toEqual([4, 'g', 1]);
    expect(betRows(bets, 'loss').map((r) => r.kind)).toEqual(['group']); // mixed group
    expect(betRows(bets, 'pending')).toHaveLength(1);
  });

  it('keeps a bet that two pages both hold once, at its first place', () => {
    const bets = [
      bet(5, {}),
      bet(7, { status: 'win', result: 3 }),
      bet(6, {}),
      bet(7, { status: 'win', result: 3 }),
    ];
    expect(betRows(bets, 'all').map((r) => (r.kind === 'single' ? r.bet.id : r.betGroupId))).toEqual([
      5, 7, 6,
    ]);
  });

  it('lists a group under placed or void when one of its parts is', () => {
    const bets = [
      bet(5, { betGroupId: 'h', status: 'placed', result: 1 }),
      bet(4, { betGroupId: 'h', status: 'win', result: 10 }),
      bet(3, { status: 'void', result: 0 }),
      bet(2, { betGroupId: 'g', betType: 'each-way', status: 'placed', result: 2 }),
      bet(1, { betGroupId: 'g', betType: 'win', status: 'loss', result: -10 }),
    ];
    const keys = (filter: Parameters<typeof betRows>[1]) =>
      betRows(bets, filter).map((r) => (r.kind === 'single' ? r.bet.id : r.betGroupId));
    expect(keys('placed')).toEqual(['h', 'g']);
    expect(keys('void')).toEqual([3]);
    expect(keys('win')).toEqual(['h']); // 'g' (loss + placed) is mixed and has no win part
  });
});
