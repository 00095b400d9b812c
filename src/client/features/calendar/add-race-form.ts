// The Add Race form: its values (all text, as the inputs hold them), its validation (spec §5
// "Race add") and the payload it becomes (spec §7 POST /api/races).
import {
  type CreateRaceInput,
  CUSTOM_FIELD_KEY_MAX,
  CUSTOM_FIELD_VALUE_MAX,
  CUSTOM_FIELDS_MAX,
  RACE_DESCRIPTION_MAX,
  RACE_NAME_MAX,
  RACE_NUMBER_MAX,
  RACE_TEXT_MAX,
  VENUE_MAX,
} from '@shared/race';
import { z } from 'zod';

/** Spec §9: race times come in 15-minute slots over the day; 13:00 unless chosen. */
export const SLOT_MINUTES = 15;
export const DEFAULT_RACE_TIME = '13:00';

const pad = (n: number) => String(n).padStart(2, '0');

/** '00:00', '00:15', … '23:45' (96 slots). */
export const TIME_SLOTS: readonly string[] = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** Blank, or a whole number from 1 to RACE_NUMBER_MAX. */
const optionalNumber = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), `${label} must be a whole number`)
    .refine(
      (v) => v === '' || (Number(v) >= 1 && Number(v) <= RACE_NUMBER_MAX),
      `${label} must be between 1 and ${RACE_NUMBER_MAX}`,
    );

export const raceFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Race name is required')
    .max(RACE_NAME_MAX, `Race name must be at most ${RACE_NAME_MAX} characters`),
  venue: z
    .string()
    .trim()
    .min(1, 'Venue is required')
    .max(VENUE_MAX, `Venue must be at most ${VENUE_MAX} characters`),
  /** 'YYYY-MM-DD', a day in the syndicate's zone. */
  date: z.string().min(1, 'Race date is required'),
  /** 'HH:mm', one of TIME_SLOTS. */
  time: z.string().refine((t) => TIME_SLOTS.includes(t), 'Race time is required'),
  description: optionalText(RACE_DESCRIPTION_MAX, 'Description'),
  meetingNumber: optionalNumber('Meeting number'),
  raceNumber: optionalNumber('Race number'),
  distance: optionalText(RACE_TEXT_MAX, 'Distance'),
  raceType: optionalText(RACE_TEXT_MAX, 'Race type'),
  trackCondition: optionalText(RACE_TEXT_MAX, 'Track condition'),
  customFields: z
    .array(
      z.object({
        key: z
          .string()
          .trim()
          .min(1, 'Field name is required')
          .max(CUSTOM_FIELD_KEY_MAX, `Field name must be at most ${CUSTOM_FIELD_KEY_MAX} characters`),
        value: z
          .string()
          .max(CUSTOM_FIELD_VALUE_MAX, `Value must be at most ${CUSTOM_FIELD_VALUE_MAX} characters`),
      }),
    )
    .max(CUSTOM_FIELDS_MAX, `At most ${CUSTOM_FIELDS_MAX} custom fields`)
    .refine(
      (rows) => new Set(rows.map((r) => r.key.trim())).size === rows.length,
      'Custom field names must be different',
    ),
});
export type RaceFormValues = z.infer<typeof raceFormSchema>;

export function emptyRaceForm(today: string): RaceFormValues {
  return {
    name: '',
    venue: '',
    date: today,
    time: DEFAULT_RACE_TIME,
    description: '',
    meetingNumber: '',
    raceNumber: '',
    distance: '',
    raceType: '',
    trackCondition: '',
    customFields: [],
  };
}

const textOrNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * The POST /api/races body: date and time read in the syndicate's zone become an ISO instant;
 * empty optional fields are null; customFields only when at least one row was added.
 */
export function toCreateRaceInput(
  values: RaceFormValues,
  zonedIso: (day: string, time: string) => string,
): CreateRaceInput {
  return {
    name: values.name.trim(),
    venue: values.venue.trim(),
    date: zonedIso(values.date, values.time),
    description: textOrNull(values.description),
    meetingNumber: numberOrNull(values.meetingNumber),
    raceNumber: numberOrNull(values.raceNumber),
    distance: textOrNull(values.distance),
    raceType: textOrNull(values.raceType),
    trackCondition: textOrNull(values.trackCondition),
    ...(values.customFields.length > 0
      ? { customFields: Object.fromEntries(values.customFields.map((r) => [r.key.trim(), r.value])) }
      : {}),
  };
}
