// Syndicate statistics, computed by PostgreSQL aggregates over the bets table (filtered on
// its syndicate-leading indexes): no bet rows are loaded into the process.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  percentChange,
  type SyndicateStats,
  type TopPerformer,
  TREND_PERIOD_DAYS,
  winRate,
} from '../../../shared/stats';
import type { Db } from '../../db/client';
import { bets, members } from '../../db/schema';

const DAY_MS = 86_400_000;
const settled = inArray(bets.status, ['win', 'loss']);
const isWin = sql`${bets.status} = 'win'`;
/** When a bet's outcome counted: its settlement time, or its date for bets settled on entry. */
const settledOn = sql`coalesce(${bets.settledAt}, ${bets.date})`;

export async function getSyndicateStats(db: Db, syndicateId: number, now: Date): Promise<SyndicateStats> {
  const periodStart = new Date(now.getTime() - TREND_PERIOD_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_PERIOD_DAYS * DAY_MS);
  const inCurrent = sql`${settledOn} >= ${periodStart}`;
  const inPrevious = sql`${settledOn} >= ${previousStart} and ${settledOn} < ${periodStart}`;
  const [row] = await db
    .select({
      wins: sql<number>`count(*) filter (where ${isWin})`.mapWith(Number),
      settled: sql<number>`count(*)`.mapWith(Number),
      balanceCents: sql<number>`coalesce(sum(${bets.resultCents}), 0)`.mapWith(Number),
      winsNow: sql<number>`count(*) filter (where ${isWin} and ${inCurrent})`.mapWith(Number),
      winsBefore: sql<number>`count(*) filter (where ${isWin} and ${inPrevious})`.mapWith(Number),
      resultNowCents: sql<number>`coalesce(sum(${bets.resultCents}) filter (where ${inCurrent}), 0)`.mapWith(
        Number,
      ),
      resultBeforeCents:
        sql<number>`coalesce(sum(${bets.resultCents}) filter (where ${inPrevious}), 0)`.mapWith(Number),
    })
    .from(bets)
    .where(and(eq(bets.syndicateId, syndicateId), settled));
  const r = row ?? {
    wins: 0,
    settled: 0,
    balanceCents: 0,
    winsNow: 0,
    winsBefore: 0,
    resultNowCents: 0,
    resultBeforeCents: 0,
  };
  return {
    totalWins: r.wins,
    currentBalance: r.balanceCents / 100,
    winRate: winRate(r.wins, r.settled),
    trends: {
      wins: percentChange(r.winsNow, r.winsBefore),
      balance: percentChange(r.resultNowCents, r.resultBeforeCents),
    },
  };
}

export async function getTopPerformers(db: Db, syndicateId: number, limit: number): Promise<TopPerformer[]> {
  const wins = sql<number>`count(*) filter (where ${isWin})`.mapWith(Number);
  const settledCount = sql<number>`count(*)`.mapWith(Number);
  const earningsCents = sql<number>`coalesce(sum(${bets.resultCents}), 0)`.mapWith(Number);
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      initials: members.initials,
      archived: sql<boolean>`${members.archivedAt} is not null`.mapWith(Boolean),
      wins,
      bets: settledCount,
      earningsCents,
    })
    .from(bets)
    .innerJoin(members, and(eq(members.id, bets.memberId), eq(members.syndicateId, syndicateId)))
    .where(and(eq(bets.syndicateId, syndicateId), settled))
    .groupBy(members.id)
    .orderBy(desc(earningsCents), desc(sql`count(*) filter (where ${isWin})::numeric / count(*)`), members.id)
    .limit(limit);
  return rows.map((r) => ({
    member: { id: r.id, name: r.name, initials: r.initials, archived: r.archived },
    winRate: winRate(r.wins, r.bets),
    earnings: r.earningsCents / 100,
    wins: r.wins,
    bets: r.bets,
  }));
}
