// The trigger-kept aggregates (member_bet_stats, syndicate_day_stats) against a recount from the
// bets themselves, after every kind of write; and trend windows that start mid-day.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bet } from '../../../shared/bet';
import type { SyndicateStats } from '../../../shared/stats';
import { createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { addBet, addMember, myMemberId } from './test-fixtures';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.now = new Date();
});

/** Aggregates as kept, and as recounted from bets: they must be equal. */
async function keptAndRecounted(syndicateId: number) {
  const db = t.database.db;
  const kept = await db.execute(sql`
    select 'm' || member_id as k, wins, settled, result_cents from member_bet_stats
     where syndicate_id = ${syndicateId} and settled <> 0
    union all
    select 'd' || day, wins, settled, result_cents from syndicate_day_stats
     where syndicate_id = ${syndicateId} and settled <> 0
    order by 1`);
  const recount = await db.execute(sql`
    select 'm' || member_id as k, count(*) filter (where status = 'win') as wins, count(*) as settled,
           sum(result_cents) as result_cents
      from bets where syndicate_id = ${syndicateId} and status <> 'pending' group by member_id
    union all
    select 'd' || (coalesce(settled_at, date) at time zone 'UTC')::date, count(*) filter (where status = 'win'),
           count(*), sum(result_cents)
      from bets where syndicate_id = ${syndicateId} and status <> 'pending' group by 1
    order by 1`);
  return { kept: kept.rows.map((r) => ({ ...r })), recount: recount.rows.map((r) => ({ ...r })) };
}

describe('stats aggregates', () => {
  it('follow adds, settlements, edits of settled bets and deletions', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const me = await myMemberId(client);
    const other = await addMember(t.database.db, syndicate.id, { name: 'Other Member' });
    const ids: number[] = [];
    for (const [i, memberId] of [me, other, me, other, me].entries()) {
      const res = await client.post('/api/bets', {
        memberId,
        horseName: `Horse ${i}`,
        betType: 'win',
        odds: 2 + i,
        amount: 10 + i,
        oddsType: 'fixed',
      });
      expect(res.statusCode).toBe(201);
      ids.push(...res.json<{ bets: Bet[] }>().bets.map((b) => b.id));
    }
    const [a, b, c, d] = ids as [number, number, number, number];
    expect((await client.put(`/api/bets/${a}/status`, { status: 'win' })).statusCode).toBe(200);
    expect((await client.put(`/api/bets/${b}/status`, { status: 'loss' })).statusCode).toBe(200);
    expect((await client.put(`/api/bets/${c}/status`, { status: 'win' })).statusCode).toBe(200);
    expect((await client.put(`/api/bets/${d}/status`, { status: 'win' })).statusCode).toBe(200);
    // Edit a settled win's stake (its result is recomputed), delete another settled bet.
    const edit = { horseName: 'Edited', betType: 'win', odds: 5, amount: 40, oddsType: 'fixed' };
    expect((await client.put(`/api/bets/${a}`, edit)).statusCode).toBe(200);
    expect((await client.delete(`/api/bets/${c}`)).statusCode).toBe(204);

    const { kept, recount } = await keptAndRecounted(syndicate.id);
    expect(kept).toEqual(recount);
    expect(kept.length).toBeGreaterThan(0);
    // a: 40 × 5 − 40 = +160; b: −11; d: 13 × 5 − 13 = +52.
    const stats = (await client.get('/api/stats/syndicate')).json<SyndicateStats>();
    expect(stats).toMatchObject({ totalWins: 2, currentBalance: 201 });
  });

  it('follow direct SQL too (a status flip, a member change, a date move, a delete)', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const db = t.database.db;
    const me = await myMemberId(client);
    const other = await addMember(db, syndicate.id, { name: 'Second Member' });
    const x = await addBet(db, syndicate.id, {
      memberId: me,
      status: 'win',
      date: new Date(Date.now() - 40 * DAY),
    });
    const y = await addBet(db, syndicate.id, { memberId: me, status: 'loss' });
    await addBet(db, syndicate.id, { memberId: other, status: 'pending' });
    await db.execute(
      sql`update bets set member_id = ${other}, settled_at = now() - interval '3 days' where id = ${x}`,
    );
    await db.execute(sql`update bets set status = 'win', result_cents = 500 where id = ${y}`);
    await db.execute(sql`update bets set status = 'pending', result_cents = null where id = ${y}`);
    await db.execute(sql`delete from bets where id = ${x}`);
    const { kept, recount } = await keptAndRecounted(syndicate.id);
    expect(kept).toEqual(recount);
    expect(kept).toEqual([]);
  });
});

describe('trend windows that start mid-day', () => {
  it('split the edge days exactly at now − 30 and now − 60 days', async () => {
    const now = new Date('2030-09-01T12:00:00.000Z');
    t.clock.now = now;
    const at = (days: number, hours: number) => new Date(now.getTime() - days * DAY + hours * 3_600_000);
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const db = t.database.db;
    const me = await myMemberId(client);
    const win = (settledAt: Date) =>
      addBet(db, syndicate.id, {
        memberId: me,
        status: 'win',
        amountCents: 1000,
        oddsHundredths: 200,
        date: settledAt,
      });
    // Same UTC day (2030-08-02), either side of the current window's start: 1 in, 1 before.
    await win(at(30, 1));
    await win(at(30, -1));
    // The previous window's start (2030-07-03 12:00): 1 in, 1 older than both windows.
    await win(at(60, 1));
    await win(at(60, -1));
    // Whole days inside each window.
    await win(at(2, 0));
    await win(at(45, 0));
    const s = (await client.get('/api/stats/syndicate')).json<SyndicateStats>();
    expect(s.totalWins).toBe(6);
    // Current: 2 wins (+20); previous: 3 wins (+30).
    expect(s.trends.wins).toBeCloseTo(((2 - 3) / 3) * 100, 10);
    expect(s.trends.balance).toBeCloseTo(((20 - 30) / 30) * 100, 10);
  });
});
