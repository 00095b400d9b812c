import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/member';
import type { Plan } from '../../../shared/subscription';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';

/** The app's clock: the assignments below (from 2025-01-01 and 2025-03-01) are current on this day. */
const NOW = new Date('2025-03-15T10:00:00.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.now = NOW;
});

/** An admin's syndicate plus a second user who joined it with the invite code (role member). */
async function syndicateWithMember() {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Alice Admin');
  const user = await signUp(t.app, 'Bob Member');
  expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  const member = (await user.get('/api/members/me')).json<Member>();
  return { admin, user, member };
}

const plans = async (c: Client) => (await c.get('/api/subscriptions')).json<Plan[]>();
const gold = (over: Record<string, unknown> = {}) => ({
  name: 'Gold',
  price: 49.99,
  duration: 3,
  description: 'Full share',
  features: ['Weekly tips', 'Race day passes'],
  ...over,
});

async function createPlan(admin: Client, over: Record<string, unknown> = {}): Promise<Plan> {
  const res = await admin.post('/api/subscriptions', gold(over));
  expect(res.statusCode).toBe(201);
  return res.json<Plan>();
}

describe('GET and POST /api/subscriptions', () => {
  it('creates a plan (201) and lists plans in creation order', async () => {
    const { admin, user } = await syndicateWithMember();
    const res = await admin.post('/api/subscriptions', gold());
    expect(res.statusCode).toBe(201);
    const plan = res.json<Plan>();
    expect(plan).toEqual({ id: expect.any(Number), ...gold(), activeMembers: 0 });
    const basic = await createPlan(admin, { name: 'Basic', price: 0, duration: 1 });
    expect(await plans(user)).toEqual([plan, basic]);
  });

  it('trims features, drops blank ones, and stores a blank description as null', async () => {
    const { admin } = await syndicateWithMember();
    const plan = await createPlan(admin, {
      name: '  Silver ',
      description: '   ',
      features: [' Tips ', '', '   ', 'Badge'],
    });
    expect(plan).toMatchObject({ name: 'Silver', description: null, features: ['Tips', 'Badge'] });
    const bare = await createPlan(admin, { description: undefined, features: undefined });
    expect(bare).toMatchObject({ description: null, features: [] });
    expect(await plans(admin)).toEqual([plan, bare]);
  });

  it.each([
    ['blank name', { name: '  ' }, 'Name is required'],
    ['no name', { name: undefined }, 'Name is required'],
    ['long name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['negative price', { price: -1 }, 'Price must be positive'],
    ['text price', { price: 'ten' }, 'Price must be positive'],
    ['no price', { price: undefined }, 'Price is required'],
    ['3-decimal price', { price: 1.234 }, 'Use at most 2 decimals'],
    ['huge price', { price: 1e9 }, 'Price must be at most 1,000,000'],
    ['zero duration', { duration: 0 }, 'Duration must be at least 1 month'],
    ['no duration', { duration: undefined }, 'Duration must be at least 1 month'],
    ['fractional duration', { duration: 1.5 }, 'Duration must be a whole number of months'],
    ['long duration', { duration: 121 }, 'Duration must be at most 120 months'],
    ['long description', { description: 'd'.repeat(1001) }, 'Description must be at most 1000 characters'],
    ['long feature', { features: ['f'.repeat(201)] }, 'Each feature must be at most 200 characters'],
    ['too many features', { features: Array.from({ length: 51 }, (_, i) => `F${i}`) }, 'At most 50 features'],
    ['features as text', { features: 'a\nb' }, 'Features must be a list of text'],
  ])('refuses a %s with its message and creates nothing', async (_label, override, message) => {
    const { admin } = await syndicateWithMember();
    const res = await admin.post('/api/subscriptions', gold(override));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await plans(admin)).toEqual([]);
  });

  it('accepts a price of 0 and a 120-month duration', async () => {
    const { admin } = await syndicateWithMember();
    expect(await createPlan(admin, { price: 0, duration: 120 })).toMatchObject({ price: 0, duration: 120 });
  });

  it('is for admins only (403), and the list is per syndicate', async () => {
    const { admin, user } = await syndicateWithMember();
    expect((await user.post('/api/subscriptions', gold())).statusCode).toBe(403);
    expect(await plans(admin)).toEqual([]);
    const other = await syndicateWithMember();
    await createPlan(other.admin);
    expect(await plans(admin)).toEqual([]);
  });
});

describe('PUT /api/subscriptions/:id', () => {
  it('replaces every field (200)', async () => {
    const { admin } = await syndicateWithMember();
    const plan = await createPlan(admin);
    const body = { name: 'Platinum', price: 100, duration: 12, description: null, features: ['All'] };
    const res = await admin.put(`/api/subscriptions/${plan.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: plan.id, ...body, activeMembers: 0 });
    expect(await plans(admin)).toEqual([res.json()]);
  });

  it('refuses bad input, members, and other syndicates’ plans, changing nothing', async () => {
    const { admin, user } = await syndicateWithMember();
    const plan = await createPlan(admin);
    const bad = await admin.put(`/api/subscriptions/${plan.id}`, gold({ price: -5 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Price must be positive');
    expect((await user.put(`/api/subscriptions/${plan.id}`, gold({ name: 'Mine' }))).statusCode).toBe(403);
    const other = await syndicateWithMember();
    expect((await other.admin.put(`/api/subscriptions/${plan.id}`, gold({ name: 'Ours' }))).statusCode).toBe(
      404,
    );
    expect((await admin.put('/api/subscriptions/2147483648', gold())).statusCode).toBe(404);
    expect(await plans(admin)).toEqual([plan]);
  });
});

describe('DELETE /api/subscriptions/:id', () => {
  it('deletes a plan nobody holds (204)', async () => {
    const { admin } = await syndicateWithMember();
    const plan = await createPlan(admin);
    const res = await admin.delete(`/api/subscriptions/${plan.id}`);
    expect(res.statusCode).toBe(204);
    expect(await plans(admin)).toEqual([]);
    expect((await admin.delete(`/api/subscriptions/${plan.id}`)).statusCode).toBe(404);
  });

  it('refuses while a member holds it actively (409), then allows it once the member moved on', async () => {
    const { admin, member } = await syndicateWithMember();
    const plan = await createPlan(admin);
    const other = await createPlan(admin, { name: 'Basic' });
    const assign = (subscriptionId: number) =>
      admin.post(`/api/members/${member.id}/subscriptions`, { subscriptionId, startDate: '2025-01-01' });
    expect((await assign(plan.id)).statusCode).toBe(201);
    const res = await admin.delete(`/api/subscriptions/${plan.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Plan has active members' });
    expect((await plans(admin)).map((p) => p.id)).toEqual([plan.id, other.id]);

    expect((await assign(other.id)).statusCode).toBe(201);
    expect((await admin.delete(`/api/subscriptions/${plan.id}`)).statusCode).toBe(204);
    const history = (await admin.get(`/api/members/${member.id}/subscriptions`)).json<
      { subscriptionId: number }[]
    >();
    expect(history.map((s) => s.subscriptionId)).toEqual([other.id]);
  });

  it('is for admins only (403) and answers 404 for another syndicate’s plan', async () => {
    const { admin, user } = await syndicateWithMember();
    const plan = await createPlan(admin);
    expect((await user.delete(`/api/subscriptions/${plan.id}`)).statusCode).toBe(403);
    const other = await syndicateWithMember();
    expect((await other.admin.delete(`/api/subscriptions/${plan.id}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/subscriptions/abc')).statusCode).toBe(400);
    expect(await plans(admin)).toEqual([plan]);
  });
});

describe('activeMembers', () => {
  it('counts active subscriptions of current members only', async () => {
    const { admin, member } = await syndicateWithMember();
    const plan = await createPlan(admin);
    const second = await createPlan(admin, { name: 'Basic' });
    const carol = (
      await admin.post('/api/members', { name: 'Carol Smith', email: 'carol@example.test', role: 'member' })
    ).json<Member>();
    const assign = (memberId: number, subscriptionId: number) =>
      admin.post(`/api/members/${memberId}/subscriptions`, { subscriptionId, startDate: '2025-03-01' });
    await assign(member.id, plan.id);
    await assign(carol.id, plan.id);
    const counts = async () => (await plans(admin)).map((p) => p.activeMembers);
    expect(await counts()).toEqual([2, 0]);
    await assign(carol.id, second.id); // Carol's Gold subscription expires.
    expect(await counts()).toEqual([1, 1]);
    await admin.delete(`/api/members/${member.id}`); // An archived member no longer counts.
    expect(await counts()).toEqual([0, 1]);
    // ...so the plan can go, taking the archived member's assignment with it.
    expect((await admin.delete(`/api/subscriptions/${plan.id}`)).statusCode).toBe(204);
  });
});

describe('activeMembers and the delete refusal count current assignments only (start ≤ today < end)', () => {
  async function threeMembers(admin: Client) {
    const add = async (name: string, email: string) =>
      (await admin.post('/api/members', { name, email, role: 'member' })).json<Member>();
    return [
      await add('Ended Ed', 'ed@example.test'),
      await add('Future Fay', 'fay@example.test'),
      await add('Current Cy', 'cy@example.test'),
    ] as const;
  }
  const assign = (admin: Client, memberId: number, subscriptionId: number, startDate: string) =>
    admin.post(`/api/members/${memberId}/subscriptions`, { subscriptionId, startDate });

  it('an ended and a future assignment are not counted and do not block deletion', async () => {
    const { admin } = await syndicateWithMember();
    const season = await createPlan(admin, { name: 'Season', duration: 12 });
    const [ed, fay] = await threeMembers(admin);
    expect((await assign(admin, ed.id, season.id, '2020-01-01')).statusCode).toBe(201); // ended 2021-01-01
    expect((await assign(admin, fay.id, season.id, '2099-06-01')).statusCode).toBe(201); // starts later
    // Both stay the members' assignments (status 'active'), but neither holds the plan today.
    const eds = (await admin.get(`/api/members/${ed.id}/subscriptions`)).json<{ status: string }[]>();
    expect(eds.map((s) => s.status)).toEqual(['active']);
    expect((await plans(admin)).map((p) => p.activeMembers)).toEqual([0]);
    expect((await admin.delete(`/api/subscriptions/${season.id}`)).statusCode).toBe(204);
    expect(await plans(admin)).toEqual([]);
  });

  it('a current assignment is counted and blocks deletion', async () => {
    const { admin } = await syndicateWithMember();
    const season = await createPlan(admin, { name: 'Season', duration: 12 });
    const [ed, fay, cy] = await threeMembers(admin);
    await assign(admin, ed.id, season.id, '2020-01-01');
    await assign(admin, fay.id, season.id, '2099-06-01');
    await assign(admin, cy.id, season.id, '2025-01-01');
    expect((await plans(admin)).map((p) => p.activeMembers)).toEqual([1]);
    const res = await admin.delete(`/api/subscriptions/${season.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Plan has active members' });
    // PUT answers the same count.
    const put = await admin.put(`/api/subscriptions/${season.id}`, gold({ name: 'Season', duration: 12 }));
    expect(put.json<Plan>().activeMembers).toBe(1);
  });

  it('follows the app’s clock: counted from its start day, no longer on its end day', async () => {
    const { admin } = await syndicateWithMember();
    const monthly = await createPlan(admin, { name: 'Monthly', duration: 1 });
    const [, , cy] = await threeMembers(admin);
    await assign(admin, cy.id, monthly.id, '2025-03-20'); // ends 2025-04-20
    const count = async () => (await plans(admin))[0]!.activeMembers;
    // Steps under the sessions' 14 idle days, so the admin stays signed in.
    const at = async (iso: string) => {
      t.clock.now = new Date(iso);
      return count();
    };
    expect(await at('2025-03-19T23:59:59.000Z')).toBe(0);
    expect(await at('2025-03-20T00:00:00.000Z')).toBe(1);
    expect(await at('2025-04-01T12:00:00.000Z')).toBe(1);
    expect(await at('2025-04-12T12:00:00.000Z')).toBe(1);
    expect(await at('2025-04-19T23:59:59.000Z')).toBe(1);
    expect((await admin.delete(`/api/subscriptions/${monthly.id}`)).statusCode).toBe(409);
    expect(await at('2025-04-20T00:00:00.000Z')).toBe(0);
    expect((await admin.delete(`/api/subscriptions/${monthly.id}`)).statusCode).toBe(204);
  });

  it('reads today in the syndicate’s time zone', async () => {
    const { admin } = await syndicateWithMember();
    const settings = (await admin.get('/api/settings')).json<Record<string, unknown>>();
    const tz = await admin.put('/api/settings', {
      syndicateName: settings.syndicateName,
      defaultBetAmount: settings.defaultBetAmount,
      currency: settings.currency,
      rotationStrategy: settings.rotationStrategy,
      timezone: 'Australia/Sydney',
    });
    expect(tz.statusCode, tz.body).toBe(200);
    const monthly = await createPlan(admin, { name: 'Monthly', duration: 1 });
    const [, , cy] = await threeMembers(admin);
    await assign(admin, cy.id, monthly.id, '2025-03-20');
    const count = async () => (await plans(admin))[0]!.activeMembers;
    // 2025-03-19T13:00Z is 2025-03-20 00:00 in Sydney (AEDT, +11), still the 19th in UTC.
    t.clock.now = new Date('2025-03-19T12:59:59.000Z');
    expect(await count()).toBe(0);
    t.clock.now = new Date('2025-03-19T13:00:00.000Z');
    expect(await count()).toBe(1);
  });

  it('deleting a plan before an assignment of it starts: that assignment never charges dues', async () => {
    const { admin } = await syndicateWithMember();
    const season = await createPlan(admin, { name: 'Season', price: 120, duration: 12 });
    const [ed, fay] = await threeMembers(admin);
    await assign(admin, ed.id, season.id, '2025-02-01'); // current, then replaced: it charged
    await assign(admin, ed.id, (await createPlan(admin, { name: 'Other', price: 0 })).id, '2025-03-01');
    await assign(admin, fay.id, season.id, '2025-03-20'); // starts in 5 days
    expect((await admin.delete(`/api/subscriptions/${season.id}`)).statusCode).toBe(204);
    t.clock.now = new Date('2025-03-21T10:00:00.000Z');
    const bank = (await admin.get('/api/bank')).json<{
      members: { memberId: number; duesCharged: number }[];
    }>();
    const charged = (id: number) => bank.members.find((m) => m.memberId === id)?.duesCharged ?? 0;
    expect(charged(ed.id)).toBe(120);
    expect(charged(fay.id)).toBe(0);
  });
});
