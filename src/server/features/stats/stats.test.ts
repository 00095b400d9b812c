import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyndicateStats, TopPerformer } from '../../../shared/stats';
import { Client, createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { addBet, addMember, joinAsMember, myMemberId } from './test-fixtures';

const NOW = new Date('2030-09-01T00:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.now = NOW;
});

const stats = async (client: Client) => {
  const res = await client.get('/api/stats/syndicate');
  expect(res.statusCode).toBe(200);
  return res.json<SyndicateStats>();
};

const top = async (client: Client, query = '') => {
  const res = await client.get(`/api/stats/top-performers${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<TopPerformer[]>();
};

describe('syndicate stats', () => {
  it('is all zero with no settled bets', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    await addBet(t.database.db, syndicate.id, {
      memberId: await myMemberId(client),
      amountCents: 5000,
    });
    expect(await stats(client)).toEqual({
      totalWins: 0,
      currentBalance: 0,
      winRate: 0,
      trends: { wins: null, balance: null },
    });
  });

  it('counts wins, the win rate over settled bets, and the balance in dollars', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const db = t.database.db;
    const ann = await myMemberId(client);
    const mo = await addMember(db, syndicate.id, { name: 'Mo Member' });
    await addBet(db, syndicate.id, { memberId: ann, status: 'win', amountCents: 1000, oddsHundredths: 300 }); // +20
    await addBet(db, syndicate.id, { memberId: ann, status: 'loss', amountCents: 1000 }); // −10
    await addBet(db, syndicate.id, { memberId: ann, status: 'pending', amountCents: 99_900 });
    await addBet(db, syndicate.id, { memberId: mo, status: 'loss', amountCents: 555 }); // −5.55
    await addBet(db, syndicate.id, { memberId: mo, status: 'win', amountCents: 2550, oddsHundredths: 250 }); // +38.25
    await addBet(db, syndicate.id, { memberId: mo, status: 'loss', amountCents: 100 }); // −1
    // Another syndicate's bets count only there.
    const other = await signUpWithSyndicate(t.app);
    await addBet(db, other.syndicate.id, { memberId: await myMemberId(other.client), status: 'win' });

    const s = await stats(client);
    expect(s.totalWins).toBe(2);
    expect(s.currentBalance).toBe(41.7);
    expect(s.winRate).toBeCloseTo(40, 10);
    expect((await stats(other.client)).totalWins).toBe(1);
  });

  it('returns the exact win rate (the UI rounds)', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const ann = await myMemberId(client);
    for (const status of ['win', 'loss', 'loss'] as const) {
      await addBet(t.database.db, syndicate.id, { memberId: ann, status });
    }
    expect((await stats(client)).winRate).toBe((1 / 3) * 100);
  });

  it('computes trends: the last 30 days against the 30 before', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const db = t.database.db;
    const ann = await myMemberId(client);
    const win = (settledAt: Date | null, date = settledAt ?? daysAgo(1)) =>
      addBet(db, syndicate.id, {
        memberId: ann,
        status: 'win',
        amountCents: 1000,
        oddsHundredths: 200,
        date,
        settledAt,
      });
    const loss = (settledAt: Date) =>
      addBet(db, syndicate.id, {
        memberId: ann,
        status: 'loss',
        amountCents: 1000,
        date: settledAt,
        settledAt,
      });
    // This period: 3 wins (+30) and a loss (−10) = +20. One win was settled on entry (no settledAt).
    await win(daysAgo(1));
    await win(daysAgo(29));
    await win(null, daysAgo(10));
    await loss(daysAgo(2));
    // Previous period: 2 wins (+20) and a loss (−10) = +10; placed long ago, settled in the period.
    await win(daysAgo(31), daysAgo(90));
    await win(daysAgo(59));
    await loss(daysAgo(45));
    // Older: counts in the totals only.
    await win(daysAgo(61));

    const s = await stats(client);
    expect(s.totalWins).toBe(6);
    expect(s.currentBalance).toBe(40);
    expect(s.trends.wins).toBe(50);
    expect(s.trends.balance).toBe(100);
  });

  it('needs a session', async () => {
    expect((await new Client(t.app).get('/api/stats/syndicate')).statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/stats/top-performers')).statusCode).toBe(401);
  });
});

describe('top performers', () => {
  it('ranks members with a settled bet by earnings, then win rate; former members are marked', async () => {
    const admin = await signUpWithSyndicate(t.app, 'Ann Admin');
    const db = t.database.db;
    const id = admin.syndicate.id;
    const ann = await myMemberId(admin.client);
    const mo = await joinAsMember(t.app, admin.syndicate.inviteCode, 'Mo Member');
    const xi = await addMember(db, id, { name: 'Xi Extra' });
    const gone = await addMember(db, id, { name: 'Gone Girl', archived: true });
    const idle = await addMember(db, id, { name: 'Idle Ida' });
    // Ann: win +20, loss −10 → +10, 1 of 2. Xi: win +10 → +10, 1 of 1 (same earnings, higher rate).
    await addBet(db, id, { memberId: ann, status: 'win', amountCents: 1000, oddsHundredths: 300 });
    await addBet(db, id, { memberId: ann, status: 'loss', amountCents: 1000 });
    await addBet(db, id, { memberId: xi, status: 'win', amountCents: 1000, oddsHundredths: 200 });
    // Mo: −12.34 over two losses. Gone: +100 before leaving. Idle: pending only (not ranked).
    await addBet(db, id, { memberId: mo.memberId, status: 'loss', amountCents: 1000 });
    await addBet(db, id, { memberId: mo.memberId, status: 'loss', amountCents: 234 });
    await addBet(db, id, { memberId: gone, status: 'win', amountCents: 5000, oddsHundredths: 300 });
    await addBet(db, id, { memberId: idle, status: 'pending' });
    await addBet(db, id, { memberId: ann, status: 'pending', amountCents: 100_000 });

    const all = await top(admin.client, '?limit=100');
    expect(all).toEqual([
      {
        member: { id: gone, name: 'Gone Girl', initials: 'GG', archived: true },
        winRate: 100,
        earnings: 100,
        wins: 1,
        bets: 1,
      },
      {
        member: { id: xi, name: 'Xi Extra', initials: 'XE', archived: false },
        winRate: 100,
        earnings: 10,
        wins: 1,
        bets: 1,
      },
      {
        member: { id: ann, name: 'Ann Admin', initials: 'AA', archived: false },
        winRate: 50,
        earnings: 10,
        wins: 1,
        bets: 2,
      },
      {
        member: { id: mo.memberId, name: 'Mo Member', initials: 'MM', archived: false },
        winRate: 0,
        earnings: -12.34,
        wins: 0,
        bets: 2,
      },
    ]);
    // Default limit 5; a member reads it too.
    expect(await top(mo.client)).toEqual(all);
    expect((await top(admin.client, '?limit=2')).map((p) => p.member.id)).toEqual([gone, xi]);
  });

  it("never ranks another syndicate's members", async () => {
    const a = await signUpWithSyndicate(t.app);
    const b = await signUpWithSyndicate(t.app);
    await addBet(t.database.db, a.syndicate.id, { memberId: await myMemberId(a.client), status: 'win' });
    expect(await top(b.client)).toEqual([]);
    expect(await top(a.client)).toHaveLength(1);
  });

  it('validates limit (1–100)', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    for (const limit of ['0', '101', 'x', '2.5', '-1', '']) {
      const res = await client.get(`/api/stats/top-performers?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Limit must be between 1 and 100');
    }
    expect((await client.get('/api/stats/top-performers?limit=1')).statusCode).toBe(200);
  });
});
