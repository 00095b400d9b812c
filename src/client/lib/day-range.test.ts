import { DATE_RANGE_MESSAGE } from '@shared/dates';
import { describe, expect, it } from 'vitest';
import { DAY_INVALID_MESSAGE, DAY_ORDER_MESSAGE, dayRangeErrors, hasDayRangeErrors } from './day-range';

describe('dayRangeErrors', () => {
  it('accepts open and ordered ranges', () => {
    expect(dayRangeErrors(undefined, undefined)).toEqual({});
    expect(dayRangeErrors('2026-01-01', undefined)).toEqual({});
    expect(dayRangeErrors(undefined, '2026-01-01')).toEqual({});
    expect(dayRangeErrors('2026-01-01', '2026-01-01')).toEqual({});
    expect(dayRangeErrors('1900-01-01', '2100-12-31')).toEqual({});
  });

  it('refuses a day outside the years the API takes, under its own field', () => {
    expect(dayRangeErrors('0001-01-01', '2026-01-01')).toEqual({ from: DATE_RANGE_MESSAGE });
    expect(dayRangeErrors('2026-01-01', '2101-01-01')).toEqual({ to: DATE_RANGE_MESSAGE });
    expect(hasDayRangeErrors(dayRangeErrors('1899-12-31', undefined))).toBe(true);
  });

  it('refuses what is not a day, and an end before the start', () => {
    expect(dayRangeErrors('2026-02-30', undefined)).toEqual({ from: DAY_INVALID_MESSAGE });
    expect(dayRangeErrors('2026-02-01', '2026-01-31')).toEqual({ to: DAY_ORDER_MESSAGE });
    expect(hasDayRangeErrors({})).toBe(false);
  });
});
