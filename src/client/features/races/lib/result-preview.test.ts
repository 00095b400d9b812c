import type { Bet } from '@shared/bet';
import type { RaceDetail } from '@shared/race';
import { type RaceResultInput, raceResultSchema, type StoredRaceResult } from '@shared/race-result';
import { describe, expect, it } from 'vitest';
import { testBet } from '@/features/bets/lib/test-bet';
import { previewResult, previousResultBetIds } from './result-preview';

const race = (over: Partial<RaceDetail> = {}): RaceDetail => ({
  id: 1,
  name: 'Result Stakes',
  venue: 'Flemington',
  date: '2030-01-01T04:00:00.000Z',
  description: null,
  meetingNumber: null,
  raceNumber: null,
  distance: null,
  raceType: null,
  trackCondition: null,
  customFields: null,
  result: null,
  runners: null,
  resultBetIds: [],
  ...over,
});

const result = (input: RaceResultInput) => raceResultSchema.parse(input);

// The browser journey's race: field size unknown (3 places at 1/5 by default; 4 paid here).
const bets: Bet[] = [
  testBet({ id: 1, horseName: 'Alpha Dancer', odds: 4, amount: 10 }),
  testBet({ id: 2, horseName: 'Beta Dancer', odds: 6, amount: 10 }),
  testBet({ id: 3, horseName: 'Ocean Park', betType: 'each-way', odds: 11, amount: 10 }),
  testBet({ id: 4, horseName: 'Delta Queen', betType: 'place', odds: 2.5, amount: 20 }),
  testBet({ id: 5, horseName: 'Echo Point', amount: 10 }),
  testBet({ id: 6, horseName: 'Golf Course', odds: 8, amount: 10 }),
  testBet({ id: 7, horseName: 'Zeta Typo', amount: 10 }),
  // Settled by hand, its horse not in the result: the result leaves it alone.
  testBet({ id: 8, horseName: 'Hand Settled', status: 'loss', result: -10 }),
  // Another race's bet.
  testBet({ id: 9, raceId: 2, horseName: 'Alpha Dancer' }),
];

const journey = {
  finishers: [
    { position: 1, horseName: 'alpha dancer' },
    { position: 1, horseName: 'Beta Dancer (IRE)' },
    { position: 3, horseName: 'Ocean Park' },
    { position: 4, horseName: 'Delta Queen' },
    { position: 5, horseName: 'Golf Course' },
  ],
  nonRunners: [{ horseName: 'Echo Point' }],
  placesPaid: 4,
};

const outcome = (p: ReturnType<typeof previewResult>) =>
  p.rows.map((r) => ({ id: r.bet.id, kind: r.kind, status: r.status, result: r.result }));

describe('Enter result preview (the server’s plan)', () => {
  it('settles the dead heat, the each-way and place bets, the non-runner and the loser; the unknown horse stays pending', () => {
    const preview = previewResult(bets, race(), result(journey));
    expect(outcome(preview)).toEqual([
      // Dead heat for 1st, 2 ways: half the stake at the odds → $5 × 4.00 = $20 back on $10.
      { id: 1, kind: 'settle', status: 'win', result: 10 },
      { id: 2, kind: 'settle', status: 'win', result: 20 },
      // Each-way 3rd, 4 places at 1/5: the $5 place half at 1 + 10/5 = 3.00 → $15 back.
      { id: 3, kind: 'settle', status: 'placed', result: 5 },
      // Place bet 4th of 4 paid places: $20 × 2.50.
      { id: 4, kind: 'settle', status: 'win', result: 30 },
      { id: 5, kind: 'settle', status: 'void', result: 0 },
      { id: 6, kind: 'settle', status: 'loss', result: -10 },
      { id: 7, kind: 'unmatched', status: 'pending', result: null },
    ]);
    expect(preview).toMatchObject({ settled: 6, unmatched: 1, untouched: 1, net: 55 });
    expect(preview.rows.find((r) => r.bet.id === 3)?.returned).toBe(15);
  });

  it('applies Rule 4 to the fixed-odds winnings and the field: a runner not among the finishers loses', () => {
    const runners = ['Alpha Dancer', 'Zeta Typo'].map((horse, i) => ({
      number: i + 1,
      horse,
      jockey: null,
      trainer: null,
      weight: null,
      draw: null,
      silkColor: null,
    }));
    const preview = previewResult(
      bets.slice(0, 1).concat(bets[6]!),
      race({ runners }),
      result({ finishers: [{ position: 1, horseName: 'Alpha Dancer' }], rule4: 25 }),
    );
    // $10 at 4.00 wins $30, less 25c in the dollar → $22.50.
    expect(outcome(preview)).toEqual([
      { id: 1, kind: 'settle', status: 'win', result: 22.5 },
      { id: 7, kind: 'settle', status: 'loss', result: -10 },
    ]);
  });

  it('recognises the bets the stored result settled, and a correction re-settles them or sends them back to pending', () => {
    const stored: StoredRaceResult = {
      ...result(journey),
      enteredAt: '2030-01-01T05:00:00.000Z',
      source: 'manual',
    };
    const first = previewResult(bets, race(), result(journey));
    const settledBets = bets.map((b) => {
      const row = first.rows.find((r) => r.bet.id === b.id && r.kind === 'settle');
      return row ? { ...b, status: row.status, result: row.result } : b;
    });
    // The server lists the bets its stored result settled; a bet it no longer has is left out.
    const stakes = race({ result: stored, resultBetIds: [1, 2, 3, 4, 5, 6, 99] });
    expect([...previousResultBetIds(settledBets, stakes)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(previousResultBetIds(settledBets, race({ result: null, resultBetIds: [] })).size).toBe(0);

    // The same result again changes nothing.
    const again = previewResult(settledBets, stakes, result(journey));
    expect(again.rows.filter((r) => r.kind === 'settle').every((r) => r.unchanged && r.resettle)).toBe(true);

    // Corrected: Beta Dancer won alone, Alpha Dancer 2nd; Echo Point is no longer named.
    const corrected = previewResult(
      settledBets,
      stakes,
      result({
        ...journey,
        finishers: [
          { position: 1, horseName: 'Beta Dancer' },
          { position: 2, horseName: 'Alpha Dancer' },
          ...journey.finishers.slice(2),
        ],
        nonRunners: [],
      }),
    );
    expect(outcome(corrected)).toEqual([
      { id: 1, kind: 'settle', status: 'loss', result: -10 },
      { id: 2, kind: 'settle', status: 'win', result: 50 },
      { id: 3, kind: 'settle', status: 'placed', result: 5 },
      { id: 4, kind: 'settle', status: 'win', result: 30 },
      { id: 5, kind: 'back-to-pending', status: 'pending', result: null },
      { id: 6, kind: 'settle', status: 'loss', result: -10 },
      { id: 7, kind: 'unmatched', status: 'pending', result: null },
    ]);
    expect(corrected.rows.find((r) => r.bet.id === 1)).toMatchObject({ resettle: true, unchanged: false });
    expect(corrected.untouched).toBe(1);
  });
});
