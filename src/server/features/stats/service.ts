// Syndicate statistics, read from the aggregates a trigger keeps beside the bets table
// (member_bet_stats, syndicate_day_stats: see db/bet-stats-trigger.ts). A read touches one row per
// member and one per day of the trend windows, however many bets there are, plus the settled
// bets of the two partial days at the windows' edges (through bets_syndicate_settled_on_idx).
// Each read is one named statement (prepared once per pooled connection).
import {
  percentChange,
  type SyndicateStats,
  type TopPerformer,
  TREND_PERIOD_DAYS,
  winRate,
} from '../../../shared/stats';
import { type Db, plannedOnce } from '../../db/client';

const DAY_MS = 86_400_000;

/** The first UTC midnight at or after `t`. */
const ceilDay = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

// "Settled on" = coalesce(settled_at, date): a bet settled on entry counts on its date.
// $1 syndicate; $2/$3 first whole day of the current/previous window; $4–$5 and $6–$7 the
// partial day before each ([start, next midnight)), empty when the window starts at midnight.
const SYNDICATE_STATS = {
  name: 'stats_syndicate',
  text: `
    with totals as (
      select coalesce(sum(wins), 0) as wins, coalesce(sum(settled), 0) as settled,
             coalesce(sum(result_cents), 0) as result
        from member_bet_stats where syndicate_id = $1),
    days as (
      select coalesce(sum(wins) filter (where day >= $2::date), 0) as wins_now,
             coalesce(sum(result_cents) filter (where day >= $2::date), 0) as result_now,
             coalesce(sum(wins), 0) as wins_since_prev,
             coalesce(sum(result_cents), 0) as result_since_prev
        from syndicate_day_stats where syndicate_id = $1 and day >= $3::date),
    edges as (
      select count(*) filter (where status = 'win' and on_ >= $4 and on_ < $5) as wins_now,
             coalesce(sum(result_cents) filter (where on_ >= $4 and on_ < $5), 0) as result_now,
             count(*) filter (where status = 'win' and on_ >= $6 and on_ < $7) as wins_since_prev,
             coalesce(sum(result_cents) filter (where on_ >= $6 and on_ < $7), 0) as result_since_prev
        from (select status, result_cents, coalesce(settled_at, date) as on_ from bets
               where syndicate_id = $1 and status <> 'pending'
                 and ((coalesce(settled_at, date) >= $4 and coalesce(settled_at, date) < $5)
                   or (coalesce(settled_at, date) >= $6 and coalesce(settled_at, date) < $7))) e)
    select t.wins, t.settled, t.result,
           d.wins_now + e.wins_now as wins_now, d.result_now + e.result_now as result_now,
           d.wins_since_prev + e.wins_since_prev as wins_since_prev,
           d.result_since_prev + e.result_since_prev as result_since_prev
      from totals t, days d, edges e`,
};

interface StatsRow {
  wins: number;
  settled: number;
  /** cents */
  result: number;
  wins_now: number;
  result_now: number;
  /** Since the start of the previous window (both windows). */
  wins_since_prev: number;
  result_since_prev: number;
}

export async function getSyndicateStats(db: Db, syndicateId: number, now: Date): Promise<SyndicateStats> {
  const periodStart = now.getTime() - TREND_PERIOD_DAYS * DAY_MS;
  const previousStart = now.getTime() - 2 * TREND_PERIOD_DAYS * DAY_MS;
  const { rows } = await plannedOnce(db).query<StatsRow>({
    ...SYNDICATE_STATS,
    values: [
      syndicateId,
      isoDay(ceilDay(periodStart)),
      isoDay(ceilDay(previousStart)),
      new Date(periodStart),
      new Date(ceilDay(periodStart)),
      new Date(previousStart),
      new Date(ceilDay(previousStart)),
    ],
  });
  const r = rows[0];
  if (!r) throw new Error('stats query returned no row');
  return {
    totalWins: r.wins,
    currentBalance: r.result / 100,
    winRate: winRate(r.wins, r.settled),
    trends: {
      wins: percentChange(r.wins_now, r.wins_since_prev - r.wins_now),
      balance: percentChange(r.result_now, r.result_since_prev - r.result_now),
    },
  };
}

// Members with at least one settled bet, by earnings, then win rate, then id.
const TOP_PERFORMERS = {
  name: 'stats_top_performers',
  text: `
    select m.id, m.name, m.initials, m.archived_at is not null as archived,
           s.wins, s.settled, s.result_cents
      from member_bet_stats s
      join members m on m.id = s.member_id and m.syndicate_id = $1
     where s.syndicate_id = $1 and s.settled > 0
     order by s.result_cents desc, s.wins::numeric / s.settled desc, m.id
     limit $2`,
};

interface TopRow {
  id: number;
  name: string;
  initials: string;
  archived: boolean;
  wins: number;
  settled: number;
  /** cents */
  result_cents: number;
}

export async function getTopPerformers(db: Db, syndicateId: number, limit: number): Promise<TopPerformer[]> {
  const { rows } = await plannedOnce(db).query<TopRow>({ ...TOP_PERFORMERS, values: [syndicateId, limit] });
  return rows.map((r) => ({
    member: { id: r.id, name: r.name, initials: r.initials, archived: r.archived },
    winRate: winRate(r.wins, r.settled),
    earnings: r.result_cents / 100,
    wins: r.wins,
    bets: r.settled,
  }));
}
