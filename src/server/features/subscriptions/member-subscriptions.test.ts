import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/member';
import type { MemberSubscription, Plan } from '../../../shared/subscription';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An admin's syndicate, a second user who joined as member, and two plans (1 and 12 months). */
async function setup() {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Alice Admin');
  const user = await signUp(t.app, 'Bob Member');
  expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  const member = (await user.get('/api/members/me')).json<Member>();
  const monthly = (
    await admin.post('/api/subscriptions', { name: 'Monthly', price: 10, duration: 1 })
  ).json<Plan>();
  const yearly = (
    await admin.post('/api/subscriptions', { name: 'Yearly', price: 99.5, duration: 12 })
  ).json<Plan>();
  return { admin, user, member, monthly, yearly };
}

const history = async (c: Client, memberId: number) =>
  (await c.get(`/api/members/${memberId}/subscriptions`)).json<MemberSubscription[]>();

describe('POST /api/members/:id/subscriptions', () => {
  it('assigns a plan (201) with the end date derived from the plan, ignoring the client’s', async () => {
    const { admin, member, monthly } = await setup();
    const res = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: monthly.id,
      startDate: '2024-01-31',
      endDate: '2030-12-31',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      memberId: member.id,
      subscriptionId: monthly.id,
      startDate: '2024-01-31',
      endDate: '2024-02-29',
      status: 'active',
      plan: { id: monthly.id, name: 'Monthly', price: 10, duration: 1 },
    });
    expect(await history(admin, member.id)).toEqual([res.json()]);
  });

  it('keeps one active subscription: a new plan expires the previous one; newest first', async () => {
    const { admin, user, member, monthly, yearly } = await setup();
    const first = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: monthly.id,
      startDate: '2025-01-15',
    });
    const second = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: String(yearly.id), // a form select's value
      startDate: '2025-02-15',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json<MemberSubscription>()).toMatchObject({ endDate: '2026-02-15', status: 'active' });
    const list = await history(user, member.id);
    expect(list.map((s) => [s.id, s.status])).toEqual([
      [second.json<MemberSubscription>().id, 'active'],
      [first.json<MemberSubscription>().id, 'expired'],
    ]);
  });

  it.each([
    ['no plan', { subscriptionId: undefined }, 'Please select a subscription'],
    ['an empty plan', { subscriptionId: '' }, 'Please select a subscription'],
    ['plan 0', { subscriptionId: 0 }, 'Please select a subscription'],
    ['no start date', { startDate: undefined }, 'A start date is required'],
    ['a blank start date', { startDate: ' ' }, 'A start date is required'],
    ['29 February 2023', { startDate: '2023-02-29' }, 'Start date must be a valid date (YYYY-MM-DD)'],
    ['hour 24', { startDate: '2025-01-01T24:00:00Z' }, 'Start date must be a valid date (YYYY-MM-DD)'],
    ['year 1899', { startDate: '1899-12-31' }, 'Date must be between 1900 and 2100'],
    ['year 12025', { startDate: '12025-01-01' }, 'Start date must be a valid date (YYYY-MM-DD)'],
  ])('refuses %s with its message and changes nothing', async (_label, override, message) => {
    const { admin, member, monthly } = await setup();
    const res = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: monthly.id,
      startDate: '2025-01-01',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await history(admin, member.id)).toEqual([]);
  });

  it('replays an Idempotency-Key: a second tap assigns (and charges dues) once; another body → 422', async () => {
    const { admin, member, monthly, yearly } = await setup();
    const key = { 'idempotency-key': 'assign-1' };
    const body = { subscriptionId: yearly.id, startDate: '2024-02-01' };
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => admin.post(`/api/members/${member.id}/subscriptions`, body, key)),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.body)).size).toBe(1);
    expect(burst.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await history(admin, member.id)).toHaveLength(1);
    const other = await admin.post(
      `/api/members/${member.id}/subscriptions`,
      { subscriptionId: monthly.id, startDate: '2024-02-01' },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(await history(admin, member.id)).toHaveLength(1);
  });

  it('assigns the plan a member already holds from the same day once, even in a burst without a key', async () => {
    const { admin, member, monthly, yearly } = await setup();
    const body = { subscriptionId: yearly.id, startDate: '2024-02-01' };
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => admin.post(`/api/members/${member.id}/subscriptions`, body)),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.body)).size).toBe(1);
    expect(await history(admin, member.id)).toEqual([burst[0]?.json()]);
    const bank = await admin.get('/api/bank');
    expect(bank.json<{ members: { memberId: number; duesCharged: number }[] }>().members).toContainEqual(
      expect.objectContaining({ memberId: member.id, duesCharged: 99.5 }),
    );
    const activity = (await admin.get('/api/activity')).json<{ events: { action: string }[] }>();
    expect(activity.events.filter((e) => e.action === 'subscription.assigned')).toHaveLength(1);
    // Another plan, or the same plan from another day, is a new assignment.
    const later = await admin.post(`/api/members/${member.id}/subscriptions`, {
      ...body,
      startDate: '2024-03-01',
    });
    const other = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: monthly.id,
      startDate: '2024-03-01',
    });
    expect([later.statusCode, other.statusCode]).toEqual([201, 201]);
    expect(await history(admin, member.id)).toHaveLength(3);
  });

  it('is for admins only (403); members can read', async () => {
    const { admin, user, member, monthly } = await setup();
    const res = await user.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: monthly.id,
      startDate: '2025-01-01',
    });
    expect(res.statusCode).toBe(403);
    expect(await history(admin, member.id)).toEqual([]);
    expect((await user.get(`/api/members/${member.id}/subscriptions`)).statusCode).toBe(200);
  });

  it('answers 404 for another syndicate’s member or plan, and for a removed member', async () => {
    const { admin, member, monthly } = await setup();
    const other = await setup();
    const body = { subscriptionId: monthly.id, startDate: '2025-01-01' };
    expect((await admin.post(`/api/members/${other.member.id}/subscriptions`, body)).statusCode).toBe(404);
    expect((await admin.get(`/api/members/${other.member.id}/subscriptions`)).statusCode).toBe(404);
    const foreignPlan = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: other.monthly.id,
      startDate: '2025-01-01',
    });
    expect(foreignPlan.statusCode).toBe(404);
    expect(await history(admin, member.id)).toEqual([]);
    expect(await history(other.admin, other.member.id)).toEqual([]);

    expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(204);
    expect((await admin.post(`/api/members/${member.id}/subscriptions`, body)).statusCode).toBe(404);
    expect((await admin.get(`/api/members/${member.id}/subscriptions`)).statusCode).toBe(404);
    expect((await admin.get('/api/members/4294967296/subscriptions')).statusCode).toBe(404);
  });
});
