import { z } from 'zod';

export const CURRENCIES = ['usd', 'eur', 'gbp', 'aud', 'nzd'] as const;
export const ROTATION_STRATEGIES = ['sequential', 'random', 'manual'] as const;

/** Settings as the API carries them: money in dollars (major units). */
export const settingsSchema = z.object({
  syndicateName: z.string(),
  defaultBetAmount: z.number(),
  currency: z.enum(CURRENCIES),
  rotationStrategy: z.enum(ROTATION_STRATEGIES),
  timezone: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;
