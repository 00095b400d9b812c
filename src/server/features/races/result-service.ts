// A race's result settles its bets: entered by an admin (POST /api/races/:id/result,
// applyRaceResult) or imported from the racing provider (features/racing, applyProviderResult,
// which keeps a result entered by hand); both settle through settleRace. One transaction: the
// race row is locked (two results for one race queue), then its bets; each bet settles by the
// shared plan (shared/race-result.ts planRaceResult → shared/settlement.ts) and is written through
// the same path as the mark buttons (bets/settlement-service.ts), bank allocation included.
import { sql } from 'drizzle-orm';
import { isStorableId } from '../../../shared/race';
import {
  normalizeHorseName,
  type PlannableBet,
  planRaceResult,
  type RaceResultResponse,
  type RaceResultValues,
  type Runner,
  resultTerms,
  type StoredRaceResult,
  sameHorse,
} from '../../../shared/race-result';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { RESULTS_IMPORT, recordEvent } from '../audit/record';
import { raceResultEntered } from '../audit/schedule-events';
import {
  type ComputedSettlement,
  computeSettlement,
  lockRaceBets,
  type SettlementFields,
  type StoredBet,
  settleable,
  settledSummary,
  type Tx,
  writeSettlement,
} from '../bets/settlement-service';
import { RACE_NOT_FOUND } from './service';

interface LockedRace {
  name: string;
  raceType: string | null;
  customFields: Record<string, string> | null;
  runners: Runner[] | null;
  result: StoredRaceResult | null;
}

const plannable = (b: StoredBet): PlannableBet => ({
  id: b.id,
  horseName: b.horseName,
  horseNumber: b.horseNumber,
  ...settleable(b),
});

const PENDING: SettlementFields = {
  status: 'pending',
  position: null,
  deadHeat: null,
  dividendHundredths: null,
  placeDividendHundredths: null,
  rule4: null,
};

export interface ApplyOptions {
  source: StoredRaceResult['source'];
  /** The member recorded on bank lines (null for the background import). */
  actorMemberId: number | null;
  now: Date;
  /**
   * Whether someone still waits for the answer (the request's connection is open), asked before
   * each bet: a race of thousands of bets takes a while, and a client that went away leaves
   * nothing to finish (the transaction rolls back). Until 2026-12-02 such a result kept
   * PostgreSQL busy for minutes after its client had gone (found by probing).
   */
  wanted?: () => boolean;
}

export const RESULT_ABANDONED = 'The request was abandoned before the result was saved';

/**
 * Settles every pending bet on the race whose horse the result names (or the field lists), and
 * re-settles the bets the race's previous result settled: a corrected result moves them, and one
 * whose horse the new result no longer names goes back to pending. Unmatched bets stay pending and
 * are listed. The race keeps the result. 404 when the race is not the syndicate's.
 */
export async function applyRaceResult(
  db: Db,
  syndicateId: number,
  raceId: number,
  input: RaceResultValues,
  opts: ApplyOptions,
): Promise<RaceResultResponse> {
  if (!isStorableId(raceId)) throw notFound(RACE_NOT_FOUND);
  return db.transaction(async (tx) => {
    const race = await lockRace(tx, syndicateId, raceId);
    if (!race) throw notFound(RACE_NOT_FOUND);
    return settleRace(tx, syndicateId, raceId, race, input, opts);
  });
}

/**
 * The racing provider's result, through the same path: applied when the race has no result yet or
 * its result came from the provider too; a result entered by hand wins and is kept ('kept-manual').
 * Checked under the race's row lock, so a manual entry racing an import is never overwritten.
 * `runners` (every horse that ran) become the race's field when it has none, so a horse that ran
 * and did not finish placed loses rather than staying unmatched. null when the race is not the
 * syndicate's.
 */
export async function applyProviderResult(
  db: Db,
  syndicateId: number,
  raceId: number,
  input: RaceResultValues,
  runners: Runner[],
  now: Date,
): Promise<RaceResultResponse | 'kept-manual' | null> {
  if (!isStorableId(raceId)) return null;
  return db.transaction(async (tx) => {
    const race = await lockRace(tx, syndicateId, raceId);
    if (!race) return null;
    if (race.result?.source === 'manual') return 'kept-manual';
    if (race.runners === null && runners.length > 0) {
      await tx.execute(sql`
        update races set runners = ${JSON.stringify(runners)}::jsonb
         where syndicate_id = ${syndicateId} and id = ${raceId}`);
      race.runners = runners;
    }
    return settleRace(tx, syndicateId, raceId, race, withFieldNonRunners(input, race.runners, runners), {
      source: 'provider',
      actorMemberId: null,
      now,
    });
  });
}

/**
 * A horse of the race's field that is not among those that ran did not run: a non-runner, even
 * when the provider's list of non-runners does not name it (else its bets would lose).
 */
function withFieldNonRunners(
  input: RaceResultValues,
  field: readonly Runner[] | null,
  ran: readonly Runner[],
): RaceResultValues {
  const entry = (r: Runner) => ({ horseName: r.horse, horseNumber: r.number });
  const missing = (field ?? []).filter(
    (r) =>
      !ran.some((x) => sameHorse(entry(r), entry(x))) &&
      !input.nonRunners.some((n) => sameHorse(entry(r), n)),
  );
  return missing.length === 0
    ? input
    : { ...input, nonRunners: [...input.nonRunners, ...missing.map(entry)] };
}

async function lockRace(tx: Tx, syndicateId: number, raceId: number): Promise<LockedRace | undefined> {
  const { rows } = await tx.execute<LockedRace & Record<string, unknown>>(sql`
    select name, race_type as "raceType", custom_fields as "customFields", runners, result
      from races where syndicate_id = ${syndicateId} and id = ${raceId} for update`);
  return rows[0];
}

/** A JSON value with its objects' keys in one order (jsonb hands them back reordered). */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;

/**
 * A horse as the result keeps it: under the name the race's field gives it, else a bet on the
 * race, when the typed name is the same horse (case, accents, punctuation and a country suffix
 * aside: "chautauqua" is "Chautauqua (IRE)"); otherwise as typed. The race's card, the activity
 * feed and the calendar then name the horse as the bets do.
 */
function knownNames(
  field: readonly Runner[] | null,
  bets: readonly { horseName: string }[],
): <T extends string | null | undefined>(typed: T) => T | string {
  const fromField = new Map((field ?? []).map((r) => [normalizeHorseName(r.horse), r.horse]));
  const fromBets = new Map<string, string>();
  for (const b of bets) {
    const key = normalizeHorseName(b.horseName);
    if (!fromBets.has(key)) fromBets.set(key, b.horseName);
  }
  return (typed) => {
    if (!typed) return typed;
    const key = normalizeHorseName(typed);
    if (key === '') return typed;
    const official = fromField.get(key);
    if (official) return official;
    const onBet = fromBets.get(key);
    // A bet's name without the country the result gives ("Chautauqua" for "Chautauqua (IRE)")
    // would say less than what was typed.
    return onBet && (COUNTRY.test(onBet) || !COUNTRY.test(typed)) ? onBet : typed;
  };
}

/** A trailing country suffix, as normalizeHorseName drops it: "(IRE)". */
const COUNTRY = /\([a-z]{2,3}\)\s*$/i;

async function settleRace(
  tx: Tx,
  syndicateId: number,
  raceId: number,
  race: LockedRace,
  input: RaceResultValues,
  opts: ApplyOptions,
): Promise<RaceResultResponse> {
  const previous = new Set(race.result?.settledBetIds ?? []);
  const raceBets = await lockRaceBets(tx, syndicateId, raceId);
  const bets = raceBets.filter((b) => b.status === 'pending' || previous.has(b.id));
  const named = knownNames(race.runners, raceBets);
  const byId = new Map(bets.map((b) => [b.id, b]));
  const terms = resultTerms(race, input);
  const plan = planRaceResult(bets.map(plannable), input, race.runners, terms);

  const settled: RaceResultResponse['settled'] = [];
  const unmatched: number[] = [];
  const settledIds: number[] = [];
  let moved = false;
  for (const item of plan) {
    if (opts.wanted && !opts.wanted()) throw new HttpError(408, RESULT_ABANDONED);
    const bet = byId.get(item.betId);
    if (!bet) continue;
    let computed: ComputedSettlement;
    if (item.kind === 'settle' && item.outcome.ok) {
      computed = computeSettlement(
        bet,
        {
          status: item.outcome.settlement.status,
          position: item.input.position ?? null,
          deadHeat: item.input.deadHeat ?? null,
          dividendHundredths: item.input.dividend ?? null,
          placeDividendHundredths: item.input.placeDividend ?? null,
          rule4: item.outcome.settlement.rule4Applied ? (item.input.rule4 ?? null) : null,
        },
        terms,
      );
      settledIds.push(bet.id);
    } else {
      unmatched.push(bet.id);
      // A bet the previous result settled, whose horse this one does not name: back to pending.
      if (bet.status === 'pending') continue;
      computed = computeSettlement(bet, PENDING, terms);
    }
    if (await writeSettlement(tx, syndicateId, bet, computed, opts.actorMemberId, opts.now)) moved = true;
    if (computed.status !== 'pending') settled.push(settledSummary(bet.id, computed));
  }

  const stored: StoredRaceResult = {
    finishers: input.finishers.map((f) => ({
      position: f.position,
      horseName: named(f.horseName),
      horseNumber: f.horseNumber,
    })),
    nonRunners: input.nonRunners.map((h) => ({ horseName: named(h.horseName), horseNumber: h.horseNumber })),
    placesPaid: input.placesPaid,
    dividends: input.dividends.map((d) => ({
      horseName: named(d.horseName),
      horseNumber: d.horseNumber,
      win: d.win,
      place: d.place,
    })),
    rule4: input.rule4,
    enteredAt: opts.now.toISOString(),
    source: opts.source,
    settledBetIds: settledIds,
  };
  await tx.execute(sql`
    update races set result = ${JSON.stringify(stored)}::jsonb
     where syndicate_id = ${syndicateId} and id = ${raceId}`);
  // One event for the result itself (the bets' settlements record their own), unless it repeats
  // the race's result word for word and changed no bet (the provider's results pulled again).
  const core = (r: StoredRaceResult | null) =>
    r && JSON.stringify(canonical([r.finishers, r.nonRunners, r.placesPaid, r.dividends, r.rule4]));
  if (core(race.result) !== core(stored) || moved) {
    const winners = stored.finishers
      .filter((f) => f.position === 1)
      .map((f) => f.horseName ?? `No. ${f.horseNumber}`);
    await recordEvent(
      tx,
      syndicateId,
      { memberId: opts.actorMemberId, now: opts.now },
      {
        ...raceResultEntered({ id: raceId, name: race.name }, winners, settled.length, race.result !== null),
        systemName: RESULTS_IMPORT,
      },
    );
  }
  return { settled, unmatched };
}
