// The Edit Bet form (spec §5 "Bet edit"): the editable fields as typed, checked with the add form's
// messages; memberId, raceId, status, date and result are sent back unchanged (the server keeps them too).
import { BET_TYPES, type Bet, MESSAGES, ODDS_TYPES, type UpdateBetInput } from '@shared/bet';
import { z } from 'zod';
import {
  advancedFromBet,
  advancedPayload,
  checkAdvanced,
  checkAmount,
  checkOdds,
  parseNumber,
} from './bet-form';

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
  })
  .superRefine(
    (v, ctx) => {
      checkOdds(v.odds, 'odds', ctx);
      checkAmount(v.amount, 'amount', ctx);
      checkAdvanced(v, ctx);
    },
    { when: () => true },
  );

export type EditBetFormValues = z.infer<typeof editBetFormSchema>;

export function editBetDefaults(bet: Bet | null): EditBetFormValues {
  return {
    horseName: bet?.horseName ?? '',
    betType: bet?.betType ?? 'win',
    odds: bet ? String(bet.odds) : '',
    amount: bet ? String(bet.amount) : '',
    oddsType: bet?.oddsType ?? 'fixed',
    ...advancedFromBet(
      bet ?? { horseNumber: null, jockey: null, trainer: null, weight: null, barrier: null, silkColor: null },
    ),
  };
}

/** PUT /api/bets/{id}: the edited fields, the filled advanced ones, and the original's kept fields. */
export function editBetPayload(
  bet: Bet,
  v: EditBetFormValues,
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
  };
}
