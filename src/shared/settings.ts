import { z } from 'zod';
import { SHARE_BASES } from './bank';
import { timeZoneSchema } from './date-schemas';
import { TIME_ZONE_MAX } from './dates';
import { hasAtMostTwoDecimals, twoDecimals } from './money';
import { nameText } from './text';

export const CURRENCIES = ['usd', 'eur', 'gbp', 'aud', 'nzd'] as const;
export const ROTATION_STRATEGIES = ['sequential', 'random', 'manual'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type RotationStrategy = (typeof ROTATION_STRATEGIES)[number];

export const SYNDICATE_NAME_MIN = 2;
export const SYNDICATE_NAME_MAX = 100;
/** The default-bet slider's range and step, in dollars (spec §9). */
export const DEFAULT_BET_MIN = 10;
export const DEFAULT_BET_MAX = 500;
export const DEFAULT_BET_STEP = 10;
export const API_KEY_MIN = 10;
export const API_KEY_MAX = 200;
export { TIME_ZONE_MAX };

/** Settings as the API carries them: money in dollars (major units). */
export const settingsSchema = z.object({
  syndicateName: z.string(),
  defaultBetAmount: z.number(),
  currency: z.enum(CURRENCIES),
  rotationStrategy: z.enum(ROTATION_STRATEGIES),
  timezone: z.string(),
  /** Who shares a settled bet's result in the bank (docs/bank.md). */
  shareBasis: z.enum(SHARE_BASES),
});
export type Settings = z.infer<typeof settingsSchema>;

/** An IANA zone name the runtime knows, stored in its canonical spelling (shared/dates.ts). */
export const timeZoneInputSchema = timeZoneSchema;

/** PUT /api/settings. Without timezone the stored one is kept. */
export const updateSettingsSchema = z.object({
  syndicateName: nameText('Syndicate name', 'Syndicate name must be at least 2 characters')
    .min(SYNDICATE_NAME_MIN, 'Syndicate name must be at least 2 characters')
    .max(SYNDICATE_NAME_MAX, `Syndicate name must be at most ${SYNDICATE_NAME_MAX} characters`),
  defaultBetAmount: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Default bet amount is required' : 'Default bet amount must be a number',
    })
    .min(DEFAULT_BET_MIN, 'Default bet amount must be at least 10')
    .max(DEFAULT_BET_MAX, `Default bet amount must be at most ${DEFAULT_BET_MAX}`)
    .refine(hasAtMostTwoDecimals, 'Use at most 2 decimals')
    .meta(
      twoDecimals(
        `The default stake in major units (dollars), ${DEFAULT_BET_MIN}–${DEFAULT_BET_MAX}, at most two decimals`,
      ),
    ),
  currency: z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` }),
  rotationStrategy: z.enum(ROTATION_STRATEGIES, {
    error: 'Rotation strategy must be sequential, random or manual',
  }),
  timezone: timeZoneInputSchema.optional(),
  /** Without it the stored basis is kept. */
  shareBasis: z.enum(SHARE_BASES, { error: 'Share basis must be equal or capital' }).optional(),
});
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

/** POST /api/settings/api-key: the racing-data provider's key (surrounding spaces dropped). */
export const apiKeyInputSchema = z.object({
  apiKey: z
    .string({ error: 'API key must be at least 10 characters long' })
    .trim()
    .min(API_KEY_MIN, 'API key must be at least 10 characters long')
    .max(API_KEY_MAX, `API key must be at most ${API_KEY_MAX} characters long`),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

/** What is ever said about a stored API key: whether there is one, and its last 4 characters. */
export const apiKeySavedSchema = z.object({ configured: z.literal(true), last4: z.string() });

/** GET /api/racing/status. */
export const racingStatusSchema = z.object({
  configured: z.boolean(),
  message: z.string(),
  last4: z.string().optional(),
});
export type RacingStatus = z.infer<typeof racingStatusSchema>;
