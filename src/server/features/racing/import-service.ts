// Importing a day's race cards from the provider into the syndicate's calendar. Each race keeps
// the provider's id in races.external_id (unique per syndicate), so importing the same day again
// adds only what is new; a race imported before without runners gets the card's runners then
// (a race that has runners keeps them: they may have been entered or corrected since).
import { sql } from 'drizzle-orm';
import type { DayKey } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { races } from '../../db/schema';
import { type Author, recordEvent } from '../audit/record';
import { racesImported } from '../audit/schedule-events';
import { apiKeyOf, providerCall } from './provider-call';
import type { ProviderRace, RacingProvider } from './providers/provider';

export interface ImportResult {
  /** Races added to the calendar. */
  imported: number;
  /** Races already imported before, or cards the provider sent that could not be read. */
  skipped: number;
  /** Races imported before without runners that got the card's runners now. */
  runnersAdded: number;
}

/** Fills in the runners of the syndicate's already-imported races that have none. */
async function addMissingRunners(
  db: Pick<Db, 'execute'>,
  syndicateId: number,
  cards: readonly ProviderRace[],
) {
  const withRunners = cards
    .filter((c) => c.runners !== null)
    .map((c) => ({ external_id: c.externalId, runners: c.runners }));
  if (withRunners.length === 0) return 0;
  const { rowCount } = await db.execute(sql`
    update races r set runners = v.runners
      from jsonb_to_recordset(${JSON.stringify(withRunners)}::jsonb) as v(external_id text, runners jsonb)
     where r.syndicate_id = ${syndicateId} and r.external_id = v.external_id and r.runners is null`);
  return rowCount ?? 0;
}

export async function importRaceCards(
  db: Db,
  syndicateId: number,
  secret: string,
  provider: RacingProvider,
  day: DayKey,
  now: Date,
  by: Author,
): Promise<ImportResult> {
  const apiKey = await apiKeyOf(db, syndicateId, secret);
  const cards = await providerCall(() => provider.raceCards(apiKey, day, now));
  if (cards.races.length === 0) return { imported: 0, skipped: cards.invalid, runnersAdded: 0 };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(races)
      .values(cards.races.map((race) => ({ ...race, date: new Date(race.date), syndicateId })))
      .onConflictDoNothing({ target: [races.syndicateId, races.externalId] })
      .returning({ id: races.id, externalId: races.externalId });
    const added = new Set(inserted.map((r) => r.externalId));
    const runnersAdded = await addMissingRunners(
      tx,
      syndicateId,
      cards.races.filter((c) => !added.has(c.externalId)),
    );
    if (inserted.length > 0) {
      await recordEvent(tx, syndicateId, by, racesImported(inserted.length, day, provider.name));
    }
    return {
      imported: inserted.length,
      skipped: cards.races.length - inserted.length + cards.invalid,
      runnersAdded,
    };
  });
}
