// Every date the API takes (bodies and filters): years outside 1900–2100 answer 400 and change
// nothing; a day ('YYYY-MM-DD') and an ISO date-time are both accepted, read in the
// syndicate's time zone. Years 0001–0099 used to be stored and read back as 20xx by drizzle,
// and year 0000 reached PostgreSQL and answered 500.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '../../shared/dates';
import type { Member } from '../../shared/member';
import type { Race } from '../../shared/race';
import type { MemberSubscription, Plan } from '../../shared/subscription';
import { bets, memberSubscriptions, races, reminders } from '../db/schema';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Reminders refuse past days: keep "today" well before every date used here.
  t.clock.now = new Date('2026-01-10T00:00:00.000Z');
});
afterAll(async () => t.close());

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

/** Years drizzle or PostgreSQL mishandle, and the first years outside 1900–2100. */
const OUT_OF_RANGE = [
  '0000-01-01T00:00:00.000Z',
  '0049-06-01T00:00:00.000Z',
  '0049-06-01',
  '0099-12-31T23:59:59Z',
  '1899-12-31',
  '1899-12-31T12:00:00+10:00',
  '2101-01-01',
  '2101-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
];

async function setTimeZone(client: Client, timezone: string) {
  const res = await client.put('/api/settings', {
    syndicateName: 'Date Club',
    defaultBetAmount: 100,
    currency: 'aud',
    rotationStrategy: 'sequential',
    timezone,
  });
  expect(res.statusCode).toBe(200);
}

/** An admin's syndicate in a zone, with a member, one race and one plan. */
async function setup(timezone = 'Australia/Sydney') {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
  await setTimeZone(admin, timezone);
  const user = await signUp(t.app, 'Bob Member');
  expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  const member = (await user.get('/api/members/me')).json<Member>();
  const race = await admin.post('/api/races', {
    name: 'Cup',
    venue: 'Flemington',
    date: '2030-11-05T04:00:00Z',
  });
  expect(race.statusCode).toBe(201);
  const plan = await admin.post('/api/subscriptions', { name: 'Monthly', price: 10, duration: 1 });
  expect(plan.statusCode).toBe(201);
  return { admin, syndicateId: syndicate.id, member, race: race.json<Race>(), plan: plan.json<Plan>() };
}

async function rows(syndicateId: number) {
  const { db } = t.database;
  const n = async (table: typeof races | typeof bets | typeof reminders | typeof memberSubscriptions) =>
    (await db.select({ n: count() }).from(table).where(eq(table.syndicateId, syndicateId)))[0]?.n;
  return {
    races: await n(races),
    bets: await n(bets),
    reminders: await n(reminders),
    subs: await n(memberSubscriptions),
  };
}

function expectRangeError(res: { statusCode: number; json<T>(): T }, path: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.message).toBe(DATE_RANGE_MESSAGE);
  expect(body.errors).toContainEqual({ path, message: DATE_RANGE_MESSAGE });
}

describe('years outside 1900–2100 answer 400 and change nothing', () => {
  it.each(OUT_OF_RANGE)('%s on every date input and filter', async (date) => {
    const { admin, syndicateId, member, race, plan } = await setup();
    const before = await rows(syndicateId);
    const raceBody = { name: 'Old', venue: 'Nowhere', date };
    expectRangeError(await admin.post('/api/races', raceBody), 'date');
    expectRangeError(await admin.put(`/api/races/${race.id}`, raceBody), 'date');
    expectRangeError(await admin.get(`/api/races?from=${encodeURIComponent(date)}`), 'from');
    expectRangeError(
      await admin.post('/api/bets', {
        memberId: member.id,
        horseName: 'Phar Lap',
        odds: 3,
        amount: 10,
        date,
      }),
      'date',
    );
    expectRangeError(await admin.post('/api/reminders', { text: 'Pay', date }), 'date');
    expectRangeError(
      await admin.post(`/api/members/${member.id}/subscriptions`, {
        subscriptionId: plan.id,
        startDate: date,
      }),
      'startDate',
    );
    // The end date the form computes may run a plan's longest duration (10 years) past 2100.
    const end = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: plan.id,
      startDate: '2026-02-01',
      endDate: date,
    });
    if (date.startsWith('2101')) expect(end.statusCode).toBe(201);
    else {
      expect(end.statusCode).toBe(400);
      expect(end.json<ErrorBody>().errors).toContainEqual({
        path: 'endDate',
        message: 'Date must be between 1900 and 2110',
      });
    }
    expectRangeError(await admin.post('/api/racing/import', { date }), 'date');
    const subs = date.startsWith('2101') ? 1 : 0;
    expect(await rows(syndicateId)).toEqual({ ...before, subs: (before.subs ?? 0) + subs });
    expect((await admin.get(`/api/races/${race.id}`)).json<Race>().date).toBe('2030-11-05T04:00:00.000Z');
  });

  it('accepts the edges 1900-01-01 and 2100-12-31 and reads them back unchanged', async () => {
    const { admin } = await setup('UTC');
    for (const date of ['1900-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z']) {
      const res = await admin.post('/api/races', { name: 'Edge', venue: 'Edge', date });
      expect(res.statusCode).toBe(201);
      expect(res.json<Race>().date).toBe(date);
      expect((await admin.get(`/api/races/${res.json<Race>().id}`)).json<Race>().date).toBe(date);
    }
  });

  it('refuses what is not a date with a clear message (not a 500)', async () => {
    const { admin, member, plan } = await setup();
    for (const date of [
      '2025-02-30',
      '2025-13-01',
      'tomorrow',
      '2025-01-01T25:00:00Z',
      '+002025-01-01T00:00:00Z',
    ]) {
      const race = await admin.post('/api/races', { name: 'X', venue: 'Y', date });
      expect(race.statusCode).toBe(400);
      expect((await admin.get(`/api/races?from=${encodeURIComponent(date)}`)).statusCode).toBe(400);
      const sub = await admin.post(`/api/members/${member.id}/subscriptions`, {
        subscriptionId: plan.id,
        startDate: date,
      });
      expect(sub.statusCode).toBe(400);
    }
  });
});

describe('a day and an ISO date-time are both accepted, read in the syndicate’s time zone', () => {
  it('a race on a bare day starts at midnight in the syndicate’s zone; ?from= takes a day too', async () => {
    const { admin } = await setup('Australia/Sydney');
    const res = await admin.post('/api/races', { name: 'Day', venue: 'Randwick', date: '2030-11-05' });
    expect(res.statusCode).toBe(201);
    // Sydney is UTC+11 in November.
    expect(res.json<Race>().date).toBe('2030-11-04T13:00:00.000Z');
    const put = await admin.put(`/api/races/${res.json<Race>().id}`, {
      name: 'Day',
      venue: 'Randwick',
      date: '2030-11-06',
    });
    expect(put.json<Race>().date).toBe('2030-11-05T13:00:00.000Z');
    // From the start of 6 November in Sydney: the moved race is in, the 04:00Z Cup of the 5th is out.
    const from = await admin.get('/api/races?from=2030-11-06');
    expect(from.statusCode).toBe(200);
    expect(from.json<Race[]>().map((r) => r.name)).toEqual(['Day']);
  });

  it('a bet dated by a bare day starts at midnight in the syndicate’s zone', async () => {
    const { admin, member } = await setup('America/New_York');
    const res = await admin.post('/api/bets', {
      memberId: member.id,
      horseName: 'Winx',
      odds: 2,
      amount: 10,
      date: '2026-03-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ bets: { date: string }[] }>().bets[0]?.date).toBe('2026-03-01T05:00:00.000Z');
  });

  it.each([
    ['Australia/Sydney', '2026-11-22'],
    ['America/New_York', '2026-11-21'],
  ])('subscription startDate as an ISO date-time is its day in %s', async (zone, day) => {
    const { admin, syndicateId, member, plan } = await setup(zone);
    const res = await admin.post(`/api/members/${member.id}/subscriptions`, {
      subscriptionId: plan.id,
      startDate: '2026-11-22T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<MemberSubscription>().startDate).toBe(day);
    expect((await rows(syndicateId)).subs).toBe(1);
  });
});
