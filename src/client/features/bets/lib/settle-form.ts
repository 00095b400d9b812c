// The Settle dialog's form: the outcome and how the horse ran (position, dead heat), a tote bet's
// declared dividends and a fixed-odds bet's Rule 4, read into the PUT /api/bets/:id/status body
// (checked with shared/bet.ts's settleBetSchema, the server's own messages) and previewed with
// shared/settlement.ts's settleBet — the very rule the server applies, so the preview is the result.
import { type Bet, type SettleBetInput, settleBetSchema } from '@shared/bet';
import { toHundredths } from '@shared/money';
import {
  type PlaceTerms,
  type SettledStatus,
  type SettlementInput,
  type SettlementOutcome,
  settleBet,
} from '@shared/settlement';
import { parseNumber } from './bet-form';
import { toSettleableBet } from './settleable-bet';

export type SettleOutcome = SettledStatus | 'pending';

export interface SettleFormValues {
  /** '' until the settler picks one. */
  outcome: SettleOutcome | '';
  position: string;
  deadHeat: string;
  dividend: string;
  placeDividend: string;
  rule4: string;
}

export type SettleField = Exclude<keyof SettleFormValues, 'outcome'>;

export const CHOOSE_OUTCOME = 'Choose how the bet ended';

/**
 * The outcomes offered: Placed only for an each-way bet whose terms pay a place (not win-only terms
 * of 1 place; the server refuses those too, whichever terms apply); back to pending only when an
 * admin re-settles.
 */
export function outcomeOptions(
  bet: Pick<Bet, 'betType' | 'status' | 'placeTerms'>,
  canUnsettle: boolean,
): { value: SettleOutcome; label: string }[] {
  const canPlace = bet.betType === 'each-way' && (bet.placeTerms === null || bet.placeTerms.places > 1);
  return [
    { value: 'win' as const, label: 'Won' },
    ...(canPlace ? [{ value: 'placed' as const, label: 'Placed' }] : []),
    { value: 'loss' as const, label: 'Lost' },
    { value: 'void' as const, label: 'Non-runner (void)' },
    ...(canUnsettle && bet.status !== 'pending'
      ? [{ value: 'pending' as const, label: 'Back to pending' }]
      : []),
  ];
}

const text = (n: number | null) => (n === null ? '' : String(n));

/** A pending bet starts blank; a settled one (an admin re-settling) starts as it was settled. */
export function settleFormDefaults(bet: Bet): SettleFormValues {
  return {
    outcome: bet.status === 'pending' ? '' : bet.status,
    position: text(bet.position),
    deadHeat: text(bet.deadHeat),
    dividend: text(bet.dividend),
    placeDividend: text(bet.placeDividend),
    rule4: text(bet.rule4),
  };
}

/** Which inputs apply to this bet and outcome (the others are neither shown nor sent). */
export function settleFields(
  bet: Pick<Bet, 'betType' | 'oddsType'>,
  outcome: SettleFormValues['outcome'],
): Record<SettleField, boolean> {
  const ran = outcome === 'win' || outcome === 'placed' || outcome === 'loss';
  const paid = outcome === 'win' || outcome === 'placed';
  const tote = bet.oddsType === 'tote';
  return {
    position: ran,
    deadHeat: ran,
    // The win dividend pays a win part; the place dividend a place part (a place bet's only part).
    dividend: tote && outcome === 'win' && bet.betType !== 'place',
    placeDividend: tote && paid && bet.betType !== 'win',
    // Rule 4 comes off the winnings of fixed-odds bets only.
    rule4: !tote && paid,
  };
}

export type SettleReading =
  | { kind: 'incomplete'; message: string }
  | { kind: 'invalid'; errors: Partial<Record<SettleField, string>> }
  | {
      kind: 'ready';
      /** The PUT /api/bets/:id/status body (major units). */
      request: SettleBetInput;
      /** What the rules settle (null when the bet goes back to pending). */
      outcome: SettlementOutcome | null;
    };

/**
 * Reads the form: the outcome must be chosen; the shown fields must be valid (the server's
 * messages); then the rules settle the bet — or say why the input contradicts itself. `fallbackTerms`:
 * the race's default terms, used when the bet stores none (as the server does).
 */
export function readSettleForm(bet: Bet, values: SettleFormValues, fallbackTerms: PlaceTerms): SettleReading {
  if (values.outcome === '') return { kind: 'incomplete', message: CHOOSE_OUTCOME };
  const status = values.outcome;
  const shown = settleFields(bet, status);
  const body: Record<string, unknown> = { status };
  for (const key of Object.keys(shown) as SettleField[]) {
    const n = shown[key] ? parseNumber(values[key]) : undefined;
    if (n !== undefined) body[key] = n;
  }
  const parsed = settleBetSchema.safeParse(body);
  if (!parsed.success) {
    const errors: Partial<Record<SettleField, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in shown) errors[key as SettleField] ??= issue.message;
    }
    return { kind: 'invalid', errors };
  }
  const request = body as SettleBetInput;
  if (status === 'pending') return { kind: 'ready', request, outcome: null };
  const v = parsed.data;
  const input: SettlementInput = {
    status,
    position: v.position,
    deadHeat: v.deadHeat,
    dividend: v.dividend === null ? null : toHundredths(v.dividend),
    placeDividend: v.placeDividend === null ? null : toHundredths(v.placeDividend),
    rule4: v.rule4,
  };
  return { kind: 'ready', request, outcome: settleBet(toSettleableBet(bet), input, fallbackTerms) };
}
