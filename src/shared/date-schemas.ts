// The zod schemas for date and time-zone inputs, apart from src/shared/dates.ts so that code
// which only formats dates (the client's dashboard path) does not pull zod in.
import { z } from 'zod';
import {
  canonicalTimeZone,
  DATE_RANGE_MESSAGE,
  dateInputProblem,
  isValidTimeZone,
  MAX_YEAR,
  MIN_YEAR,
  TIME_ZONE_MAX,
  TIME_ZONE_MESSAGE,
} from './dates';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * A time zone input: an IANA name the runtime knows, stored in its canonical spelling
 * ('europe/london' → 'Europe/London', 'US/Eastern' → 'America/New_York', 'UTC' stays).
 */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(TIME_ZONE_MAX, TIME_ZONE_MESSAGE)
  .refine((zone) => ZONE_NAME.test(zone) && isValidTimeZone(zone), TIME_ZONE_MESSAGE)
  .transform(canonicalTimeZone)
  .describe('An IANA time zone name, e.g. Australia/Sydney; stored in its canonical spelling.');

/**
 * A date input: trimmed, a day or an ISO date-time (see parseDateInput), the year as written
 * between MIN_YEAR and MAX_YEAR (else DATE_RANGE_MESSAGE). The value stays the string sent;
 * the server reads it with `instantOf` or `dayOf` in the syndicate's time zone.
 */
export function dateInputSchema(messages: { required: string; invalid: string }, maxYear = MAX_YEAR) {
  const rangeMessage =
    maxYear === MAX_YEAR ? DATE_RANGE_MESSAGE : `Date must be between ${MIN_YEAR} and ${maxYear}`;
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const problem = dateInputProblem(value, maxYear);
      if (problem)
        ctx.addIssue({ code: 'custom', message: problem === 'range' ? rangeMessage : messages.invalid });
    })
    .describe(
      `A day (YYYY-MM-DD) or an ISO 8601 date-time with Z or an offset; year ${MIN_YEAR}–${maxYear}. A day is read in the syndicate's time zone.`,
    );
}
