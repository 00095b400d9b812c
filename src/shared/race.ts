// Races: the API shapes and the add/edit schema (the calendar's Add Race form reuses it).
import { z } from 'zod';

export const RACE_NAME_MAX = 100;
export const VENUE_MAX = 100;
export const RACE_DESCRIPTION_MAX = 1000;
/** distance, raceType, trackCondition (free text, e.g. "1200m", "Maiden", "Good 4"). */
export const RACE_TEXT_MAX = 100;
/** Race and meeting numbers are small positive integers. */
export const RACE_NUMBER_MAX = 999;
export const CUSTOM_FIELDS_MAX = 20;
export const CUSTOM_FIELD_KEY_MAX = 50;
export const CUSTOM_FIELD_VALUE_MAX = 200;
/** Largest id PostgreSQL's int4 holds; larger ids cannot exist and are answered as not found. */
export const MAX_ID = 2_147_483_647;

/** A row id in a path: a positive integer (ids past MAX_ID are answered 404 by the service). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** True when the id can exist in an int4 column (so it may be sent to PostgreSQL). */
export const isStorableId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;

/** An ISO 8601 date-time with Z or an offset, e.g. "2025-03-01T13:00:00.000Z". */
export const isoDateTime = (required: string, invalid: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid,
  });

/** Optional text: trimmed, blank → null, longer than max → the message. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalNumber = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(RACE_NUMBER_MAX, `${label} must be at most ${RACE_NUMBER_MAX}`)
    .nullish()
    .transform((v) => v ?? null);

export const customFieldsSchema = z
  .record(
    z.string(),
    z
      .string()
      .max(
        CUSTOM_FIELD_VALUE_MAX,
        `Custom field values must be at most ${CUSTOM_FIELD_VALUE_MAX} characters`,
      ),
  )
  .superRefine((fields, ctx) => {
    const keys = Object.keys(fields);
    if (keys.length > CUSTOM_FIELDS_MAX)
      ctx.addIssue({ code: 'custom', message: `At most ${CUSTOM_FIELDS_MAX} custom fields` });
    for (const key of keys) {
      if (key.trim() === '')
        ctx.addIssue({ code: 'custom', path: [key], message: 'Custom field names cannot be blank' });
      else if (key.length > CUSTOM_FIELD_KEY_MAX)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Custom field names must be at most ${CUSTOM_FIELD_KEY_MAX} characters`,
        });
    }
  });

/** POST /api/races and PUT /api/races/:id (a full replacement: omitted optional fields become null). */
export const createRaceSchema = z.object({
  name: z
    .string({ error: 'Race name is required' })
    .trim()
    .min(1, 'Race name is required')
    .max(RACE_NAME_MAX, `Race name must be at most ${RACE_NAME_MAX} characters`),
  venue: z
    .string({ error: 'Venue is required' })
    .trim()
    .min(1, 'Venue is required')
    .max(VENUE_MAX, `Venue must be at most ${VENUE_MAX} characters`),
  date: isoDateTime('Race date is required', 'Race date must be a valid date and time'),
  description: optionalText(RACE_DESCRIPTION_MAX, 'Description'),
  meetingNumber: optionalNumber('Meeting number'),
  raceNumber: optionalNumber('Race number'),
  distance: optionalText(RACE_TEXT_MAX, 'Distance'),
  raceType: optionalText(RACE_TEXT_MAX, 'Race type'),
  trackCondition: optionalText(RACE_TEXT_MAX, 'Track condition'),
  customFields: customFieldsSchema.nullish().transform((v) => v ?? null),
});
export type CreateRaceInput = z.input<typeof createRaceSchema>;
export type RaceValues = z.output<typeof createRaceSchema>;
export const updateRaceSchema = createRaceSchema;
export type UpdateRaceInput = CreateRaceInput;

/** GET /api/races?from=…: only races at or after that instant. */
export const listRacesQuerySchema = z.object({
  from: isoDateTime('from is required', 'from must be an ISO date-time').optional(),
});

export const raceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  venue: z.string(),
  /** ISO 8601 date-time (UTC). */
  date: z.string(),
  description: z.string().nullable(),
  meetingNumber: z.number().int().nullable(),
  raceNumber: z.number().int().nullable(),
  distance: z.string().nullable(),
  raceType: z.string().nullable(),
  trackCondition: z.string().nullable(),
  customFields: z.record(z.string(), z.string()).nullable(),
});
export type Race = z.infer<typeof raceSchema>;

/** The race as a bet carries it. */
export const raceSummarySchema = raceSchema.pick({ id: true, name: true, venue: true, date: true });
export type RaceSummary = z.infer<typeof raceSummarySchema>;
