import { describe, expect, it } from 'vitest';
import { periodRange, rangeQuery, timelineInterval } from './period';

describe('periodRange', () => {
  const today = '2026-11-25';
  it('gives each named period its days, inclusive, ending today', () => {
    expect(periodRange('month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(periodRange('30d', today)).toEqual({ from: '2026-10-27', to: today });
    expect(periodRange('90d', today)).toEqual({ from: '2026-08-28', to: today });
    expect(periodRange('year', today)).toEqual({ from: '2026-01-01', to: today });
    expect(periodRange('all', today)).toEqual({});
  });
  it('crosses month and leap-year ends', () => {
    expect(periodRange('30d', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(periodRange('month', '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
  it('uses the picked days for Custom, leaving out what was not picked', () => {
    expect(periodRange('custom', today, { from: '2026-01-05' })).toEqual({ from: '2026-01-05' });
    expect(periodRange('custom', today, { from: '2026-01-05', to: '2026-02-01' })).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
  });
});

describe('timelineInterval', () => {
  it('picks days, weeks or months by the length of the range', () => {
    expect(timelineInterval({ from: '2026-11-01', to: '2026-11-25' }, '2026-11-25')).toBe('day');
    expect(timelineInterval({ from: '2026-08-28', to: '2026-11-25' }, '2026-11-25')).toBe('week');
    expect(timelineInterval({ from: '2026-01-01' }, '2026-11-25')).toBe('week');
    expect(timelineInterval({ from: '2020-01-01' }, '2026-11-25')).toBe('month');
    expect(timelineInterval({}, '2026-11-25')).toBe('month');
  });
});

describe('rangeQuery', () => {
  it('builds the query string, skipping what is unset', () => {
    expect(rangeQuery({})).toBe('');
    expect(rangeQuery({ from: '2026-11-01', to: '2026-11-25' }, { memberId: 4, by: undefined })).toBe(
      '?from=2026-11-01&to=2026-11-25&memberId=4',
    );
  });
});
