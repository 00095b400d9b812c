// What the app needs from a racing-data provider: a key check, and a day's race cards mapped to
// our race fields. One file per provider beside this one implements it.
import type { DayKey } from '../../../../shared/dates';
import type { RaceValues } from '../../../../shared/race';

/** A race from the provider, ready to store; externalId is unique per provider. */
export interface ProviderRace extends RaceValues {
  externalId: string;
}

export type CheckResult = 'ok' | 'refused' | 'unreachable';

export type ProviderFailure = 'refused' | 'unreachable' | 'unsupported-date';

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
  /** Does the provider accept the key? Never throws. */
  check(apiKey: string): Promise<CheckResult>;
  /**
   * The race cards of one day. `invalid` counts cards that could not be mapped to a race.
   * Throws ProviderError (refused, unreachable, or a day the provider does not serve).
   */
  raceCards(apiKey: string, day: DayKey, now: Date): Promise<{ races: ProviderRace[]; invalid: number }>;
}
