import { z } from 'zod';

export const roleSchema = z.enum(['admin', 'member']);

export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  initials: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
