import { z } from 'zod';
import { dateInputSchema } from './date-schemas';
import { idParamSchema, MAX_ID } from './member';
import { nameText } from './text';

export const REMINDER_TEXT_MAX = 1000;

/** A day ('2025-06-01', read in the syndicate's time zone) or an ISO date-time with Z or an offset. */
export const reminderDateSchema = dateInputSchema({
  required: 'A date is required',
  invalid: 'Date must be a day (YYYY-MM-DD) or an ISO date-time',
});

/** `:id` of a reminder: digits only (else 400); ids beyond int4 answer 404 (see idParamSchema). */
export const reminderIdParamsSchema = z.object({ id: idParamSchema });

/**
 * A member id in a body, or null for nobody. An id beyond int4 cannot exist: it becomes 0,
 * which no row has, so it answers 404 like any unknown member.
 */
export const memberRefSchema = z
  .number({ error: 'Member must be a member id or null' })
  .int('Member must be a member id or null')
  .positive('Member must be a member id or null')
  .transform((id) => (id > MAX_ID ? 0 : id))
  .nullable();

export const createReminderSchema = z.object({
  text: nameText('Reminder text', 'Reminder text is required')
    .min(1, 'Reminder text is required')
    .max(REMINDER_TEXT_MAX, `Reminder text must be at most ${REMINDER_TEXT_MAX} characters`),
  date: reminderDateSchema,
  memberId: memberRefSchema.optional().default(null),
  /** The form always sends false; a reminder is completed through its own action. */
  completed: z.literal(false, { error: 'A new reminder cannot be completed' }).optional(),
});
export type CreateReminderInput = z.input<typeof createReminderSchema>;

export const reminderSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** ISO date-time. */
  date: z.string(),
  completed: z.boolean(),
  /** ISO date-time, null while active. */
  completedAt: z.string().nullable(),
  memberId: z.number().int().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;
