import type { BreakdownRow } from '@shared/insights';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, nextSort, sortRows } from './breakdown-sort';

const row = (label: string, profit: number, roi: number | null, bets = 1): BreakdownRow => ({
  key: label,
  label,
  bets,
  settled: bets,
  wins: 0,
  strikeRate: roi === null ? null : 0,
  staked: 10,
  returned: 10 + profit,
  profit,
  roi,
});

describe('sortRows', () => {
  const rows = [
    row('Rosehill', 160, 4),
    row('unknown', 20, null),
    row('Ascot', 5, 0.5),
    row('ascot b', 5, 0.5),
  ];
  it('orders by a figure either way, empty figures last', () => {
    expect(sortRows(rows, { key: 'roi', dir: 'desc' }).map((r) => r.label)).toEqual([
      'Rosehill',
      'Ascot',
      'ascot b',
      'unknown',
    ]);
    expect(sortRows(rows, { key: 'roi', dir: 'asc' }).map((r) => r.label)).toEqual([
      'Ascot',
      'ascot b',
      'Rosehill',
      'unknown',
    ]);
  });
  it('orders names ignoring case, and keeps ties in the API order', () => {
    expect(sortRows(rows, { key: 'label', dir: 'asc' }).map((r) => r.label)).toEqual([
      'Ascot',
      'ascot b',
      'Rosehill',
      'unknown',
    ]);
    expect(sortRows(rows, DEFAULT_SORT).map((r) => r.label)).toEqual([
      'Rosehill',
      'unknown',
      'Ascot',
      'ascot b',
    ]);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts a new one descending (names ascending)', () => {
    expect(nextSort(DEFAULT_SORT, 'profit')).toEqual({ key: 'profit', dir: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'bets')).toEqual({ key: 'bets', dir: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'label')).toEqual({ key: 'label', dir: 'asc' });
  });
});
