// GET /api/bets as JSON text that PostgreSQL writes: each bet's object, with the API's field names,
// order and formats, is kept ready in bet_json by triggers (db/bet-json.ts); a page arrives as one
// text column per bet, joined here into the array the route sends as it is (lib/json-text.ts).
// node-pg then parses one column a bet instead of 31, and nothing is serialised again: a 200-bet
// page cost the app about 2.6 ms of CPU through row objects and fast-json-stringify (issue 17).
// The texts are not joined by PostgreSQL (string_agg): building and sending one 100 KB value cost
// PostgreSQL 2.0-2.7 ms and node-pg 0.9 ms a 200-bet page, the rows 0.2 and 0.3 ms (bench notes).
// bets-json.test.ts holds the text to what toBet + the route's serializer write, byte for byte.
//
// Pages are keyset pages, newest first by default (date, id descending: bet_json_syndicate_date_idx
// when unfiltered, else bets_syndicate_date_idx)
// or in a `sort`'s order (SORT_KEYS); the cursor is the last bet's sort key (a date to the
// microsecond, as text: a JS Date keeps milliseconds only) and id. Without a limit every bet is
// answered, read in keyset chunks and streamed, so a 100,000-bet list never sits in memory at once.
// A bet's date never changes after it is placed, so newest-first chunks read one after another
// neither repeat nor skip a bet that existed throughout; in another order a bet whose key changes
// between two reads (settled while sorted by status) may, and the bets page keeps each id once.
import { LIST_BETS_MESSAGES, MESSAGES } from '../../../shared/bet';
import {
  BET_STATUSES,
  type BetSort,
  type BetSortColumn,
  type BetStatus,
  DEFAULT_BET_SORT,
} from '../../../shared/bet-status';
import { type Db, planEachCall, plannedOnce } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';

export interface BetsListQuery {
  limit?: number | undefined;
  /** Any of these statuses. */
  status?: readonly BetStatus[] | undefined;
  memberId?: number | undefined;
  raceId?: number | undefined;
  /** Days (YYYY-MM-DD), inclusive, in the syndicate's time zone. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  sort?: BetSort | undefined;
  cursor?: string | undefined;
}

export interface BetsPageJson {
  /** The JSON array of the page's bets. */
  json: string;
  /** The cursor of the next page; null on the last page. */
  next: string | null;
}

/** Bets per statement when the whole list is streamed. */
export const STREAM_CHUNK = 1000;

const iso = (column: string, precision: 'MS' | 'US') =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`;

/**
 * A sort's key: `expr` orders the bets (b, with m and r the members' and races' sort names when
 * `with` and `join` bring them), `cast` types a cursor's key for the comparison, `text` writes the
 * key (the page's column k) into the cursor, and `cursor` says what a cursor's key may be. Names compare lower case
 * without accents, byte by byte (collate "C"), so the order is the same on every server and
 * locale; statuses in the enum's order (pending, win, loss, placed, void). Date, amount, odds,
 * horse and status pages read an index (migrations 0000, 0010); member and race pages sort the
 * syndicate's bets by a name normalised once per member or race (docs/performance.md).
 */
interface SortKey {
  expr: string;
  cast: string;
  text: string;
  cursor: RegExp;
  with?: string;
  join?: string;
}
const C_NAME = 'text collate "C"';
const NAME_CURSOR = /^[\s\S]{0,400}$/u;
/** A syndicate's members' or races' names as the sort compares them, each normalised once. */
const names = (alias: string, table: 'members' | 'races') =>
  `${alias} as materialized (select id, search_normalise(name) collate "C" as name from ${table} where syndicate_id = $1)`;
const SORT_KEYS: Record<BetSortColumn, SortKey> = {
  date: {
    expr: 'b.date',
    cast: 'timestamptz',
    text: iso('b.k', 'US'),
    cursor: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  },
  amount: { expr: 'b.amount_cents', cast: 'bigint', text: 'b.k::text', cursor: /^[1-9]\d{0,15}$/ },
  odds: { expr: 'b.odds_hundredths', cast: 'int', text: 'b.k::text', cursor: /^[1-9]\d{0,8}$/ },
  status: {
    expr: 'b.status',
    cast: 'bet_status',
    text: 'b.k::text',
    cursor: new RegExp(`^(${BET_STATUSES.join('|')})$`),
  },
  // The expression of bets_syndicate_horse_idx, as it is written there.
  horse: {
    expr: '(search_normalise(b.horse_name) collate "C")',
    cast: C_NAME,
    text: 'b.k::text',
    cursor: NAME_CURSOR,
  },
  member: {
    expr: 'm.name',
    cast: C_NAME,
    text: 'b.k::text',
    cursor: NAME_CURSOR,
    with: names('m', 'members'),
    join: 'join m on m.id = b.member_id',
  },
  race: {
    expr: `coalesce(r.name, '' collate "C")`,
    cast: C_NAME,
    text: 'b.k::text',
    cursor: NAME_CURSOR,
    with: names('r', 'races'),
    join: 'left join r on r.id = b.race_id',
  },
};

/**
 * The page's statement for pages of `limit` bets. `where` holds the filters (on bets b, with z the
 * syndicate's time zone when a day filter needs it); $1 is the syndicate. One row more than the
 * page is read: whether it exists says whether there is a next page. Each bet's text is ready in
 * bet_json (db/bet-json.ts), joined by id. The limit is written into the text (a validated
 * integer), not a parameter: a prepared statement with `limit $2` had PostgreSQL plan it again on
 * every call, as a plan for an unknown limit costs more than one for 201 rows.
 */
function pageStatement(
  where: string[],
  withZone: boolean,
  limit: number,
  sort: BetSort = DEFAULT_BET_SORT,
): string {
  const key = SORT_KEYS[sort.column];
  const dir = sort.direction;
  return `
    with ${withZone ? 'z as (select timezone as tz from syndicates where id = $1),' : ''}
    ${key.with ? `${key.with},` : ''}
    page as (
      select b.id, ${key.expr} as k
        from bets b ${key.join ?? ''} ${withZone ? 'cross join z' : ''}
       where b.syndicate_id = $1 ${where.map((w) => `and ${w}`).join(' ')}
       order by ${key.expr} ${dir}, b.id ${dir}
       limit ${pageRows(limit)})
    ${pageAnswer(limit, sort, 'join bet_json j on j.bet_id = b.id', 'j.json')}`;
}

/**
 * The statement of an unfiltered page newest first (the bets page's first screen, the dashboard's
 * list, a whole list streamed): bet_json alone, in the order of its own date index, which holds
 * each bet's syndicate and date beside its text (migration 0012). Joining the 201 texts to the bets
 * by id took 201 index descents, about 0.3 ms of PostgreSQL's 1.1 ms for a 200-bet page.
 */
function newestPageStatement(limit: number, after: boolean): string {
  return `
    with page as (
      select j.bet_id as id, j.date as k, j.json
        from bet_json j
       where j.syndicate_id = $1 ${after ? 'and (j.date, j.bet_id) < ($2::timestamptz, $3::int)' : ''}
       order by j.date desc, j.bet_id desc
       limit ${pageRows(limit)})
    ${pageAnswer(limit, DEFAULT_BET_SORT, '', 'b.json')}`;
}

/** Rows a page of `limit` reads: one more, to tell whether there is a next page. */
function pageRows(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`bad page size ${limit}`);
  return limit + 1;
}

/**
 * The answer from `page` (id and sort key k of the page's bets and the one after, in the sort's
 * order): a row a bet in that order, its text (`json`, from `join`) and, for the page's last bet
 * only, the cursor's key (pageOf joins them). The window and the answer share one order, the
 * page's own, so PostgreSQL sorts nothing: ordering by a row number computed in another step had
 * it sort the rows, texts and all, again (0.90 against 0.51 ms a 200-bet page in pgbench).
 */
function pageAnswer(limit: number, sort: BetSort, join: string, json: string): string {
  const dir = sort.direction;
  const order = `b.k ${dir}, b.id ${dir}`;
  return `
    select ${json} as json,
           case when row_number() over (order by ${order}) = ${limit}
                then ${SORT_KEYS[sort.column].text} || '_' || b.id end as last
      from page b ${join}
     order by ${order}`;
}

/**
 * The page from its rows (limit + 1 at most, in order): the JSON array as one flat string, its
 * brackets put on the first and last texts before the join (brackets added around the joined text
 * made a rope that the compression's Buffer.from flattened into a second 100 KB string), and the
 * next page's cursor when a row beyond the page was read.
 */
function pageOf(rows: readonly PageRow[], limit: number): BetsPageJson {
  const n = Math.min(rows.length, limit);
  if (n === 0) return { json: '[]', next: null };
  const texts = new Array<string>(n);
  for (let i = 0; i < n; i++) texts[i] = rows[i]![0];
  texts[0] = `[${texts[0]}`;
  texts[n - 1] = `${texts[n - 1]}]`;
  const last = rows.length > limit ? rows[limit - 1]![1] : null;
  return { json: texts.join(','), next: last ? encodeCursor(last) : null };
}

/** The cursor's condition: the bets after (key, id) in the sort's direction. */
const afterCursor = (sort: BetSort, key: string, id: string) =>
  `(${SORT_KEYS[sort.column].expr}, b.id) ${sort.direction === 'desc' ? '<' : '>'} (${key}::${SORT_KEYS[sort.column].cast}, ${id}::int)`;

// The unfiltered pages newest first (the bets page's first screen, the dashboard's list) are named
// statements, one per page size, prepared once per pooled connection when first used (page sizes
// are 1-200, and STREAM_CHUNK). A read with a search, a member, a race or days is planned with its
// values each time (planEachCall): a search's plan (trigram index or the date index) depends on
// how common its words are, a member's on how many bets they placed.
const named = new Map<string, { name: string; text: string }>();
function namedPage(limit: number, after: boolean) {
  const name = `bets_json_${after ? 'after' : 'first'}_${limit}`;
  let statement = named.get(name);
  if (!statement) {
    statement = { name, text: newestPageStatement(limit, after) };
    named.set(name, statement);
  }
  return statement;
}

/** The opaque cursor: base64url of the last bet's sort key (a date: UTC, microseconds) and id. */
const encodeCursor = (last: string) => Buffer.from(last).toString('base64url');
const CURSOR = /^([\s\S]*)_([1-9]\d{0,9})$/u;

/** A cursor's sort key (as text) and id; a cursor that is not one this sort's Link gave is a 400. */
export function decodeCursor(cursor: string, sort: BetSort = DEFAULT_BET_SORT): [string, number] {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = CURSOR.exec(text);
  const key = m?.[1];
  const id = Number(m?.[2]);
  let valid = key !== undefined && id <= 2_147_483_647 && SORT_KEYS[sort.column].cursor.test(key);
  // A date JS reads back to the same millisecond, from year 1 on, is one PostgreSQL takes (no month
  // 13; no year 0000, which JS reads and PostgreSQL refuses). Not 1900–2100: a bet written in its
  // zone on 2100-12-31 may be stored in 2101 UTC, and its page must still have a next one.
  if (valid && key !== undefined && sort.column === 'date') {
    valid =
      Number(key.slice(0, 4)) >= 1 &&
      !Number.isNaN(Date.parse(key)) &&
      new Date(Date.parse(key)).toISOString().slice(0, 23) === key.slice(0, 23);
  }
  if (!valid || key === undefined) throw badRequest(LIST_BETS_MESSAGES.cursor);
  return [key, id];
}

/** The search as stored text is matched: whitespace runs as one space, LIKE's wildcards literal. */
export function searchPattern(q: string | undefined): string | null {
  const words = q?.trim().replace(/\s+/g, ' ') ?? '';
  return words === '' ? null : words.replace(/[\\%_]/g, '\\$&');
}

async function assertIn(db: Db, table: 'members' | 'races', syndicateId: number, id: number | undefined) {
  if (id === undefined) return;
  const { rows } = await db.$client.query({
    name: `bets_filter_${table}`,
    text: `select 1 from ${table} where syndicate_id = $1 and id = $2`,
    values: [syndicateId, id],
  });
  if (rows.length === 0)
    throw notFound(table === 'members' ? MESSAGES.memberNotFound : MESSAGES.raceNotFound);
}

/** A page's row as an array: the bet's text, and the cursor's key on the page's last bet. */
type PageRow = [json: string, last: string | null];

type Reader = (limit: number, cursor: [string, number] | null) => Promise<BetsPageJson>;

/**
 * Checks the filters (a member or race not the syndicate's: 404, as DESIGN.md has for any id of
 * another syndicate) and answers a function that reads one page from a cursor.
 */
async function pageReader(db: Db, syndicateId: number, q: BetsListQuery): Promise<Reader> {
  await assertIn(db, 'members', syndicateId, q.memberId);
  await assertIn(db, 'races', syndicateId, q.raceId);
  const pattern = searchPattern(q.q);
  const sort = q.sort ?? DEFAULT_BET_SORT;
  const newestFirst = sort.column === 'date' && sort.direction === 'desc';
  // Filters whose best plan depends on their values (planned on every call, below).
  const perValue =
    q.memberId !== undefined ||
    q.raceId !== undefined ||
    q.from !== undefined ||
    q.to !== undefined ||
    pattern !== null;
  const filtered = !newestFirst || q.status !== undefined || perValue;
  return async (limit, cursor) => {
    let statement: { name?: string; text: string };
    const values: unknown[] = [syndicateId];
    if (!filtered) {
      statement = namedPage(limit, cursor !== null);
      if (cursor) values.push(...cursor);
    } else {
      const where: string[] = [];
      const param = (value: unknown) => `$${values.push(value)}`;
      if (cursor) where.push(afterCursor(sort, param(cursor[0]), param(cursor[1])));
      if (q.status !== undefined) where.push(`b.status = any(${param(q.status)}::bet_status[])`);
      if (q.memberId !== undefined) where.push(`b.member_id = ${param(q.memberId)}::int`);
      if (q.raceId !== undefined) where.push(`b.race_id = ${param(q.raceId)}::int`);
      if (q.from !== undefined) where.push(`b.date >= (${param(q.from)}::date)::timestamp at time zone z.tz`);
      if (q.to !== undefined) where.push(`b.date < (${param(q.to)}::date + 1)::timestamp at time zone z.tz`);
      if (pattern !== null)
        where.push(`b.search like '%' || search_normalise(${param(pattern)}::text) || '%'`);
      statement = { text: pageStatement(where, q.from !== undefined || q.to !== undefined, limit, sort) };
    }
    // A named page's plan is the same for every syndicate: planned once (db/client.ts). A page
    // filtered by status or sorted otherwise is prepared like drizzle's statements (a generic
    // plan reads the same index); one with a search, a member, a race or days is planned with
    // its values on every call.
    const runner = statement.name ? plannedOnce(db) : db.$client;
    const config = { ...statement, values, rowMode: 'array' as const };
    const { rows } = await runner.query<PageRow>(perValue ? planEachCall(config) : config);
    return pageOf(rows, limit);
  };
}

/** One keyset page of `limit` bets after `cursor` (from the previous page's Link), as JSON text. */
export async function listBetsJson(
  db: Db,
  syndicateId: number,
  q: BetsListQuery & { limit: number },
): Promise<BetsPageJson> {
  const cursor = q.cursor === undefined ? null : decodeCursor(q.cursor, q.sort);
  const read = await pageReader(db, syndicateId, q);
  return read(q.limit, cursor);
}

/**
 * Every bet that matches (no `limit`): the JSON text when it fits in one chunk, else the text in
 * chunks read one after another (a cursor, if given, still starts the list).
 */
export async function streamBetsJson(
  db: Db,
  syndicateId: number,
  q: BetsListQuery,
): Promise<string | AsyncGenerator<string>> {
  const start = q.cursor === undefined ? null : decodeCursor(q.cursor, q.sort);
  const read = await pageReader(db, syndicateId, q);
  const first = await read(STREAM_CHUNK, start);
  if (first.next === null) return first.json;
  async function* chunks(page: BetsPageJson): AsyncGenerator<string> {
    yield page.json.slice(0, -1);
    let next = page.next;
    while (next !== null) {
      const more = await read(STREAM_CHUNK, decodeCursor(next, q.sort));
      next = more.next;
      // The next page's items, without its brackets: `,{…},{…}`.
      if (more.json.length > 2) yield `,${more.json.slice(1, -1)}`;
    }
    yield ']';
  }
  return chunks(first);
}
