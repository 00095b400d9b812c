// Insights API (docs/insights.md) against a hand-computed fixture in Sydney time, then a property:
// for any bets, the rows of every breakdown sum to the summary. Real PostgreSQL throughout.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BREAKDOWN_BY,
  type InsightsBreakdown,
  type InsightsSummary,
  type InsightsTimeline,
} from '../../../shared/insights';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Crew, crew, type ErrorBody, placeBet, singleBet } from '../bets/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * The fixture (Australia/Sydney; AEDT +11 until 7 April 2030):
 *  #1 admin  Rosehill       win 3.00  $10 Sat 2 Mar   won    +20  jockey J. Bowman
 *  #2 admin  Rosehill       win 5.00  $20 Sat 2 Mar   lost   −20  jockey J. Bowman
 *  #3 member Moonee Valley  e/w 9.00  $10 Sat 9 Mar   placed  +5  (3 at 1/4: $5 at 3.00)
 *  #4 member —              win 1.50  $40 Tue 2 Apr   won    +20  trainer C. Waller (UTC: 1 Apr 13:30)
 *  #5 member Moonee Valley  win 20.00  $5 Tue 2 Apr   void     0
 *  #6 admin  Rosehill       win 2.50  $10 Fri 5 Apr   pending     tote
 *  #7 admin  Rosehill       win 17.00 $10 Sat 6 Apr   won   +160
 * Settled #1 #2 #3 #4 #7: staked 90, profit 185, wins 3.
 */
async function fixture() {
  const c = await crew(t);
  const settings = await c.admin.put('/api/settings', {
    syndicateName: 'Insight Club',
    defaultBetAmount: 10,
    currency: 'aud',
    rotationStrategy: 'sequential',
    timezone: 'Australia/Sydney',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const cox = await c.admin.post('/api/races', {
    name: 'Cox Plate',
    venue: 'Moonee Valley',
    date: '2030-03-09T05:00:00Z',
  });
  const coxId = cox.json<{ id: number }>().id;
  const place = (client: 'admin' | 'member', o: Record<string, unknown>) =>
    placeBet(client === 'admin' ? c.admin : c.member, {
      ...singleBet(c, { memberId: client === 'admin' ? c.adminMemberId : c.memberMemberId }),
      ...o,
    });
  const settle = async (id: number, body: object) => {
    const res = await c.admin.put(`/api/bets/${id}/status`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const b1 = await place('admin', { odds: 3, amount: 10, jockey: 'J. Bowman', date: '2030-03-02T01:00:00Z' });
  const b2 = await place('admin', { odds: 5, amount: 20, jockey: 'J. Bowman', date: '2030-03-02T02:00:00Z' });
  const b3 = await place('member', {
    raceId: coxId,
    betType: 'each-way',
    odds: 9,
    amount: 10,
    placeTerms: { places: 3, divisor: 4 },
    date: '2030-03-09T03:00:00Z',
  });
  const b4 = await place('member', {
    raceId: null,
    odds: 1.5,
    amount: 40,
    trainer: 'C. Waller',
    date: '2030-04-01T13:30:00Z',
  });
  const b5 = await place('member', { raceId: coxId, odds: 20, amount: 5, date: '2030-04-02T05:00:00Z' });
  await place('admin', { odds: 2.5, amount: 10, oddsType: 'tote', date: '2030-04-05T00:00:00Z' });
  const b7 = await place('admin', { odds: 17, amount: 10, date: '2030-04-06T00:00:00Z' });
  await settle(b1.id, { status: 'win' });
  await settle(b2.id, { status: 'loss' });
  await settle(b3.id, { status: 'placed', position: 2 });
  await settle(b4.id, { status: 'win' });
  await settle(b5.id, { status: 'void' });
  await settle(b7.id, { status: 'win' });
  return { c, b7 };
}

let fx: Awaited<ReturnType<typeof fixture>>;
beforeAll(async () => {
  fx = await fixture();
});

const get = async <T>(c: Crew, url: string) => {
  const res = await c.member.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const pick = (rows: InsightsBreakdown['rows']) =>
  rows.map((r) => [r.key, r.label, r.bets, r.settled, r.wins, r.staked, r.profit]);

describe('GET /api/insights/summary', () => {
  it('answers the hand-computed figures, winners and streaks', async () => {
    const s = await get<InsightsSummary>(fx.c, '/api/insights/summary');
    expect(s).toEqual({
      bets: 7,
      settled: 5,
      wins: 3,
      strikeRate: 0.6,
      staked: 90,
      returned: 275,
      profit: 185,
      roi: 185 / 90,
      averageOdds: 7.1,
      biggestWin: { betId: fx.b7.id, horseName: 'Phar Lap', result: 160 },
      longestPrice: { betId: fx.b7.id, horseName: 'Phar Lap', odds: 17 },
      // W, L, placed, W, W (void and pending are not settled).
      streaks: { current: { kind: 'win', length: 2 }, longestWin: 2, longestLoss: 1 },
    });
  });

  it('filters by days in the syndicate’s time zone, inclusive, and by member', async () => {
    // Bet #4 was placed on 1 April UTC but 2 April in Sydney.
    const april = await get<InsightsSummary>(fx.c, '/api/insights/summary?from=2030-04-02&to=2030-04-06');
    expect(april).toMatchObject({ bets: 4, settled: 2, wins: 2, staked: 50, profit: 180 });
    const march = await get<InsightsSummary>(fx.c, '/api/insights/summary?to=2030-04-01');
    expect(march).toMatchObject({ bets: 3, settled: 3, wins: 1, staked: 40, profit: 5 });
    const mia = await get<InsightsSummary>(fx.c, `/api/insights/summary?memberId=${fx.c.memberMemberId}`);
    expect(mia).toMatchObject({ bets: 3, settled: 2, wins: 1, staked: 50, profit: 25, roi: 0.5 });
    const none = await get<InsightsSummary>(fx.c, '/api/insights/summary?from=2031-01-01');
    expect(none).toEqual({
      bets: 0,
      settled: 0,
      wins: 0,
      strikeRate: null,
      staked: 0,
      returned: 0,
      profit: 0,
      roi: null,
      averageOdds: null,
      biggestWin: null,
      longestPrice: null,
      streaks: { current: null, longestWin: 0, longestLoss: 0 },
    });
  });

  it('answers 404 for another syndicate’s member and shows another syndicate nothing', async () => {
    const other = await crew(t);
    const res = await other.admin.get(`/api/insights/summary?memberId=${fx.c.memberMemberId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Member not found' });
    expect((await get<InsightsSummary>(other, '/api/insights/summary')).bets).toBe(0);
    expect((await get<InsightsBreakdown>(other, '/api/insights/breakdown?by=venue')).rows).toEqual([]);
    expect((await get<InsightsTimeline>(other, '/api/insights/timeline')).points).toEqual([]);
  });
});

describe('GET /api/insights/breakdown', () => {
  it.each([
    [
      'venue',
      [
        ['Rosehill', 'Rosehill', 4, 3, 2, 40, 160],
        [null, 'Unknown', 1, 1, 1, 40, 20],
        ['Moonee Valley', 'Moonee Valley', 2, 1, 0, 10, 5],
      ],
    ],
    [
      'jockey',
      [
        [null, 'Unknown', 5, 3, 2, 60, 185],
        ['J. Bowman', 'J. Bowman', 2, 2, 1, 30, 0],
      ],
    ],
    [
      'trainer',
      [
        [null, 'Unknown', 6, 4, 2, 50, 165],
        ['C. Waller', 'C. Waller', 1, 1, 1, 40, 20],
      ],
    ],
    [
      'betType',
      [
        ['win', 'Win', 6, 4, 3, 80, 180],
        ['each-way', 'Each-way', 1, 1, 0, 10, 5],
      ],
    ],
    [
      'oddsType',
      [
        ['fixed', 'Fixed', 6, 5, 3, 90, 185],
        ['tote', 'Tote', 1, 0, 0, 0, 0],
      ],
    ],
    [
      'oddsBand',
      [
        ['16+', '16+', 2, 1, 1, 10, 160],
        ['<2', '<2', 1, 1, 1, 40, 20],
        ['2–3.99', '2–3.99', 2, 1, 1, 10, 20],
        ['8–15.99', '8–15.99', 1, 1, 0, 10, 5],
        ['4–7.99', '4–7.99', 1, 1, 0, 20, -20],
      ],
    ],
    [
      'weekday',
      [
        ['6', 'Saturday', 4, 4, 2, 50, 165],
        ['2', 'Tuesday', 2, 1, 1, 40, 20],
        ['5', 'Friday', 1, 0, 0, 0, 0],
      ],
    ],
    [
      'month',
      [
        ['2030-04', 'Apr 2030', 4, 2, 2, 50, 180],
        ['2030-03', 'Mar 2030', 3, 3, 1, 40, 5],
      ],
    ],
  ])('by %s: rows with the hand-computed figures, by profit descending', async (by, expected) => {
    const b = await get<InsightsBreakdown>(fx.c, `/api/insights/breakdown?by=${by}`);
    expect(b.by).toBe(by);
    expect(pick(b.rows)).toEqual(expected);
  });

  it('by member, with ROI and strike rate per row, and a date filter', async () => {
    const b = await get<InsightsBreakdown>(fx.c, '/api/insights/breakdown?by=member');
    expect(b.rows).toEqual([
      expect.objectContaining({
        key: String(fx.c.adminMemberId),
        label: 'Alice Admin',
        bets: 4,
        settled: 3,
        wins: 2,
        profit: 160,
        staked: 40,
        returned: 200,
        roi: 4,
        strikeRate: 2 / 3,
      }),
      expect.objectContaining({
        key: String(fx.c.memberMemberId),
        label: 'Mia Member',
        bets: 3,
        settled: 2,
        wins: 1,
        profit: 25,
        staked: 50,
        roi: 0.5,
        strikeRate: 0.5,
      }),
    ]);
    const march = await get<InsightsBreakdown>(
      fx.c,
      '/api/insights/breakdown?by=member&from=2030-03-01&to=2030-03-31',
    );
    expect(pick(march.rows)).toEqual([
      [String(fx.c.memberMemberId), 'Mia Member', 1, 1, 0, 10, 5],
      [String(fx.c.adminMemberId), 'Alice Admin', 2, 2, 1, 30, 0],
    ]);
  });
});

describe('GET /api/insights/timeline', () => {
  it('months without gaps, with a running profit', async () => {
    const tl = await get<InsightsTimeline>(
      fx.c,
      '/api/insights/timeline?interval=month&from=2030-02-01&to=2030-05-31',
    );
    expect(tl.points).toEqual([
      { period: '2030-02', bets: 0, staked: 0, profit: 0, cumulativeProfit: 0 },
      { period: '2030-03', bets: 3, staked: 40, profit: 5, cumulativeProfit: 5 },
      { period: '2030-04', bets: 4, staked: 50, profit: 180, cumulativeProfit: 185 },
      { period: '2030-05', bets: 0, staked: 0, profit: 0, cumulativeProfit: 185 },
    ]);
  });

  it('weeks start on Monday; days run from the first bet to the last without a range', async () => {
    const weeks = await get<InsightsTimeline>(
      fx.c,
      '/api/insights/timeline?interval=week&from=2030-03-01&to=2030-03-20',
    );
    expect(weeks.points.map((p) => [p.period, p.bets, p.profit, p.cumulativeProfit])).toEqual([
      ['2030-02-25', 2, 0, 0],
      ['2030-03-04', 1, 5, 5],
      ['2030-03-11', 0, 0, 5],
      ['2030-03-18', 0, 0, 5],
    ]);
    const days = await get<InsightsTimeline>(fx.c, '/api/insights/timeline?interval=day');
    expect(days.points[0]).toEqual({
      period: '2030-03-02',
      bets: 2,
      staked: 30,
      profit: 0,
      cumulativeProfit: 0,
    });
    expect(days.points.at(-1)).toEqual({
      period: '2030-04-06',
      bets: 1,
      staked: 10,
      profit: 160,
      cumulativeProfit: 185,
    });
    expect(days.points).toHaveLength(36);
    // The default interval is month.
    expect((await get<InsightsTimeline>(fx.c, '/api/insights/timeline')).interval).toBe('month');
  });
});

describe('bad parameters', () => {
  it.each([
    ['/api/insights/summary?from=2030-13-01', 'from must be a day (YYYY-MM-DD)'],
    ['/api/insights/summary?to=yesterday', 'to must be a day (YYYY-MM-DD)'],
    ['/api/insights/summary?from=2030-02-01&to=2030-01-01', 'from must be on or before to'],
    ['/api/insights/summary?memberId=abc', 'memberId must be the id of a member'],
    ['/api/insights/summary?memberId=99999999999', 'memberId must be the id of a member'],
    [
      '/api/insights/breakdown',
      'by must be one of venue, jockey, trainer, betType, oddsType, oddsBand, member, weekday, month',
    ],
    [
      '/api/insights/breakdown?by=horse',
      'by must be one of venue, jockey, trainer, betType, oddsType, oddsBand, member, weekday, month',
    ],
    ['/api/insights/timeline?interval=year', 'interval must be day, week or month'],
    [
      '/api/insights/timeline?interval=day&from=1900-01-01&to=2100-12-31',
      'Choose a shorter period or a longer interval (at most 3700 points)',
    ],
  ])('%s → 400', async (url, message) => {
    const res = await fx.c.member.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
  });
});

describe('property: breakdown rows sum to the summary', () => {
  it('for random bets, every `by` partitions the summary’s bets, settled, wins, staked and profit', async () => {
    const c = await crew(t);
    const statuses = ['pending', 'win', 'loss', 'placed', 'void'] as const;
    const betArb = fc.record({
      status: fc.constantFrom(...statuses),
      amount: fc.integer({ min: 1, max: 100_000 }),
      odds: fc.integer({ min: 101, max: 5_000 }),
      result: fc.integer({ min: -100_000, max: 500_000 }),
      withRace: fc.boolean(),
      jockey: fc.constantFrom(null, 'A', 'B'),
      day: fc.integer({ min: 0, max: 400 }),
      minute: fc.integer({ min: 0, max: 1439 }),
      member: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(betArb, { maxLength: 25 }), async (bets) => {
        await t.database.db.execute(sql`delete from bets where syndicate_id = ${c.syndicateId}`);
        for (const b of bets) {
          const date = new Date(Date.UTC(2030, 0, 1) + b.day * 86_400_000 + b.minute * 60_000);
          const result = b.status === 'pending' ? null : b.status === 'void' ? 0 : b.result;
          await t.database.db.execute(sql`
            insert into bets (syndicate_id, member_id, race_id, horse_name, bet_type, odds_hundredths, amount_cents,
                              status, result_cents, date, jockey)
            values (${c.syndicateId}, ${b.member ? c.memberMemberId : c.adminMemberId}, ${b.withRace ? c.raceId : null},
                    'Prop', 'win', ${b.odds}, ${b.amount}, ${b.status}::bet_status, ${result}, ${date.toISOString()}, ${b.jockey})`);
        }
        const s = await get<InsightsSummary>(c, '/api/insights/summary');
        const cents = (n: number) => Math.round(n * 100);
        for (const by of BREAKDOWN_BY) {
          const { rows } = await get<InsightsBreakdown>(c, `/api/insights/breakdown?by=${by}`);
          const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
          expect(
            sum((r) => r.bets),
            by,
          ).toBe(s.bets);
          expect(
            sum((r) => r.settled),
            by,
          ).toBe(s.settled);
          expect(
            sum((r) => r.wins),
            by,
          ).toBe(s.wins);
          expect(
            sum((r) => cents(r.staked)),
            by,
          ).toBe(cents(s.staked));
          expect(
            sum((r) => cents(r.profit)),
            by,
          ).toBe(cents(s.profit));
        }
        const tl = await get<InsightsTimeline>(c, '/api/insights/timeline?interval=week');
        expect(tl.points.reduce((a, p) => a + p.bets, 0)).toBe(s.bets);
        expect(cents(tl.points.at(-1)?.cumulativeProfit ?? 0)).toBe(cents(s.profit));
      }),
      { numRuns: 15 },
    );
  });
});

describe('property: streaks and best winners agree with a plain reading of the bets', () => {
  it('for random settled sequences (ties on the date included), the summary finds the same runs and winners', async () => {
    const c = await crew(t);
    const betArb = fc.record({
      status: fc.constantFrom('pending', 'win', 'loss', 'placed', 'void'),
      result: fc.integer({ min: -1_000, max: 5_000 }),
      odds: fc.integer({ min: 101, max: 3_000 }),
      // Few distinct times, so equal dates are common and the id breaks the tie.
      slot: fc.integer({ min: 0, max: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(betArb, { maxLength: 40 }), async (bets) => {
        await t.database.db.execute(sql`delete from bets where syndicate_id = ${c.syndicateId}`);
        const stored: { id: number; slot: number; status: string; result: number; odds: number }[] = [];
        for (const b of bets) {
          const result = b.status === 'pending' ? null : b.status === 'void' ? 0 : b.result;
          const { rows } = await t.database.db.execute<{ id: number }>(sql`
            insert into bets (syndicate_id, member_id, horse_name, bet_type, odds_hundredths, amount_cents,
                              status, result_cents, date)
            values (${c.syndicateId}, ${c.adminMemberId}, ${`H${stored.length}`}, 'win', ${b.odds}, 100,
                    ${b.status}::bet_status, ${result}, ${new Date(Date.UTC(2030, 0, 1, b.slot)).toISOString()})
            returning id`);
          stored.push({ id: rows[0]!.id, slot: b.slot, status: b.status, result: result ?? 0, odds: b.odds });
        }
        // The plain reading: settled bets in date order (ties by id), runs of equal status.
        const settled = stored
          .filter((b) => b.status === 'win' || b.status === 'loss' || b.status === 'placed')
          .sort((x, y) => x.slot - y.slot || x.id - y.id);
        const runs: { status: string; length: number }[] = [];
        for (const b of settled) {
          const last = runs.at(-1);
          if (last && last.status === b.status) last.length++;
          else runs.push({ status: b.status, length: 1 });
        }
        const longest = (status: string) =>
          Math.max(0, ...runs.filter((r) => r.status === status).map((r) => r.length));
        const newest = runs.at(-1);
        const wins = settled.filter((b) => b.status === 'win');
        const best = (key: 'result' | 'odds') =>
          [...wins].sort((x, y) => y[key] - x[key] || x.slot - y.slot || x.id - y.id)[0]?.id ?? null;

        const s = await get<InsightsSummary>(c, '/api/insights/summary');
        expect(s.streaks).toEqual({
          current:
            newest && newest.status !== 'placed'
              ? { kind: newest.status as 'win' | 'loss', length: newest.length }
              : null,
          longestWin: longest('win'),
          longestLoss: longest('loss'),
        });
        expect(s.biggestWin?.betId ?? null).toBe(best('result'));
        expect(s.longestPrice?.betId ?? null).toBe(best('odds'));
      }),
      { numRuns: 25 },
    );
  });
});
