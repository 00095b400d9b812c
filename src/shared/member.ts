// Members: the response shape and the create/update inputs (spec §3 and §5). The server
// validates with these and the web forms reuse them.
import { z } from 'zod';
import { deriveInitials } from './initials';
import { isCleanName, notAllowedMessage } from './text';

/** Largest id PostgreSQL's int4 holds; larger ids answer 404 without reaching the database. */
export const MAX_ID = 2_147_483_647;
export const MEMBER_NAME_MIN = 2;
export const MEMBER_NAME_MAX = 100;
export const MEMBER_EMAIL_MAX = 254;
export const INITIALS_MAX = 3;

export const ROLES = ['admin', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const MEMBER_MESSAGES = {
  name: `Name must be at least ${MEMBER_NAME_MIN} characters`,
  nameMax: `Name must be at most ${MEMBER_NAME_MAX} characters`,
  email: 'Invalid email address',
  initialsRequired: 'Initials are required',
  initialsMax: `Initials must be at most ${INITIALS_MAX} characters`,
  role: 'Role is required',
  roleUnknown: 'Role must be admin or member',
  isActive: 'Status must be true or false',
} as const;

export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  initials: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  /** A user account is linked to the member; an unlinked one can be claimed by its invite link. */
  linked: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/members/former: a removed (archived) member and when it was removed (ISO date-time). */
export const formerMemberSchema = memberSchema.extend({ removedAt: z.string() });
export type FormerMember = z.infer<typeof formerMemberSchema>;

/** POST /api/members/:id/claim-link → 201: the personal, single-use link (`PUBLIC_URL/claim?token=…`). */
export const claimLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ClaimLink = z.infer<typeof claimLinkSchema>;

/** POST /api/members/claim: the token from a claim link (43 base64url characters as issued). */
export const claimMemberSchema = z.object({
  token: z
    .string({ error: 'Invite link token is required' })
    .trim()
    .min(1, 'Invite link token is required')
    .max(128, 'Invite link token is too long'),
});
export type ClaimMemberInput = z.input<typeof claimMemberSchema>;

/**
 * An `:id` path segment: digits only (else 400). An id beyond int4 cannot exist, so it becomes 0,
 * which no row has: it answers 404 like any missing id and never overflows a query parameter.
 */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/, 'Invalid id')
  .transform((s) => (s.length > 10 || Number(s) > MAX_ID ? 0 : Number(s)));

export const memberIdParamsSchema = z.object({ id: idParamSchema });

/** Optional `?active=true|false` filter on the member list (isActive). */
export const memberListQuerySchema = z.object({
  active: z.enum(['true', 'false']).optional(),
});

const nameField = z
  .string({ error: MEMBER_MESSAGES.name })
  .trim()
  .refine(isCleanName, notAllowedMessage('Name'))
  .min(MEMBER_NAME_MIN, MEMBER_MESSAGES.name)
  .max(MEMBER_NAME_MAX, MEMBER_MESSAGES.nameMax);

const emailField = z
  .string({ error: MEMBER_MESSAGES.email })
  .trim()
  .max(MEMBER_EMAIL_MAX, MEMBER_MESSAGES.email)
  .email(MEMBER_MESSAGES.email);

/** Initials as typed: trimmed, 1–3 characters, stored upper-cased. */
const initialsField = z
  .string({ error: MEMBER_MESSAGES.initialsRequired })
  .trim()
  .refine(isCleanName, notAllowedMessage('Initials'))
  .min(1, MEMBER_MESSAGES.initialsRequired)
  .max(INITIALS_MAX, MEMBER_MESSAGES.initialsMax)
  .transform((s) => s.toUpperCase());

const roleField = z.enum(ROLES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? MEMBER_MESSAGES.role
      : MEMBER_MESSAGES.roleUnknown,
});

const isActiveField = z.boolean({ error: MEMBER_MESSAGES.isActive });

/**
 * POST /api/members. Initials are optional: absent or blank, they are derived from the name
 * (first letter of each word, upper-cased, at most 3).
 */
export const createMemberSchema = z
  .object({
    name: nameField,
    email: emailField,
    initials: z
      .string({ error: MEMBER_MESSAGES.initialsRequired })
      .trim()
      .refine(isCleanName, notAllowedMessage('Initials'))
      .max(INITIALS_MAX, MEMBER_MESSAGES.initialsMax)
      .nullish(),
    role: roleField,
    isActive: isActiveField.default(true),
  })
  .transform(({ initials, ...rest }) => ({
    ...rest,
    initials: (initials || deriveInitials(rest.name)).toUpperCase(),
  }));
export type CreateMemberInput = z.input<typeof createMemberSchema>;
export type CreateMember = z.output<typeof createMemberSchema>;

/**
 * PUT /api/members/:id: any subset of the fields; absent fields stay as they are. Blank
 * initials are refused here (there is a value to keep).
 */
export const updateMemberSchema = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  initials: initialsField.optional(),
  role: roleField.optional(),
  isActive: isActiveField.optional(),
});
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;
export type UpdateMember = z.output<typeof updateMemberSchema>;

/** Fields a member may change on their own member without being an admin. */
export const SELF_EDITABLE_FIELDS = ['name', 'initials'] as const;
