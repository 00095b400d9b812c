// Importing a day's race cards from the provider into the syndicate's calendar. Each race keeps
// the provider's id in races.external_id (unique per syndicate), so importing the same day again
// adds only what is new.
import type { DayKey } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { races } from '../../db/schema';
import { badRequest, HttpError } from '../../lib/http-error';
import { readRacingApiKey } from './api-key';
import { ProviderError, type RacingProvider } from './providers/provider';
import { NOT_CONFIGURED, UNREADABLE } from './service';

export interface ImportResult {
  /** Races added to the calendar. */
  imported: number;
  /** Races already imported before, or cards the provider sent that could not be read. */
  skipped: number;
}

export async function importRaceCards(
  db: Db,
  syndicateId: number,
  secret: string,
  provider: RacingProvider,
  day: DayKey,
  now: Date,
): Promise<ImportResult> {
  const stored = await readRacingApiKey(db, syndicateId, secret);
  if (stored.state === 'none') throw badRequest(NOT_CONFIGURED);
  if (stored.state === 'unreadable') throw badRequest(UNREADABLE);
  let cards: Awaited<ReturnType<RacingProvider['raceCards']>>;
  try {
    cards = await provider.raceCards(stored.apiKey, day, now);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // The provider's outage is a bad gateway; a refused key or an unserved day is the caller's to fix.
    if (err.kind === 'unreachable') throw new HttpError(502, err.message);
    if (err.kind === 'unsupported-date')
      throw badRequest(err.message, [{ path: 'date', message: err.message }]);
    throw badRequest(err.message);
  }
  if (cards.races.length === 0) return { imported: 0, skipped: cards.invalid };
  const inserted = await db
    .insert(races)
    .values(cards.races.map((race) => ({ ...race, date: new Date(race.date), syndicateId })))
    .onConflictDoNothing({ target: [races.syndicateId, races.externalId] })
    .returning({ id: races.id });
  return { imported: inserted.length, skipped: cards.races.length - inserted.length + cards.invalid };
}
