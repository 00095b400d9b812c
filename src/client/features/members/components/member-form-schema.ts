import {
  INITIALS_MAX,
  MEMBER_EMAIL_MAX,
  MEMBER_MESSAGES,
  MEMBER_NAME_MAX,
  MEMBER_NAME_MIN,
  ROLES,
  type Role,
} from '@shared/member';
import { z } from 'zod';

/** Spec §5 (Member): the form's rules and messages; the role defaults to member. */
export const memberFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(MEMBER_NAME_MIN, MEMBER_MESSAGES.name)
    .max(MEMBER_NAME_MAX, MEMBER_MESSAGES.nameMax),
  email: z.string().trim().max(MEMBER_EMAIL_MAX, MEMBER_MESSAGES.email).email(MEMBER_MESSAGES.email),
  initials: z
    .string()
    .trim()
    .min(1, MEMBER_MESSAGES.initialsRequired)
    .max(INITIALS_MAX, MEMBER_MESSAGES.initialsMax),
  role: z.enum(ROLES, { error: MEMBER_MESSAGES.role }),
  isActive: z.boolean(),
});
export type MemberFormValues = z.infer<typeof memberFormSchema>;

/** The select starts on member; '' never reaches the server (the schema refuses it with 'Role is required'). */
export const EMPTY_MEMBER_FORM: MemberFormValues = {
  name: '',
  email: '',
  initials: '',
  role: 'member' satisfies Role,
  isActive: true,
};

export const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
] as const;

export const roleLabel = (role: Role) => (role === 'admin' ? 'Admin' : 'Member');
