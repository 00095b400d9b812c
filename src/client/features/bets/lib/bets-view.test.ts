import { BET_SORT_COLUMNS, BET_STATUSES } from '@shared/bet-status';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betsFilterOf, betsViewFromSearch, betsViewSearch, DEFAULT_VIEW } from './bets-view';

describe('the bets page view in its address', () => {
  it('plain /bets is the default view, and the default view writes nothing', () => {
    expect(betsViewFromSearch('')).toEqual(DEFAULT_VIEW);
    expect(betsViewSearch(DEFAULT_VIEW)).toBe('');
    expect(betsViewSearch({ ...DEFAULT_VIEW, sort: { column: 'date', direction: 'desc' } })).toBe('');
  });

  it('reads every part, with or without the ?', () => {
    const view = betsViewFromSearch('?status=win&member=7&from=2030-01-01&to=2030-02-01&q=Winx&sort=-amount');
    expect(view).toEqual({
      status: 'win',
      memberId: 7,
      from: '2030-01-01',
      to: '2030-02-01',
      q: 'Winx',
      sort: { column: 'amount', direction: 'desc' },
    });
    expect(betsViewFromSearch('sort=horse').sort).toEqual({ column: 'horse', direction: 'asc' });
  });

  it('ignores what the page would not offer', () => {
    expect(
      betsViewFromSearch(`status=won&member=-3&from=yesterday&to=2030-13-45&sort=price&q=${'a'.repeat(150)}`),
    ).toEqual({ ...DEFAULT_VIEW, q: 'a'.repeat(100) });
    expect(betsViewFromSearch('member=1.5').memberId).toBeUndefined();
    expect(betsViewFromSearch('from=2030-02-30&to=2030-02-28')).toMatchObject({
      from: undefined,
      to: '2030-02-28',
    });
    expect(betsViewFromSearch('member=abc&sort=--date').memberId).toBeUndefined();
    expect(betsViewFromSearch('sort=--date').sort).toEqual(DEFAULT_VIEW.sort);
  });

  it('a backwards range is not asked of the server', () => {
    const view = { ...DEFAULT_VIEW, from: '2030-03-01', to: '2030-02-01' };
    expect(betsFilterOf(view)).toMatchObject({ from: undefined, to: undefined });
    expect(betsFilterOf({ ...view, to: '2030-03-01' })).toMatchObject({
      from: '2030-03-01',
      to: '2030-03-01',
    });
  });

  it('round trip: any view written to the address reads back the same', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const view = fc.record({
      status: fc.constantFrom('all' as const, ...BET_STATUSES),
      memberId: fc.option(fc.integer({ min: 1, max: 2_147_483_647 }), { nil: undefined }),
      from: fc.option(day, { nil: undefined }),
      to: fc.option(day, { nil: undefined }),
      q: fc.string({ maxLength: 100 }).map((s) => s.trim()),
      sort: fc.record({
        column: fc.constantFrom(...BET_SORT_COLUMNS),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
    });
    fc.assert(
      fc.property(view, (v) => {
        expect(betsViewFromSearch(betsViewSearch(v))).toEqual(v);
      }),
    );
  });
});
