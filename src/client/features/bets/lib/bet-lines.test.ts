import { groupBets } from '@shared/bet-group';
import { describe, expect, it } from 'vitest';
import { betsPageUrl } from '../api/get-bets';
import { betLines } from './bet-lines';
import { testBet } from './test-bet';

describe('betLines', () => {
  const rows = groupBets([
    testBet({ id: 5, horseName: 'Solo' }),
    testBet({ id: 4, betGroupId: 'g', betType: 'place' }),
    testBet({ id: 3, betGroupId: 'g' }),
    testBet({ id: 2, horseName: 'Last' }),
  ]);

  it('is one line per row while no group is expanded', () => {
    expect(betLines(rows, new Set()).map((l) => l.key)).toEqual(['bet-5', 'group-g', 'bet-2']);
  });

  it("puts an expanded group's parts under it, first bet first", () => {
    const lines = betLines(rows, new Set(['g']));
    expect(lines.map((l) => l.key)).toEqual(['bet-5', 'group-g', 'part-3', 'part-4', 'bet-2']);
    expect(lines[2]).toMatchObject({ kind: 'part', bet: { id: 3 }, group: { betGroupId: 'g' } });
  });
});

describe('betsPageUrl', () => {
  it('asks for 50 with only the filters that are set', () => {
    expect(betsPageUrl({})).toBe('/api/bets?limit=50');
    expect(betsPageUrl({ status: 'win', q: '  élan  ' })).toBe('/api/bets?limit=50&status=win&q=%C3%A9lan');
    expect(betsPageUrl({ q: '   ' })).toBe('/api/bets?limit=50');
    // The default order is not spelt out (the prefetch and the page share one cache entry).
    expect(betsPageUrl({ sort: { column: 'date', direction: 'desc' } })).toBe('/api/bets?limit=50');
    expect(
      betsPageUrl({ sort: { column: 'amount', direction: 'desc' }, memberId: 7, from: '2030-01-01' }),
    ).toBe('/api/bets?limit=50&memberId=7&from=2030-01-01&sort=-amount');
    expect(betsPageUrl({ sort: { column: 'horse', direction: 'asc' } })).toBe(
      '/api/bets?limit=50&sort=horse',
    );
    expect(betsPageUrl({ raceId: 7, memberId: 2, from: '2025-01-01', to: '2025-01-31' }, 200)).toBe(
      '/api/bets?limit=200&memberId=2&raceId=7&from=2025-01-01&to=2025-01-31',
    );
  });
});
