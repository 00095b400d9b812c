// Races: the API shapes and the add/edit schema (the calendar's Add Race form reuses it).
import { z } from 'zod';
import { dateInputSchema } from './date-schemas';
import { runnerSchema, storedRaceResultSchema } from './race-result';
import { freeText, isCleanName, nameText, notAllowedMessage } from './text';

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

/** Optional text: trimmed, blank → null, longer than max → the message; no control or bidi characters. */
const optionalText = (max: number, label: string, multiline = false) =>
  (multiline ? freeText(label, `${label} must be text`) : nameText(label, `${label} must be text`))
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
    z.string().refine(isCleanName, notAllowedMessage('Custom field names')),
    z
      .string()
      .refine(isCleanName, notAllowedMessage('Custom field values'))
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
  name: nameText('Race name', 'Race name is required')
    .min(1, 'Race name is required')
    .max(RACE_NAME_MAX, `Race name must be at most ${RACE_NAME_MAX} characters`),
  venue: nameText('Venue', 'Venue is required')
    .min(1, 'Venue is required')
    .max(VENUE_MAX, `Venue must be at most ${VENUE_MAX} characters`),
  date: dateInputSchema({
    required: 'Race date is required',
    invalid: 'Race date must be a valid date and time',
  }),
  description: optionalText(RACE_DESCRIPTION_MAX, 'Description', true),
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

/** GET /api/races?from=…: only races at or after that instant (a day: from its start in the syndicate's zone). */
export const listRacesQuerySchema = z.object({
  from: dateInputSchema({
    required: 'from must be a day (YYYY-MM-DD) or an ISO date-time',
    invalid: 'from must be a day (YYYY-MM-DD) or an ISO date-time',
  }).optional(),
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
  /** The result as last entered or imported (POST /api/races/:id/result); null until then. */
  result: storedRaceResultSchema.nullable(),
});
export type Race = z.infer<typeof raceSchema>;

/** GET /api/races/:id: the race with its field (imported runners; null when none are known). */
export const raceDetailSchema = raceSchema.extend({
  runners: z.array(runnerSchema).nullable(),
  /** The bets the race's stored result settled (a corrected result re-settles them); [] without one. */
  resultBetIds: z.array(z.number().int()),
});
export type RaceDetail = z.infer<typeof raceDetailSchema>;

/** The race as a bet carries it. */
export const raceSummarySchema = raceSchema.pick({ id: true, name: true, venue: true, date: true });
export type RaceSummary = z.infer<typeof raceSummarySchema>;
