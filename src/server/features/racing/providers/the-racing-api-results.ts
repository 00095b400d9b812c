// The Racing API's results (ResultStandard of GET /v1/results) as the race-result form's values:
// finishing positions ("1", "=3" or "3=" for a dead heat; two runners sharing a position are a dead
// heat too; "PU", "F", "UR", "BD"… ran and did not finish), non-runners (a text: "Name (reason),
// Other (IRE) (reason)"), and the tote's win and place dividends per 1 unit ("£3.40"; "£1.60 £1.40
// £2.20" for the places, in finishing order). The provider gives no Rule 4 and no places paid.
import { z } from 'zod';
import { MAX_ODDS } from '../../../../shared/money';
import {
  normalizeHorseName,
  type RaceResultInput,
  type RaceResultValues,
  RUNNERS_MAX,
  type Runner,
  raceResultSchema,
} from '../../../../shared/race-result';
import { POSITION_MAX } from '../../../../shared/settlement';
import type { ProviderResult } from './provider';
import { mapRunner, text } from './the-racing-api-runners';

const optionalText = z.string().nullish().catch(null);

export const resultSchema = z.object({
  race_id: z.string().min(1),
  date: z.string(),
  non_runners: optionalText,
  tote_win: optionalText,
  tote_pl: optionalText,
  runners: z.array(z.unknown()),
});
export type ProviderResultRecord = z.infer<typeof resultSchema>;

const positionSchema = z.object({ position: z.union([z.string(), z.number()]).nullish().catch(null) });

/** "1", "=3", "3=" → the position; a non-finisher ("PU", "F", "0") → null. */
export function finishingPosition(raw: unknown): number | null {
  const parsed = positionSchema.safeParse(raw);
  const value = parsed.success ? String(parsed.data.position ?? '').trim() : '';
  const m = /^=?(\d{1,2})=?$/.exec(value);
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= POSITION_MAX ? n : null;
}

/** "£3.40" → 3.4; "£1.60 £1.40 £2.20" → [1.6, 1.4, 2.2]; amounts that are not odds are dropped. */
export function toteAmounts(value: string | null | undefined): number[] {
  const found = (value ?? '').replace(/,/g, '').match(/\d+(?:\.\d+)?/g) ?? [];
  return found
    .filter((s) => /^\d+(\.\d{1,2})?$/.test(s))
    .map(Number)
    .filter((n) => n > 0 && n <= MAX_ODDS);
}

/** "Name (vet's certificate), Other (IRE) (self certificate)" → ["Name", "Other"]. */
export function nonRunnerNames(value: string | null | undefined): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of `${value ?? ''},`) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      const name = text(current);
      if (name) names.push(name);
      current = '';
    } else if (depth === 0) current += ch;
  }
  return names.slice(0, RUNNERS_MAX);
}

type Finisher = { horseName: string; horseNumber: number | null; position: number };

/**
 * The tote's dividends, where they can be told apart: the win dividend when one horse won; the
 * place dividends when the placed horses hold distinct positions 1…n (a dead heat among them
 * leaves their order, and so whose dividend is whose, unknown).
 */
function dividends(finishers: readonly Finisher[], record: ProviderResultRecord) {
  const byHorse = new Map<Finisher, { win: number | null; place: number | null }>();
  const winners = finishers.filter((f) => f.position === 1);
  const wins = toteAmounts(record.tote_win);
  if (winners[0] && winners.length === 1 && wins[0] !== undefined && wins.length === 1)
    byHorse.set(winners[0], { win: wins[0], place: null });
  const places = toteAmounts(record.tote_pl);
  const sorted = [...finishers].sort((a, b) => a.position - b.position);
  const told =
    sorted.length >= places.length &&
    sorted.slice(0, places.length).every((f, i) => f.position === i + 1) &&
    sorted[places.length]?.position !== places.length;
  if (told)
    places.forEach((place, i) => {
      const horse = sorted[i];
      if (horse) byHorse.set(horse, { win: byHorse.get(horse)?.win ?? null, place });
    });
  return [...byHorse].map(([f, d]) => ({ horseName: f.horseName, horseNumber: f.horseNumber, ...d }));
}

/**
 * One result as our race result; 'unfinished' when no horse has a finishing position (an abandoned
 * race, or one still being run); 'invalid' when the result cannot be read as a race result.
 */
export function mapResult(
  record: ProviderResultRecord,
  idPrefix: string,
): ProviderResult | 'unfinished' | 'invalid' {
  const ran: Runner[] = [];
  const finishers: Finisher[] = [];
  for (const raw of record.runners) {
    const runner = mapRunner(raw);
    if (!runner) continue;
    ran.push(runner);
    const position = finishingPosition(raw);
    if (position !== null) finishers.push({ horseName: runner.horse, horseNumber: runner.number, position });
  }
  if (finishers.length === 0) return 'unfinished';
  // A horse both in the non-runners' text and among the runners ran (the text is the stale part).
  const ranNames = new Set(ran.map((r) => normalizeHorseName(r.horse)));
  const input: RaceResultInput = {
    finishers: finishers.slice(0, RUNNERS_MAX),
    nonRunners: nonRunnerNames(record.non_runners)
      .filter((name) => !ranNames.has(normalizeHorseName(name)))
      .map((horseName) => ({ horseName })),
    dividends: dividends(finishers, record),
  };
  const parsed = raceResultSchema.safeParse(input);
  if (!parsed.success) return 'invalid';
  const result: RaceResultValues = parsed.data;
  return { externalId: `${idPrefix}${record.race_id}`, result, ran: ran.slice(0, RUNNERS_MAX) };
}
