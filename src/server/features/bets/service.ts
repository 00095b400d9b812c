// Bets of a syndicate: list (one joined query), add (one or two parts, one transaction), edit,
// settle (the server computes the result with `settle`), delete. Money is cents and odds are
// hundredths in here; conversion to and from JSON's decimal numbers happens at this edge.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  type Bet,
  betParts,
  type CreateBetValues,
  MESSAGES,
  type UpdateBetValues,
} from '../../../shared/bet';
import {
  assertCents,
  type Cents,
  fromCents,
  fromHundredths,
  type Hundredths,
  type Outcome,
  settle,
  toCents,
  toHundredths,
} from '../../../shared/money';
import { isStorableId } from '../../../shared/race';
import type { Db } from '../../db/client';
import { bets, members, races } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';

export const BET_NOT_FOUND = 'Bet not found';
export const ALREADY_SETTLED = 'Bet is already settled';
export const NOT_YOUR_BET = 'Only an admin or the member who placed this bet can change it';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is acting: admins change any bet, members only bets placed under their own member. */
export interface Actor {
  memberId: number;
  role: 'admin' | 'member';
}

const listColumns = {
  id: bets.id,
  memberId: bets.memberId,
  raceId: bets.raceId,
  betGroupId: bets.betGroupId,
  horseName: bets.horseName,
  betType: bets.betType,
  oddsHundredths: bets.oddsHundredths,
  amountCents: bets.amountCents,
  oddsType: bets.oddsType,
  status: bets.status,
  resultCents: bets.resultCents,
  date: bets.date,
  horseNumber: bets.horseNumber,
  jockey: bets.jockey,
  trainer: bets.trainer,
  weight: bets.weight,
  barrier: bets.barrier,
  silkColor: bets.silkColor,
  memberName: members.name,
  memberInitials: members.initials,
  raceName: races.name,
  raceVenue: races.venue,
  raceDate: races.date,
};

/** The bets matching `where` (always within the syndicate), with race and member: one query. */
async function selectBets(db: Db, syndicateId: number, where: SQL | undefined, order: 'newest' | 'id') {
  const rows = await db
    .select(listColumns)
    .from(bets)
    .innerJoin(members, eq(members.id, bets.memberId))
    .leftJoin(races, eq(races.id, bets.raceId))
    .where(and(eq(bets.syndicateId, syndicateId), where))
    .orderBy(...(order === 'newest' ? [desc(bets.date), desc(bets.id)] : [asc(bets.id)]));
  return rows.map(
    ({
      oddsHundredths,
      amountCents,
      resultCents,
      date,
      memberName,
      memberInitials,
      raceName,
      raceVenue,
      raceDate,
      ...bet
    }): Bet => ({
      ...bet,
      odds: fromHundredths(oddsHundredths),
      amount: fromCents(amountCents),
      result: resultCents === null ? null : fromCents(resultCents),
      date: date.toISOString(),
      race:
        bet.raceId !== null && raceName !== null && raceVenue !== null && raceDate !== null
          ? { id: bet.raceId, name: raceName, venue: raceVenue, date: raceDate.toISOString() }
          : null,
      member: { id: bet.memberId, name: memberName, initials: memberInitials },
    }),
  );
}

/** Every bet of the syndicate, newest first (date, then id, descending). */
export function listBets(db: Db, syndicateId: number): Promise<Bet[]> {
  return selectBets(db, syndicateId, undefined, 'newest');
}

export async function getBet(db: Db, syndicateId: number, betId: number): Promise<Bet> {
  if (!isStorableId(betId)) throw notFound(BET_NOT_FOUND);
  const [bet] = await selectBets(db, syndicateId, eq(bets.id, betId), 'id');
  if (!bet) throw notFound(BET_NOT_FOUND);
  return bet;
}

/**
 * Adds a bet, or both parts of a two-part bet under one new betGroupId, in one transaction: if any
 * part fails nothing is written. memberId (an active member) and raceId must be the syndicate's,
 * else 400 'Member not found' / 'Race not found'. A new bet is always pending with no result.
 */
export async function createBets(db: Db, syndicateId: number, input: CreateBetValues, now: Date) {
  const parts = betParts(input);
  const ids = await db.transaction(async (tx) => {
    // FOR SHARE: the member cannot be archived, nor the race deleted, until this commits.
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(
        and(eq(members.syndicateId, syndicateId), eq(members.id, input.memberId), isNull(members.archivedAt)),
      )
      .for('share');
    if (!member) throw badRequest(MESSAGES.memberNotFound);
    if (input.raceId !== null) {
      const [race] = await tx
        .select({ id: races.id })
        .from(races)
        .where(and(eq(races.syndicateId, syndicateId), eq(races.id, input.raceId)))
        .for('share');
      if (!race) throw badRequest(MESSAGES.raceNotFound);
    }
    const betGroupId = parts.length > 1 ? randomUUID() : null;
    const created: number[] = [];
    // One INSERT per part, so the transaction (not a single statement) is what keeps a group whole.
    for (const part of parts) {
      const [row] = await tx
        .insert(bets)
        .values({
          syndicateId,
          memberId: input.memberId,
          raceId: input.raceId,
          betGroupId,
          horseName: input.horseName,
          betType: part.betType,
          oddsHundredths: toHundredths(part.odds),
          amountCents: toCents(part.amount),
          oddsType: input.oddsType,
          status: 'pending',
          resultCents: null,
          date: input.date ? new Date(input.date) : now,
          horseNumber: input.horseNumber,
          jockey: input.jockey,
          trainer: input.trainer,
          weight: input.weight,
          barrier: input.barrier,
          silkColor: input.silkColor,
        })
        .returning({ id: bets.id });
      if (!row) throw new Error('insert returned no row');
      created.push(row.id);
    }
    return created;
  });
  return selectBets(db, syndicateId, inArray(bets.id, ids), 'id');
}

/** Locks the bet row for the rest of the transaction; 404 when it is not the syndicate's. */
async function lockBet(tx: Tx, syndicateId: number, betId: number, actor: Actor) {
  if (!isStorableId(betId)) throw notFound(BET_NOT_FOUND);
  const [bet] = await tx
    .select({
      memberId: bets.memberId,
      status: bets.status,
      amountCents: bets.amountCents,
      oddsHundredths: bets.oddsHundredths,
      resultCents: bets.resultCents,
    })
    .from(bets)
    .where(and(eq(bets.syndicateId, syndicateId), eq(bets.id, betId)))
    .for('update');
  if (!bet) throw notFound(BET_NOT_FOUND);
  if (actor.role !== 'admin' && bet.memberId !== actor.memberId) throw forbidden(NOT_YOUR_BET);
  return bet;
}

function result(amountCents: number, oddsHundredths: number, outcome: Outcome): Cents {
  assertCents(amountCents);
  // Hundredths is a brand over a plain integer column; the CHECK keeps it positive.
  return settle(amountCents, oddsHundredths as Hundredths, outcome);
}

/**
 * Edits the horse, type, odds, amount, odds type and advanced fields. memberId, raceId, status,
 * date and result stay as stored (spec §4). A settled bet whose odds or amount change gets its
 * result recomputed with `settle`, so the ledger never disagrees with the stake.
 */
export async function updateBet(
  db: Db,
  syndicateId: number,
  actor: Actor,
  betId: number,
  input: UpdateBetValues,
): Promise<Bet> {
  await db.transaction(async (tx) => {
    const stored = await lockBet(tx, syndicateId, betId, actor);
    const { odds, amount, ...editable } = input;
    const amountCents = toCents(amount);
    const oddsHundredths = toHundredths(odds);
    const moneyChanged = amountCents !== stored.amountCents || oddsHundredths !== stored.oddsHundredths;
    const resultCents =
      stored.status !== 'pending' && moneyChanged
        ? result(amountCents, oddsHundredths, stored.status)
        : stored.resultCents;
    await tx
      .update(bets)
      .set({ ...editable, amountCents, oddsHundredths, resultCents })
      .where(and(eq(bets.syndicateId, syndicateId), eq(bets.id, betId)));
  });
  return getBet(db, syndicateId, betId);
}

/**
 * Settles a pending bet as win or loss; the result comes from `settle`, never from the client.
 * The row lock plus `WHERE status = 'pending'` let exactly one of two concurrent calls succeed;
 * the other (and any call on a settled bet) answers 409.
 */
export async function settleBet(
  db: Db,
  syndicateId: number,
  actor: Actor,
  betId: number,
  outcome: Outcome,
  now: Date,
): Promise<Bet> {
  await db.transaction(async (tx) => {
    const stored = await lockBet(tx, syndicateId, betId, actor);
    if (stored.status !== 'pending') throw conflict(ALREADY_SETTLED);
    const settled = await tx
      .update(bets)
      .set({
        status: outcome,
        resultCents: result(stored.amountCents, stored.oddsHundredths, outcome),
        settledAt: now,
      })
      .where(and(eq(bets.syndicateId, syndicateId), eq(bets.id, betId), eq(bets.status, 'pending')))
      .returning({ id: bets.id });
    if (settled.length === 0) throw conflict(ALREADY_SETTLED);
  });
  return getBet(db, syndicateId, betId);
}

export async function deleteBet(db: Db, syndicateId: number, actor: Actor, betId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBet(tx, syndicateId, betId, actor);
    await tx.delete(bets).where(and(eq(bets.syndicateId, syndicateId), eq(bets.id, betId)));
  });
}
