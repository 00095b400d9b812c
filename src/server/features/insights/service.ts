// Insights (docs/insights.md): summary, breakdowns and a profit timeline, each computed in
// PostgreSQL with GROUP BY over the syndicate's bets (the timeline over its trigger-kept totals
// per local day); the streaks alone are read in Node, from one letter a settled bet. Nothing loads
// the bets' rows into Node, and nothing is cached. Days are the syndicate's: `from`/`to` are whole
// local days (inclusive), turned into instants in SQL with the syndicate's time zone so the date
// index can be used; weekdays, weeks (Monday first) and months are read in that zone too.
// Definitions: src/shared/insights.ts.
import {
  BET_TYPE_LABELS,
  type BreakdownBy,
  type BreakdownRow,
  INSIGHT_MESSAGES,
  type InsightsBreakdown,
  type InsightsSummary,
  type InsightsTimeline,
  monthLabel,
  ODDS_BANDS,
  ODDS_TYPE_LABELS,
  ratios,
  TIMELINE_MAX_POINTS,
  type TimelineInterval,
  WEEKDAYS,
} from '../../../shared/insights';
import { fromCents, fromHundredths } from '../../../shared/money';
import { type Db, planEachCall, plannedOnce } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';

export interface Range {
  from?: string | undefined;
  to?: string | undefined;
}

const SETTLED = `status in ('win', 'placed', 'loss')`;

/**
 * The syndicate's bets within the range (and of one member): $1 syndicate, $2 from, $3 to (days
 * or null), $4 member (or null). `ld` is the bet's local day.
 */
const FILTERED = (extraColumns = '') => `
  z as (select timezone as tz from syndicates where id = $1),
  f as (
    select b.id, b.status, b.amount_cents, b.result_cents, b.odds_hundredths, b.horse_name, b.date,
           (b.date at time zone z.tz)::date as ld ${extraColumns}
      from bets b cross join z
     where b.syndicate_id = $1
       and ($2::date is null or b.date >= ($2::date)::timestamp at time zone z.tz)
       and ($3::date is null or b.date < ($3::date + 1)::timestamp at time zone z.tz)
       and ($4::int is null or b.member_id = $4))`;

/**
 * The figures and the best winners: one aggregate over the bets (the best winner is the max of
 * [result, −date, −id], its name read by primary key after). The date is date_part's double:
 * extract's numeric cost 9 of the statement's 46 ms at 100,000 bets.
 */
const SUMMARY_FIGURES = planEachCall({
  text: `
    with ${FILTERED()},
    a as (
      select count(*)::int as bets,
             (count(*) filter (where ${SETTLED}))::int as settled,
             (count(*) filter (where status = 'win'))::int as wins,
             coalesce(sum(amount_cents) filter (where ${SETTLED}), 0)::float8 as staked,
             coalesce(sum(result_cents) filter (where ${SETTLED}), 0)::float8 as profit,
             (avg(odds_hundredths) filter (where ${SETTLED}))::float8 as avg_odds,
             max(array[result_cents::float8, -date_part('epoch', date), -id::float8])
               filter (where status = 'win') as big,
             max(array[odds_hundredths::float8, -date_part('epoch', date), -id::float8])
               filter (where status = 'win') as long
        from f)
    select a.bets, a.settled, a.wins, a.staked, a.profit, a.avg_odds,
           (select json_build_object('betId', id, 'horseName', horse_name, 'cents', result_cents)
              from bets where syndicate_id = $1 and id = -(a.big[3])::int) as biggest,
           (select json_build_object('betId', id, 'horseName', horse_name, 'odds', odds_hundredths)
              from bets where syndicate_id = $1 and id = -(a.long[3])::int) as longest
      from a`,
});

/**
 * The streaks' input: the settled bets' statuses, newest first, as one letter each (W, L, P) in a
 * text (`streaksOf` reads the runs). The statuses are read in order from the covering index
 * bets_syndicate_date_status_idx (an index-only scan, no sort, no heap), and the time zone, needed
 * only for a range, as a one-off subquery rather than a join. At 100,000 bets this takes 17 ms
 * where finding the runs with window functions (row_number, lag and lead, then a running max) took
 * 91 ms (bench/performance-notes.md, 2026-11-30, night); the text is a byte a bet.
 */
const SUMMARY_STREAKS = planEachCall({
  text: `
    select string_agg(case status when 'win' then 'W' when 'loss' then 'L' else 'P' end, ''
                      order by date desc, id desc) as runs
      from bets
     where syndicate_id = $1 and ${SETTLED}
       and ($2::date is null
            or date >= ($2::date)::timestamp at time zone (select timezone from syndicates where id = $1))
       and ($3::date is null
            or date < ($3::date + 1)::timestamp at time zone (select timezone from syndicates where id = $1))
       and ($4::int is null or member_id = $4)`,
});

/**
 * The streaks from the settled bets' statuses, newest first (W win, L loss, P placed): the longest
 * run of wins and of losses, and the newest run when it is of wins or losses (a placed bet ends
 * both kinds).
 */
export function streaksOf(runs: string): InsightsSummary['streaks'] {
  let longestWin = 0;
  let longestLoss = 0;
  let current: InsightsSummary['streaks']['current'] = null;
  for (let start = 0; start < runs.length; ) {
    const letter = runs[start];
    let end = start + 1;
    while (end < runs.length && runs[end] === letter) end++;
    const length = end - start;
    if (letter === 'W') longestWin = Math.max(longestWin, length);
    else if (letter === 'L') longestLoss = Math.max(longestLoss, length);
    if (start === 0 && (letter === 'W' || letter === 'L')) {
      current = { kind: letter === 'W' ? 'win' : 'loss', length };
    }
    start = end;
  }
  return { current, longestWin, longestLoss };
}

interface FiguresRow {
  bets: number;
  settled: number;
  wins: number;
  staked: number;
  profit: number;
  avg_odds: number | null;
  biggest: { betId: number; horseName: string; cents: number } | null;
  longest: { betId: number; horseName: string; odds: number } | null;
}

interface StreaksRow {
  /** The settled bets' statuses, newest first (null with nothing settled). */
  runs: string | null;
}

/** 404 when the member is not the syndicate's (former members are, and can be looked at). */
async function assertMember(db: Db, syndicateId: number, memberId: number | undefined) {
  if (memberId === undefined) return;
  const { rows } = await db.$client.query({
    name: 'insights_member',
    text: 'select 1 from members where syndicate_id = $1 and id = $2',
    values: [syndicateId, memberId],
  });
  if (rows.length === 0) throw notFound('Member not found');
}

const figures = (r: { bets: number; settled: number; wins: number; staked: number; profit: number }) => ({
  bets: r.bets,
  settled: r.settled,
  wins: r.wins,
  ...ratios({ settled: r.settled, wins: r.wins, stakedCents: r.staked, profitCents: r.profit }),
  staked: fromCents(r.staked),
  returned: fromCents(r.staked + r.profit),
  profit: fromCents(r.profit),
});

export async function getSummary(
  db: Db,
  syndicateId: number,
  q: Range & { memberId?: number | undefined },
): Promise<InsightsSummary> {
  await assertMember(db, syndicateId, q.memberId);
  const values = [syndicateId, q.from ?? null, q.to ?? null, q.memberId ?? null];
  // Two statements on two connections at once: the figures' scan (38 ms at 100,000 bets) and the
  // streaks' ordered read (17 ms) take the longer of the two, not the sum. (Each reads its own
  // snapshot; a write landing between them shows in one part a moment before the other, as it
  // would in two calls.) Both are planned for their values on each call (planEachCall, above):
  // with their `$n is null or …` filters, the generic plan PostgreSQL switched to after five
  // calls took the figures from 46 to 82 ms.
  const [figuresResult, streaksResult] = await Promise.all([
    db.$client.query<FiguresRow>({ ...SUMMARY_FIGURES, values }),
    db.$client.query<StreaksRow>({ ...SUMMARY_STREAKS, values }),
  ]);
  const r = figuresResult.rows[0]!;
  return {
    ...figures(r),
    averageOdds: r.avg_odds === null ? null : Math.round(r.avg_odds) / 100,
    biggestWin: r.biggest
      ? { betId: r.biggest.betId, horseName: r.biggest.horseName, result: fromCents(Number(r.biggest.cents)) }
      : null,
    longestPrice: r.longest
      ? { betId: r.longest.betId, horseName: r.longest.horseName, odds: fromHundredths(r.longest.odds) }
      : null,
    streaks: streaksOf(streaksResult.rows[0]?.runs ?? ''),
  };
}

// ---- breakdowns --------------------------------------------------------------------------------

const ODDS_BAND_SQL = `case ${ODDS_BANDS.slice(1)
  .map((b, i) => `when odds_hundredths < ${b.min} then '${ODDS_BANDS[i]!.key}'`)
  .join(' ')} else '${ODDS_BANDS[ODDS_BANDS.length - 1]!.key}' end`;

/**
 * Per `by`: the extra columns f selects, the join, the key expression, what the rows are grouped
 * by when not the key itself (`group`: the key is then written once a group), and 'members' when
 * the labels are members' names (joined after grouping; otherwise labelled in JS).
 */
const GROUPS: Record<
  BreakdownBy,
  { columns: string; join: string; key: string; group?: string; label: 'members' | null }
> = {
  venue: { columns: ', r.venue as g', join: 'left join races r on r.id = b.race_id', key: 'g', label: null },
  jockey: { columns: `, nullif(btrim(b.jockey), '') as g`, join: '', key: 'g', label: null },
  trainer: { columns: `, nullif(btrim(b.trainer), '') as g`, join: '', key: 'g', label: null },
  betType: { columns: ', b.bet_type::text as g', join: '', key: 'g', label: null },
  oddsType: { columns: ', b.odds_type::text as g', join: '', key: 'g', label: null },
  oddsBand: { columns: '', join: '', key: ODDS_BAND_SQL, label: null },
  // Grouped by id first; the names are joined to the (few) groups afterwards.
  member: { columns: ', b.member_id as g', join: '', key: 'g', label: 'members' },
  // date_part (a double) rather than extract (a numeric), and months grouped by date_trunc and
  // written as text once a group: to_char and numerics on every one of 100,000 bets cost 16 and
  // 40 ms of the statement's 73 and 94 (bench/performance-notes.md, 2026-11-30, night).
  weekday: {
    columns: `, date_part('isodow', b.date at time zone z.tz)::int as g`,
    join: '',
    key: 'g',
    label: null,
  },
  month: {
    columns: `, date_trunc('month', b.date at time zone z.tz) as g`,
    join: '',
    key: `to_char(g, 'YYYY-MM')`,
    group: 'g',
    label: null,
  },
};

function breakdownStatement(by: BreakdownBy) {
  const g = GROUPS[by];
  const filtered = FILTERED(g.columns).replace(
    'from bets b cross join z',
    `from bets b cross join z ${g.join}`,
  );
  const figures = `
             count(*)::int as bets,
             (count(*) filter (where ${SETTLED}))::int as settled,
             (count(*) filter (where status = 'win'))::int as wins,
             coalesce(sum(amount_cents) filter (where ${SETTLED}), 0)::float8 as staked,
             coalesce(sum(result_cents) filter (where ${SETTLED}), 0)::float8 as profit`;
  // Planned for its values on each call (planEachCall): the generic plan PostgreSQL switched to
  // after five calls (a nested loop over the bets, an on-disk sort) made each breakdown 2-3x
  // slower at 100,000 bets, by venue 38 → 113 ms.
  return planEachCall({
    text:
      g.label === 'members'
        ? `with ${filtered},
           grouped as (select ${g.key} as key, ${figures} from f group by 1)
           select grouped.*, m.name as label from grouped left join members m on m.id = grouped.key`
        : `with ${filtered}
           select ${g.key} as key, null::text as label, ${figures} from f group by ${g.group ?? '1'}`,
  });
}
const BREAKDOWNS = Object.fromEntries(
  (Object.keys(GROUPS) as BreakdownBy[]).map((by) => [by, breakdownStatement(by)]),
) as Record<BreakdownBy, { text: string }>;

function labelOf(by: BreakdownBy, key: string | number | null, sqlLabel: string | null): string {
  if (key === null) return 'Unknown';
  switch (by) {
    case 'member':
      return sqlLabel ?? 'Unknown';
    case 'betType':
      return BET_TYPE_LABELS[key as keyof typeof BET_TYPE_LABELS] ?? String(key);
    case 'oddsType':
      return ODDS_TYPE_LABELS[key as keyof typeof ODDS_TYPE_LABELS] ?? String(key);
    case 'weekday':
      return WEEKDAYS[Number(key) - 1] ?? String(key);
    case 'month':
      return monthLabel(String(key));
    default:
      return String(key);
  }
}

export async function getBreakdown(
  db: Db,
  syndicateId: number,
  q: Range & { by: BreakdownBy },
): Promise<InsightsBreakdown> {
  const { rows } = await db.$client.query<{
    key: string | number | null;
    label: string | null;
    bets: number;
    settled: number;
    wins: number;
    staked: number;
    profit: number;
  }>({ ...BREAKDOWNS[q.by], values: [syndicateId, q.from ?? null, q.to ?? null, null] });
  const result: BreakdownRow[] = rows.map((r) => ({
    key: r.key === null ? null : String(r.key),
    label: labelOf(q.by, r.key, r.label),
    ...figures(r),
  }));
  // Profit descending; ties by label so the order is stable.
  result.sort((a, b) => b.profit - a.profit || a.label.localeCompare(b.label));
  return { by: q.by, rows: result };
}

// ---- timeline ----------------------------------------------------------------------------------

/**
 * The periods from the syndicate's totals per local day (syndicate_local_days, kept by triggers on
 * bets: db/bet-stats-trigger.ts), not from its bets: a year to date at 100,000 bets read every bet
 * of the year on each dashboard load. $1 syndicate, $2 from, $3 to (days or null), $4 the
 * interval, $5 the most periods read.
 */
const TIMELINE = {
  name: 'insights_timeline',
  text: `
    with days as (
      select d.day as ld, d.bets, d.staked_cents::float8 as staked, d.profit_cents::float8 as profit
        from syndicate_local_days d
       where d.syndicate_id = $1 and d.bets <> 0
         and d.day between coalesce($2::date, '-infinity') and coalesce($3::date, 'infinity')),
    bounds as (select coalesce($2::date, min(ld)) as lo, coalesce($3::date, max(ld)) as hi from days),
    series as (
      select generate_series(date_trunc($4, lo), date_trunc($4, hi), ('1 ' || $4)::interval)::date as period
        from bounds where lo is not null and hi is not null
       limit $5),
    agg as (
      select date_trunc($4, ld)::date as period, sum(bets)::int as bets,
             sum(staked)::float8 as staked, sum(profit)::float8 as profit
        from days group by 1)
    select to_char(s.period, case when $4 = 'month' then 'YYYY-MM' else 'YYYY-MM-DD' end) as period,
           coalesce(a.bets, 0) as bets, coalesce(a.staked, 0) as staked, coalesce(a.profit, 0) as profit,
           sum(coalesce(a.profit, 0)) over (order by s.period) as cumulative
      from series s left join agg a on a.period = s.period
     order by s.period`,
};

export async function getTimeline(
  db: Db,
  syndicateId: number,
  q: Range & { interval: TimelineInterval },
): Promise<InsightsTimeline> {
  // Its plan is the same whatever the values (a range of the primary key): planned once.
  const { rows } = await plannedOnce(db).query<{
    period: string;
    bets: number;
    staked: number;
    profit: number;
    cumulative: number;
  }>({
    ...TIMELINE,
    values: [syndicateId, q.from ?? null, q.to ?? null, q.interval, TIMELINE_MAX_POINTS + 1],
  });
  if (rows.length > TIMELINE_MAX_POINTS) throw badRequest(INSIGHT_MESSAGES.tooManyPoints);
  return {
    interval: q.interval,
    points: rows.map((r) => ({
      period: r.period,
      bets: r.bets,
      staked: fromCents(r.staked),
      profit: fromCents(r.profit),
      cumulativeProfit: fromCents(Number(r.cumulative)),
    })),
  };
}
