// Pulling a day's results from the racing provider and applying them to the syndicate's imported
// races (matched by races.external_id) through the same path as a result entered by hand
// (races/result-service.ts applyProviderResult: planRaceResult → settleBet → the bank). A race
// whose result was entered by hand keeps it. Used by POST /api/racing/results and the background
// job (results-job.ts).
import { sql } from 'drizzle-orm';
import { type DayKey, startOfDayIn, startOfDayKey } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { applyProviderResult } from '../races/result-service';
import { apiKeyOf, providerCall } from './provider-call';
import type { RacingProvider } from './providers/provider';

export interface PullResultsSummary {
  /** The syndicate's imported races whose result was applied now (their bets settled). */
  applied: number;
  /** Imported races the provider has a result for that keep the result entered by hand. */
  keptManual: number;
  /** The day's imported races the provider has no result for yet. */
  awaiting: number;
  /** Bets settled (or re-settled) by the applied results. */
  settled: number;
  /** Pending bets left pending: their horse is in neither the result nor the race's field. */
  unmatched: number;
  /** Results the provider sent that could not be read. */
  invalid: number;
}

interface ImportedRace {
  id: number;
  externalId: string;
}

/** The syndicate's races imported from this provider whose off time falls on `day` (provider's zone). */
async function racesOfDay(
  db: Db,
  syndicateId: number,
  provider: RacingProvider,
  day: DayKey,
): Promise<ImportedRace[]> {
  const start = startOfDayKey(day, provider.timeZone);
  // The next day starts 22–26 h later (DST): its start is that of the day of start + 26 h.
  const end = startOfDayIn(new Date(start.getTime() + 26 * 3_600_000), provider.timeZone);
  const { rows } = await db.execute<ImportedRace & Record<string, unknown>>(sql`
    select id, external_id as "externalId" from races
     where syndicate_id = ${syndicateId} and date >= ${start.toISOString()}::timestamptz
       and date < ${end.toISOString()}::timestamptz and starts_with(external_id, ${provider.idPrefix})`);
  return rows;
}

/**
 * Applies the provider's results of `day` to the syndicate's imported races of that day, or only
 * to `raceIds` when given (the job: the races still waiting for a result). Throws HttpError: 400
 * (no key, refused key, a plan without results, a day the provider does not serve), 502 (outage).
 */
export async function pullResults(
  db: Db,
  syndicateId: number,
  secret: string,
  provider: RacingProvider,
  day: DayKey,
  now: Date,
  raceIds?: readonly number[],
): Promise<PullResultsSummary> {
  const apiKey = await apiKeyOf(db, syndicateId, secret);
  const fetched = await providerCall(() => provider.results(apiKey, day, now));
  const ours = (await racesOfDay(db, syndicateId, provider, day)).filter(
    (r) => !raceIds || raceIds.includes(r.id),
  );
  const byExternalId = new Map(ours.map((r) => [r.externalId, r.id]));
  const summary: PullResultsSummary = {
    applied: 0,
    keptManual: 0,
    awaiting: 0,
    settled: 0,
    unmatched: 0,
    invalid: fetched.invalid,
  };
  const answered = new Set<number>();
  for (const { externalId, result, ran } of fetched.results) {
    const raceId = byExternalId.get(externalId);
    if (raceId === undefined || answered.has(raceId)) continue;
    answered.add(raceId);
    const outcome = await applyProviderResult(db, syndicateId, raceId, result, ran, now);
    if (outcome === null) continue; // deleted meanwhile
    if (outcome === 'kept-manual') summary.keptManual++;
    else {
      summary.applied++;
      summary.settled += outcome.settled.length;
      summary.unmatched += outcome.unmatched.length;
    }
  }
  summary.awaiting = ours.length - answered.size;
  return summary;
}
