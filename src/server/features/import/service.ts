// Importing bets from CSV (docs/csv.md): the spreadsheet most syndicates start from. Parsed with
// csv-parse; columns matched by header (case and spacing ignored); every row validated with the
// Add Bet schema (so the messages are the form's), members matched by name, initials or e-mail,
// races by name and day (else created). A dry run answers what would happen; a real import is all
// or nothing, in one transaction (the bank's lock taken after the bets are written). Results are recomputed by the
// settlement rules, never read from the file; settled bets are shared into the bank in bulk
// (bank/ledger.ts allocateNewSettledBets), exactly as one settlement at a time would share them.
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { CsvError, Parser } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { type BetStatus, createBetSchema } from '../../../shared/bet';
import { parsePlaceTermsCell } from '../../../shared/csv-io';
import {
  DATE_RANGE_MESSAGE,
  dateInputProblem,
  dayKeyIn,
  instantOf,
  parseDayKey,
  timeZoneOffsetMs,
} from '../../../shared/dates';
import { fromCents, fromHundredths, toCents, toHundredths } from '../../../shared/money';
import { normalizeHorseName } from '../../../shared/race-result';
import { DIVISOR_MAX, defaultPlaceTerms, PLACES_MAX, type SettledStatus } from '../../../shared/settlement';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/http-error';
import { betsImported } from '../audit/bet-events';
import { recordEvent } from '../audit/record';
import { allocateNewSettledBets, type Runner } from '../bank/ledger';
import { computeSettlement } from '../bets/settlement-service';

/** A real import refused for its rows' errors: 400 with the same errors as a dry run. */
export class ImportRefused extends Error {
  constructor(
    readonly rows: number,
    readonly errors: RowError[],
  ) {
    super(`The file has ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing was imported`);
  }
}

/** Bodies over this are refused with 413. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** Columns a row may have: a bets file has about twenty; a wider one is refused as it is read. */
export const IMPORT_MAX_COLUMNS = 100;
const PREVIEW_ROWS = 20;

export interface RowError {
  row: number;
  column: string;
  message: string;
}

export interface PreviewBet {
  row: number;
  date: string;
  memberId: number;
  member: string;
  horseName: string;
  race: string | null;
  venue: string | null;
  betType: 'win' | 'place' | 'each-way';
  odds: number;
  oddsType: 'fixed' | 'tote';
  amount: number;
  status: BetStatus;
  result: number | null;
}

export interface DryRun {
  rows: number;
  valid: number;
  errors: RowError[];
  duplicates: number[];
  preview: PreviewBet[];
}

/** Header → our column: lower case, every space removed; aliases included. */
const COLUMN_ALIASES: Record<string, string> = {
  date: 'date',
  time: 'time',
  member: 'member',
  horse: 'horse',
  horsename: 'horse',
  race: 'race',
  venue: 'venue',
  bettype: 'bet type',
  type: 'bet type',
  odds: 'odds',
  oddstype: 'odds type',
  stake: 'stake',
  amount: 'stake',
  status: 'status',
  horsenumber: 'horse number',
  jockey: 'jockey',
  trainer: 'trainer',
  placeterms: 'place terms',
  result: 'result',
};
const REQUIRED = ['date', 'member', 'horse', 'odds', 'stake'] as const;

const BET_TYPES: Record<string, 'win' | 'place' | 'each-way'> = {
  win: 'win',
  place: 'place',
  eachway: 'each-way',
  'each-way': 'each-way',
  ew: 'each-way',
  'e/w': 'each-way',
};
const STATUSES: Record<string, BetStatus> = {
  pending: 'pending',
  win: 'win',
  won: 'win',
  loss: 'loss',
  lost: 'loss',
  placed: 'placed',
  void: 'void',
  nonrunner: 'void',
};

interface Member {
  id: number;
  name: string;
  initials: string;
  email: string;
  archived: boolean;
  active: boolean;
}
interface Race {
  id: number;
  name: string;
  venue: string;
  day: string;
}

/** A valid row, ready to insert. */
interface Candidate {
  row: number;
  memberId: number;
  member: string;
  date: Date;
  horseName: string;
  horseNumber: number | null;
  jockey: string | null;
  trainer: string | null;
  race: { id: number } | { name: string; venue: string; day: string } | null;
  raceName: string | null;
  venue: string | null;
  betType: 'win' | 'place' | 'each-way';
  oddsHundredths: number;
  amountCents: number;
  oddsType: 'fixed' | 'tote';
  status: BetStatus;
  resultCents: number | null;
  placePlaces: number | null;
  placeDivisor: number | null;
  key: string;
}

const squash = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '');
const fold = (s: string) => s.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/**
 * The header line's separator: a comma, unless the header has none and has semicolons (a
 * spreadsheet saved as CSV where the decimal mark is a comma, as in much of Europe) or tabs.
 */
export function sniffDelimiter(text: string): string {
  const end = text.search(/\r|\n/);
  const header = end === -1 ? text.slice(0, 4096) : text.slice(0, Math.min(end, 4096));
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/**
 * Parses the file into a header and data rows; a file that is not CSV is a 400. Reading stops one
 * row past the limit (the caller refuses such a file) and at a row wider than the column limit:
 * a file of millions of tiny rows, within the body's 5 MB, is never held whole (that took the
 * server past its heap limit; reliability/18-import-bomb.test.ts).
 */
/** A number whose commas group its whole part in threes: 1,250 or 12,500.75. */
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
/** A number as a spreadsheet writes one: digits, with or without a decimal point (".5", "12.", "3.25"). */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** What csv-parse's Parser runs underneath (its `api`; the sync entry point calls it once, whole). */
interface CsvTransform {
  parse(
    chunk: Buffer | undefined,
    end: boolean,
    push: (record: string[]) => void,
    close: () => void,
  ): Error | undefined;
}

/** Bytes parsed between yields to the event loop. */
const CSV_CHUNK_BYTES = 16 * 1024;

/**
 * The file's records, parsed a slice at a time with the event loop given back between slices:
 * parsed whole (csv-parse/sync), 20,000 rows took a second during which no other request was
 * answered (the per-field `cast` below is most of it). Slices may split a line or a character:
 * the parser keeps its state between them, as it does for a stream's chunks.
 */
export async function readCsv(text: string, chunkBytes = CSV_CHUNK_BYTES): Promise<string[][]> {
  const parser = new Parser({
    bom: true,
    delimiter: sniffDelimiter(text),
    skip_empty_lines: true,
    relax_column_count: true,
    to: IMPORT_MAX_ROWS + 2,
    // Called for each field as it is read: a line of millions of empty fields stops at the first
    // one past the limit, before the record is built (checking whole records took 2 s a file).
    cast: (value: string, { index, lines }) => {
      if (index >= IMPORT_MAX_COLUMNS)
        throw badRequest(`Line ${lines} has more than ${IMPORT_MAX_COLUMNS} columns`);
      return value;
    },
  });
  const csv = (parser as unknown as { api: CsvTransform }).api;
  const records: string[][] = [];
  let closed = false;
  const push = (record: string[]) => records.push(record);
  const close = () => {
    closed = true;
  };
  const step = (chunk: Buffer | undefined, end: boolean) => {
    const failure = csv.parse(chunk, end, push, close);
    if (failure instanceof CsvError) throw badRequest(`The file is not valid CSV: ${failure.message}`);
    if (failure) throw failure;
  };
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length && !closed; at += chunkBytes) {
    step(bytes.subarray(at, at + chunkBytes), false);
    await setImmediatePromise();
  }
  if (!closed) step(undefined, true);
  return records;
}

async function lookups(run: Runner, syndicateId: number) {
  const { rows: zone } = await run.execute<{ tz: string }>(
    sql`select timezone as tz from syndicates where id = ${syndicateId}`,
  );
  const tz = zone[0]?.tz ?? 'UTC';
  const { rows: members } = await run.execute<Member & Record<string, unknown>>(sql`
    select id, name, initials, email, archived_at is not null as archived, is_active as active
      from members where syndicate_id = ${syndicateId} order by archived_at nulls first, created_at, id`);
  const { rows: races } = await run.execute<Race & Record<string, unknown>>(sql`
    select id, name, venue, to_char(date at time zone ${tz}, 'YYYY-MM-DD') as day
      from races where syndicate_id = ${syndicateId}`);
  return { tz, members, races };
}

/** The most bank ledger lines (settled bets × members sharing them) one import may write. */
export const IMPORT_MAX_LEDGER_LINES = 200_000;

export const tooManyLines = (settled: number, sharing: number) =>
  `The file's ${settled} settled bets would each be shared among ${sharing} members: ` +
  `${settled * sharing} bank lines, more than ${IMPORT_MAX_LEDGER_LINES} in one import. Split the file.`;

export const IMPORT_RUNNING = 'Another import is running for this syndicate. Try again when it has finished.';

/** Rows checked between yields to the event loop. */
const ROWS_PER_SLICE = 500;

/**
 * A member by e-mail, else by name or initials (active members first); an error message when none
 * or several. Members rename themselves (name and initials) but only admins set e-mails, so an
 * e-mail is looked up first, and a name and initials are looked up together: a member who took
 * another's e-mail or initials as their name takes none of that member's rows (found by probing).
 * The members are indexed once by each folded key: a file of 20,000 rows in a syndicate of 1,000
 * members folded every member's name three times a row, and held the event loop for 15 s (found
 * by probing).
 */
function memberFinder(members: readonly Member[]): (cell: string) => Member | string {
  const [byEmail, byName, byInitials] = [
    (m: Member) => m.email,
    (m: Member) => m.name,
    (m: Member) => m.initials,
  ].map((keyOf) => {
    const byKey = new Map<string, Member[]>();
    for (const m of members) {
      const key = fold(keyOf(m));
      const list = byKey.get(key);
      if (list) list.push(m);
      else byKey.set(key, [m]);
    }
    return byKey;
  }) as [Map<string, Member[]>, Map<string, Member[]>, Map<string, Member[]>];
  return (cell) => {
    const key = fold(cell);
    if (!key) return 'Member is required';
    const named = new Set([...(byName.get(key) ?? []), ...(byInitials.get(key) ?? [])]);
    for (const found of [byEmail.get(key) ?? [], [...named]]) {
      const current = found.filter((m) => !m.archived);
      const pick = current.length > 0 ? current : found;
      if (pick.length === 1) return pick[0]!;
      if (pick.length > 1) return `"${cell.trim()}" matches more than one member`;
    }
    return `No member named "${cell.trim()}"`;
  };
}

/** The bet's instant: a day (with the optional HH:mm time column) in the syndicate's zone, or an ISO date-time. */
function readDate(dateCell: string, timeCell: string | undefined, tz: string): Date | string {
  const value = dateCell.trim();
  const problem = dateInputProblem(value);
  if (value === '' || problem === 'invalid') return 'Date must be YYYY-MM-DD or an ISO date-time';
  if (problem === 'range') return DATE_RANGE_MESSAGE;
  const day = parseDayKey(value);
  const time = (timeCell ?? '').trim();
  if (!day || time === '') return instantOf(value, tz);
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return 'Time must be HH:mm';
  // Local wall time → instant: subtract the zone's offset, taken again at the first guess (DST edges).
  const local = Date.UTC(day.year, day.month - 1, day.day, Number(m[1]), Number(m[2]));
  const guess = local - timeZoneOffsetMs(new Date(local), tz);
  return new Date(local - timeZoneOffsetMs(new Date(guess), tz));
}

/** Reads and checks every row; nothing is written. */
async function analyse(db: Runner, syndicateId: number, text: string) {
  const records = await readCsv(text);
  if (records.length === 0) throw badRequest('The file is empty');
  if (records.length - 1 > IMPORT_MAX_ROWS)
    throw badRequest(`The file has more than ${IMPORT_MAX_ROWS} rows`);
  const header = records[0]!.map((h) => COLUMN_ALIASES[squash(h)] ?? null);
  const index = new Map<string, number>();
  header.forEach((c, i) => {
    if (c && !index.has(c)) index.set(c, i);
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  const errors: RowError[] = missing.map((column) => ({
    row: 1,
    column,
    message: column === 'stake' ? 'Missing column: stake (or amount)' : `Missing column: ${column}`,
  }));
  if (missing.length > 0)
    return { rows: records.length - 1, errors, candidates: [] as Candidate[], duplicates: [] };

  const { tz, members, races } = await lookups(db, syndicateId);
  const raceByKey = new Map(races.map((r) => [`${fold(r.name)}|${r.day}`, r]));
  const findMember = memberFinder(members);
  const raceById = new Map(races.map((r) => [r.id, r]));
  const candidates: Candidate[] = [];
  for (let i = 1; i < records.length; i++) {
    // Other requests get the event loop between slices: checking 20,000 rows takes a second or two.
    if (i % ROWS_PER_SLICE === 0) await setImmediatePromise();
    const row = i + 1;
    const cells = records[i]!;
    // A text cell our export guarded against formula injection ("'=…") reads back as written.
    const cell = (c: string) => {
      const at = index.get(c);
      const value = at === undefined ? '' : (cells[at] ?? '').trim();
      return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
    };
    const rowErrors: RowError[] = [];
    const fail = (column: string, message: string) => rowErrors.push({ row, column, message });

    const member = findMember(cell('member'));
    if (typeof member === 'string') fail('member', member);
    const date = readDate(cell('date'), index.has('time') ? cell('time') : undefined, tz);
    if (typeof date === 'string') fail('date', date);
    const betTypeCell = squash(cell('bet type'));
    const betType = betTypeCell === '' ? 'win' : BET_TYPES[betTypeCell];
    if (!betType) fail('bet type', 'Bet type must be win, place or each-way');
    const oddsTypeCell = squash(cell('odds type'));
    const oddsType =
      oddsTypeCell === ''
        ? 'fixed'
        : oddsTypeCell === 'fixed' || oddsTypeCell === 'tote'
          ? (oddsTypeCell as 'fixed' | 'tote')
          : null;
    if (!oddsType) fail('odds type', 'Odds type must be fixed or tote');
    const statusCell = squash(cell('status'));
    const status = statusCell === '' ? 'pending' : STATUSES[statusCell.replace('-', '')];
    if (!status) fail('status', 'Status must be pending, win, loss, placed or void');
    const number = (text: string) => {
      if (text === '') return undefined;
      const bare = text.replace(/^\$/, '');
      // Commas only as thousands separators, in whole groups ("$1,250.50"): "3,5" or "10,50" (a
      // decimal comma) stays as it is and fails the form's check, rather than reading as 35 or 1050.
      const plain = THOUSANDS.test(bare) ? bare.replace(/,/g, '') : bare;
      // Digits with a decimal point only: Number() would also read "0x10" as 16, "1e3" as 1000
      // and "0b11" as 3 (found by probing, 2026-12-02); anything else fails the form's check.
      return DECIMAL.test(plain) ? Number(plain) : Number.NaN;
    };
    const terms = cell('place terms') === '' ? null : parsePlaceTermsCell(cell('place terms'));
    if (
      cell('place terms') !== '' &&
      (!terms ||
        terms.places < 1 ||
        terms.places > PLACES_MAX ||
        terms.divisor < 1 ||
        terms.divisor > DIVISOR_MAX)
    )
      fail(
        'place terms',
        `Place terms must read like "3 at 1/4" (1–${PLACES_MAX} places, 1/1–1/${DIVISOR_MAX})`,
      );

    // The Add Bet form's schema checks horse, odds, stake, number, jockey and trainer.
    const parsed = createBetSchema.safeParse({
      memberId: typeof member === 'string' ? 1 : member.id,
      horseName: cell('horse'),
      betType: betType ?? 'win',
      odds: number(cell('odds')),
      amount: number(cell('stake')),
      oddsType: oddsType ?? 'fixed',
      horseNumber: number(cell('horse number')) ?? null,
      jockey: cell('jockey') || null,
      trainer: cell('trainer') || null,
      raceId: null,
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column =
          {
            horseName: 'horse',
            amount: 'stake',
            horseNumber: 'horse number',
            odds: 'odds',
            jockey: 'jockey',
            trainer: 'trainer',
          }[field] ?? field;
        if (seen.has(column)) continue;
        seen.add(column);
        fail(column, issue.message);
      }
    }
    let race: Candidate['race'] = null;
    const raceName = cell('race');
    const venue = cell('venue');
    if (raceName !== '' && typeof date !== 'string') {
      const day = dayKeyIn(date, tz);
      const known = raceByKey.get(`${fold(raceName)}|${day}`);
      if (known) race = { id: known.id };
      else if (venue === '') fail('venue', `Venue is required to add the race "${raceName}"`);
      else if (raceName.length > 100 || venue.length > 100)
        fail('race', 'Race name and venue must be at most 100 characters');
      else race = { name: raceName, venue, day };
    }
    if (rowErrors.length > 0 || !parsed.success || typeof member === 'string' || typeof date === 'string') {
      errors.push(...rowErrors);
      continue;
    }
    const values = parsed.data;
    const amountCents = toCents(values.amount!);
    const oddsHundredths = toHundredths(values.odds!);
    const bet = {
      betType: betType!,
      oddsType: oddsType!,
      amountCents,
      oddsHundredths,
      placePlaces: betType === 'win' ? null : (terms?.places ?? null),
      placeDivisor: betType === 'win' ? null : (terms?.divisor ?? null),
      placeOddsHundredths: null,
    };
    let resultCents: number | null = null;
    if (status !== 'pending') {
      try {
        resultCents = computeSettlement(
          bet,
          {
            status: status as SettledStatus,
            position: null,
            deadHeat: null,
            dividendHundredths: null,
            placeDividendHundredths: null,
            rule4: null,
          },
          defaultPlaceTerms(null),
        ).resultCents;
      } catch (err) {
        errors.push({ row, column: 'status', message: (err as Error).message });
        continue;
      }
    }
    candidates.push({
      row,
      memberId: member.id,
      member: member.name,
      date,
      horseName: values.horseName,
      horseNumber: values.horseNumber,
      jockey: values.jockey,
      trainer: values.trainer,
      race,
      raceName: raceName || null,
      venue: race && 'id' in race ? (raceById.get(race.id)?.venue ?? null) : venue || null,
      ...bet,
      status: status!,
      resultCents,
      key: `${member.id}|${normalizeHorseName(values.horseName)}|${date.toISOString()}|${amountCents}|${oddsHundredths}`,
    });
  }

  // Duplicates: the same member, horse, date, stake and odds as a bet already kept, or an earlier row.
  const duplicates: number[] = [];
  if (candidates.length > 0) {
    const times = candidates.map((c) => c.date.getTime());
    const { rows: existing } = await db.execute<{ k: string }>(sql`
      select member_id || '|' || horse_name || '|' || to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             || '|' || amount_cents || '|' || odds_hundredths as k
        from bets where syndicate_id = ${syndicateId}
         and date between ${new Date(Math.min(...times)).toISOString()}::timestamptz
                      and ${new Date(Math.max(...times)).toISOString()}::timestamptz`);
    const seen = new Set(
      existing.map((e) => {
        const [m, horse, ...rest] = e.k.split('|');
        return [m, normalizeHorseName(horse ?? ''), ...rest].join('|');
      }),
    );
    for (const c of candidates) {
      if (seen.has(c.key)) duplicates.push(c.row);
      else seen.add(c.key);
    }
  }
  // Each settled bet's result is shared among the syndicate's active members, one ledger line
  // each (allocateNewSettledBets): bounded per import, so one file cannot keep the database busy
  // for minutes (400 settled bets in a 400-member syndicate took 9 s; found by probing).
  const dup = new Set(duplicates);
  const settled = candidates.filter((c) => c.status !== 'pending' && !dup.has(c.row)).length;
  const sharing = Math.max(1, members.filter((m) => m.active && !m.archived).length);
  if (settled * sharing > IMPORT_MAX_LEDGER_LINES)
    errors.push({ row: 1, column: 'status', message: tooManyLines(settled, sharing) });
  return { rows: records.length - 1, errors, candidates, duplicates };
}

const preview = (c: Candidate): PreviewBet => ({
  row: c.row,
  date: c.date.toISOString(),
  memberId: c.memberId,
  member: c.member,
  horseName: c.horseName,
  race: c.raceName,
  venue: c.venue,
  betType: c.betType,
  odds: fromHundredths(c.oddsHundredths),
  oddsType: c.oddsType,
  amount: fromCents(c.amountCents),
  status: c.status,
  result: c.resultCents === null ? null : fromCents(c.resultCents),
});

export async function dryRunImport(db: Db, syndicateId: number, text: string): Promise<DryRun> {
  const { rows, errors, candidates, duplicates } = await analyse(db, syndicateId, text);
  const dup = new Set(duplicates);
  return {
    rows,
    valid: candidates.length,
    errors,
    duplicates,
    preview: candidates
      .filter((c) => !dup.has(c.row))
      .slice(0, PREVIEW_ROWS)
      .map(preview),
  };
}

/**
 * Imports every valid row that is not a duplicate, all or nothing: any row error → 400 with the
 * errors and nothing written. Races named in the file that the syndicate does not have (by name and
 * day) are added once each.
 */
export async function importBets(
  db: Db,
  syndicateId: number,
  actorMemberId: number,
  text: string,
  now: Date,
): Promise<{ imported: number; duplicates: number[] }> {
  return db.transaction(async (tx) => {
    // One import at a time per syndicate (an advisory lock no other write takes), and the file
    // read in the same transaction: the same file sent twice at once writes once. A second import
    // while one runs answers 409 at once rather than queue: queued imports each held a pooled
    // connection while they waited, and sixteen at once left every other syndicate's reads
    // waiting for one (found by probing).
    const {
      rows: [held],
    } = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('bets:import'), ${syndicateId}) as ok`,
    );
    if (!held?.ok) throw conflict(IMPORT_RUNNING);
    const { rows: count, errors, candidates, duplicates } = await analyse(tx, syndicateId, text);
    if (errors.length > 0) throw new ImportRefused(count, errors);
    const dup = new Set(duplicates);
    const rows = candidates.filter((c) => !dup.has(c.row));
    if (rows.length === 0) return { imported: 0, duplicates };
    // The races and bets first; only then (allocateNewSettledBets) the bank's lock. That is the
    // order a settlement, an edit of a settled bet and a time-zone change take them (the bets'
    // triggers lock their per-day and stats rows, and the tables, before the syndicate's row):
    // with the bank's lock first, an import and such a write could each wait for the other.
    const newRaces = new Map<string, { name: string; venue: string; day: string; date: Date }>();
    for (const c of rows)
      if (c.race && !('id' in c.race)) {
        const key = `${fold(c.race.name)}|${c.race.day}`;
        if (!newRaces.has(key)) newRaces.set(key, { ...c.race, date: c.date });
      }
    const raceIds = new Map<string, number>();
    for (const [key, r] of newRaces) {
      const { rows: made } = await tx.execute<{ id: number }>(sql`
        insert into races (syndicate_id, name, venue, date) values (${syndicateId}, ${r.name}, ${r.venue}, ${r.date.toISOString()})
        returning id`);
      raceIds.set(key, made[0]!.id);
    }
    const raceOf = (c: Candidate) =>
      c.race === null
        ? null
        : 'id' in c.race
          ? c.race.id
          : (raceIds.get(`${fold(c.race.name)}|${c.race.day}`) ?? null);
    const col = <T>(f: (c: Candidate) => T) => sql.param(rows.map(f));
    const { rows: ids } = await tx.execute<{ id: number }>(sql`
      insert into bets (syndicate_id, member_id, race_id, horse_name, horse_number, jockey, trainer, bet_type, odds_hundredths,
                        amount_cents, odds_type, status, result_cents, date, settled_at, place_places, place_divisor)
      select ${syndicateId}, r.member_id, r.race_id, r.horse_name, r.horse_number, r.jockey, r.trainer, r.bet_type::bet_type,
             r.odds, r.amount, r.odds_type::odds_type, r.status::bet_status, r.result, r.date,
             case when r.status = 'pending' then null else r.date end, r.places, r.divisor
        from unnest(${col((c) => c.memberId)}::int[], ${col(raceOf)}::int[], ${col((c) => c.horseName)}::text[],
                    ${col((c) => c.horseNumber)}::int[], ${col((c) => c.jockey)}::text[], ${col((c) => c.trainer)}::text[],
                    ${col((c) => c.betType)}::text[], ${col((c) => c.oddsHundredths)}::int[], ${col((c) => c.amountCents)}::bigint[],
                    ${col((c) => c.oddsType)}::text[], ${col((c) => c.status)}::text[], ${col((c) => c.resultCents)}::bigint[],
                    ${col((c) => c.date.toISOString())}::timestamptz[], ${col((c) => c.placePlaces)}::smallint[],
                    ${col((c) => c.placeDivisor)}::smallint[])
             with ordinality as r(member_id, race_id, horse_name, horse_number, jockey, trainer, bet_type, odds, amount,
                                  odds_type, status, result, date, places, divisor, n)
       order by r.n
      returning id`);
    // Ids come from the sequence in insertion order, which is the rows' order.
    const sorted = ids.map((r) => r.id).sort((a, b) => a - b);
    const settled = rows
      .map((c, i) => ({ c, id: sorted[i]! }))
      .filter(({ c }) => c.status !== 'pending')
      .sort((a, b) => a.c.date.getTime() - b.c.date.getTime() || a.id - b.id)
      .map(({ c, id }) => ({
        id,
        memberId: c.memberId,
        resultCents: c.resultCents ?? 0,
        description: `${c.horseName} (${c.betType})`,
      }));
    await allocateNewSettledBets(tx, syndicateId, settled, actorMemberId, now);
    await recordEvent(
      tx,
      syndicateId,
      { memberId: actorMemberId, now },
      betsImported(rows.length, settled.length, newRaces.size),
    );
    return { imported: rows.length, duplicates };
  });
}
