import { z } from 'zod';
import { INVITE_CODE_LENGTH } from './invite-code';

export const SYNDICATE_NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;

/** An IANA time zone name the runtime knows, e.g. "Australia/Sydney". */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const createSyndicateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a syndicate name')
    .max(SYNDICATE_NAME_MAX, `Syndicate name must be at most ${SYNDICATE_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
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
export const syndicateWithRoleSchema = syndicateSchema.extend({ role: z.enum(['admin', 'member']) });
export type Syndicate = z.infer<typeof syndicateSchema>;
export type SyndicateWithRole = z.infer<typeof syndicateWithRoleSchema>;
