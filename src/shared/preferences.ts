import { z } from 'zod';

/** A user's own preferences (GET/PUT /api/me/preferences); stored per user, not per syndicate. */
export const preferencesSchema = z
  .object({
    /** No toasts for other members' settlements and payments (the screens still update). */
    muteLiveToasts: z.boolean(),
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;
