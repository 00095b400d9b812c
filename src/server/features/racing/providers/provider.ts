// What the app needs from a racing-data provider: a key check, a day's race cards (with their
// runners) mapped to our race fields, and a day's results mapped to the race-result form's shape.
// One file per provider beside this one implements it.
import type { DayKey } from '../../../../shared/dates';
import type { RaceValues } from '../../../../shared/race';
import type { RaceResultValues, Runner } from '../../../../shared/race-result';

/** A race from the provider, ready to store; externalId is unique per provider. */
export interface ProviderRace extends RaceValues {
  externalId: string;
  /** The field from the race card; null when the card lists none. */
  runners: Runner[] | null;
}

/** One race's result from the provider, matched to our race by externalId. */
export interface ProviderResult {
  externalId: string;
  /** As POST /api/races/:id/result takes it, already through raceResultSchema. */
  result: RaceResultValues;
  /** Every horse that ran (placed or not): the race's field when it has none stored. */
  ran: Runner[];
}

export type CheckResult = 'ok' | 'refused' | 'unreachable';

export type ProviderFailure = 'refused' | 'unreachable' | 'unsupported-date' | 'no-results-access';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface RacingProvider {
  /** Shown to people, e.g. "The Racing API". */
  readonly name: string;
  /** Prefix of the externalId of this provider's races ("theracingapi:"). */
  readonly idPrefix: string;
  /** The provider's days (a card's date, a results day) are calendar days in this IANA zone. */
  readonly timeZone: string;
  /** Does the provider accept the key? Never throws. */
  check(apiKey: string): Promise<CheckResult>;
  /**
   * The race cards of one day. `invalid` counts cards that could not be mapped to a race.
   * Throws ProviderError (refused, unreachable, or a day the provider does not serve).
   */
  raceCards(apiKey: string, day: DayKey, now: Date): Promise<{ races: ProviderRace[]; invalid: number }>;
  /**
   * The results of one day's races known so far. `invalid` counts results that could not be read.
   * Throws ProviderError (refused, unreachable, or no-results-access: the key works but its plan
   * does not include results).
   */
  results(apiKey: string, day: DayKey, now: Date): Promise<{ results: ProviderResult[]; invalid: number }>;
}
