// Shared pieces of the Add Bet and Edit Bet forms. Inputs hold text (what the user typed); the
// numbers are checked with the shared money/odds rules (src/shared/money.ts) and the spec's
// messages (src/shared/bet.ts), then turned into the JSON numbers the API expects.
import { BET_TEXT_MAX, BET_TYPES, type BetType, HORSE_NUMBER_MAX, MESSAGES } from '@shared/bet';
import { positiveMoney, positiveOdds } from '@shared/money';
import type { z } from 'zod';

export const BET_TYPE_LABELS: Record<BetType, string> = {
  win: 'Win',
  place: 'Place',
  'each-way': 'Each-way',
};

export const BET_TYPE_OPTIONS = BET_TYPES.map((t) => ({ value: t, label: BET_TYPE_LABELS[t] }));
export const ODDS_TYPE_OPTIONS = [
  { value: 'fixed', label: 'Fixed' },
  { value: 'tote', label: 'Tote' },
] as const;

/** 'each-way' → 'Each-way' (the '{Type}' of the 'Bets created' toast). */
export const betTypeLabel = (type: BetType): string => BET_TYPE_LABELS[type];

/** The advanced options as typed (all text; blank means "not given"). */
export interface AdvancedValues {
  horseNumber: string;
  jockey: string;
  trainer: string;
  weight: string;
  barrier: string;
  silkColor: string;
}

export const EMPTY_ADVANCED: AdvancedValues = {
  horseNumber: '',
  jockey: '',
  trainer: '',
  weight: '',
  barrier: '',
  silkColor: '',
};

export const ADVANCED_KEYS = Object.keys(EMPTY_ADVANCED) as (keyof AdvancedValues)[];

type Ctx = z.core.$RefinementCtx;

/** The number a text input holds, or undefined when blank ('' → undefined, 'abc' → NaN). */
export const parseNumber = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim());

/** Adds the first failing rule's message at `path`; the parsed number when valid. */
function check(schema: z.ZodType<number>, text: string, path: string, ctx: Ctx): number | undefined {
  const result = schema.safeParse(parseNumber(text));
  if (result.success) return result.data;
  ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message ?? 'Invalid' });
  return undefined;
}

export const checkOdds = (text: string, path: string, ctx: Ctx, required: string = MESSAGES.oddsRequired) =>
  check(positiveOdds({ required, positive: MESSAGES.oddsPositive }), text, path, ctx);

export const checkAmount = (
  text: string,
  path: string,
  ctx: Ctx,
  required: string = MESSAGES.amountRequired,
) => check(positiveMoney({ required, positive: MESSAGES.amountPositive }), text, path, ctx);

const SMALL_INT_LABELS = { horseNumber: 'Horse number', barrier: 'Barrier' } as const;

/** Checks the advanced fields the server checks (whole numbers 1–999, text ≤ 100 characters). */
export function checkAdvanced(values: AdvancedValues, ctx: Ctx) {
  for (const key of ['horseNumber', 'barrier'] as const) {
    const n = parseNumber(values[key]);
    if (n === undefined) continue;
    const label = SMALL_INT_LABELS[key];
    if (!Number.isInteger(n))
      ctx.addIssue({ code: 'custom', path: [key], message: `${label} must be a whole number` });
    else if (n < 1) ctx.addIssue({ code: 'custom', path: [key], message: `${label} must be at least 1` });
    else if (n > HORSE_NUMBER_MAX)
      ctx.addIssue({ code: 'custom', path: [key], message: `${label} must be at most ${HORSE_NUMBER_MAX}` });
  }
  const textLabels = {
    jockey: 'Jockey',
    trainer: 'Trainer',
    weight: 'Weight',
    silkColor: 'Silk colour',
  } as const;
  for (const key of ['jockey', 'trainer', 'weight', 'silkColor'] as const) {
    if (values[key].trim().length > BET_TEXT_MAX)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${textLabels[key]} must be at most ${BET_TEXT_MAX} characters`,
      });
  }
}

export interface AdvancedPayload {
  horseNumber?: number;
  jockey?: string;
  trainer?: string;
  weight?: string;
  barrier?: number;
  silkColor?: string;
}

/** Only the filled advanced fields, numbers as JSON numbers. */
export function advancedPayload(values: AdvancedValues): AdvancedPayload {
  const out: AdvancedPayload = {};
  const horseNumber = parseNumber(values.horseNumber);
  const barrier = parseNumber(values.barrier);
  if (horseNumber !== undefined) out.horseNumber = horseNumber;
  if (barrier !== undefined) out.barrier = barrier;
  for (const key of ['jockey', 'trainer', 'weight', 'silkColor'] as const) {
    const v = values[key].trim();
    if (v) out[key] = v;
  }
  return out;
}

/** The bet's advanced fields as form text (null → ''). */
export function advancedFromBet(bet: {
  horseNumber: number | null;
  jockey: string | null;
  trainer: string | null;
  weight: string | null;
  barrier: number | null;
  silkColor: string | null;
}): AdvancedValues {
  return {
    horseNumber: bet.horseNumber === null ? '' : String(bet.horseNumber),
    jockey: bet.jockey ?? '',
    trainer: bet.trainer ?? '',
    weight: bet.weight ?? '',
    barrier: bet.barrier === null ? '' : String(bet.barrier),
    silkColor: bet.silkColor ?? '',
  };
}

export const hasAdvanced = (values: AdvancedValues): boolean =>
  ADVANCED_KEYS.some((k) => values[k].trim() !== '');
