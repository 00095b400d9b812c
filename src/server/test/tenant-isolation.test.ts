// The tenant isolation matrix. Syndicate A holds one of everything; an admin and a plain member
// of syndicate B call every registered route that takes an id with A's ids, and every body that
// names an id with A's ids. Each attempt must fail (404 for ids in the path), and A's rows must
// be byte-for-byte unchanged afterwards. B's lists must hold none of A's rows. A route added
// later with an id parameter and no entry here fails the test, so coverage cannot drift.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betSchema } from '../../shared/bet';
import * as schema from '../db/schema';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Ids {
  member: number;
  plan: number;
  race: number;
  bet: number;
  reminder: number;
  entry: number;
}

async function created(res: Promise<{ statusCode: number; body: string; json<T>(): T }>): Promise<number> {
  const r = await res;
  if (r.statusCode !== 201) throw new Error(`fixture failed: ${r.statusCode} ${r.body}`);
  const body = r.json<{ id?: number; bets?: { id: number }[] }>();
  const id = body.id ?? body.bets?.[0]?.id;
  if (typeof id !== 'number') throw new Error(`no id in ${r.body}`);
  return id;
}

/** One of everything in a syndicate, made through the API by its admin. */
async function populate(admin: Client, tag: string): Promise<Ids> {
  const member = await created(
    admin.post('/api/members', {
      name: `${tag} Member`,
      email: `${tag.toLowerCase()}-m@example.test`,
      role: 'member',
    }),
  );
  const plan = await created(
    admin.post('/api/subscriptions', { name: `${tag} Plan`, price: 10, duration: 1 }),
  );
  const race = await created(
    admin.post('/api/races', { name: `${tag} Cup`, venue: `${tag} Park`, date: '2031-01-01T03:00:00.000Z' }),
  );
  const bet = await created(
    admin.post('/api/bets', {
      memberId: member,
      raceId: race,
      horseName: `${tag} Horse`,
      status: 'pending',
      date: '2031-01-01T02:00:00.000Z',
      betType: 'win',
      odds: 2.5,
      amount: 10,
      oddsType: 'fixed',
    }),
  );
  const reminder = await created(
    admin.post('/api/reminders', {
      text: `${tag} reminder`,
      date: '2031-01-01',
      memberId: member,
      completed: false,
    }),
  );
  const assigned = await admin.post(`/api/members/${member}/subscriptions`, {
    subscriptionId: plan,
    startDate: '2030-12-01',
  });
  if (assigned.statusCode !== 201) throw new Error(`assign failed: ${assigned.body}`);
  const entry = await created(admin.post('/api/bank/contributions', { memberId: member, amount: 50 }));
  return { member, plan, race, bet, reminder, entry };
}

/** Every row of the syndicate, in a stable order: the "unchanged" check compares these. */
async function snapshot(syndicateId: number) {
  const db = t.database.db;
  const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);
  return {
    syndicate: await db.select().from(schema.syndicates).where(eq(schema.syndicates.id, syndicateId)),
    members: byId(await db.select().from(schema.members).where(eq(schema.members.syndicateId, syndicateId))),
    plans: byId(
      await db
        .select()
        .from(schema.subscriptionPlans)
        .where(eq(schema.subscriptionPlans.syndicateId, syndicateId)),
    ),
    assignments: byId(
      await db
        .select()
        .from(schema.memberSubscriptions)
        .where(eq(schema.memberSubscriptions.syndicateId, syndicateId)),
    ),
    races: byId(await db.select().from(schema.races).where(eq(schema.races.syndicateId, syndicateId))),
    bets: byId(await db.select().from(schema.bets).where(eq(schema.bets.syndicateId, syndicateId))),
    reminders: byId(
      await db.select().from(schema.reminders).where(eq(schema.reminders.syndicateId, syndicateId)),
    ),
    bankEntries: byId(
      await db.select().from(schema.bankEntries).where(eq(schema.bankEntries.syndicateId, syndicateId)),
    ),
    bankTotals: (
      await db
        .select()
        .from(schema.bankMemberTotals)
        .where(eq(schema.bankMemberTotals.syndicateId, syndicateId))
    ).sort((x, y) => x.memberId - y.memberId),
  };
}

/** For each route with an id in its path: which of A's ids goes there, and a valid body. */
function pathAttempts(a: Ids, b: Ids): Record<string, { id: number; body?: object }> {
  const bet = { horseName: 'Edited', betType: 'win', odds: 2, amount: 5, oddsType: 'fixed' };
  return {
    'GET /api/members/:id': { id: a.member },
    'PUT /api/members/:id': {
      id: a.member,
      body: { name: 'Hijacked', email: 'h@example.test', role: 'admin' },
    },
    'DELETE /api/members/:id': { id: a.member },
    'POST /api/members/:id/restore': { id: a.member },
    'POST /api/members/:id/claim-link': { id: a.member },
    'GET /api/members/:id/subscriptions': { id: a.member },
    'POST /api/members/:id/subscriptions': {
      id: a.member,
      body: { subscriptionId: b.plan, startDate: '2031-01-01' },
    },
    'PUT /api/subscriptions/:id': { id: a.plan, body: { name: 'Hijacked', price: 1, duration: 1 } },
    'DELETE /api/subscriptions/:id': { id: a.plan },
    'GET /api/races/:id': { id: a.race },
    'PUT /api/races/:id': {
      id: a.race,
      body: { name: 'Hijacked', venue: 'X', date: '2031-02-01T00:00:00.000Z' },
    },
    'DELETE /api/races/:id': { id: a.race },
    'POST /api/races/:id/result': { id: a.race, body: { finishers: [{ position: 1, horseName: 'Cross' }] } },
    'GET /api/bets/:id': { id: a.bet },
    'PUT /api/bets/:id': { id: a.bet, body: bet },
    'PUT /api/bets/:id/status': { id: a.bet, body: { status: 'win' } },
    'DELETE /api/bets/:id': { id: a.bet },
    'PUT /api/reminders/:id/complete': { id: a.reminder },
    'DELETE /api/reminders/:id': { id: a.reminder },
    'GET /api/bank/members/:memberId/statement': { id: a.member },
    'POST /api/bank/entries/:id/reverse': { id: a.entry, body: { reason: 'Hijacked' } },
  };
}

/** Bodies that name one of A's ids while the path is B's own (or has no id). */
function bodyAttempts(a: Ids, b: Ids): { method: 'POST' | 'PUT'; url: string; body: object }[] {
  const bet = {
    horseName: 'Cross',
    status: 'pending',
    date: '2031-01-01T02:00:00.000Z',
    betType: 'win',
    odds: 2,
    amount: 5,
    oddsType: 'fixed',
  };
  return [
    { method: 'POST', url: '/api/bets', body: { ...bet, memberId: a.member, raceId: b.race } },
    { method: 'POST', url: '/api/bets', body: { ...bet, memberId: b.member, raceId: a.race } },
    { method: 'POST', url: '/api/reminders', body: { text: 'x', date: '2031-01-01', memberId: a.member } },
    { method: 'PUT', url: '/api/next-bet', body: { memberId: a.member } },
    {
      method: 'POST',
      url: `/api/members/${b.member}/subscriptions`,
      body: { subscriptionId: a.plan, startDate: '2031-01-01' },
    },
    { method: 'POST', url: '/api/bank/contributions', body: { memberId: a.member, amount: 5 } },
    { method: 'POST', url: '/api/bank/payouts', body: { memberId: a.member, amount: 5 } },
    { method: 'POST', url: '/api/bank/adjustments', body: { memberId: a.member, amount: 5, note: 'x' } },
    { method: 'POST', url: '/api/bank/distributions', body: { memberIds: [a.member], amount: 5 } },
  ];
}

describe('tenant isolation', () => {
  it("another syndicate's ids answer 404 on every id route, and nothing of A changes", async () => {
    const { client: adminA, syndicate: a } = await signUpWithSyndicate(t.app, 'Ada A');
    const { client: adminB, syndicate: b } = await signUpWithSyndicate(t.app, 'Ben B');
    const memberB = await signUp(t.app, 'Mel B');
    expect((await memberB.post('/api/syndicates/join', { inviteCode: b.inviteCode })).statusCode).toBe(200);
    const idsA = await populate(adminA, 'Alpha');
    const idsB = await populate(adminB, 'Beta');
    const before = await snapshot(a.id);

    // The calendar feed's path holds a secret token, not an id (calendar-feed.test.ts proves a
    // feed shows only its own syndicate's races).
    const idRoutes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && r.url.includes('/:') && !r.url.includes(':token'),
    );
    const attempts = pathAttempts(idsA, idsB);
    const uncovered = idRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => !(k in attempts));
    expect(uncovered, 'every route with an id needs an entry in pathAttempts').toEqual([]);

    const outcomes: string[] = [];
    let made = 0;
    for (const caller of [adminB, memberB]) {
      for (const [key, { id, body }] of Object.entries(attempts)) {
        const [method, url] = key.split(' ') as ['GET', string];
        const res = await caller.request(method, url.replace(/:\w+/, String(id)), body);
        made++;
        // A member of B may be refused for their role before the id is looked at (403): that
        // answer does not depend on A's data. Anything else must be 404.
        const ok = res.statusCode === 404 || (caller === memberB && res.statusCode === 403);
        if (!ok) outcomes.push(`${caller === adminB ? 'admin' : 'member'} ${key} → ${res.statusCode}`);
      }
      for (const { method, url, body } of bodyAttempts(idsA, idsB)) {
        const res = await caller.request(method, url, body);
        made++;
        if (res.statusCode < 400)
          outcomes.push(`${caller === adminB ? 'admin' : 'member'} ${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(outcomes).toEqual([]);
    expect(made).toBeGreaterThanOrEqual(40);
    expect(await snapshot(a.id)).toEqual(before);
  });

  it("B's lists hold none of A's rows", async () => {
    const { client: adminA } = await signUpWithSyndicate(t.app, 'Ann A');
    const { client: adminB } = await signUpWithSyndicate(t.app, 'Bea B');
    await populate(adminA, 'Gamma');
    await populate(adminB, 'Delta');
    // A settled bet in A, so A appears in A's stats and rankings.
    const betsA = betSchema.array().parse((await adminA.get('/api/bets')).json());
    expect((await adminA.put(`/api/bets/${betsA[0]?.id}/status`, { status: 'win' })).statusCode).toBe(200);

    for (const url of [
      '/api/members',
      '/api/subscriptions',
      '/api/races',
      '/api/bets',
      '/api/reminders',
      '/api/rotation?count=20',
      '/api/next-bet',
      '/api/stats/top-performers?limit=100',
      '/api/stats/syndicate',
      '/api/settings',
      '/api/syndicates',
      '/api/bank',
      '/api/bank/entries?limit=200',
    ]) {
      const res = await adminB.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/Gamma|Ann A/);
    }
    expect((await adminB.get('/api/stats/syndicate')).json()).toMatchObject({
      totalWins: 0,
      currentBalance: 0,
    });
  });
});
