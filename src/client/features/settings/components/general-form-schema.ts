import { SHARE_BASES } from '@shared/bank';
import {
  CURRENCIES,
  DEFAULT_BET_MAX,
  DEFAULT_BET_MIN,
  ROTATION_STRATEGIES,
  SYNDICATE_NAME_MAX,
  SYNDICATE_NAME_MIN,
} from '@shared/settings';
import { z } from 'zod';
import type { SyndicateSettings } from '../api/get-settings';

/** Spec §5 (Settings) messages; the zone is an IANA name picked from the runtime's list. */
export const generalFormSchema = z.object({
  syndicateName: z
    .string()
    .trim()
    .min(SYNDICATE_NAME_MIN, 'Syndicate name must be at least 2 characters')
    .max(SYNDICATE_NAME_MAX, `Syndicate name must be at most ${SYNDICATE_NAME_MAX} characters`),
  defaultBetAmount: z
    .number()
    .min(DEFAULT_BET_MIN, 'Default bet amount must be at least 10')
    .max(DEFAULT_BET_MAX, `Default bet amount must be at most ${DEFAULT_BET_MAX}`),
  currency: z.enum(CURRENCIES),
  rotationStrategy: z.enum(ROTATION_STRATEGIES),
  timezone: z.string().min(1),
  shareBasis: z.enum(SHARE_BASES),
});
export type GeneralFormValues = z.infer<typeof generalFormSchema>;

/** Spec §9 defaults: bet 100, usd, sequential; the bank shares equally (issue 14). */
export const SETTING_DEFAULTS = {
  defaultBetAmount: 100,
  currency: 'usd',
  rotationStrategy: 'sequential',
  shareBasis: 'equal',
} as const;

export function settingsToForm(s: SyndicateSettings, fallbackZone: string): GeneralFormValues {
  return {
    syndicateName: s.syndicateName,
    defaultBetAmount: s.defaultBetAmount,
    currency: (CURRENCIES as readonly string[]).includes(s.currency)
      ? (s.currency as GeneralFormValues['currency'])
      : 'usd',
    rotationStrategy: s.rotationStrategy,
    timezone: s.timezone || fallbackZone,
    // An older server without the field: the default.
    shareBasis: s.shareBasis ?? 'equal',
  };
}

export const CURRENCY_OPTIONS = [
  { value: 'usd', label: 'USD — US Dollar ($)' },
  { value: 'eur', label: 'EUR — Euro (€)' },
  { value: 'gbp', label: 'GBP — British Pound (£)' },
  { value: 'aud', label: 'AUD — Australian Dollar (A$)' },
  { value: 'nzd', label: 'NZD — New Zealand Dollar (NZ$)' },
] as const;

/** Who shares a settled bet's result in the bank (docs/bank.md). */
export const SHARE_BASIS_OPTIONS = [
  { value: 'equal', label: 'Equal' },
  { value: 'capital', label: 'By capital' },
] as const;

export const ROTATION_OPTIONS = [
  { value: 'sequential', label: 'Sequential — take turns in join order' },
  { value: 'random', label: 'Random — a fair pick per race' },
  { value: 'manual', label: 'Manual — an admin picks' },
] as const;

/**
 * Every IANA zone the browser knows, UTC first (the default, which Chromium's list leaves out:
 * once another zone was picked, UTC could not be picked again), and the current one kept even if
 * the list lacks it.
 */
export function timeZoneOptions(
  current: string,
  known: readonly string[] = typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : [],
): { value: string; label: string }[] {
  const missing = current && current !== 'UTC' && !known.includes(current) ? [current] : [];
  const list = ['UTC', ...missing, ...known.filter((z) => z !== 'UTC')];
  return list.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
}
