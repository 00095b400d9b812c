// syndicate_local_days (the profit timeline's per-local-day totals, kept by triggers: db/
// bet-stats-trigger.ts) against a recount from the bets, after random writes of every kind and
// time zone changes, by SQL and through the API; and the timeline read from it against one read
// from the bets.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsTimeline } from '../../../shared/insights';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Crew, crew } from '../bets/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ZONES = ['Australia/Sydney', 'UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
const STATUSES = ['pending', 'win', 'loss', 'placed', 'void'] as const;

/** The kept rows that say anything, and the same totals counted from the bets: equal. */
async function keptAndRecounted(syndicateId: number) {
  const db = t.database.db;
  const kept = await db.execute(sql`
    select day::text, bets, staked_cents, profit_cents from syndicate_local_days
     where syndicate_id = ${syndicateId} and (bets <> 0 or staked_cents <> 0 or profit_cents <> 0)
     order by day`);
  const recount = await db.execute(sql`
    select (b.date at time zone s.timezone)::date::text as day, count(*)::int as bets,
           coalesce(sum(b.amount_cents) filter (where b.status in ('win', 'placed', 'loss')), 0) as staked_cents,
           coalesce(sum(b.result_cents) filter (where b.status in ('win', 'placed', 'loss')), 0) as profit_cents
      from bets b join syndicates s on s.id = b.syndicate_id
     where b.syndicate_id = ${syndicateId}
     group by 1 order by 1`);
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({
      day: String(r.day),
      bets: Number(r.bets),
      staked: Number(r.staked_cents),
      profit: Number(r.profit_cents),
    }));
  return { kept: plain(kept.rows), recount: plain(recount.rows) };
}

const writeArb = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    status: fc.constantFrom(...STATUSES),
    amount: fc.integer({ min: 1, max: 100_000 }),
    result: fc.integer({ min: -100_000, max: 500_000 }),
    // Minutes from 2030-01-01 UTC over two years: local days, DST changes and year ends.
    minute: fc.integer({ min: 0, max: 2 * 365 * 1440 }),
    member: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    pick: fc.nat(),
    status: fc.constantFrom(...STATUSES),
    result: fc.integer({ min: -100_000, max: 500_000 }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    pick: fc.nat(),
    minutes: fc.integer({ min: -3000, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant('stake' as const),
    pick: fc.nat(),
    amount: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
);
type Write = typeof writeArb extends fc.Arbitrary<infer W> ? W : never;

async function apply(c: Crew, ids: number[], w: Write) {
  const db = t.database.db;
  const id = 'pick' in w && ids.length > 0 ? ids[w.pick % ids.length] : undefined;
  if (w.kind === 'insert') {
    const result = w.status === 'pending' ? null : w.status === 'void' ? 0 : w.result;
    const { rows } = await db.execute<{ id: number }>(sql`
      insert into bets (syndicate_id, member_id, horse_name, bet_type, odds_hundredths, amount_cents, status,
                        result_cents, date)
      values (${c.syndicateId}, ${w.member ? c.memberMemberId : c.adminMemberId}, 'Local', 'win', 300, ${w.amount},
              ${w.status}::bet_status, ${result}, ${new Date(Date.UTC(2030, 0, 1) + w.minute * 60_000).toISOString()})
      returning id`);
    ids.push(rows[0]!.id);
  } else if (w.kind === 'zone') {
    await db.execute(sql`update syndicates set timezone = ${w.zone} where id = ${c.syndicateId}`);
  } else if (id === undefined) {
    return;
  } else if (w.kind === 'settle') {
    const result = w.status === 'pending' ? null : w.status === 'void' ? 0 : w.result;
    await db.execute(
      sql`update bets set status = ${w.status}::bet_status, result_cents = ${result} where id = ${id}`,
    );
  } else if (w.kind === 'move') {
    await db.execute(sql`update bets set date = date + ${`${w.minutes} minutes`}::interval where id = ${id}`);
  } else if (w.kind === 'stake') {
    await db.execute(sql`update bets set amount_cents = ${w.amount} where id = ${id}`);
  } else {
    await db.execute(sql`delete from bets where id = ${id}`);
    ids.splice(ids.indexOf(id), 1);
  }
}

describe('syndicate_local_days', () => {
  it('equals a recount from the bets after random inserts, settlements, moves, stakes, deletes and zone changes', async () => {
    const c = await crew(t);
    const other = await crew(t);
    await apply(other, [], {
      kind: 'insert',
      status: 'win',
      amount: 500,
      result: 700,
      minute: 10,
      member: false,
    });
    const otherBefore = await keptAndRecounted(other.syndicateId);
    await fc.assert(
      fc.asyncProperty(fc.array(writeArb, { minLength: 1, maxLength: 30 }), async (writes) => {
        await t.database.db.execute(sql`delete from bets where syndicate_id = ${c.syndicateId}`);
        const ids: number[] = [];
        for (const w of writes) await apply(c, ids, w);
        const { kept, recount } = await keptAndRecounted(c.syndicateId);
        expect(kept).toEqual(recount);
      }),
      { numRuns: 25 },
    );
    // Another syndicate's days are its own: none of those writes or zone changes touched them.
    expect(await keptAndRecounted(other.syndicateId)).toEqual(otherBefore);
    expect(otherBefore.kept).toHaveLength(1);
  });

  it('is rebuilt when an admin changes the time zone in settings, and the timeline reads it', async () => {
    const c = await crew(t);
    // 2030-03-01 13:30 UTC: 1 March in Los Angeles, 2 March in Sydney (00:30 AEDT).
    await apply(c, [], {
      kind: 'insert',
      status: 'win',
      amount: 1000,
      result: 2500,
      minute: 0,
      member: false,
    });
    await t.database.db.execute(
      sql`update bets set date = '2030-03-01T13:30:00Z' where syndicate_id = ${c.syndicateId}`,
    );
    const settings = {
      syndicateName: 'Local Days Club',
      defaultBetAmount: 10,
      currency: 'aud',
      rotationStrategy: 'sequential',
    };
    const days = async () =>
      (await c.admin.get('/api/insights/timeline?interval=day')).json<InsightsTimeline>().points;
    const put = await c.admin.put('/api/settings', { ...settings, timezone: 'America/Los_Angeles' });
    expect(put.statusCode).toBe(200);
    expect(await days()).toEqual([
      { period: '2030-03-01', bets: 1, staked: 10, profit: 25, cumulativeProfit: 25 },
    ]);
    expect(
      (await c.admin.put('/api/settings', { ...settings, timezone: 'Australia/Sydney' })).statusCode,
    ).toBe(200);
    expect((await days()).map((p) => p.period)).toEqual(['2030-03-02']);
    const { kept, recount } = await keptAndRecounted(c.syndicateId);
    expect(kept).toEqual(recount);
  });
});
