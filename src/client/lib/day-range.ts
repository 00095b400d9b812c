// A "From … To …" pair of day inputs used as a filter (Insights, the audit log): checked in the
// browser with the API's own rule (shared/dates), so a day the API would refuse is shown under
// its field and never sent.
import { DATE_RANGE_MESSAGE, type DayKey, dateInputProblem, MAX_YEAR, MIN_YEAR } from '@shared/dates';

/** The days a date input offers (its min and max attributes): the API's years, 1900–2100. */
export const DAY_INPUT_LIMITS = { min: `${MIN_YEAR}-01-01`, max: `${MAX_YEAR}-12-31` } as const;

export const DAY_INVALID_MESSAGE = 'Date must be a valid date (YYYY-MM-DD)';
export const DAY_ORDER_MESSAGE = 'The end is before the start';

export interface DayRangeErrors {
  from?: string;
  to?: string;
}

function dayError(value: DayKey | undefined): string | undefined {
  if (!value) return undefined;
  const problem = dateInputProblem(value);
  return problem === 'range' ? DATE_RANGE_MESSAGE : problem === 'invalid' ? DAY_INVALID_MESSAGE : undefined;
}

/**
 * What is wrong with an optional from/to pair of days (empty means "open"): each day on its own,
 * then the order when both are good. An empty object when the range can be asked for.
 */
export function dayRangeErrors(from: DayKey | undefined, to: DayKey | undefined): DayRangeErrors {
  const errors: DayRangeErrors = {};
  const fromError = dayError(from);
  const toError = dayError(to);
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  else if (!fromError && from && to && from > to) errors.to = DAY_ORDER_MESSAGE;
  return errors;
}

export const hasDayRangeErrors = (errors: DayRangeErrors) =>
  errors.from !== undefined || errors.to !== undefined;
