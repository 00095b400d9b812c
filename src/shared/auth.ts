import { z } from 'zod';
import { isCleanName, notAllowedMessage } from './text';

/** Longest text we accept for names and e-mail addresses (characters). */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** Shortest password accepted for a new account (characters). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
/** The server also refuses the 10,000 most common passwords, with this message on `password`. */
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.';

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.object({
  name: z
    .string()
    .trim()
    .refine(isCleanName, notAllowedMessage('Name'))
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: z.string().trim().max(EMAIL_MAX).email('Invalid email address'),
  password: newPassword,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** PUT /api/auth/password: the current password, and the new one (the sign-up's rules). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const NO_LOCAL_PASSWORD =
  'This account signs in through an identity provider: change your password there.';

export const userSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export type User = z.infer<typeof userSchema>;
