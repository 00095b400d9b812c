// The syndicate bank (docs/bank.md): the summary, the ledger's pages, statements, and the admins'
// money writes. Every write runs inside the caller's transaction after `lockBank`, so the
// per-syndicate order and the Idempotency-Key record (idempotency.ts) share its commit.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BANK_MESSAGES,
  type BankEntry,
  type BankEntryType,
  type BankSummary,
  type DistributionPreview,
  ENTRIES_LIMIT_DEFAULT,
  type EntriesPage,
  type ShareBasis,
  STATEMENT_MAX_ENTRIES,
  type Statement,
  sharePercent,
} from '../../../shared/bank';
import { type DayKey, dayOf, isDayInput } from '../../../shared/dates';
import { MAX_ID } from '../../../shared/member';
import { fromCents, toCents } from '../../../shared/money';
import { money as formatMoney } from '../../assistant/format';
import { type Db, plannedOnce } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import {
  adjustmentRecorded,
  contributionRecorded,
  distributionRecorded,
  entryReversed,
  payoutRecorded,
} from '../audit/bank-events';
import { type Author, type NewEvent, recordEvent } from '../audit/record';
import { TYPE_LABELS } from './csv';
import {
  appendEntries,
  type BankLock,
  lockBank,
  type NewEntry,
  type Runner,
  sharingWeights,
  splitAmong,
  type Tx,
  todayIn,
} from './ledger';

// ---- Reads ------------------------------------------------------------------------------------

type MemberRow = {
  id: number;
  name: string;
  archived: boolean;
  contributed: number;
  paid_out: number;
  adjustments: number;
  betting: number;
  dues_charged: number;
};

// GET /api/bank is one named statement (prepared once per pooled connection) answering one row:
// the share basis, the stakes in play, and every member as a name and seven numbers in one flat
// JSON array [id, name, archived (0/1), contributed, paid out, adjustments, betting, dues charged,
// …], from the running totals (bank_member_totals, kept by a trigger) and the dues charged so far
// (start date on or before today in the syndicate's zone, today from the app's clock, $2; not
// replaced before that day). The
// members come in id order (as GET /api/members lists them), sorted here: an ordered aggregate, or
// json_agg of json_build_array, each cost PostgreSQL more than the rest of the read, and one JSON
// value parses far faster than fifty rows of ten columns (the bench's bank budget,
// docs/performance.md).
const SUMMARY = {
  name: 'bank_summary',
  text: `
    select s.share_basis,
           (select coalesce(sum(amount_cents), 0) from bets
             where syndicate_id = $1 and status = 'pending') as in_play,
           (select '[' || coalesce(string_agg(concat_ws(',',
                     m.id, to_json(m.name), case when m.archived_at is null then 0 else 1 end,
                     coalesce(t.contributed_cents, 0), coalesce(t.paid_out_cents, 0),
                     coalesce(t.adjustments_cents, 0), coalesce(t.betting_cents, 0), coalesce(d.charged, 0)),
                   ','), '') || ']'
              from members m
              left join bank_member_totals t on t.syndicate_id = $1 and t.member_id = m.id
              left join (select ms.member_id, sum(ms.price_cents) as charged from member_subscriptions ms
                          where ms.syndicate_id = $1
                            and ms.charges_dues
                            and ms.start_date <= ($2::timestamptz at time zone s.timezone)::date
                          group by ms.member_id) d on d.member_id = m.id
             where m.syndicate_id = $1) as members
      from syndicates s
     where s.id = $1`,
};

/** Fields per member in the summary's flat array. */
const MEMBER_FIELDS = 8;

function memberRows(flat: (number | string)[]): MemberRow[] {
  const rows: MemberRow[] = [];
  for (let i = 0; i + MEMBER_FIELDS <= flat.length; i += MEMBER_FIELDS) {
    rows.push({
      id: flat[i] as number,
      name: flat[i + 1] as string,
      archived: flat[i + 2] === 1,
      contributed: flat[i + 3] as number,
      paid_out: flat[i + 4] as number,
      adjustments: flat[i + 5] as number,
      betting: flat[i + 6] as number,
      dues_charged: flat[i + 7] as number,
    });
  }
  return rows.sort((a, b) => a.id - b.id);
}

const balanceOf = (r: MemberRow) => r.contributed - r.paid_out + r.adjustments + r.betting;
const duesOwedOf = (r: MemberRow) => Math.max(0, r.dues_charged - r.contributed);

/** A finite number as JSON (what JSON.stringify writes for it). */
const num = (cents: number) => String(fromCents(cents));

/**
 * GET /api/bank's answer, as the JSON text of a BankSummary (bankSummarySchema, in its field
 * order): written here in one pass over the members rather than built as objects and then
 * serialised, the widest per-member read of the app (docs/performance.md). Former (archived)
 * members are listed while their balance is not zero or they owe dues, so the totals are always
 * the sums of the rows shown.
 */
export async function bankSummaryJson(db: Db, syndicateId: number, now: Date): Promise<string> {
  const { rows } = await plannedOnce(db).query<{ share_basis: ShareBasis; in_play: number; members: string }>(
    {
      ...SUMMARY,
      values: [syndicateId, now],
    },
  );
  const first = rows[0];
  if (!first) throw notFound();
  const members = memberRows(JSON.parse(first.members) as (number | string)[]);
  let positive = 0;
  for (const r of members) positive += Math.max(0, balanceOf(r));
  let contributed = 0;
  let paidOut = 0;
  let adjustments = 0;
  let betting = 0;
  let duesOwed = 0;
  const lines: string[] = [];
  for (const r of members) {
    contributed += r.contributed;
    paidOut += r.paid_out;
    adjustments += r.adjustments;
    betting += r.betting;
    const owed = duesOwedOf(r);
    duesOwed += owed;
    const balance = balanceOf(r);
    if (r.archived && balance === 0 && owed === 0) continue;
    lines.push(
      `{"memberId":${r.id},"name":${JSON.stringify(r.name)},"active":${!r.archived},` +
        `"contributed":${num(r.contributed)},"paidOut":${num(r.paid_out)},"adjustments":${num(r.adjustments)},` +
        `"bettingResult":${num(r.betting)},"balance":${num(balance)},"share":${sharePercent(balance, positive)},` +
        `"duesCharged":${num(r.dues_charged)},"duesOwed":${num(owed)}}`,
    );
  }
  const balance = contributed - paidOut + adjustments + betting;
  const inPlay = Number(first.in_play);
  return (
    `{"balance":${num(balance)},"inPlay":${num(inPlay)},"available":${num(balance - inPlay)},` +
    `"contributed":${num(contributed)},"paidOut":${num(paidOut)},"adjustments":${num(adjustments)},` +
    `"bettingResult":${num(betting)},"duesOwed":${num(duesOwed)},"shareBasis":${JSON.stringify(first.share_basis)},` +
    `"members":[${lines.join(',')}]}`
  );
}

/** The bank's summary as an object (the assistant's answers; GET /api/bank sends the JSON itself). */
export async function bankSummary(db: Db, syndicateId: number, now: Date): Promise<BankSummary> {
  return JSON.parse(await bankSummaryJson(db, syndicateId, now)) as BankSummary;
}

async function inPlayCents(db: Runner, syndicateId: number): Promise<number> {
  const { rows } = await db.execute<{ in_play: number }>(sql`
    select coalesce(sum(amount_cents), 0) as in_play from bets
     where syndicate_id = ${syndicateId} and status = 'pending'`);
  return Number(rows[0]?.in_play ?? 0);
}

async function settingsOf(db: Runner, syndicateId: number) {
  const { rows } = await db.execute<{ timezone: string }>(
    sql`select timezone from syndicates where id = ${syndicateId}`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

type EntryRow = {
  id: number;
  type: BankEntryType;
  member_id: number;
  amount_cents: number;
  date: string;
  note: string | null;
  bet_id: number | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  batch_id: string | null;
  created_at: Date;
  created_by: number | null;
};

const ENTRY_COLUMNS = sql`
  e.id, e.type, e.member_id, e.amount_cents, e.date::text as date, e.note, e.bet_id, e.reverses_id,
  (select r.id from bank_entries r where r.reverses_id = e.id) as reversed_by_id,
  e.batch_id, e.created_at, e.created_by`;

function toEntry(r: EntryRow): BankEntry {
  return {
    id: r.id,
    type: r.type,
    memberId: r.member_id,
    amount: fromCents(Number(r.amount_cents)),
    date: r.date,
    note: r.note,
    betId: r.bet_id,
    reversesId: r.reverses_id,
    reversedById: r.reversed_by_id,
    batchId: r.batch_id,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
  };
}

async function entriesByIds(db: Runner, syndicateId: number, ids: readonly number[]): Promise<BankEntry[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<EntryRow>(sql`
    select ${ENTRY_COLUMNS} from bank_entries e
     where e.syndicate_id = ${syndicateId} and e.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
     order by e.id`);
  return rows.map(toEntry);
}

export interface EntriesFilter {
  memberId?: number | undefined;
  type?: BankEntryType | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** GET /api/bank/entries: newest first (value date, then id), keyset-paged by "date_id". */
export async function listEntries(
  db: Runner,
  syndicateId: number,
  filter: EntriesFilter,
): Promise<EntriesPage> {
  // Another syndicate's member (or none) as the filter: 404, as the bets' and exports' filters answer.
  if (filter.memberId !== undefined) await findMember(db, syndicateId, filter.memberId);
  const settings = await settingsOf(db, syndicateId);
  const dayOfInput = (v: string) => dayOf(v, isDayInput(v) ? 'UTC' : settings.timezone);
  const limit = filter.limit ?? ENTRIES_LIMIT_DEFAULT;
  const conditions = [sql`e.syndicate_id = ${syndicateId}`];
  if (filter.memberId !== undefined) conditions.push(sql`e.member_id = ${filter.memberId}`);
  if (filter.type) conditions.push(sql`e.type = ${filter.type}`);
  if (filter.from) conditions.push(sql`e.date >= ${dayOfInput(filter.from)}::date`);
  if (filter.to) conditions.push(sql`e.date <= ${dayOfInput(filter.to)}::date`);
  if (filter.cursor) {
    const [day, id] = filter.cursor.split('_');
    if (Number(id) > MAX_ID || !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(day ?? '')) {
      return { entries: [], nextCursor: null };
    }
    conditions.push(sql`(e.date, e.id) < (${day}::date, ${Number(id)})`);
  }
  const { rows } = await db.execute<EntryRow>(sql`
    select ${ENTRY_COLUMNS} from bank_entries e
     where ${sql.join(conditions, sql` and `)}
     order by e.date desc, e.id desc
     limit ${limit + 1}`);
  const page = rows.slice(0, limit).map(toEntry);
  const last = page.at(-1);
  return { entries: page, nextCursor: rows.length > limit && last ? `${last.date}_${last.id}` : null };
}

/** A member of the syndicate (archived ones too: their money stays theirs); 404 otherwise. */
async function findMember(db: Runner, syndicateId: number, memberId: number) {
  const { rows } = await db.execute<{ id: number; name: string; archived: boolean }>(sql`
    select id, name, archived_at is not null as archived from members
     where syndicate_id = ${syndicateId} and id = ${memberId}`);
  if (!rows[0]) throw notFound(BANK_MESSAGES.memberNotFound);
  return rows[0];
}

/** GET /api/bank/members/{memberId}/statement: every entry, oldest first, with the running balance. */
export async function memberStatement(db: Runner, syndicateId: number, memberId: number): Promise<Statement> {
  const member = await findMember(db, syndicateId, memberId);
  // The latest entries only, each with the balance after it (a window over all of them): a member
  // with 60,000 settled bets has as many lines, and building them all held the event loop for
  // seconds (found by probing). Oldest first among those shown.
  const { rows } = await db.execute<EntryRow & { running: string; total: string }>(sql`
    select s.*, (select r.id from bank_entries r where r.reverses_id = s.id) as reversed_by_id
      from (select e.id, e.type, e.member_id, e.amount_cents, e.date::text as date, e.note, e.bet_id, e.reverses_id,
                   e.batch_id, e.created_at, e.created_by,
                   sum(e.amount_cents) over (order by e.date, e.id) as running,
                   count(*) over () as total
              from bank_entries e
             where e.syndicate_id = ${syndicateId} and e.member_id = ${memberId}
             order by e.date desc, e.id desc
             limit ${STATEMENT_MAX_ENTRIES}) s
     order by s.date, s.id`);
  const entries = rows.map((r) => ({
    ...toEntry(r),
    runningBalance: fromCents(Number(r.running)),
  }));
  return {
    member: { id: member.id, name: member.name, active: !member.archived },
    balance: fromCents(Number(rows.at(-1)?.running ?? 0)),
    totalEntries: Number(rows[0]?.total ?? 0),
    entries,
  };
}

/**
 * Every line of a member's statement, oldest first, as statementCsv writes them (csv.test.ts holds
 * the two to each other), written by PostgreSQL in one text: 60,000 lines built here took about
 * 350 ms of the event loop each time (found by probing).
 */
export async function statementCsvLines(db: Runner, syndicateId: number, memberId: number) {
  const member = await findMember(db, syndicateId, memberId);
  const label = sql.join(
    Object.entries(TYPE_LABELS).map(([type, text]) => sql`when ${type} then ${text}::text`),
    sql` `,
  );
  // textCell (lib/csv.ts): a formula's first character defused with an apostrophe, then quoted
  // when the cell holds a comma, a quote or a line break.
  const { rows } = await db.execute<{ lines: string | null }>(sql`
    select string_agg(concat_ws(',', l.date, l.type,
                                case when l.cell ~ ('[",' || chr(13) || chr(10) || ']')
                                     then '"' || replace(l.cell, '"', '""') || '"' else l.cell end,
                                (l.amount::numeric / 100)::numeric(20, 2)::text,
                                (l.running::numeric / 100)::numeric(20, 2)::text),
                      chr(13) || chr(10) order by l.date, l.id) as lines
      from (select d.*, case when left(d.description, 1) in ('=', '+', '-', '@', chr(9), chr(13))
                             then '''' || d.description else d.description end as cell
              from (select e.id, e.date::text as date, e.type::text as type, e.amount_cents as amount,
                           coalesce(e.note, case e.type::text ${label} else e.type::text end) as description,
                           sum(e.amount_cents) over (order by e.date, e.id) as running
                      from bank_entries e
                     where e.syndicate_id = ${syndicateId} and e.member_id = ${memberId}) d) l`);
  return { member, lines: rows[0]?.lines ?? null };
}

// ---- Writes (inside the caller's transaction) ----------------------------------------------------

export interface WriteContext {
  tx: Tx;
  syndicateId: number;
  /** The admin's member id (created_by). */
  actorMemberId: number;
  now: Date;
}

/** Records the write's audit event in its own transaction (savepoint): a refusal leaves none. */
const record = (ctx: WriteContext, event: NewEvent) => {
  const by: Author = { memberId: ctx.actorMemberId, now: ctx.now };
  return recordEvent(ctx.tx, ctx.syndicateId, by, event);
};

/** The entry's value date: the day sent (a date-time's day in the syndicate's zone), else today. */
function valueDate(lock: BankLock, now: Date, input: string | undefined): DayKey {
  if (!input) return todayIn(lock, now);
  return dayOf(input, isDayInput(input) ? 'UTC' : lock.timezone);
}

/** Cents as the app shows money, in the syndicate's currency (read with the bank's lock): "$23.25". */
const money = (lock: BankLock, cents: number) => formatMoney(cents / 100, lock.currency);

async function balancesOf(tx: Runner, syndicateId: number): Promise<Map<number, number>> {
  const { rows } = await tx.execute<{ member_id: number; balance: number }>(sql`
    select member_id, contributed_cents - paid_out_cents + adjustments_cents + betting_cents as balance
      from bank_member_totals where syndicate_id = ${syndicateId}`);
  return new Map(rows.map((r) => [r.member_id, Number(r.balance)]));
}

async function availableCents(tx: Runner, syndicateId: number, balances: Map<number, number>) {
  let total = 0;
  for (const b of balances.values()) total += b;
  return total - (await inPlayCents(tx, syndicateId));
}

export interface MovementInput {
  memberId: number;
  amount: number;
  date?: string | undefined;
  note?: string | null | undefined;
}

/** POST /api/bank/contributions: money a member paid in. */
export async function recordContribution(ctx: WriteContext, input: MovementInput): Promise<BankEntry> {
  const lock = await lockBank(ctx.tx, ctx.syndicateId);
  const member = await findMember(ctx.tx, ctx.syndicateId, input.memberId);
  const cents = toCents(input.amount);
  const note = input.note || null;
  const [id] = await appendEntries(
    ctx.tx,
    ctx.syndicateId,
    [
      {
        memberId: input.memberId,
        type: 'contribution',
        amountCents: cents,
        date: valueDate(lock, ctx.now, input.date),
        note,
        createdBy: ctx.actorMemberId,
      },
    ],
    ctx.now,
  );
  await record(ctx, contributionRecorded({ id: id!, amountCents: cents, note }, member.name));
  return (await entriesByIds(ctx.tx, ctx.syndicateId, [id!]))[0]!;
}

/** POST /api/bank/payouts: at most the member's balance and at most the available cash (409). */
/**
 * The most a payout dated `date` may take from a member without their statement going below zero
 * on any day: the balance through that day (the payout comes after that day's entries), and the
 * balance after each later entry (a back-dated payout lowers them all).
 */
async function lowestBalanceFrom(tx: Runner, syndicateId: number, memberId: number, date: DayKey) {
  const { rows } = await tx.execute<{ through: string; later: string | null }>(sql`
    select coalesce(sum(amount_cents) filter (where date <= ${date}::date), 0) as through,
           (select min(r.running)
              from (select date, sum(amount_cents) over (order by date, id) as running
                      from bank_entries where syndicate_id = ${syndicateId} and member_id = ${memberId}) r
             where r.date > ${date}::date) as later
      from bank_entries where syndicate_id = ${syndicateId} and member_id = ${memberId}`);
  const row = rows[0];
  const through = Number(row?.through ?? 0);
  return row?.later == null ? through : Math.min(through, Number(row.later));
}

/**
 * lowestBalanceFrom for every member of the syndicate at once (a distribution's payouts): member
 * id → the most a payout dated `date` may take. Members with no entries are absent (0).
 */
async function lowestBalancesFrom(tx: Runner, syndicateId: number, date: DayKey) {
  const { rows } = await tx.execute<{ member_id: number; through: string; later: string | null }>(sql`
    select r.member_id,
           coalesce(sum(r.amount_cents) filter (where r.date <= ${date}::date), 0) as through,
           min(r.running) filter (where r.date > ${date}::date) as later
      from (select member_id, date, amount_cents,
                   sum(amount_cents) over (partition by member_id order by date, id) as running
              from bank_entries where syndicate_id = ${syndicateId}) r
     group by r.member_id`);
  return new Map(
    rows.map((r) => [
      r.member_id,
      r.later == null ? Number(r.through) : Math.min(Number(r.through), Number(r.later)),
    ]),
  );
}

export async function recordPayout(ctx: WriteContext, input: MovementInput): Promise<BankEntry> {
  const lock = await lockBank(ctx.tx, ctx.syndicateId);
  const member = await findMember(ctx.tx, ctx.syndicateId, input.memberId);
  const cents = toCents(input.amount);
  const balances = await balancesOf(ctx.tx, ctx.syndicateId);
  const balance = balances.get(member.id) ?? 0;
  if (cents > balance) {
    throw conflict(
      `The payout is more than ${member.name}'s balance (${money(lock, balance)}) by ${money(lock, cents - balance)}`,
    );
  }
  const date = valueDate(lock, ctx.now, input.date);
  const lowest = await lowestBalanceFrom(ctx.tx, ctx.syndicateId, member.id, date);
  if (cents > lowest) {
    throw conflict(
      `The payout is more than ${member.name}'s balance from ${date} on (${money(lock, lowest)}) by ${money(lock, cents - lowest)}`,
    );
  }
  const available = await availableCents(ctx.tx, ctx.syndicateId, balances);
  if (cents > available) {
    throw conflict(
      `The payout is more than the available cash (${money(lock, available)}) by ${money(lock, cents - available)}`,
    );
  }
  const [id] = await appendEntries(
    ctx.tx,
    ctx.syndicateId,
    [
      {
        memberId: member.id,
        type: 'payout',
        amountCents: -cents,
        date,
        note: input.note || null,
        createdBy: ctx.actorMemberId,
      },
    ],
    ctx.now,
  );
  await record(ctx, payoutRecorded({ id: id!, amountCents: cents, note: input.note || null }, member.name));
  return (await entriesByIds(ctx.tx, ctx.syndicateId, [id!]))[0]!;
}

export interface AdjustmentValues {
  amount: number;
  note: string;
  memberId?: number | null | undefined;
  date?: string | undefined;
}

/** POST /api/bank/adjustments: one member's, or split by the share basis (one batch). */
export async function recordAdjustment(ctx: WriteContext, input: AdjustmentValues): Promise<BankEntry[]> {
  const lock = await lockBank(ctx.tx, ctx.syndicateId);
  const cents = toCents(input.amount);
  const date = valueDate(lock, ctx.now, input.date);
  let lines: NewEntry[];
  let to: { member: string } | { members: number };
  if (input.memberId != null) {
    to = { member: (await findMember(ctx.tx, ctx.syndicateId, input.memberId)).name };
    lines = [
      {
        memberId: input.memberId,
        type: 'adjustment',
        amountCents: cents,
        date,
        note: input.note,
        createdBy: ctx.actorMemberId,
      },
    ];
  } else {
    const weights = await sharingWeights(ctx.tx, ctx.syndicateId, lock.shareBasis);
    if (weights.length === 0) throw conflict('No active member to share the adjustment among');
    const batchId = randomUUID();
    lines = splitAmong(cents, weights).map((p) => ({
      memberId: p.memberId,
      type: 'adjustment' as const,
      amountCents: p.amountCents,
      date,
      note: input.note,
      batchId,
      createdBy: ctx.actorMemberId,
    }));
    to = { members: lines.length };
  }
  const ids = await appendEntries(ctx.tx, ctx.syndicateId, lines, ctx.now);
  await record(ctx, adjustmentRecorded(ids[0]!, cents, input.note, to));
  return entriesByIds(ctx.tx, ctx.syndicateId, ids);
}

/** An entry of the syndicate, for the reverse route's tenancy check; 404 otherwise. */
export async function findEntry(db: Runner, syndicateId: number, entryId: number): Promise<BankEntry> {
  const [entry] = await entriesByIds(db, syndicateId, [entryId]);
  if (!entry) throw notFound(BANK_MESSAGES.entryNotFound);
  return entry;
}

/** POST /api/bank/entries/{id}/reverse: exactly undoes one entry (never an allocation or a reversal). */
export async function reverseEntry(ctx: WriteContext, entryId: number, reason: string): Promise<BankEntry> {
  const lock = await lockBank(ctx.tx, ctx.syndicateId);
  const entry = await findEntry(ctx.tx, ctx.syndicateId, entryId);
  if (entry.type === 'reversal') throw conflict(BANK_MESSAGES.reversalOfReversal);
  if (entry.type === 'allocation') throw conflict(BANK_MESSAGES.allocationFollowsBet);
  if (entry.reversedById !== null) throw conflict(BANK_MESSAGES.alreadyReversed);
  const member = await findMember(ctx.tx, ctx.syndicateId, entry.memberId);
  const [id] = await appendEntries(
    ctx.tx,
    ctx.syndicateId,
    [
      {
        memberId: entry.memberId,
        type: 'reversal',
        amountCents: -toCents(entry.amount),
        date: todayIn(lock, ctx.now),
        note: reason,
        betId: entry.betId,
        reversesId: entry.id,
        createdBy: ctx.actorMemberId,
      },
    ],
    ctx.now,
  );
  const original = { id: entry.id, type: entry.type, amountCents: toCents(entry.amount) };
  await record(ctx, entryReversed(original, member.name, reason));
  return (await entriesByIds(ctx.tx, ctx.syndicateId, [id!]))[0]!;
}

export interface DistributionValues {
  amount?: number | null | undefined;
  memberIds?: number[] | null | undefined;
  date?: string | undefined;
  dryRun?: boolean | undefined;
}

/**
 * POST /api/bank/distributions: pays `amount` (default: all the available cash, at most the sum
 * of the chosen members' positive balances) among the chosen members (default: every member with
 * a positive balance) in proportion to their balances, largest remainder, never more than a
 * member's balance. A dry run computes the same payouts and writes nothing.
 */
export async function distribute(
  ctx: WriteContext,
  input: DistributionValues,
): Promise<DistributionPreview & { entries?: BankEntry[] }> {
  const lock = await lockBank(ctx.tx, ctx.syndicateId);
  const balances = await balancesOf(ctx.tx, ctx.syndicateId);
  const { rows: all } = await ctx.tx.execute<{ id: number; name: string }>(sql`
    select id, name from members where syndicate_id = ${ctx.syndicateId} order by created_at, id`);
  const names = new Map(all.map((m) => [m.id, m.name]));
  let chosen = all.map((m) => m.id);
  if (input.memberIds) {
    for (const id of input.memberIds) if (!names.has(id)) throw notFound(BANK_MESSAGES.memberNotFound);
    const wanted = new Set(input.memberIds);
    chosen = chosen.filter((id) => wanted.has(id));
  }
  // As a payout's (recordPayout): no member's statement may go below zero from the value date
  // on, so each takes at most their balance and at most their lowest balance from that day.
  const date = valueDate(lock, ctx.now, input.date);
  const lowest = await lowestBalancesFrom(ctx.tx, ctx.syndicateId, date);
  const weights = chosen
    .map((memberId) => ({
      memberId,
      weight: Math.max(0, Math.min(balances.get(memberId) ?? 0, lowest.get(memberId) ?? 0)),
    }))
    .filter((w) => w.weight > 0);
  if (weights.length === 0) throw conflict(BANK_MESSAGES.noMembers);
  const positive = weights.reduce((sum, w) => sum + w.weight, 0);
  const available = await availableCents(ctx.tx, ctx.syndicateId, balances);
  let cents: number;
  if (input.amount != null) {
    cents = toCents(input.amount);
    if (cents > positive) {
      const from = date === todayIn(lock, ctx.now) ? '' : ` from ${date} on`;
      throw conflict(
        `The distribution is more than the members' balances${from} (${money(lock, positive)}) by ${money(lock, cents - positive)}`,
      );
    }
    if (cents > available) {
      throw conflict(
        `The distribution is more than the available cash (${money(lock, available)}) by ${money(lock, cents - available)}`,
      );
    }
  } else {
    cents = Math.min(available, positive);
    if (cents <= 0) throw conflict('There is no available cash to distribute');
  }
  const payouts = splitAmong(cents, weights);
  const preview = {
    total: fromCents(cents),
    payouts: payouts.map((p) => ({
      memberId: p.memberId,
      name: names.get(p.memberId)!,
      amount: fromCents(p.amountCents),
    })),
  };
  if (input.dryRun) return preview;
  const batchId = randomUUID();
  const ids = await appendEntries(
    ctx.tx,
    ctx.syndicateId,
    payouts.map((p) => ({
      memberId: p.memberId,
      type: 'payout' as const,
      amountCents: -p.amountCents,
      date,
      note: 'Distribution',
      batchId,
      createdBy: ctx.actorMemberId,
    })),
    ctx.now,
  );
  await record(ctx, distributionRecorded(ids[0]!, cents, payouts.length));
  return { ...preview, entries: await entriesByIds(ctx.tx, ctx.syndicateId, ids) };
}
