// The Add Bet form: its values (text as typed), its checks with the spec's messages (§5), and the
// race and bet payloads it sends (§7: race first for a custom race, then the bet).
import { BET_TYPES, type BetType, type CreateBetInput, MESSAGES, ODDS_TYPES } from '@shared/bet';
import { type CreateRaceInput, RACE_NAME_MAX, RACE_NUMBER_MAX, VENUE_MAX } from '@shared/race';
import { z } from 'zod';
import {
  type AdvancedValues,
  advancedPayload,
  checkAdvanced,
  checkAmount,
  checkOdds,
  EMPTY_ADVANCED,
  parseNumber,
} from './bet-form';
import { checkPlaceTerms, EMPTY_PLACE_TERMS, placeTermsPayload } from './place-terms-form';

export const RACE_CHOICE_MESSAGE = 'Please provide venue and race number';
export const SELECT_RACE_MESSAGE = 'Please select a race';

const SECOND_TYPES = ['none', ...BET_TYPES] as const;

export const addBetFormSchema = z
  .object({
    memberId: z.string().min(1, MESSAGES.member),
    customRace: z.boolean(),
    venue: z.string().trim().max(VENUE_MAX, `Venue must be at most ${VENUE_MAX} characters`),
    raceNumber: z.string(),
    raceName: z.string().trim().max(RACE_NAME_MAX, `Race name must be at most ${RACE_NAME_MAX} characters`),
    /** 'YYYY-MM-DD' or '' (→ now). */
    raceDate: z.string(),
    raceId: z.string(),
    horseName: z
      .string()
      .trim()
      .min(1, MESSAGES.horseName)
      .max(100, 'Horse name must be at most 100 characters'),
    betType: z.enum(BET_TYPES),
    odds: z.string(),
    amount: z.string(),
    oddsType: z.enum(ODDS_TYPES),
    secondBetType: z.enum(SECOND_TYPES),
    secondOdds: z.string(),
    secondAmount: z.string(),
    showAdvanced: z.boolean(),
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
      if (v.customRace) {
        if (v.venue.trim() === '' || v.raceNumber.trim() === '') {
          ctx.addIssue({ code: 'custom', path: ['venue'], message: RACE_CHOICE_MESSAGE });
        } else {
          const n = Number(v.raceNumber);
          if (!Number.isInteger(n) || n < 1 || n > RACE_NUMBER_MAX)
            ctx.addIssue({
              code: 'custom',
              path: ['raceNumber'],
              message: `Race number must be a whole number from 1 to ${RACE_NUMBER_MAX}`,
            });
        }
      } else if (v.raceId === '') {
        // Shown as a toast (spec §5); the issue keeps the bet from being sent.
        ctx.addIssue({ code: 'custom', path: ['raceId'], message: SELECT_RACE_MESSAGE });
      }
      checkOdds(v.odds, 'odds', ctx);
      checkAmount(v.amount, 'amount', ctx);
      if (v.secondBetType !== 'none') {
        if (v.secondBetType === v.betType)
          ctx.addIssue({ code: 'custom', path: ['secondBetType'], message: MESSAGES.secondTypeDiffers });
        // Left empty → the first bet's value is used (spec §5; its own message covers it), so the
        // second bet's "required" shows only when both are empty.
        if (v.secondOdds.trim() !== '' || v.odds.trim() === '')
          checkOdds(v.secondOdds, 'secondOdds', ctx, MESSAGES.secondOddsRequired);
        if (v.secondAmount.trim() !== '' || v.amount.trim() === '')
          checkAmount(v.secondAmount, 'secondAmount', ctx, MESSAGES.secondAmountRequired);
      }
      checkPlaceTerms(v, partTypes(v), ctx);
      if (v.showAdvanced) checkAdvanced(v, ctx);
    },
    { when: () => true },
  );

export type AddBetFormValues = z.infer<typeof addBetFormSchema>;

/** The bet type of each part (one, or two for a two-part bet). */
export const partTypes = (v: Pick<AddBetFormValues, 'betType' | 'secondBetType'>): BetType[] =>
  v.secondBetType === 'none' ? [v.betType] : [v.betType, v.secondBetType];

/** `memberId`: preselected (a member adds bets under their own member only); '' → none. */
export function addBetDefaults(defaultAmount: number | undefined, memberId = ''): AddBetFormValues {
  return {
    memberId,
    customRace: true,
    venue: '',
    raceNumber: '',
    raceName: '',
    raceDate: '',
    raceId: '',
    horseName: '',
    betType: 'win',
    odds: '',
    amount: defaultAmount === undefined ? '' : String(defaultAmount),
    oddsType: 'fixed',
    secondBetType: 'none',
    secondOdds: '',
    secondAmount: '',
    showAdvanced: false,
    ...EMPTY_ADVANCED,
    ...EMPTY_PLACE_TERMS,
  };
}

/**
 * POST /api/races for a custom race (spec §7): no name → '{venue} - Race {number}'; no venue →
 * 'Unknown venue'; no number → '1'; no date → now; description 'Race {n} at {venue}'.
 * `dayToIso` turns a 'YYYY-MM-DD' into the instant (the syndicate's zone).
 */
export function customRacePayload(
  v: Pick<AddBetFormValues, 'venue' | 'raceNumber' | 'raceName' | 'raceDate'>,
  dayToIso: (day: string) => string,
  now: Date = new Date(),
): CreateRaceInput {
  const venue = v.venue.trim() || 'Unknown venue';
  const number = v.raceNumber.trim() || '1';
  const parsed = Number(number);
  return {
    name: v.raceName.trim() || `${venue} - Race ${number}`,
    venue,
    date: v.raceDate ? dayToIso(v.raceDate) : now.toISOString(),
    description: `Race ${number} at ${venue}`,
    ...(Number.isInteger(parsed) && parsed > 0 ? { raceNumber: parsed } : {}),
  };
}

/** The two bet types of a two-part bet, or null for a single bet. */
export const betTypesOf = (v: AddBetFormValues): [BetType, BetType] | null =>
  v.secondBetType === 'none' ? null : [v.betType, v.secondBetType];

/**
 * POST /api/bets (spec §7); a two-part bet sends `bets` in place of betType, odds and amount.
 * `sendTerms`: the race knows its field size, so the terms shown are the ones to store (otherwise
 * untouched terms are left out and the race's default applies when the bet settles).
 */
export function betPayload(
  v: AddBetFormValues,
  raceId: number,
  now: Date = new Date(),
  sendTerms = false,
): CreateBetInput {
  const odds = parseNumber(v.odds) ?? 0;
  const amount = parseNumber(v.amount) ?? 0;
  const base = {
    memberId: Number(v.memberId),
    horseName: v.horseName.trim(),
    status: 'pending' as const,
    date: now.toISOString(),
    raceId,
    oddsType: v.oddsType,
    ...(v.showAdvanced ? advancedPayload(v satisfies AdvancedValues) : {}),
    ...placeTermsPayload(v, partTypes(v), sendTerms),
  };
  if (v.secondBetType === 'none') return { ...base, betType: v.betType, odds, amount };
  return {
    ...base,
    bets: [
      { betType: v.betType, odds, amount },
      {
        betType: v.secondBetType,
        odds: parseNumber(v.secondOdds) ?? odds,
        amount: parseNumber(v.secondAmount) ?? amount,
      },
    ],
  };
}
