import { z } from 'zod';

/** Longest text we accept for names and e-mail addresses (characters). */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const registerSchema = z.object({
  name: z
    .string()
    .trim()
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
