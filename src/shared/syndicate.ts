import { z } from 'zod';
import { timeZoneSchema as canonicalTimeZoneSchema } from './date-schemas';
import { INVITE_CODE_LENGTH } from './invite-code';
import { freeText, nameText } from './text';

export const SYNDICATE_NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;

/** An IANA time zone name the runtime knows, stored canonically ("europe/london" → "Europe/London"). */
export const timeZoneSchema = canonicalTimeZoneSchema;

export const createSyndicateSchema = z.object({
  name: nameText('Syndicate name', 'Please enter a syndicate name')
    .min(1, 'Please enter a syndicate name')
    .max(SYNDICATE_NAME_MAX, `Syndicate name must be at most ${SYNDICATE_NAME_MAX} characters`),
  description: freeText('Description', 'Description must be text')
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
    .optional()
    .transform((d) => (d ? d : undefined)),
  timezone: timeZoneSchema.optional(),
});
export type CreateSyndicateInput = z.input<typeof createSyndicateSchema>;

export const joinSyndicateSchema = z.object({
  inviteCode: z
    .string()
    .trim()
    .min(1, 'Please enter an invite code')
    .max(INVITE_CODE_LENGTH + 4, 'Invalid invite code'),
});
export type JoinSyndicateInput = z.infer<typeof joinSyndicateSchema>;

export const syndicateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  inviteCode: z.string(),
});
/**
 * One of the signed-in user's syndicates. `current`: the session's active syndicate (listed first).
 * `isActive`: false when an admin has deactivated the user's membership (it cannot be switched to).
 */
export const syndicateWithRoleSchema = syndicateSchema.extend({
  role: z.enum(['admin', 'member']),
  current: z.boolean(),
  isActive: z.boolean(),
});
export type Syndicate = z.infer<typeof syndicateSchema>;
export type SyndicateWithRole = z.infer<typeof syndicateWithRoleSchema>;

/**
 * PUT /api/syndicates/active: the syndicate the session works in from now on. An id no syndicate
 * can have (beyond PostgreSQL's int4) is no syndicate of the user's: 404, as any other (the service).
 */
export const switchSyndicateSchema = z.object({
  syndicateId: z
    .number({ error: 'Syndicate id must be a number' })
    .int('Syndicate id must be a whole number')
    .positive('Syndicate id must be positive'),
});
export type SwitchSyndicateInput = z.infer<typeof switchSyndicateSchema>;
