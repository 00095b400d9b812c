// CSV exports (docs/csv.md). The bets file streams: rows are read in keyset pages of PAGE bets
// (date, id ascending) and written as they come, so 100,000 bets never sit in memory at once.
// Dates and times are the syndicate's; money has two decimals; text cells are neutralised against
// spreadsheet formula injection (lib/csv.ts).
import {
  BET_CSV_COLUMNS,
  type ExportBetsQuery,
  MEMBER_CSV_COLUMNS,
  placeTermsCell,
  RANKING_CSV_COLUMNS,
} from '../../../shared/csv-io';
import { fromCents, fromHundredths } from '../../../shared/money';
import { TOP_PERFORMERS_MAX, winRate } from '../../../shared/stats';
import type { Db } from '../../db/client';
import { CSV_BOM, csvLine, fileSlug, textCell } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { searchPattern } from '../bets/list-json';
import { getTopPerformers } from '../stats/service';

/** Bets per page read from PostgreSQL while streaming. */
export const PAGE = 2000;

const money = (cents: number) => fromCents(cents).toFixed(2);
const odds = (hundredths: number) => fromHundredths(hundredths).toFixed(2);
/** A file's first line: the byte order mark, then the column names. */
const header = (columns: readonly string[]) => CSV_BOM + csvLine(columns.map((c) => textCell(c)));

interface BetCsvRow {
  id: number;
  /** b.date as text, to the microsecond: the keyset cursor. */
  cursor_date: string;
  day: string;
  time: string;
  member: string;
  horse_name: string;
  horse_number: number | null;
  race: string | null;
  venue: string | null;
  bet_type: string;
  odds_hundredths: number;
  odds_type: string;
  amount_cents: number;
  status: string;
  result_cents: number | null;
  jockey: string | null;
  trainer: string | null;
  place_places: number | null;
  place_divisor: number | null;
}

// $1 syndicate, $2 from, $3 to (days), $4 member, $5 status, $6/$7 the keyset cursor (date, id), $8 page,
// $9 the search as GET /api/bets?q= matches it (list-json.ts searchPattern; null: no search).
const BETS_PAGE = {
  name: 'export_bets_page',
  text: `
    with z as (select timezone as tz from syndicates where id = $1)
    select b.id, b.date::text as cursor_date, to_char(b.date at time zone z.tz, 'YYYY-MM-DD') as day,
           to_char(b.date at time zone z.tz, 'HH24:MI') as time, m.name as member, b.horse_name, b.horse_number,
           r.name as race, r.venue, b.bet_type::text as bet_type, b.odds_hundredths, b.odds_type::text as odds_type,
           b.amount_cents::float8 as amount_cents, b.status::text as status, b.result_cents::float8 as result_cents,
           b.jockey, b.trainer, b.place_places, b.place_divisor
      from bets b cross join z
      join members m on m.id = b.member_id
      left join races r on r.id = b.race_id
     where b.syndicate_id = $1
       and ($2::date is null or b.date >= ($2::date)::timestamp at time zone z.tz)
       and ($3::date is null or b.date < ($3::date + 1)::timestamp at time zone z.tz)
       and ($4::int is null or b.member_id = $4)
       and ($5::bet_status is null or b.status = $5::bet_status)
       and ($6::timestamptz is null or (b.date, b.id) > ($6::timestamptz, $7::int))
       and ($9::text is null or b.search like '%' || search_normalise($9::text) || '%')
     order by b.date, b.id
     limit $8`,
};

function betLine(r: BetCsvRow): string {
  return csvLine([
    r.day,
    r.time,
    textCell(r.member),
    textCell(r.horse_name),
    r.horse_number === null ? '' : String(r.horse_number),
    textCell(r.race),
    textCell(r.venue),
    r.bet_type,
    odds(r.odds_hundredths),
    r.odds_type,
    money(r.amount_cents),
    r.status,
    r.result_cents === null ? '' : money(r.result_cents),
    textCell(r.jockey),
    textCell(r.trainer),
    r.place_places !== null && r.place_divisor !== null
      ? placeTermsCell(r.place_places, r.place_divisor)
      : '',
  ]);
}

async function assertMember(db: Db, syndicateId: number, memberId: number | undefined) {
  if (memberId === undefined) return;
  const { rows } = await db.$client.query('select 1 from members where syndicate_id = $1 and id = $2', [
    syndicateId,
    memberId,
  ]);
  if (rows.length === 0) throw notFound('Member not found');
}

/**
 * The bets file as chunks: the header, then one chunk per page of bets. Checks the member filter
 * before the first chunk, so a bad filter is a 404 rather than a broken download.
 */
export async function betsCsv(
  db: Db,
  syndicateId: number,
  q: ExportBetsQuery,
): Promise<AsyncGenerator<string>> {
  await assertMember(db, syndicateId, q.memberId);
  const search = searchPattern(q.q);
  async function* chunks() {
    yield header(BET_CSV_COLUMNS);
    let cursor: [string, number] | [null, null] = [null, null];
    for (;;) {
      const { rows }: { rows: BetCsvRow[] } = await db.$client.query<BetCsvRow>({
        ...BETS_PAGE,
        values: [
          syndicateId,
          q.from ?? null,
          q.to ?? null,
          q.memberId ?? null,
          q.status ?? null,
          ...cursor,
          PAGE,
          search,
        ],
      });
      if (rows.length === 0) return;
      let chunk = '';
      for (const r of rows) chunk += betLine(r);
      yield chunk;
      const last: BetCsvRow = rows[rows.length - 1]!;
      // The date as PostgreSQL's text (microseconds): a JS Date keeps milliseconds only, and a
      // cursor cut to them would read the page's last bet again on the next page.
      cursor = [last.cursor_date, last.id];
      if (rows.length < PAGE) return;
    }
  }
  return chunks();
}

export async function membersCsv(db: Db, syndicateId: number): Promise<string> {
  const { rows } = await db.$client.query<{
    name: string;
    initials: string;
    email: string;
    role: string;
    is_active: boolean;
    joined: string;
    settled: number | null;
    wins: number | null;
    result_cents: number | null;
  }>(
    `with z as (select timezone as tz from syndicates where id = $1)
     select m.name, m.initials, m.email, m.role::text as role, m.is_active,
            to_char(m.created_at at time zone z.tz, 'YYYY-MM-DD') as joined,
            s.settled, s.wins, s.result_cents::float8 as result_cents
       from members m cross join z
       left join member_bet_stats s on s.syndicate_id = m.syndicate_id and s.member_id = m.id
      where m.syndicate_id = $1 and m.archived_at is null
      order by m.created_at, m.id`,
    [syndicateId],
  );
  let out = header(MEMBER_CSV_COLUMNS);
  for (const r of rows) {
    const settled = r.settled ?? 0;
    const wins = r.wins ?? 0;
    out += csvLine([
      textCell(r.name),
      textCell(r.initials),
      textCell(r.email),
      r.role,
      r.is_active ? 'active' : 'inactive',
      r.joined,
      String(settled),
      String(wins),
      winRate(wins, settled).toFixed(1),
      money(r.result_cents ?? 0),
    ]);
  }
  return out;
}

export async function rankingsCsv(db: Db, syndicateId: number): Promise<string> {
  const ranking = await getTopPerformers(db, syndicateId, TOP_PERFORMERS_MAX);
  let out = header(RANKING_CSV_COLUMNS);
  ranking.forEach((r, i) => {
    out += csvLine([
      String(i + 1),
      textCell(r.member.archived ? `${r.member.name} (former member)` : r.member.name),
      String(r.bets),
      String(r.wins),
      r.winRate.toFixed(1),
      r.earnings.toFixed(2),
    ]);
  });
  return out;
}

/** `<syndicate-slug>-<what>-<YYYY-MM-DD>.csv`, the day in the syndicate's time zone. */
export async function exportFileName(db: Db, syndicateId: number, what: string, now: Date): Promise<string> {
  const { rows } = await db.$client.query<{ name: string; today: string }>(
    `select name, to_char($2::timestamptz at time zone timezone, 'YYYY-MM-DD') as today from syndicates where id = $1`,
    [syndicateId, now.toISOString()],
  );
  const row = rows[0];
  return `${fileSlug(row?.name ?? '', 'syndicate')}-${what}-${row?.today ?? now.toISOString().slice(0, 10)}.csv`;
}
