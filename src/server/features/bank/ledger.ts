// The ledger's primitives (docs/bank.md): the per-syndicate lock every money write takes first,
// appending entries, and sharing a settled bet's result among members. bank_entries is
// append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and a trigger keeps each member's
// running totals (bank_member_totals) in the same transaction as the insert.
import { type SQL, sql } from 'drizzle-orm';
import type { BankEntryType, ShareBasis } from '../../../shared/bank';
import { type DayKey, dayKeyIn } from '../../../shared/dates';
import { largestRemainderSplit } from '../../../shared/split';
import type { Db, Tx } from '../../db/client';

export type { Tx };
/** Anything that runs SQL: the pool's handle or a transaction. */
export type Runner = Pick<Db, 'execute'>;

export interface BankLock {
  timezone: string;
  shareBasis: ShareBasis;
  currency: string;
}

/**
 * Serialises the syndicate's money writes: every one takes this row lock first (FOR NO KEY
 * UPDATE on the syndicate; foreign-key checks take KEY SHARE and are not blocked), so checks such
 * as "payout ≤ balance" read totals no concurrent write can change before this one commits.
 * `alsoRun`: data-modifying statements (a WITH list: `name as (insert …)`) run in the same
 * statement, saving their round trips (a settlement writes its audit event so); what they write
 * is visible to the statements after this one, not to the lock's own read. Their triggers fire
 * after the lock is taken: nothing whose triggers lock rows that writes take before this lock
 * (a bet's per-day and stats rows) belongs here, or two writes could wait for each other.
 */
export async function lockBank(
  tx: Tx,
  syndicateId: number,
  alsoRun?: SQL,
  options: { genericPlansAfter?: boolean } = {},
): Promise<BankLock> {
  // genericPlansAfter: the statements after this one in the transaction keep one plan per
  // connection (plan_cache_mode, local to the transaction; the setting is read when a statement
  // is bound, so it applies from the next statement on). See allocationState.
  const generic = options.genericPlansAfter
    ? sql`, set_config('plan_cache_mode', 'force_generic_plan', true) as plans`
    : sql``;
  const { rows } = await tx.execute<{ timezone: string; share_basis: ShareBasis; currency: string }>(
    sql`${alsoRun ? sql`with ${alsoRun} ` : sql``}select timezone, share_basis, currency${generic}
          from syndicates where id = ${syndicateId} for no key update`,
  );
  const row = rows[0];
  if (!row) throw new Error(`syndicate ${syndicateId} not found`);
  return { timezone: row.timezone, shareBasis: row.share_basis, currency: row.currency };
}

export const todayIn = (lock: BankLock, now: Date): DayKey => dayKeyIn(now, lock.timezone);

export interface NewEntry {
  memberId: number;
  type: BankEntryType;
  amountCents: number;
  date: DayKey;
  note?: string | null;
  betId?: number | null;
  reversesId?: number | null;
  batchId?: string | null;
  createdBy: number | null;
}

/**
 * Appends entries (in the given order) and returns their ids, in one statement whatever their
 * number (a settlement shared among a thousand members is one round trip, not a thousand). The
 * rows are inserted in the given order, so their serial ids rise in that order. Zero amounts are
 * never written. `before`: a data-modifying statement run in the same statement (its round trip
 * saved), e.g. the weights a first allocation is shared by.
 */
export async function appendEntries(
  tx: Tx,
  syndicateId: number,
  entries: readonly NewEntry[],
  now: Date,
  before?: SQL,
): Promise<number[]> {
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0) {
      throw new RangeError(`an entry's amount must be a non-zero whole number of cents: ${e.amountCents}`);
    }
  }
  if (entries.length === 0) {
    if (before) await tx.execute(before);
    return [];
  }
  const column = (value: (e: NewEntry) => unknown) => sql.param(entries.map(value));
  const { rows } = await tx.execute<{ id: number }>(sql`
    ${before ? sql`with first_written as (${before}) ` : sql``}insert into bank_entries
      (syndicate_id, member_id, type, amount_cents, date, note, bet_id, reverses_id, batch_id, created_by, created_at)
    select ${syndicateId}::int, e.member_id, e.type, e.amount_cents, e.date, e.note, e.bet_id, e.reverses_id,
           e.batch_id, e.created_by, ${now}::timestamptz
      from unnest(${column((e) => e.memberId)}::int[], ${column((e) => e.type)}::bank_entry_type[],
                  ${column((e) => e.amountCents)}::bigint[], ${column((e) => e.date)}::date[],
                  ${column((e) => e.note ?? null)}::text[], ${column((e) => e.betId ?? null)}::int[],
                  ${column((e) => e.reversesId ?? null)}::int[], ${column((e) => e.batchId ?? null)}::uuid[],
                  ${column((e) => e.createdBy)}::int[])
           with ordinality as e(member_id, type, amount_cents, date, note, bet_id, reverses_id, batch_id, created_by, n)
     order by e.n
    returning id`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** The statement that saves the members and weights bets were first shared by. */
function weightsInsert(
  syndicateId: number,
  rows: readonly { betId: number; memberId: number; weight: number }[],
): SQL {
  return sql`
    insert into bet_allocation_weights (syndicate_id, bet_id, member_id, weight)
    select ${syndicateId}::int, w.bet_id, w.member_id, w.weight
      from unnest(${sql.param(rows.map((w) => w.betId))}::int[],
                  ${sql.param(rows.map((w) => w.memberId))}::int[],
                  ${sql.param(rows.map((w) => w.weight))}::bigint[]) as w(bet_id, member_id, weight)`;
}

export interface MemberBalance {
  memberId: number;
  balanceCents: number;
}

/**
 * The members a result or a share-basis adjustment is shared among, in join order (earliest
 * first: they take tied leftover cents), with their weights: every active member equally, or by
 * capital (each one's positive balance now; equally when no balance is positive). Inactive and
 * archived members do not share.
 */
export async function sharingWeights(
  tx: Runner,
  syndicateId: number,
  basis: ShareBasis,
): Promise<{ memberId: number; weight: number }[]> {
  const { rows } = await tx.execute<{ id: number; balance: number }>(sql`
    select m.id, ${memberBalance} as balance ${sharingMembers(syndicateId)} order by m.created_at, m.id`);
  return weighted(
    rows.map((r) => [r.id, Number(r.balance)]),
    basis,
  );
}

/** A member's balance in cents (m the member, t their bank_member_totals row). */
const memberBalance = sql.raw(
  'coalesce(t.contributed_cents - t.paid_out_cents + t.adjustments_cents + t.betting_cents, 0)',
);

/** The members who share results: active and not archived, with their running totals (m, t). */
const sharingMembers = (syndicateId: number) => sql`
  from members m
  left join bank_member_totals t on t.syndicate_id = m.syndicate_id and t.member_id = m.id
 where m.syndicate_id = ${syndicateId} and m.is_active and m.archived_at is null`;

/** Weights from members' balances, in their order: equal, or by capital (equal when none is positive). */
function weighted(members: readonly [number, number][], basis: ShareBasis) {
  const capital = basis === 'capital' && members.some(([, balance]) => balance > 0);
  return members
    .map(([memberId, balance]) => ({ memberId, weight: capital ? Math.max(0, balance) : 1 }))
    .filter((r) => r.weight > 0);
}

/** Splits `totalCents` by the weights (largest remainder) into non-zero amounts per member. */
export function splitAmong(
  totalCents: number,
  weights: readonly { memberId: number; weight: number }[],
): { memberId: number; amountCents: number }[] {
  const parts = largestRemainderSplit(
    totalCents,
    weights.map((w) => ({ key: w.memberId, weight: w.weight })),
  );
  return weights
    .map((w, i) => ({ memberId: w.memberId, amountCents: parts[i]! }))
    .filter((p) => p.amountCents !== 0);
}

/** The bet as its allocation reads it (the caller may already hold it: a settlement just wrote it). */
export interface BetState {
  member_id: number;
  status: 'pending' | 'win' | 'loss' | 'placed' | 'void';
  result_cents: number | null;
  horse_name: string;
  bet_type: string;
}

interface AllocationState {
  /** Undefined when the caller gave the bet; null when it no longer exists (deleted). */
  bet?: BetState | null;
  /** The live allocation lines (not reversed): [id, member id, cents], by id. */
  live: [number, number, number][];
  /** The members and weights the bet was first shared by, in join order: [member id, weight]. */
  weights: [number, number][];
  /**
   * When the bet is settled and has no weights yet: the members who would share it now, in join
   * order, with their balances ([member id, balance in cents]); else null.
   */
  sharing: [number, number][] | null;
}

/**
 * What syncBetAllocation reads after taking the bank's lock, in one statement (it was four round
 * trips: the bet, its live lines, its weights, the members' balances): the bet unless the caller
 * gave it ($3), the live lines and the weights, and the members who would share it when it is
 * settled and was never shared. Read after the lock, in a statement of its own, so it sees every
 * money write that committed before the lock was granted.
 *
 * Its lock is taken with genericPlansAfter (the caller's too, when it passes one). Left to choose,
 * PostgreSQL plans this statement for the values of each of a connection's first five calls, and
 * after that for every call whenever its generic plan, costed for the average syndicate, comes
 * out dearer than one for the caller's small syndicate: that depends on the tables' statistics
 * (a replay of the bench's mix planned 100 calls of 100; another database went generic after
 * five). Planning it costs about 1 ms of PostgreSQL's CPU, more than running it, for the same
 * plan either way (index scans by syndicate and bet; bench/performance-notes.md, 2026-11-29).
 * The statements after it (the ledger's lines, its weights) are inserts from arrays, whose plan
 * is the same whatever the values.
 */
async function allocationState(
  tx: Tx,
  syndicateId: number,
  betId: number,
  readBet: boolean,
): Promise<AllocationState> {
  const { rows } = await tx.execute<Record<string, unknown> & AllocationState>(sql`
    select
      case when ${readBet}::boolean then (
        select json_build_object('member_id', b.member_id, 'status', b.status, 'result_cents', b.result_cents,
                                 'horse_name', b.horse_name, 'bet_type', b.bet_type)
          from bets b where b.syndicate_id = ${syndicateId} and b.id = ${betId}) end as bet,
      coalesce((
        select json_agg(json_build_array(e.id, e.member_id, e.amount_cents) order by e.id)
          from bank_entries e
         where e.syndicate_id = ${syndicateId} and e.bet_id = ${betId} and e.type = 'allocation'
           and not exists (select 1 from bank_entries r where r.reverses_id = e.id)), '[]') as live,
      coalesce((
        select json_agg(json_build_array(w.member_id, w.weight) order by m.created_at, m.id)
          from bet_allocation_weights w
          join members m on m.id = w.member_id
         where w.syndicate_id = ${syndicateId} and w.bet_id = ${betId}), '[]') as weights,
      case when exists (select 1 from bets b
                         where b.syndicate_id = ${syndicateId} and b.id = ${betId} and b.status <> 'pending')
                and not exists (select 1 from bet_allocation_weights w
                                 where w.syndicate_id = ${syndicateId} and w.bet_id = ${betId})
        then coalesce((
          select json_agg(json_build_array(m.id, ${memberBalance}) order by m.created_at, m.id)
            ${sharingMembers(syndicateId)}), '[]') end as sharing`);
  const row = rows[0]!;
  return { ...row, bet: readBet ? (row.bet ?? null) : undefined };
}

/**
 * Brings a bet's allocation lines in line with the bet, inside the bet's own transaction: when
 * the bet is settled for the first time its result is shared by the share basis (and the members
 * and weights are kept); when its result changes, or it is set back to pending or deleted, the
 * live lines are reversed and (if it is still settled) the new result is shared among the same
 * members by the same weights. A result that did not change writes nothing. `known`: the bet as
 * the caller just wrote it (its row locked), so it is not read again. `lock`: the bank's lock when
 * the caller took it already (lockBank), after writing the bet. The reversals, the new weights and
 * the new lines are written in one statement.
 */
export async function syncBetAllocation(
  tx: Tx,
  syndicateId: number,
  betId: number,
  actorMemberId: number | null,
  now: Date,
  known?: BetState,
  lock?: BankLock,
): Promise<void> {
  const bank = lock ?? (await lockBank(tx, syndicateId, undefined, { genericPlansAfter: true }));
  const state = await allocationState(tx, syndicateId, betId, known === undefined);
  const bet = known ?? state.bet;
  const live = state.live.map(([id, memberId, amountCents]) => ({ id, memberId, amountCents }));
  const desired = bet && bet.status !== 'pending' ? Number(bet.result_cents ?? 0) : null;
  const liveSum = live.reduce((sum, e) => sum + e.amountCents, 0);
  if (desired === null && live.length === 0) return;
  if (desired !== null && desired !== 0 && live.length > 0 && liveSum === desired) return;

  const date = todayIn(bank, now);
  const description = bet ? `${bet.horse_name} (${bet.bet_type})` : null;
  const reversals: NewEntry[] = live.map((e) => ({
    memberId: e.memberId,
    type: 'reversal' as const,
    amountCents: -e.amountCents,
    date,
    note: bet ? `Bet changed: ${description}` : 'Bet deleted',
    betId,
    reversesId: e.id,
    createdBy: actorMemberId,
  }));
  if (!bet || desired === null) {
    await appendEntries(tx, syndicateId, reversals, now);
    return;
  }

  let weights = state.weights.map(([memberId, weight]) => ({ memberId, weight }));
  let newWeights: SQL | undefined;
  if (weights.length === 0) {
    weights = weighted(state.sharing ?? [], bank.shareBasis);
    if (weights.length === 0) weights = [{ memberId: bet.member_id, weight: 1 }];
    newWeights = weightsInsert(
      syndicateId,
      weights.map((w) => ({ betId, ...w })),
    );
  }
  const allocations: NewEntry[] =
    desired === 0
      ? []
      : splitAmong(desired, weights).map((p) => ({
          memberId: p.memberId,
          type: 'allocation' as const,
          amountCents: p.amountCents,
          date,
          note: description,
          betId,
          createdBy: actorMemberId,
        }));
  // Reversals first: ids rise in the given order, so a statement reads the old lines' undoing
  // before the new lines, as it did when they were two statements.
  await appendEntries(tx, syndicateId, [...reversals, ...allocations], now, newWeights);
}

/** A newly written settled bet whose result the bank must share (CSV import). */
export interface NewSettledBet {
  id: number;
  memberId: number;
  resultCents: number;
  description: string;
}

/**
 * Shares the results of many new settled bets at once (a CSV import), exactly as one
 * syncBetAllocation per bet in the given order would: the share basis's members and weights —
 * for `capital`, each member's balance as the earlier bets leave it — saved per bet, and the
 * result split by the largest remainder. Two statements for any number of bets, in the caller's
 * transaction, under the syndicate's bank lock.
 */
export async function allocateNewSettledBets(
  tx: Tx,
  syndicateId: number,
  settled: readonly NewSettledBet[],
  actorMemberId: number | null,
  now: Date,
): Promise<void> {
  if (settled.length === 0) return;
  const lock = await lockBank(tx, syndicateId);
  const date = todayIn(lock, now);
  const { rows } = await tx.execute<{ id: number; balance: number }>(sql`
    select m.id,
           coalesce(t.contributed_cents - t.paid_out_cents + t.adjustments_cents + t.betting_cents, 0) as balance
      from members m
      left join bank_member_totals t on t.syndicate_id = m.syndicate_id and t.member_id = m.id
     where m.syndicate_id = ${syndicateId} and m.is_active and m.archived_at is null
     order by m.created_at, m.id`);
  const balances = rows.map((r) => ({ memberId: r.id, balance: Number(r.balance) }));
  const balanceOf = new Map(balances.map((b) => [b.memberId, b]));
  const weightRows: { betId: number; memberId: number; weight: number }[] = [];
  const entries: { memberId: number; amountCents: number; betId: number; note: string }[] = [];
  for (const bet of settled) {
    // sharingWeights, on the balances as the bets before this one left them.
    const capital = lock.shareBasis === 'capital' && balances.some((b) => b.balance > 0);
    let weights = balances
      .map((b) => ({ memberId: b.memberId, weight: capital ? Math.max(0, b.balance) : 1 }))
      .filter((w) => w.weight > 0);
    if (weights.length === 0) weights = [{ memberId: bet.memberId, weight: 1 }];
    for (const w of weights) weightRows.push({ betId: bet.id, ...w });
    if (bet.resultCents === 0) continue;
    for (const part of splitAmong(bet.resultCents, weights)) {
      entries.push({ ...part, betId: bet.id, note: bet.description });
      const line = balanceOf.get(part.memberId);
      if (line) line.balance += part.amountCents;
    }
  }
  await appendEntries(
    tx,
    syndicateId,
    entries.map((e) => ({ ...e, type: 'allocation' as const, date, createdBy: actorMemberId })),
    now,
    weightsInsert(syndicateId, weightRows),
  );
}
