// Races of a syndicate: list (date ascending), read, add, replace, delete. Dates arrive as date
// inputs (shared/dates.ts): a bare day is the start of that day in the syndicate's time zone.
import { and, asc, eq, gte } from 'drizzle-orm';
import { isStorableId, type Race, type RaceValues } from '../../../shared/race';
import type { Db } from '../../db/client';
import { races } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { instantIn } from '../settings/service';

export const RACE_NOT_FOUND = 'Race not found';

const raceColumns = {
  id: races.id,
  name: races.name,
  venue: races.venue,
  date: races.date,
  description: races.description,
  meetingNumber: races.meetingNumber,
  raceNumber: races.raceNumber,
  distance: races.distance,
  raceType: races.raceType,
  trackCondition: races.trackCondition,
  customFields: races.customFields,
};

type RaceRow = Omit<Race, 'date'> & { date: Date };

const toRace = (row: RaceRow): Race => ({ ...row, date: row.date.toISOString() });

const toColumns = async (db: Db, syndicateId: number, input: RaceValues) => ({
  ...input,
  date: await instantIn(db, syndicateId, input.date),
});

/** Races at or after `from` (an instant, or a date input as the API takes it), or all of them. */
export async function listRaces(db: Db, syndicateId: number, fromInput?: Date | string): Promise<Race[]> {
  const from = typeof fromInput === 'string' ? await instantIn(db, syndicateId, fromInput) : fromInput;
  const rows = await db
    .select(raceColumns)
    .from(races)
    .where(and(eq(races.syndicateId, syndicateId), from ? gte(races.date, from) : undefined))
    .orderBy(asc(races.date), asc(races.id));
  return rows.map(toRace);
}

export async function getRace(db: Db, syndicateId: number, raceId: number): Promise<Race> {
  if (!isStorableId(raceId)) throw notFound(RACE_NOT_FOUND);
  const [row] = await db
    .select(raceColumns)
    .from(races)
    .where(and(eq(races.syndicateId, syndicateId), eq(races.id, raceId)))
    .limit(1);
  if (!row) throw notFound(RACE_NOT_FOUND);
  return toRace(row);
}

export async function createRace(db: Db, syndicateId: number, input: RaceValues): Promise<Race> {
  const [row] = await db
    .insert(races)
    .values({ syndicateId, ...(await toColumns(db, syndicateId, input)) })
    .returning(raceColumns);
  if (!row) throw new Error('insert returned no row');
  return toRace(row);
}

export async function updateRace(
  db: Db,
  syndicateId: number,
  raceId: number,
  input: RaceValues,
): Promise<Race> {
  if (!isStorableId(raceId)) throw notFound(RACE_NOT_FOUND);
  const [row] = await db
    .update(races)
    .set(await toColumns(db, syndicateId, input))
    .where(and(eq(races.syndicateId, syndicateId), eq(races.id, raceId)))
    .returning(raceColumns);
  if (!row) throw notFound(RACE_NOT_FOUND);
  return toRace(row);
}

/** Deletes the race; its bets stay, with raceId null (ON DELETE SET NULL). */
export async function deleteRace(db: Db, syndicateId: number, raceId: number): Promise<void> {
  if (!isStorableId(raceId)) throw notFound(RACE_NOT_FOUND);
  const deleted = await db
    .delete(races)
    .where(and(eq(races.syndicateId, syndicateId), eq(races.id, raceId)))
    .returning({ id: races.id });
  if (deleted.length === 0) throw notFound(RACE_NOT_FOUND);
}
