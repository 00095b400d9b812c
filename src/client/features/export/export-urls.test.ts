import { describe, expect, it } from 'vitest';
import { betsCsvUrl } from './export-urls';

describe('betsCsvUrl', () => {
  it('exports every bet with no filter or "all"', () => {
    expect(betsCsvUrl()).toBe('/api/export/bets.csv');
    expect(betsCsvUrl({ status: 'all' })).toBe('/api/export/bets.csv');
  });

  it("passes the page's status filter as the API's status", () => {
    expect(betsCsvUrl({ status: 'pending' })).toBe('/api/export/bets.csv?status=pending');
    expect(betsCsvUrl({ status: 'void' })).toBe('/api/export/bets.csv?status=void');
  });

  it('adds the member and the days when given', () => {
    expect(betsCsvUrl({ status: 'win', memberId: 7, from: '2025-01-01', to: '2025-01-31' })).toBe(
      '/api/export/bets.csv?status=win&memberId=7&from=2025-01-01&to=2025-01-31',
    );
  });
});
