// The each-way / place terms of the Add Bet and Edit Bet forms: places and divisor (defaulted from
// the race, editable), an each-way bet's optional fixed place price, the per-part stakes and the
// place part's odds. Checks use the shared schemas' messages; the odds come from shared/settlement.ts.
import { type BetType, placeTermsSchema } from '@shared/bet';
import { positiveOdds, toCents, toHundredths } from '@shared/money';
import { type PlaceTerms, settleBet } from '@shared/settlement';
import type { z } from 'zod';
import { parseNumber } from './bet-form';

/** The terms as typed. `placeTermsEdited`: the user changed them (else they follow the race's default). */
export interface PlaceTermsValues {
  placePlaces: string;
  placeDivisor: string;
  placeOdds: string;
  placeTermsEdited: boolean;
}

export const termsText = (terms: PlaceTerms) => ({
  placePlaces: String(terms.places),
  placeDivisor: String(terms.divisor),
});

export const EMPTY_PLACE_TERMS: PlaceTermsValues = {
  placePlaces: '3',
  placeDivisor: '5',
  placeOdds: '',
  placeTermsEdited: false,
};

/** Whether any part of the bet is paid on a place (then its terms matter). */
export const needsTerms = (types: readonly BetType[]) => types.some((t) => t !== 'win');

type Ctx = z.core.$RefinementCtx;

const placeOddsSchema = positiveOdds({
  required: 'Place odds are required',
  positive: 'Place odds must be a positive number',
});

/** The typed terms as numbers, or undefined when they do not parse (the check says why). */
function parsedTerms(v: PlaceTermsValues): PlaceTerms | undefined {
  const out = placeTermsSchema.safeParse({
    places: parseNumber(v.placePlaces),
    divisor: parseNumber(v.placeDivisor),
  });
  return out.success ? out.data : undefined;
}

/** Adds the terms' messages (places 1–8, divisor 1–6, place odds positive) for the bet's types. */
export function checkPlaceTerms(v: PlaceTermsValues, types: readonly BetType[], ctx: Ctx) {
  if (!needsTerms(types)) return;
  const out = placeTermsSchema.safeParse({
    places: parseNumber(v.placePlaces),
    divisor: parseNumber(v.placeDivisor),
  });
  if (!out.success) {
    const seen = new Set<string>();
    for (const issue of out.error.issues) {
      const key = issue.path[0] === 'divisor' ? 'placeDivisor' : 'placePlaces';
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
    }
  }
  if (types.includes('each-way') && v.placeOdds.trim() !== '') {
    const odds = placeOddsSchema.safeParse(parseNumber(v.placeOdds));
    if (!odds.success)
      ctx.addIssue({
        code: 'custom',
        path: ['placeOdds'],
        message: odds.error.issues[0]?.message ?? 'Invalid',
      });
  }
}

/**
 * placeTerms / placeOdds for POST or PUT /api/bets. Terms are sent when the user changed them, or
 * when `send` says so (the race knows its field, or the bet already stored terms); otherwise they
 * are left out, so the race's default applies at settlement (a result's places paid included).
 */
export function placeTermsPayload(
  v: PlaceTermsValues,
  types: readonly BetType[],
  send: boolean,
): { placeTerms?: PlaceTerms; placeOdds?: number } {
  if (!needsTerms(types)) return {};
  const out: { placeTerms?: PlaceTerms; placeOdds?: number } = {};
  const terms = parsedTerms(v);
  if (terms && (send || v.placeTermsEdited)) out.placeTerms = terms;
  const placeOdds = parseNumber(v.placeOdds);
  if (types.includes('each-way') && placeOdds !== undefined) out.placeOdds = placeOdds;
  return out;
}

/** An each-way stake's halves in dollars ('10' → {win: 5, place: 5}); null when the amount does not parse. */
export function eachWaySplit(amount: string): { win: number; place: number } | null {
  const n = parseNumber(amount);
  if (n === undefined || !Number.isFinite(n) || n <= 0) return null;
  try {
    const half = toCents(n) / 2 / 100;
    return { win: half, place: half };
  } catch {
    return null; // more than 2 decimals: the amount's own message says so
  }
}

/**
 * The decimal odds an each-way bet's place half is paid at: its fixed place price, else the
 * fraction of the win odds the terms give (asked of shared/settlement.ts, not recomputed here).
 */
export function eachWayPlaceOdds(odds: string, v: PlaceTermsValues): number | null {
  const win = parseNumber(odds);
  const terms = parsedTerms(v);
  if (win === undefined || !terms) return null;
  const fixed = parseNumber(v.placeOdds);
  try {
    const out = settleBet(
      {
        betType: 'each-way',
        oddsType: 'fixed',
        amount: 200,
        odds: toHundredths(win),
        placeTerms: terms,
        placeOdds: fixed === undefined ? null : toHundredths(fixed),
      },
      { status: 'win' },
    );
    const place = out.ok ? out.settlement.parts.find((p) => p.part === 'place') : undefined;
    return place ? place.odds : null;
  } catch {
    return null; // odds that do not parse: their own message says so
  }
}
