// A complete Bet for the client's unit tests (the API's shape, major units), overridable per test.
import type { Bet } from '@shared/bet';

export function testBet(over: Partial<Bet> = {}): Bet {
  return {
    id: 1,
    memberId: 1,
    raceId: 1,
    betGroupId: null,
    horseName: 'Winx',
    betType: 'win',
    odds: 3,
    amount: 10,
    oddsType: 'fixed',
    status: 'pending',
    result: null,
    date: '2025-01-01T00:00:00.000Z',
    horseNumber: null,
    jockey: null,
    trainer: null,
    weight: null,
    barrier: null,
    silkColor: null,
    race: null,
    member: { id: 1, name: 'Alice', initials: 'A' },
    placeTerms: null,
    placeOdds: null,
    position: null,
    deadHeat: null,
    dividend: null,
    placeDividend: null,
    rule4: null,
    ...over,
  };
}
