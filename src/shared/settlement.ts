// Settlement as a bookmaker does it: win, place and each-way bets at fixed odds or on the tote,
// dead heats, non-runners and Rule 4. One pure module, used by the mark buttons, the Settle dialog's
// preview, race results and the provider's results alike (docs/settlement.md explains every rule).
//
// Money is integer cents and odds integer hundredths on the way in. Each part's return is kept as an
// exact fraction (BigInt numerator and denominator): halves of each-way stakes, dead-heat shares,
// place fractions and Rule 4 deductions never round on their own. The bet's total return is rounded
// once, half up, to whole cents, and its result is that return minus the stake — so a plain win is
// exactly money.ts `settle`: round(amount × odds) − amount.
import type { BetType, OddsType } from './bet';
import type { Cents } from './money';

export const PLACES_MIN = 1;
export const PLACES_MAX = 8;
export const DIVISOR_MIN = 1;
export const DIVISOR_MAX = 6;
export const RULE4_MIN = 5;
export const RULE4_MAX = 90;
/** Rule 4's cap on the total deduction when two or more horses are withdrawn (Tattersalls 4(c)). */
export const RULE4_MAX_SEVERAL = 75;
/** Finishing positions and dead-heat sizes we accept (a field is never larger). */
export const POSITION_MAX = 99;
export const DEAD_HEAT_MAX = 20;

/** Each-way place terms: the first `places` places are paid at 1/`divisor` of the win odds. */
export interface PlaceTerms {
  places: number;
  divisor: number;
}

/** Win only: the place part pays only on a winner, at the full odds (so the bet is all on the win). */
export const WIN_ONLY: PlaceTerms = { places: 1, divisor: 1 };

/** True for a race whose type or name says it is a handicap ("Handicap", "Hcp", "BM68 Hcp"…). */
export function isHandicap(...texts: (string | null | undefined)[]): boolean {
  return texts.some((t) => typeof t === 'string' && /\b(handicap|hcp|hcap)\b/i.test(t));
}

/**
 * UK each-way terms from the number of runners: fewer than 5 → win only; 5–7 → 2 places at 1/4;
 * 8 or more → 3 at 1/5; handicaps with 12–15 → 3 at 1/4 and with 16 or more → 4 at 1/4. An unknown
 * field size gets the terms of the usual field (8 or more runners): 3 places at 1/5.
 */
export function defaultPlaceTerms(runners: number | null | undefined, handicap = false): PlaceTerms {
  if (runners === null || runners === undefined || !Number.isInteger(runners) || runners < 1)
    return { places: 3, divisor: 5 };
  if (runners < 5) return WIN_ONLY;
  if (runners < 8) return { places: 2, divisor: 4 };
  if (handicap && runners >= 16) return { places: 4, divisor: 4 };
  if (handicap && runners >= 12) return { places: 3, divisor: 4 };
  return { places: 3, divisor: 5 };
}

/** How many runners a race has: the imported runners, else a numeric `customFields.runners`. */
export function runnersCount(race: {
  runners?: readonly unknown[] | null;
  customFields?: Record<string, string> | null;
}): number | null {
  if (race.runners && race.runners.length > 0) return race.runners.length;
  const raw = race.customFields?.runners ?? race.customFields?.Runners;
  if (raw === undefined) return null;
  const n = Number(raw.trim());
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** What a race says of its place terms: its runners (or `customFields.runners`) and its type and name. */
export interface RaceTermsSource {
  name: string;
  raceType: string | null;
  customFields: Record<string, string> | null;
  runners?: readonly unknown[] | null;
}

/**
 * A race's default each-way terms, as the server settles and the app previews them: UK terms from
 * its field size and whether it is a handicap (3 places at 1/5 without a race or a known field). A
 * result's `placesPaid` replaces the places, except that a field under five stays win only.
 */
export function raceDefaultTerms(
  race: RaceTermsSource | null | undefined,
  placesPaid?: number | null,
): PlaceTerms {
  const terms = race
    ? defaultPlaceTerms(runnersCount(race), isHandicap(race.raceType, race.name))
    : defaultPlaceTerms(null);
  const winOnly = terms.places === WIN_ONLY.places && terms.divisor === WIN_ONLY.divisor;
  return placesPaid && !winOnly ? { ...terms, places: placesPaid } : terms;
}

export const SETTLED_OUTCOMES = ['win', 'placed', 'loss', 'void'] as const;
export type SettledStatus = (typeof SETTLED_OUTCOMES)[number];

/** What settlement needs of a bet (cents and hundredths). */
export interface SettleableBet {
  betType: BetType;
  oddsType: OddsType;
  /** The total stake in cents (an each-way bet's two halves together). */
  amount: number;
  /** Decimal odds in hundredths; a place bet's odds are its place odds; a tote bet's are an estimate. */
  odds: number;
  /** Each-way and place terms; null → the caller's default (the race's, else 3 places at 1/5). */
  placeTerms?: PlaceTerms | null;
  /** An each-way bet's own fixed place price in hundredths (instead of the fraction of the win odds). */
  placeOdds?: number | null;
}

/** How the bet's horse ran, as a settler enters it (odds in hundredths). */
export interface SettlementInput {
  status: SettledStatus;
  /** Finishing position (1 = won); omitted → implied by the status (win → 1, placed → a paid place). */
  position?: number | null;
  /** How many horses tied at `position` (a dead heat); 1 or omitted → no dead heat. */
  deadHeat?: number | null;
  /** Tote: the declared win dividend per 1 unit, in hundredths. */
  dividend?: number | null;
  /** Tote: the declared place dividend per 1 unit, in hundredths. */
  placeDividend?: number | null;
  /** Rule 4: cents in the dollar (5–90) deducted from the winnings of a fixed-odds bet. */
  rule4?: number | null;
}

export interface PartSettlement {
  part: 'win' | 'place';
  /** The part's stake in cents (half of an each-way stake may be a half cent). */
  stake: number;
  /** The decimal odds the part is paid at (a place fraction may have more than 2 decimals). */
  odds: number;
  /** The paid share of the stake: 1 normally, tied places ÷ k in a dead heat, 0 when it lost. */
  share: number;
  /** What the part returns in cents, before the bet's one rounding. */
  returns: number;
}

export interface Settlement {
  status: SettledStatus;
  /** Stake back plus winnings, in whole cents (0 when everything lost). */
  returned: Cents;
  /** Profit (+) or loss (−): returned − stake. */
  result: Cents;
  parts: PartSettlement[];
  /** The place terms used (null for a win bet). */
  placeTerms: PlaceTerms | null;
  /** Whether a Rule 4 deduction was applied (fixed odds only). */
  rule4Applied: boolean;
}

export type SettlementOutcome = { ok: true; settlement: Settlement } | { ok: false; message: string };

export const SETTLEMENT_MESSAGES = {
  placedNotEachWay: 'Only an each-way bet can be placed',
  placedWinOnly: 'These place terms pay a winner only, so this bet cannot be placed',
  deadHeatNeedsPosition: 'Enter the position the dead heat was for',
  mismatch: (position: number, status: SettledStatus) =>
    `A horse finishing ${ordinal(position)} settles this bet as ${status}`,
} as const;

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

// ---- exact fractions -------------------------------------------------------------------------

interface Fraction {
  n: bigint;
  d: bigint;
}
const frac = (n: number | bigint, d: number | bigint = 1n): Fraction => ({ n: BigInt(n), d: BigInt(d) });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const sub = (a: Fraction, b: Fraction): Fraction => add(a, { n: -b.n, d: b.d });
const toNumber = (f: Fraction): number => Number(f.n) / Number(f.d);
const ZERO = frac(0);
const ONE = frac(1);
/** Half up to a whole number (the fraction is never negative here). */
function roundHalfUp(f: Fraction): number {
  return Number((2n * f.n + f.d) / (2n * f.d));
}

/** How many of the places p … p+k−1 (a k-way dead heat at p) fall within the first `paid`. */
export function tiedPlacesWithin(position: number, deadHeat: number, paid: number): number {
  return Math.max(0, Math.min(paid, position + deadHeat - 1) - position + 1);
}

/** An each-way bet's place odds (hundredths, exact): its own price, else 1 + (odds − 1) ÷ divisor. */
function eachWayPlaceOdds(bet: SettleableBet, terms: PlaceTerms): Fraction {
  if (bet.placeOdds !== null && bet.placeOdds !== undefined) return frac(bet.placeOdds, 100);
  return frac(100 * terms.divisor + bet.odds - 100, 100 * terms.divisor);
}

/**
 * Settles one bet. Returns the status, the return and the result (rounded once), or a message when
 * the input contradicts itself (a position that makes the bet something other than the status).
 * `fallbackTerms`: the place terms to use when the bet stores none (the race's default).
 */
export function settleBet(
  bet: SettleableBet,
  input: SettlementInput,
  fallbackTerms: PlaceTerms = defaultPlaceTerms(null),
): SettlementOutcome {
  const terms = bet.betType === 'win' ? null : (bet.placeTerms ?? fallbackTerms);
  const stake = frac(bet.amount);
  if (input.status === 'void') {
    return {
      ok: true,
      settlement: {
        status: 'void',
        returned: bet.amount as Cents,
        result: 0 as Cents,
        parts: [],
        placeTerms: terms,
        rule4Applied: false,
      },
    };
  }
  if (input.status === 'placed' && bet.betType !== 'each-way')
    return { ok: false, message: SETTLEMENT_MESSAGES.placedNotEachWay };
  // Win-only terms (1 place: a field of fewer than 5 runners, or terms so chosen) have no place to
  // be placed in: the place half is paid on a winner only (docs/settlement.md).
  if (input.status === 'placed' && terms !== null && terms.places < 2)
    return { ok: false, message: SETTLEMENT_MESSAGES.placedWinOnly };

  const k = input.deadHeat && input.deadHeat > 1 ? input.deadHeat : 1;
  let position = input.position ?? null;
  if (position === null && k > 1) {
    if (input.status !== 'win') return { ok: false, message: SETTLEMENT_MESSAGES.deadHeatNeedsPosition };
    position = 1;
  }
  // The paid share of each part: from the position when given, else from the status alone. A dead
  // heat pays the tied places within the paid ones ÷ k, except at a declared tote dividend: the Tote
  // shares the pool among the dead-heaters before declaring each one's dividend, so it is paid whole.
  const share = (paidPlaces: number, byStatus: boolean, declared = false): Fraction => {
    if (position === null) return byStatus ? ONE : ZERO;
    const tied = tiedPlacesWithin(position, k, paidPlaces);
    return declared ? (tied > 0 ? ONE : ZERO) : frac(tied, k);
  };

  const tote = bet.oddsType === 'tote';
  const rule4 =
    !tote && input.rule4 !== null && input.rule4 !== undefined && input.rule4 > 0 ? input.rule4 : null;
  const keep = rule4 === null ? ONE : frac(100 - rule4, 100);

  const parts: { part: 'win' | 'place'; stake: Fraction; odds: Fraction; share: Fraction }[] = [];
  const winDividend = tote && input.dividend ? input.dividend : null;
  const placeDividend = tote && input.placeDividend ? input.placeDividend : null;
  if (bet.betType === 'win') {
    parts.push({
      part: 'win',
      stake,
      odds: frac(winDividend ?? bet.odds, 100),
      share: share(1, input.status === 'win', winDividend !== null),
    });
  } else if (bet.betType === 'place' && terms) {
    parts.push({
      part: 'place',
      stake,
      odds: frac(placeDividend ?? bet.odds, 100),
      share: share(terms.places, input.status === 'win', placeDividend !== null),
    });
  } else if (terms) {
    const half = mul(stake, frac(1, 2));
    parts.push({
      part: 'win',
      stake: half,
      odds: frac(winDividend ?? bet.odds, 100),
      share: share(1, input.status === 'win', winDividend !== null),
    });
    parts.push({
      part: 'place',
      stake: half,
      odds: placeDividend !== null ? frac(placeDividend, 100) : eachWayPlaceOdds(bet, terms),
      share: share(terms.places, input.status === 'win' || input.status === 'placed', placeDividend !== null),
    });
  }

  let total = ZERO;
  const settledParts: PartSettlement[] = parts.map((p) => {
    const paidStake = mul(p.stake, p.share);
    // Rule 4 reduces winnings only: odds under evens (which the spec accepts) lose no less for it.
    const gain = sub(p.odds, ONE);
    const winnings = mul(mul(paidStake, gain), gain.n > 0n ? keep : ONE);
    const returns = add(paidStake, winnings);
    total = add(total, returns);
    return {
      part: p.part,
      stake: toNumber(p.stake),
      odds: toNumber(p.odds),
      share: toNumber(p.share),
      returns: toNumber(returns),
    };
  });

  const paid = (part: 'win' | 'place') => settledParts.some((p) => p.part === part && p.share > 0);
  const derived: SettledStatus =
    bet.betType === 'each-way'
      ? paid('win')
        ? 'win'
        : paid('place')
          ? 'placed'
          : 'loss'
      : paid(bet.betType === 'win' ? 'win' : 'place')
        ? 'win'
        : 'loss';
  if (derived !== input.status && position !== null)
    return { ok: false, message: SETTLEMENT_MESSAGES.mismatch(position, derived) };

  const returned = roundHalfUp(total);
  return {
    ok: true,
    settlement: {
      status: derived,
      returned: returned as Cents,
      result: (returned - bet.amount) as Cents,
      parts: settledParts,
      placeTerms: terms,
      rule4Applied: rule4 !== null && settledParts.some((p) => p.share > 0),
    },
  };
}

/** The status a finishing position gives a bet (for forms that pick a position, not a status). */
export function statusForPosition(
  bet: SettleableBet,
  position: number | null,
  deadHeat: number | null,
  fallbackTerms?: PlaceTerms,
): SettledStatus {
  if (position === null) return 'loss';
  for (const status of ['win', 'placed', 'loss'] as const) {
    const out = settleBet(bet, { status, position, deadHeat }, fallbackTerms);
    if (out.ok) return out.settlement.status;
  }
  return 'loss';
}
