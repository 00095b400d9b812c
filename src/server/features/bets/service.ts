// Bets of a syndicate: list (PostgreSQL writes the JSON; keyset pages, filters, search), add (one or two parts, one transaction), edit,
// settle (the server computes the result by the settlement rules), delete. Money is cents and odds are
// hundredths in here; conversion to and from JSON's decimal numbers happens at this edge.
// The role rules (shared/bet-rights.ts) are enforced here, not in the routes, so every caller
// gets them: members place bets under their own member only and change only their own pending
// bets; a settled bet is changed by admins only; every stored result comes from shared/settlement.ts.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  BETS_LIST_CAP,
  type Bet,
  type BetType,
  betParts,
  type CreateBetValues,
  MESSAGES,
  type SettleBetValues,
  type UpdateBetValues,
} from '../../../shared/bet';
import { type BetActor, betRefusal, canPlaceFor } from '../../../shared/bet-rights';
import { fromCents, fromHundredths, toCents, toHundredths } from '../../../shared/money';
import { isStorableId } from '../../../shared/race';
import { type PlaceTerms, runnersCount, type SettledStatus } from '../../../shared/settlement';
import { type Db, plannedOnce } from '../../db/client';
import { bets } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { type BetView, betCreated, betDeleted, betUpdated } from '../audit/bet-events';
import { eventInsert, type Runner, recordEvent } from '../audit/record';
import { syncBetAllocation } from '../bank/ledger';
import { instantIn } from '../settings/service';
import { type BetRow, joined, toBet } from './bet-row';
import {
  computeSettlement,
  editedFields,
  fieldsFromBody,
  lockStoredBet,
  type RaceTermsSource,
  raceDefaultTerms,
  raceTermsSource,
  type StoredBet,
  type Tx,
  writeSettlement,
} from './settlement-service';

export const BET_NOT_FOUND = 'Bet not found';
export const ALREADY_SETTLED = 'Bet is already settled';
export const NOT_YOUR_BET = 'Only an admin or the member who placed this bet can change it';
export const SETTLED_ADMIN_ONLY = 'Only an admin can change a settled bet';
export const NOT_OWN_MEMBER = 'Members can only add bets under their own member';

/** Who is acting: admins change any bet, members only their own pending bets. */
export type Actor = BetActor;

const STATEMENTS = {
  newest: {
    name: 'bets_newest',
    text: joined(
      'select * from bets b where b.syndicate_id = $1 order by b.date desc, b.id desc limit $2',
      'b.date desc, b.id desc',
    ),
  },
  newestPending: {
    name: 'bets_newest_pending',
    text: joined(
      `select * from bets b
        where b.syndicate_id = $1 and b.status = 'pending' and ($3::int is null or b.member_id = $3)
        order by b.date desc, b.id desc limit $2`,
      'b.date desc, b.id desc',
    ),
  },
  newestNamed: {
    name: 'bets_newest_named',
    text: joined(
      `select * from bets b
        where b.syndicate_id = $1 and b.horse_name = any($3::text[])
        order by b.date desc, b.id desc limit $2`,
      'b.date desc, b.id desc',
    ),
  },
  byIds: {
    name: 'bets_by_ids',
    text: joined('select * from bets b where b.syndicate_id = $1 and b.id = any($2::int[])', 'b.id'),
  },
} as const;

async function query(
  db: Db,
  statement: (typeof STATEMENTS)[keyof typeof STATEMENTS],
  values: unknown[],
): Promise<Bet[]> {
  // Bets by id plan the same for every syndicate (db/client.ts); the newest bets' `limit $2` does not.
  const runner = statement === STATEMENTS.byIds ? plannedOnce(db) : db.$client;
  const { rows } = await runner.query<BetRow>({ ...statement, values });
  return rows.map(toBet);
}

/**
 * The newest `limit` bets (date, then id, descending) as objects. GET /api/bets answers text
 * PostgreSQL writes instead (list-json.ts), which its tests hold to these.
 */
export const listBets = (db: Db, syndicateId: number, limit = BETS_LIST_CAP): Promise<Bet[]> =>
  query(db, STATEMENTS.newest, [syndicateId, limit]);

/**
 * The newest `limit` pending bets, of one member or of all (memberId null): the assistant's
 * "Which bets are pending?" reads the lines it shows, not every bet (countPendingBets counts).
 */
export const listPendingBets = (
  db: Db,
  syndicateId: number,
  memberId: number | null,
  limit = BETS_LIST_CAP,
): Promise<Bet[]> => query(db, STATEMENTS.newestPending, [syndicateId, limit, memberId]);

const PENDING_TOTALS = {
  name: 'bets_pending_totals',
  text: `
    select count(*)::int as count, coalesce(sum(amount_cents), 0)::bigint as amount_cents
      from bets
     where syndicate_id = $1 and status = 'pending' and ($2::int is null or member_id = $2)`,
};

/** How many bets are pending, of one member or of all (memberId null), and their stakes in cents. */
export async function countPendingBets(
  db: Db,
  syndicateId: number,
  memberId: number | null,
): Promise<{ count: number; amountCents: number }> {
  const { rows } = await plannedOnce(db).query<{ count: number; amount_cents: string }>({
    ...PENDING_TOTALS,
    values: [syndicateId, memberId],
  });
  return { count: rows[0]?.count ?? 0, amountCents: Number(rows[0]?.amount_cents ?? 0) };
}

/** A member's bets counted as stats count them (win, placed or loss settled; void not), and pending. */
export interface MemberBetCounts {
  settled: number;
  wins: number;
  /** Σ result of the settled bets, cents. */
  resultCents: number;
  pending: number;
  total: number;
}

const MEMBER_COUNTS = {
  name: 'bets_member_counts',
  text: `
    select count(*) filter (where status in ('win', 'placed', 'loss'))::int as settled,
           count(*) filter (where status = 'win')::int as wins,
           coalesce(sum(result_cents) filter (where status in ('win', 'placed', 'loss')), 0)::bigint as result_cents,
           count(*) filter (where status = 'pending')::int as pending,
           count(*)::int as total
      from bets
     where syndicate_id = $1 and member_id = $2`,
};

/** Every bet of the member counted in PostgreSQL (the assistant's "How is Carol going?"). */
export async function countMemberBets(
  db: Db,
  syndicateId: number,
  memberId: number,
): Promise<MemberBetCounts> {
  const { rows } = await plannedOnce(db).query<{
    settled: number;
    wins: number;
    result_cents: string;
    pending: number;
    total: number;
  }>({ ...MEMBER_COUNTS, values: [syndicateId, memberId] });
  const r = rows[0];
  return {
    settled: r?.settled ?? 0,
    wins: r?.wins ?? 0,
    resultCents: Number(r?.result_cents ?? 0),
    pending: r?.pending ?? 0,
    total: r?.total ?? 0,
  };
}

const HORSE_COUNTS = {
  name: 'bets_horse_counts',
  text: `
    select horse_name,
           count(*)::int as total,
           count(*) filter (where status in ('win', 'placed', 'loss'))::int as settled,
           count(*) filter (where status = 'win')::int as wins,
           coalesce(sum(result_cents) filter (where status in ('win', 'placed', 'loss')), 0)::bigint as result_cents
      from bets
     where syndicate_id = $1
     group by horse_name`,
};

/** One spelling of a horse's name as bets store it, with its bets counted as stats count them. */
export interface HorseBetCounts {
  horseName: string;
  total: number;
  settled: number;
  wins: number;
  /** Σ result of the settled bets, cents. */
  resultCents: number;
}

/**
 * Every horse name of the syndicate's bets, each spelling with its bets counted, over every bet
 * (the assistant's "What bets do we have on Phar Lap?" picks the spellings it matches).
 */
export async function countBetsByHorse(db: Db, syndicateId: number): Promise<HorseBetCounts[]> {
  const { rows } = await plannedOnce(db).query<{
    horse_name: string;
    total: number;
    settled: number;
    wins: number;
    result_cents: string;
  }>({ ...HORSE_COUNTS, values: [syndicateId] });
  return rows.map((r) => ({
    horseName: r.horse_name,
    total: r.total,
    settled: r.settled,
    wins: r.wins,
    resultCents: Number(r.result_cents),
  }));
}

/** The newest `limit` bets on any of these exact horse names (the lines a horse's answer shows). */
export const listBetsOnHorses = (
  db: Db,
  syndicateId: number,
  horseNames: readonly string[],
  limit: number,
): Promise<Bet[]> => query(db, STATEMENTS.newestNamed, [syndicateId, limit, horseNames]);

/** Bets by id as the API shows them, in id order (single reads; the list's text is checked against it). */
export const readBets = (db: Db, syndicateId: number, ids: number[]): Promise<Bet[]> =>
  query(db, STATEMENTS.byIds, [syndicateId, ids]);

export async function getBet(db: Db, syndicateId: number, betId: number): Promise<Bet> {
  if (!isStorableId(betId)) throw notFound(BET_NOT_FOUND);
  const [bet] = await query(db, STATEMENTS.byIds, [syndicateId, [betId]]);
  if (!bet) throw notFound(BET_NOT_FOUND);
  return bet;
}

/**
 * Adds a bet, or both parts of a two-part bet under one new betGroupId, in one transaction: if any
 * part fails nothing is written. A member may place bets under their own member only, else 403
 * (checked first, so another member's or syndicate's id reveals nothing); memberId (an active
 * member) and raceId must be the syndicate's, else 400 'Member not found' / 'Race not found'.
 * A new bet is always pending with no result.
 *
 * The member's check, the parts, the bet.created event and the bets as the API shows them are one
 * statement, which alone is a bet added under one's own member without a race (atomic by itself);
 * the race's terms, or the name of the member placed for, are read before it in a transaction.
 * Six round trips, each run on its own, cost PostgreSQL about twice the CPU of the one statement
 * (bench notes, "A bet added in one statement").
 */
export async function createBets(
  db: Db | Tx,
  syndicateId: number,
  actor: Actor,
  input: CreateBetValues,
  now: Date,
): Promise<Bet[]> {
  if (!canPlaceFor(actor, input.memberId)) throw forbidden(NOT_OWN_MEMBER);
  const parts = betParts(input);
  const date = input.date ? await instantIn(db, syndicateId, input.date) : now;
  const write = async (runner: Runner, race: RaceTermsSource | null, forMember: string | null) => {
    const place = parts.map((part) => placeColumns(part.betType, input, race));
    const column = (value: (part: (typeof parts)[number], i: number) => unknown) =>
      sql.param(parts.map(value));
    const event = betCreated({
      firstBetId: 0,
      horseName: input.horseName,
      forMember,
      oddsType: input.oddsType,
      parts: parts.map((p) => ({
        amountCents: toCents(p.amount),
        betType: p.betType,
        oddsHundredths: toHundredths(p.odds),
      })),
    });
    // The limit, written as a number, tells the planner how few rows the unnest gives. Planned for
    // its default estimate, the generic plan joined the bets to their members and races by hashing
    // every member and race of every syndicate (sequential scans of the whole tables), until the
    // tables held more rows than about a hundred lookups by key cost.
    const { rows } = await runner.execute<BetRow & Record<string, unknown>>(sql`
      with m as (
        select id from members
         where syndicate_id = ${syndicateId} and id = ${input.memberId} and archived_at is null for share
      ), ins as (
        insert into bets (syndicate_id, member_id, race_id, bet_group_id, horse_name, bet_type, odds_hundredths,
                          amount_cents, odds_type, status, result_cents, date, horse_number, jockey, trainer,
                          weight, barrier, silk_color, place_places, place_divisor, place_odds_hundredths)
        select ${syndicateId}, m.id, ${input.raceId}::int, ${parts.length > 1 ? randomUUID() : null}::uuid,
               ${input.horseName}, p.bet_type, p.odds, p.amount, ${input.oddsType}::odds_type, 'pending', null,
               ${date.toISOString()}::timestamptz, ${input.horseNumber}::int, ${input.jockey}, ${input.trainer},
               ${input.weight}, ${input.barrier}::int, ${input.silkColor}, p.places, p.divisor, p.place_odds
          from m, unnest(${column((p) => p.betType)}::bet_type[], ${column((p) => toHundredths(p.odds))}::int[],
                         ${column((p) => toCents(p.amount))}::bigint[], ${column((_, i) => place[i]!.placePlaces)}::int[],
                         ${column((_, i) => place[i]!.placeDivisor)}::int[],
                         ${column((_, i) => place[i]!.placeOddsHundredths)}::int[])
               with ordinality as p(bet_type, odds, amount, places, divisor, place_odds, n)
         order by p.n
         limit ${sql.raw(String(parts.length))}
        returning *
      ), audited as (${eventInsert(
        syndicateId,
        { memberId: actor.memberId, now },
        event,
        sql`(select min(id) from ins)`,
        sql`exists (select 1 from ins)`,
      )})
      ${sql.raw(joined('select * from ins', 'b.id'))}`);
    if (rows.length === 0) throw badRequest(MESSAGES.memberNotFound);
    return rows.map(toBet);
  };
  // A bet under one's own member without a race: the statement alone, which is atomic by itself.
  if (input.raceId === null && input.memberId === actor.memberId) return write(db, null, null);
  return db.transaction(async (tx) => {
    // FOR SHARE (here and in the statement): the member cannot be archived, nor the race deleted,
    // until this commits. The event names the member a bet is placed for when it is not the
    // actor's own; the race's field size gives the default place terms, computed here.
    let forMember: string | null = null;
    if (input.memberId !== actor.memberId) {
      const {
        rows: [member],
      } = await tx.execute<{ name: string }>(sql`
        select name from members
         where syndicate_id = ${syndicateId} and id = ${input.memberId} and archived_at is null for share`);
      if (!member) throw badRequest(MESSAGES.memberNotFound);
      forMember = member.name;
    }
    const race = await raceTermsSource(tx, syndicateId, input.raceId, true);
    if (input.raceId !== null && !race) throw badRequest(MESSAGES.raceNotFound);
    return write(tx, race, forMember);
  });
}

/**
 * A bet's place terms and own place price as stored: win bets have neither; place and each-way bets
 * keep the terms chosen in the form, else the race's default when the race knows its field size
 * (else none: the race's default applies when it is settled); only each-way bets keep a place price.
 */
function placeColumns(
  betType: BetType,
  input: { placeTerms: PlaceTerms | null; placeOdds: number | null },
  race: RaceTermsSource | null,
) {
  if (betType === 'win') return { placePlaces: null, placeDivisor: null, placeOddsHundredths: null };
  const terms = input.placeTerms ?? (race && runnersCount(race) !== null ? raceDefaultTerms(race) : null);
  return {
    placePlaces: terms?.places ?? null,
    placeDivisor: terms?.divisor ?? null,
    placeOddsHundredths:
      betType === 'each-way' && input.placeOdds !== null ? toHundredths(input.placeOdds) : null,
  };
}

/**
 * Locks the bet row for the rest of the transaction; 404 when it is not the syndicate's (before
 * any role check), 403 when the actor may not change it (not theirs, or settled and not an admin).
 * `settling`: a member's own settled bet is then left to the caller's 409.
 */
async function lockBet(tx: Tx, syndicateId: number, betId: number, actor: Actor, settling = false) {
  if (!isStorableId(betId)) throw notFound(BET_NOT_FOUND);
  const bet = await lockStoredBet(tx, syndicateId, betId);
  if (!bet) throw notFound(BET_NOT_FOUND);
  const refusal = betRefusal(actor, bet);
  if (refusal === 'not-yours') throw forbidden(NOT_YOUR_BET);
  if (refusal === 'settled' && !settling) throw forbidden(SETTLED_ADMIN_ONLY);
  return bet;
}

/** A stored bet's editable fields and result as the API shows them (an edit's changes compare these). */
const betView = (b: Omit<StoredBet, 'id' | 'memberId' | 'raceId'>): BetView => ({
  horseName: b.horseName,
  betType: b.betType,
  odds: fromHundredths(b.oddsHundredths),
  amount: fromCents(b.amountCents),
  oddsType: b.oddsType,
  placeTerms:
    b.placePlaces !== null && b.placeDivisor !== null
      ? { places: b.placePlaces, divisor: b.placeDivisor }
      : null,
  placeOdds: b.placeOddsHundredths === null ? null : fromHundredths(b.placeOddsHundredths),
  horseNumber: b.horseNumber,
  jockey: b.jockey,
  trainer: b.trainer,
  weight: b.weight,
  barrier: b.barrier,
  silkColor: b.silkColor,
  status: b.status,
  result: b.resultCents === null ? null : fromCents(b.resultCents),
});

/**
 * Edits the horse, type, odds, amount, odds type, place terms and advanced fields. memberId,
 * raceId, status and date stay as stored (spec §4); a member edits only their own pending bets, an
 * admin any bet. A settled bet's result is recomputed by the settlement rules from its stored
 * settlement (position, dead heat, dividends, Rule 4) and the new amount, odds and terms — never
 * taken from the client nor kept from the row, so the ledger cannot disagree with the stake.
 */
export async function updateBet(
  db: Db,
  syndicateId: number,
  actor: Actor,
  betId: number,
  input: UpdateBetValues,
  now: Date,
): Promise<Bet> {
  await db.transaction(async (tx) => {
    const stored = await lockBet(tx, syndicateId, betId, actor);
    const { odds, amount, placeTerms, placeOdds, ...editable } = input;
    const race = await raceTermsSource(tx, syndicateId, stored.raceId);
    const terms = raceDefaultTerms(race);
    const edited = {
      ...stored,
      betType: input.betType,
      oddsType: input.oddsType,
      amountCents: toCents(amount),
      oddsHundredths: toHundredths(odds),
      ...placeColumns(input.betType, { placeTerms, placeOdds }, race),
    };
    const computed =
      stored.status === 'pending'
        ? null
        : computeSettlement(edited, editedFields(stored, edited, terms), terms);
    await tx
      .update(bets)
      .set({
        ...editable,
        amountCents: edited.amountCents,
        oddsHundredths: edited.oddsHundredths,
        placePlaces: edited.placePlaces,
        placeDivisor: edited.placeDivisor,
        placeOddsHundredths: edited.placeOddsHundredths,
        ...(computed ? { status: computed.status as SettledStatus, resultCents: computed.resultCents } : {}),
      })
      .where(and(eq(bets.syndicateId, syndicateId), eq(bets.id, betId)));
    // A settled bet's changed result is shared again (bank/ledger.ts), in this transaction. A
    // pending bet has no allocation lines: it skips the bank's per-syndicate lock.
    if (stored.status !== 'pending') await syncBetAllocation(tx, syndicateId, betId, actor.memberId, now);
    const event = betUpdated(
      betId,
      betView(stored),
      betView({
        ...edited,
        ...editable,
        ...(computed ? { status: computed.status, resultCents: computed.resultCents } : {}),
      }),
    );
    if (event) await recordEvent(tx, syndicateId, { memberId: actor.memberId, now }, event);
  });
  return getBet(db, syndicateId, betId);
}

/**
 * Settles a bet by the rules (shared/settlement.ts): win, loss, placed or void, with how the horse
 * ran (position, dead heat, tote dividends, Rule 4); the result is computed here, never taken from
 * the client. A member settles only their own pending bet: on one already settled (a double click,
 * or a second tab) they get 409 — the row lock makes exactly one of two concurrent calls succeed.
 * An admin may also re-settle a settled bet or set it back to pending; the stats and the bank's
 * allocation lines follow in the same transaction.
 */
export async function settleBet(
  db: Db,
  syndicateId: number,
  actor: Actor,
  betId: number,
  body: SettleBetValues,
  now: Date,
): Promise<Bet> {
  const written = await db.transaction(async (tx) => {
    const stored = await lockBet(tx, syndicateId, betId, actor, true);
    if (stored.status !== 'pending' && actor.role !== 'admin') throw conflict(ALREADY_SETTLED);
    const race = await raceTermsSource(tx, syndicateId, stored.raceId);
    const computed = computeSettlement(stored, fieldsFromBody(body), raceDefaultTerms(race));
    return writeSettlement(tx, syndicateId, stored, computed, actor.memberId, now);
  });
  // The bet as the settlement wrote it; read only when it already stood so (nothing written).
  return written ? toBet(written) : getBet(db, syndicateId, betId);
}

/** Deletes a bet: a member only their own pending bet (a settled one is in the books), an admin any. */
export async function deleteBet(
  db: Db,
  syndicateId: number,
  actor: Actor,
  betId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await lockBet(tx, syndicateId, betId, actor);
    await tx.delete(bets).where(and(eq(bets.syndicateId, syndicateId), eq(bets.id, betId)));
    // A deleted settled bet's allocation lines are reversed (history stays); a pending one has none.
    if (stored.status !== 'pending') await syncBetAllocation(tx, syndicateId, betId, actor.memberId, now);
    await recordEvent(tx, syndicateId, { memberId: actor.memberId, now }, betDeleted(stored));
  });
}
