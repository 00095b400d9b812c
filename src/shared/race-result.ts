// A race's runners and result: the API shapes, the result form's schema (POST /api/races/:id/result)
// and how a bet's horse is found in a result (by number, else by name ignoring case, accents and
// punctuation). Settling the matched bets is settlement.ts's job; this module only says which horse
// finished where.
import { z } from 'zod';
import { positiveOdds, toHundredths } from './money';
import {
  DEAD_HEAT_MAX,
  PLACES_MAX,
  PLACES_MIN,
  type PlaceTerms,
  POSITION_MAX,
  type RaceTermsSource,
  RULE4_MAX,
  RULE4_MAX_SEVERAL,
  RULE4_MIN,
  raceDefaultTerms,
  type SettleableBet,
  type SettlementInput,
  type SettlementOutcome,
  settleBet,
  statusForPosition,
} from './settlement';
import { isCleanName, notAllowedMessage } from './text';

export const RUNNERS_MAX = 40;
export const RUNNER_TEXT_MAX = 100;

/** One horse in a race's field (imported with the race card, or entered). */
export const runnerSchema = z.object({
  number: z.number().int().nullable(),
  horse: z.string(),
  jockey: z.string().nullable(),
  trainer: z.string().nullable(),
  weight: z.string().nullable(),
  /** Barrier / stall. */
  draw: z.number().int().nullable(),
  silkColor: z.string().nullable(),
});
export type Runner = z.infer<typeof runnerSchema>;

const horseName = z
  .string({ error: 'Horse name must be text' })
  .trim()
  .refine(isCleanName, notAllowedMessage('Horse name'))
  .max(RUNNER_TEXT_MAX, `Horse name must be at most ${RUNNER_TEXT_MAX} characters`)
  .nullish()
  .transform((v) => (v ? v : null));
const horseNumber = z
  .number({ error: 'Horse number must be a whole number' })
  .int('Horse number must be a whole number')
  .min(1, 'Horse number must be at least 1')
  .max(999, 'Horse number must be at most 999')
  .nullish()
  .transform((v) => v ?? null);
const HORSE_REQUIRED = 'Enter a horse name or number';
const hasHorse = (h: { horseName: string | null; horseNumber: number | null }) =>
  h.horseName !== null || h.horseNumber !== null;
const horseRequired = { message: HORSE_REQUIRED };

const dividend = (label: string) =>
  positiveOdds({ required: `${label} is required`, positive: `${label} must be a positive number` })
    .nullish()
    .transform((v) => v ?? null);

export const RESULT_MESSAGES = {
  finishersRequired: 'Enter at least the winner',
  position: `Position must be a whole number from 1 to ${POSITION_MAX}`,
  placesPaid: `Places paid must be from ${PLACES_MIN} to ${PLACES_MAX}`,
  rule4: `Rule 4 must be from ${RULE4_MIN} to ${RULE4_MAX} cents in the dollar`,
  rule4Several: `Rule 4 is at most ${RULE4_MAX_SEVERAL} cents in the dollar when two or more horses were withdrawn`,
  horseRequired: HORSE_REQUIRED,
  sameHorseTwice: 'The same horse is entered twice',
  deadHeat: `At most ${DEAD_HEAT_MAX} horses can dead-heat for a position`,
  noWinner: 'Enter the winner (position 1)',
} as const;

/**
 * Positions as a race's result numbers them: a dead heat shares its places, so the next horse's
 * position skips them (two 1st, then 3rd). A result numbered densely (1st, 1st, 2nd) is read so:
 * each position is raised to 1 + the horses ahead of it, never lowered (1st and 3rd, the 2nd left
 * out, stay so). Found by probing (2026-12-02): 1st, 1st, 2nd paid three horses on a race paying
 * two places.
 */
export function competitionPositions<T extends { position: number }>(finishers: T[]): T[] {
  const counts = new Map<number, number>();
  for (const f of finishers) counts.set(f.position, (counts.get(f.position) ?? 0) + 1);
  const raised = new Map<number, number>();
  let ahead = 0;
  let last = 0;
  for (const position of [...counts.keys()].sort((a, b) => a - b)) {
    last = Math.max(position, ahead + 1, last + 1);
    raised.set(position, last);
    ahead += counts.get(position) ?? 0;
  }
  return finishers.map((f) => {
    const position = raised.get(f.position) ?? f.position;
    return position === f.position ? f : { ...f, position };
  });
}

/** POST /api/races/:id/result. Horses sharing a position dead-heated for it. */
export const raceResultSchema = z
  .object({
    finishers: z
      .array(
        z
          .object({
            horseName,
            horseNumber,
            position: z
              .number({ error: RESULT_MESSAGES.position })
              .int(RESULT_MESSAGES.position)
              .min(1, RESULT_MESSAGES.position)
              .max(POSITION_MAX, RESULT_MESSAGES.position),
          })
          .refine(hasHorse, horseRequired),
        { error: RESULT_MESSAGES.finishersRequired },
      )
      .min(1, RESULT_MESSAGES.finishersRequired)
      .max(RUNNERS_MAX, `At most ${RUNNERS_MAX} finishers`),
    nonRunners: z
      .array(z.object({ horseName, horseNumber }).refine(hasHorse, horseRequired))
      .max(RUNNERS_MAX, `At most ${RUNNERS_MAX} non-runners`)
      .nullish()
      .transform((v) => v ?? []),
    placesPaid: z
      .number({ error: RESULT_MESSAGES.placesPaid })
      .int(RESULT_MESSAGES.placesPaid)
      .min(PLACES_MIN, RESULT_MESSAGES.placesPaid)
      .max(PLACES_MAX, RESULT_MESSAGES.placesPaid)
      .nullish()
      .transform((v) => v ?? null),
    dividends: z
      .array(
        z
          .object({
            horseName,
            horseNumber,
            win: dividend('Win dividend'),
            place: dividend('Place dividend'),
          })
          .refine(hasHorse, horseRequired),
      )
      .max(RUNNERS_MAX, `At most ${RUNNERS_MAX} dividends`)
      .nullish()
      .transform((v) => v ?? []),
    rule4: z
      .number({ error: RESULT_MESSAGES.rule4 })
      .int(RESULT_MESSAGES.rule4)
      .min(RULE4_MIN, RESULT_MESSAGES.rule4)
      .max(RULE4_MAX, RESULT_MESSAGES.rule4)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    // A horse may not both finish and be a non-runner, nor finish twice.
    const seen = new Set<string>();
    const list = [...(v.finishers ?? []), ...(v.nonRunners ?? [])];
    list.forEach((h, i) => {
      for (const key of horseKeys(h)) {
        if (seen.has(key)) {
          const inFinishers = i < (v.finishers?.length ?? 0);
          ctx.addIssue({
            code: 'custom',
            path: inFinishers ? ['finishers', i] : ['nonRunners', i - (v.finishers?.length ?? 0)],
            message: RESULT_MESSAGES.sameHorseTwice,
          });
          return;
        }
      }
      for (const key of horseKeys(h)) seen.add(key);
    });
    // As PUT /api/bets/:id/status takes a dead heat of at most DEAD_HEAT_MAX.
    const tied = new Map<number, number>();
    for (const f of v.finishers) tied.set(f.position, (tied.get(f.position) ?? 0) + 1);
    if ([...tied.values()].some((n) => n > DEAD_HEAT_MAX))
      ctx.addIssue({ code: 'custom', path: ['finishers'], message: RESULT_MESSAGES.deadHeat });
    // Someone won (the positions after are read as competitionPositions says).
    if (v.finishers.length > 0 && !tied.has(1))
      ctx.addIssue({ code: 'custom', path: ['finishers'], message: RESULT_MESSAGES.noWinner });
    // Tattersalls' Rule 4(c): several withdrawals together take at most 75p in the pound.
    if (v.rule4 !== null && v.rule4 > RULE4_MAX_SEVERAL && v.nonRunners.length >= 2)
      ctx.addIssue({ code: 'custom', path: ['rule4'], message: RESULT_MESSAGES.rule4Several });
  })
  .transform((v) => ({ ...v, finishers: competitionPositions(v.finishers) }));
export type RaceResultInput = z.input<typeof raceResultSchema>;
export type RaceResultValues = z.output<typeof raceResultSchema>;

/** The result a race keeps (GET /api/races/:id and the calendar). */
export const storedRaceResultSchema = z.object({
  finishers: z.array(
    z.object({
      position: z.number().int(),
      horseName: z.string().nullable(),
      horseNumber: z.number().int().nullable(),
    }),
  ),
  nonRunners: z.array(
    z.object({ horseName: z.string().nullable(), horseNumber: z.number().int().nullable() }),
  ),
  placesPaid: z.number().int().nullable(),
  dividends: z.array(
    z.object({
      horseName: z.string().nullable(),
      horseNumber: z.number().int().nullable(),
      win: z.number().nullable(),
      place: z.number().nullable(),
    }),
  ),
  rule4: z.number().int().nullable(),
  /** ISO 8601 date-time the result was entered or imported. */
  enteredAt: z.string(),
  /** 'manual' (entered) or 'provider' (imported from the racing API). */
  source: z.enum(['manual', 'provider']),
});
export type StoredRaceResult = z.infer<typeof storedRaceResultSchema> & {
  /** The bets this result settled (re-settled when a corrected result is posted); server-side only. */
  settledBetIds?: number[];
};

export const settledBetSchema = z.object({
  betId: z.number().int(),
  status: z.enum(['win', 'placed', 'loss', 'void', 'pending']),
  /** Profit (+) or loss (−) in major units; null when the bet went back to pending. */
  result: z.number().nullable(),
});
export const raceResultResponseSchema = z.object({
  settled: z.array(settledBetSchema),
  /** Pending bets on the race whose horse is in neither the result nor the field: left pending. */
  unmatched: z.array(z.number().int()),
});
export type RaceResultResponse = z.infer<typeof raceResultResponseSchema>;

// ---- matching a bet's horse --------------------------------------------------------------------

/**
 * A horse's name as compared: accents and a trailing country suffix ("(IRE)") dropped, lower case,
 * letters and digits only ("O'Reilly's Girl" → "oreillysgirl").
 */
export function normalizeHorseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\s*\([a-z]{2,3}\)\s*$/i, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function horseKeys(h: { horseName?: string | null; horseNumber?: number | null }): string[] {
  const keys: string[] = [];
  if (h.horseNumber !== null && h.horseNumber !== undefined) keys.push(`#${h.horseNumber}`);
  if (h.horseName) {
    const n = normalizeHorseName(h.horseName);
    if (n) keys.push(`n:${n}`);
  }
  return keys;
}

/** Whether an entry names the bet's horse: by number when both have one, else by name. */
export function sameHorse(
  bet: { horseName: string; horseNumber: number | null },
  entry: { horseName?: string | null; horseNumber?: number | null },
): boolean {
  if (bet.horseNumber !== null && entry.horseNumber !== null && entry.horseNumber !== undefined)
    return bet.horseNumber === entry.horseNumber;
  if (!entry.horseName) return false;
  const name = normalizeHorseName(entry.horseName);
  return name !== '' && name === normalizeHorseName(bet.horseName);
}

/** How a result treats one bet's horse. */
export type HorseOutcome =
  | {
      kind: 'finished';
      position: number;
      deadHeat: number;
      dividend: number | null;
      placeDividend: number | null;
    }
  | { kind: 'nonRunner' }
  | { kind: 'unplaced' }
  | { kind: 'unmatched' };

/**
 * Where the bet's horse is in the result: a finisher (with the number of horses sharing its
 * position), a non-runner, a runner of the field that is not among the finishers (unplaced), or
 * not found at all (unmatched: the bet stays pending). Dividends are odds in major units.
 */
export function findHorse(
  bet: { horseName: string; horseNumber: number | null },
  result: Pick<RaceResultValues, 'finishers' | 'nonRunners' | 'dividends'>,
  runners: readonly Pick<Runner, 'number' | 'horse'>[] | null,
): HorseOutcome {
  if (result.nonRunners.some((h) => sameHorse(bet, h))) return { kind: 'nonRunner' };
  const finisher = result.finishers.find((h) => sameHorse(bet, h));
  if (finisher) {
    const dividend = result.dividends.find((d) => sameHorse(bet, d));
    return {
      kind: 'finished',
      position: finisher.position,
      deadHeat: result.finishers.filter((h) => h.position === finisher.position).length,
      dividend: dividend?.win ?? null,
      placeDividend: dividend?.place ?? null,
    };
  }
  if (runners?.some((r) => sameHorse(bet, { horseName: r.horse, horseNumber: r.number })))
    return { kind: 'unplaced' };
  return { kind: 'unmatched' };
}

/**
 * The race's default each-way terms for a result, as a bookmaker settles them: from the runners that
 * came under orders — the race's field (its imported runners) less the result's non-runners found in
 * it — with the result's places paid. A field typed as a number (`customFields.runners`) is taken as
 * it is (it may already leave the withdrawn out). Bets that store their own terms keep them.
 */
export function resultTerms(
  race:
    | (Omit<RaceTermsSource, 'runners'> & { runners?: readonly Pick<Runner, 'number' | 'horse'>[] | null })
    | null
    | undefined,
  result: Pick<RaceResultValues, 'placesPaid' | 'nonRunners'>,
): PlaceTerms {
  const field = race?.runners ?? [];
  const ran = field.filter(
    (r) => !result.nonRunners.some((h) => sameHorse({ horseName: r.horse, horseNumber: r.number }, h)),
  );
  const counted = race && ran.length > 0 && ran.length < field.length ? { ...race, runners: ran } : race;
  return raceDefaultTerms(counted, result.placesPaid);
}

// ---- planning a result's settlements -----------------------------------------------------------

/** A bet on the race, as the plan reads it (cents and hundredths). */
export interface PlannableBet extends SettleableBet {
  id: number;
  horseName: string;
  horseNumber: number | null;
}

export type PlannedSettlement =
  | { betId: number; kind: 'settle'; input: SettlementInput; outcome: SettlementOutcome }
  | { betId: number; kind: 'unmatched' };

/**
 * What a result does to each bet: a non-runner is void; a finisher settles by its position (with
 * the dead heat its position shares, its tote dividends and the result's Rule 4); a runner of the
 * field that did not finish in the entered places loses; a horse found nowhere is unmatched (its
 * bet stays pending). `raceTerms` are the race's default place terms, places paid applied. The
 * server settles with this plan; the Enter result dialog previews it.
 */
export function planRaceResult(
  bets: readonly PlannableBet[],
  result: Pick<RaceResultValues, 'finishers' | 'nonRunners' | 'dividends' | 'rule4'>,
  runners: readonly Pick<Runner, 'number' | 'horse'>[] | null,
  raceTerms: PlaceTerms,
): PlannedSettlement[] {
  return bets.map((bet) => {
    const horse = findHorse(bet, result, runners);
    if (horse.kind === 'unmatched') return { betId: bet.id, kind: 'unmatched' };
    let input: SettlementInput;
    if (horse.kind === 'nonRunner') input = { status: 'void' };
    else if (horse.kind === 'unplaced') input = { status: 'loss', rule4: result.rule4 };
    else
      input = {
        status: statusForPosition(bet, horse.position, horse.deadHeat, raceTerms),
        position: horse.position,
        deadHeat: horse.deadHeat > 1 ? horse.deadHeat : null,
        dividend: horse.dividend === null ? null : toHundredths(horse.dividend),
        placeDividend: horse.placeDividend === null ? null : toHundredths(horse.placeDividend),
        rule4: result.rule4,
      };
    return { betId: bet.id, kind: 'settle', input, outcome: settleBet(bet, input, raceTerms) };
  });
}
