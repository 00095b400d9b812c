// Tenancy before body: a write to another syndicate's row answers 404, exactly as a missing id
// does, whatever its body — a bad body must not answer 400 first (that would tell a prober the
// request got as far as reading the body). Walks every registered POST/PUT/PATCH route with an
// `:id`, so a route added later is covered, then tries real rows of another syndicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../shared/member';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Bodies no route accepts: empty, wrong types, out-of-range dates, bidi names, NUL, not an object. */
const BAD_BODIES: unknown[] = [
  {},
  { name: 'x\u202E', date: '0000-01-01T00:00:00.000Z', startDate: '0049-01-01', subscriptionId: 'none' },
  { horseName: 42, odds: -1, amount: 'lots', status: 'maybe', role: 'owner', text: '\u0000' },
  ['not', 'an', 'object'],
];
/** No row has this id in any syndicate (ids are serial and tests make few rows). */
const MISSING_ID = 2_000_000_000;

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const withId = () => t.app.routeList.filter((r) => WRITES.has(r.method) && r.url.includes(':id'));

async function adminAndMember() {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Alice Admin');
  const member = await signUp(t.app, 'Mia Member');
  expect((await member.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  return { admin, member };
}

async function expect404(client: Client, method: string, url: string, failures: string[], allowed = [404]) {
  for (const body of BAD_BODIES) {
    const res = await client.request(method as 'POST', url, body);
    if (!allowed.includes(res.statusCode))
      failures.push(`${method} ${url} ${JSON.stringify(body)} → ${res.statusCode}`);
  }
  // Malformed JSON: refused before it is even parsed.
  const raw = await t.app.inject({
    method: method as 'POST',
    url,
    headers: {
      origin: 'http://localhost:5000',
      cookie: `sid=${client.cookie}`,
      'content-type': 'application/json',
    },
    payload: '{"name": ',
  });
  if (!allowed.includes(raw.statusCode)) failures.push(`${method} ${url} malformed JSON → ${raw.statusCode}`);
}

describe('tenancy before body', () => {
  it('every write route with an :id answers 404 for a missing id, whatever the body', async () => {
    const routes = withId();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const { admin, member } = await adminAndMember();
    const failures: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(':id', String(MISSING_ID));
      await expect404(admin, r.method, url, failures);
      // A member may instead be refused for the role alone, before the id is looked at.
      await expect404(member, r.method, url, failures, [403, 404]);
    }
    expect(failures).toEqual([]);
  });

  it('another syndicate’s race, bet, plan, member and reminder answer 404 with a bad body, and stay as they were', async () => {
    const { admin: owner } = await adminAndMember();
    const ownerMember = (await owner.get('/api/members/me')).json<Member>();
    const race = (
      await owner.post('/api/races', { name: 'Cup', venue: 'Flemington', date: '2030-11-05' })
    ).json<{
      id: number;
    }>();
    const bet = (
      await owner.post('/api/bets', { memberId: ownerMember.id, horseName: 'Winx', odds: 2, amount: 10 })
    ).json<{ bets: { id: number }[] }>().bets[0];
    const plan = (await owner.post('/api/subscriptions', { name: 'Gold', price: 10, duration: 1 })).json<{
      id: number;
    }>();
    const reminder = (await owner.post('/api/reminders', { text: 'Pay', date: '2099-01-01' })).json<{
      id: number;
    }>();
    expect(bet).toBeDefined();
    const targets = [
      ['PUT', `/api/races/${race.id}`, `/api/races/${race.id}`],
      ['PUT', `/api/bets/${bet?.id}`, `/api/bets/${bet?.id}`],
      ['PUT', `/api/bets/${bet?.id}/status`, `/api/bets/${bet?.id}`],
      ['PUT', `/api/subscriptions/${plan.id}`, '/api/subscriptions'],
      ['PUT', `/api/members/${ownerMember.id}`, `/api/members/${ownerMember.id}`],
      [
        'POST',
        `/api/members/${ownerMember.id}/subscriptions`,
        `/api/members/${ownerMember.id}/subscriptions`,
      ],
      ['PUT', `/api/reminders/${reminder.id}/complete`, '/api/reminders'],
    ] as const;
    const before = await Promise.all(targets.map(async ([, , read]) => (await owner.get(read)).body));

    const { admin: stranger, member: strangerMember } = await adminAndMember();
    const failures: string[] = [];
    for (const [method, url] of targets) {
      await expect404(stranger, method, url, failures);
      await expect404(strangerMember, method, url, failures);
    }
    expect(failures).toEqual([]);
    const after = await Promise.all(targets.map(async ([, , read]) => (await owner.get(read)).body));
    expect(after).toEqual(before);
  });

  it('the syndicate’s own row with a bad body still answers 400 (the lookup does not hide validation)', async () => {
    const { admin } = await adminAndMember();
    const race = (
      await admin.post('/api/races', { name: 'Cup', venue: 'Flemington', date: '2030-11-05' })
    ).json<{
      id: number;
    }>();
    const res = await admin.put(`/api/races/${race.id}`, {
      name: 'Cup',
      venue: 'Flemington',
      date: '0000-01-01',
    });
    expect(res.statusCode).toBe(400);
    const me = (await admin.get('/api/members/me')).json<Member>();
    expect((await admin.put(`/api/members/${me.id}`, { name: 'Al\u200Bice' })).statusCode).toBe(400);
  });
});
