import type { TopPerformer } from '@shared/stats';
import { describe, expect, it } from 'vitest';
import { placeLabel, rankPerformers } from './rank-order';

const p = (name: string, earnings: number, winRate: number, wins: number): TopPerformer => ({
  member: { id: name.length, name, initials: name.slice(0, 2), archived: false },
  earnings,
  winRate,
  wins,
  bets: wins * 2,
});

const list = [p('Ann', 50, 25, 1), p('Bob', 200, 50, 2), p('Cat', -20, 100, 3)];

describe('rankPerformers', () => {
  it('ranks by total winnings by default measure', () => {
    expect(rankPerformers(list, 'winnings').map((x) => x.member.name)).toEqual(['Bob', 'Ann', 'Cat']);
  });
  it('ranks by win rate', () => {
    expect(rankPerformers(list, 'winRate').map((x) => x.member.name)).toEqual(['Cat', 'Bob', 'Ann']);
  });
  it('ranks by number of wins', () => {
    expect(rankPerformers(list, 'wins').map((x) => x.member.name)).toEqual(['Cat', 'Bob', 'Ann']);
  });
  it('breaks ties with the other measures, then the name', () => {
    const tied = [p('Zed', 10, 50, 1), p('Amy', 10, 50, 1), p('Max', 10, 60, 1)];
    expect(rankPerformers(tied, 'winnings').map((x) => x.member.name)).toEqual(['Max', 'Amy', 'Zed']);
  });
  it('does not change its input', () => {
    const copy = [...list];
    rankPerformers(list, 'wins');
    expect(list).toEqual(copy);
  });
});

describe('placeLabel', () => {
  it('names the top three only', () => {
    expect([1, 2, 3, 4].map(placeLabel)).toEqual(['1st', '2nd', '3rd', null]);
  });
});
