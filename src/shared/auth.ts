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

export const registerSchema = z.object({
  name: z
    .string()
    .trim()
    .refine(isCleanName, notAllowedMessage('Name'))
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: z.string().trim().max(EMAIL_MAX).email('Invalid email address'),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export type User = z.infer<typeof userSchema>;
