// Money is integer cents and odds are integer hundredths, end to end. JSON carries both as
// plain decimal numbers in major units (12.5 dollars, odds 3.25); conversion happens here,
// at the edge, and nowhere else. Settlement rounds once, in cents.
import { z } from 'zod';

declare const centsBrand: unique symbol;
declare const hundredthsBrand: unique symbol;
/** An integer amount of cents. */
export type Cents = number & { readonly [centsBrand]: true };
/** Decimal odds as an integer number of hundredths: 3.25 → 325. */
export type Hundredths = number & { readonly [hundredthsBrand]: true };

/** Largest stake, price or setting we accept, in dollars; larger is refused as input. */
export const MAX_AMOUNT = 1_000_000;
/** MAX_AMOUNT as messages show it: '1,000,000' (no currency: the server does not know the syndicate's here). */
export const MAX_AMOUNT_TEXT = MAX_AMOUNT.toLocaleString('en-US');
/** Largest decimal odds we accept. */
export const MAX_ODDS = 10_000;

/**
 * True when the number is exactly what a decimal with at most 2 places parses to
 * (3.1 and 12.25 are; 3.105 and 0.1 + 0.2 = 0.30000000000000004 are not).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) < 1e13 && Number(value.toFixed(2)) === value;
}

function toInteger(value: number, what: string): number {
  if (!hasAtMostTwoDecimals(value))
    throw new RangeError(`${what} must be a finite number with at most 2 decimals`);
  return Math.round(value * 100);
}

export const toCents = (dollars: number): Cents => toInteger(dollars, 'Amount') as Cents;
export const toHundredths = (odds: number): Hundredths => toInteger(odds, 'Odds') as Hundredths;
export const fromCents = (cents: number): number => cents / 100;
export const fromHundredths = (h: number): number => h / 100;

/** Refuse anything that is not already an integer number of cents. */
export function assertCents(value: number): asserts value is Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
}

export type Outcome = 'win' | 'loss';

/**
 * Profit (+) or loss (−) of a settled bet, in cents: win → round(amount × odds) − amount;
 * loss → −amount. The only place a bet's result is computed; it rounds once.
 */
export function settle(amount: Cents, odds: Hundredths, outcome: Outcome): Cents {
  assertCents(amount);
  if (outcome === 'loss') return -amount as Cents;
  return (Math.round((amount * odds) / 100) - amount) as Cents;
}

/**
 * What the API document says of a number whose decimals a refine checks (JSON Schema cannot
 * run hasAtMostTwoDecimals): multipleOf 0.01, and the rule in words.
 */
export const twoDecimals = (description: string) => ({ multipleOf: 0.01, description });

/** A positive money amount in dollars (≤ MAX_AMOUNT, ≤ 2 decimals), with the caller's messages. */
export function positiveMoney(messages: { required: string; positive: string }) {
  // positive() and max() rather than refines, so the API document shows the bounds too.
  return z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.positive) })
    .positive(messages.positive)
    .max(MAX_AMOUNT, `Must be at most ${MAX_AMOUNT_TEXT}`)
    .refine(hasAtMostTwoDecimals, 'Use at most 2 decimals')
    .meta(
      twoDecimals(`Money in major units (dollars), more than 0, at most ${MAX_AMOUNT}, at most two decimals`),
    );
}

/** Positive decimal odds (≤ MAX_ODDS, ≤ 2 decimals), with the caller's messages. */
export function positiveOdds(messages: { required: string; positive: string }) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.positive) })
    .positive(messages.positive)
    .max(MAX_ODDS, `Odds must be at most ${MAX_ODDS}`)
    .refine(hasAtMostTwoDecimals, 'Use at most 2 decimals')
    .meta(
      twoDecimals(
        `Decimal odds (3.25 returns 3.25 per 1 staked), more than 0, at most ${MAX_ODDS}, at most two decimals`,
      ),
    );
}
