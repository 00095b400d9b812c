// Races of a syndicate: list (date ascending), read, add, replace, delete.
import { and, asc, eq, gte } from 'drizzle-orm';
import { isStorableId, type Race, type RaceValues } from '../../../shared/race';
import type { Db } from '../../db/client';
import { races } from '../../db/schema';
import { notFound } from '../../lib/http-error';

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

const toColumns = (input: RaceValues) => ({ ...input, date: new Date(input.date) });

export async function listRaces(db: Db, syndicateId: number, from?: Date): Promise<Race[]> {
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
    .values({ syndicateId, ...toColumns(input) })
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
    .set(toColumns(input))
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
