// The Edit Bet form (spec §5 "Bet edit"): the editable fields as typed, checked with the add form's
// messages; memberId, raceId, status, date and result are sent back unchanged (the server keeps them too).
import { BET_TYPES, type Bet, MESSAGES, ODDS_TYPES, type UpdateBetInput } from '@shared/bet';
import type { PlaceTerms } from '@shared/settlement';
import { z } from 'zod';
import {
  advancedFromBet,
  advancedPayload,
  checkAdvanced,
  checkAmount,
  checkOdds,
  parseNumber,
} from './bet-form';
import { checkPlaceTerms, EMPTY_PLACE_TERMS, placeTermsPayload, termsText } from './place-terms-form';

export const editBetFormSchema = z
  .object({
    horseName: z
      .string()
      .trim()
      .min(1, MESSAGES.horseName)
      .max(100, 'Horse name must be at most 100 characters'),
    betType: z.enum(BET_TYPES),
    odds: z.string(),
    amount: z.string(),
    oddsType: z.enum(ODDS_TYPES),
    horseNumber: z.string(),
    jockey: z.string(),
    trainer: z.string(),
    weight: z.string(),
    barrier: z.string(),
    silkColor: z.string(),
    placePlaces: z.string(),
    placeDivisor: z.string(),
    placeOdds: z.string(),
    placeTermsEdited: z.boolean(),
  })
  .superRefine(
    (v, ctx) => {
      checkOdds(v.odds, 'odds', ctx);
      checkAmount(v.amount, 'amount', ctx);
      checkAdvanced(v, ctx);
      checkPlaceTerms(v, [v.betType], ctx);
    },
    { when: () => true },
  );

export type EditBetFormValues = z.infer<typeof editBetFormSchema>;

/**
 * The bet as form text. Its stored terms count as chosen (they are what was struck and are kept);
 * a bet without terms shows `raceDefault` and follows the race's default until edited.
 */
export function editBetDefaults(bet: Bet | null, raceDefault?: PlaceTerms): EditBetFormValues {
  const terms = bet?.placeTerms ?? raceDefault;
  return {
    horseName: bet?.horseName ?? '',
    betType: bet?.betType ?? 'win',
    odds: bet ? String(bet.odds) : '',
    amount: bet ? String(bet.amount) : '',
    oddsType: bet?.oddsType ?? 'fixed',
    ...advancedFromBet(
      bet ?? { horseNumber: null, jockey: null, trainer: null, weight: null, barrier: null, silkColor: null },
    ),
    ...EMPTY_PLACE_TERMS,
    ...(terms ? termsText(terms) : {}),
    placeOdds: bet && bet.placeOdds !== null ? String(bet.placeOdds) : '',
    placeTermsEdited: Boolean(bet?.placeTerms),
  };
}

/**
 * PUT /api/bets/{id}: the edited fields, the filled advanced ones, the terms, and the original's
 * kept fields. `raceKnowsField`: the shown default terms are the race's real ones, so they are sent.
 */
export function editBetPayload(
  bet: Bet,
  v: EditBetFormValues,
  raceKnowsField = false,
): UpdateBetInput & Pick<Bet, 'memberId' | 'raceId' | 'status' | 'date' | 'result'> {
  return {
    memberId: bet.memberId,
    raceId: bet.raceId,
    status: bet.status,
    date: bet.date,
    result: bet.result,
    horseName: v.horseName.trim(),
    betType: v.betType,
    odds: parseNumber(v.odds) ?? bet.odds,
    amount: parseNumber(v.amount) ?? bet.amount,
    oddsType: v.oddsType,
    ...advancedPayload(v),
    ...placeTermsPayload(v, [v.betType], raceKnowsField),
  };
}
