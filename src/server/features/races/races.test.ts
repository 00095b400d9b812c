import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race } from '../../../shared/race';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

const race = (overrides: Record<string, unknown> = {}) => ({
  name: 'Melbourne Cup',
  venue: 'Flemington',
  date: '2030-11-05T04:00:00.000Z',
  description: 'The race that stops a nation',
  ...overrides,
});

/** An admin and a (non-admin) member of one new syndicate. */
async function syndicate() {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
  const member = await signUp(t.app, 'Mia Member');
  const joined = await member.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
  expect(joined.statusCode).toBe(200);
  return { admin, member };
}

async function addRace(client: Client, overrides: Record<string, unknown> = {}): Promise<Race> {
  const res = await client.post('/api/races', race(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<Race>();
}

describe('POST /api/races', () => {
  it('adds a race with every field and answers 201 with its id', async () => {
    const { admin } = await syndicate();
    const res = await admin.post(
      '/api/races',
      race({
        meetingNumber: 7,
        raceNumber: 3,
        distance: '3200m',
        raceType: 'Group 1',
        trackCondition: 'Good 4',
        customFields: { prize: '$8m', class: 'Handicap' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<Race>();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Melbourne Cup',
      venue: 'Flemington',
      date: '2030-11-05T04:00:00.000Z',
      description: 'The race that stops a nation',
      meetingNumber: 7,
      raceNumber: 3,
      distance: '3200m',
      raceType: 'Group 1',
      trackCondition: 'Good 4',
      customFields: { prize: '$8m', class: 'Handicap' },
      result: null,
      runners: null,
      resultBetIds: [],
    });
    expect((await admin.get(`/api/races/${created.id}`)).json()).toEqual(created);
  });

  it('accepts null optional fields (the form sends null when empty) and a date with an offset', async () => {
    const { member } = await syndicate();
    const created = await addRace(member, {
      date: '2030-01-01T13:00:00+10:00',
      description: null,
      meetingNumber: null,
      raceNumber: null,
      distance: null,
      raceType: null,
      trackCondition: null,
      customFields: null,
    });
    expect(created).toMatchObject({
      date: '2030-01-01T03:00:00.000Z',
      description: null,
      raceNumber: null,
      customFields: null,
    });
  });

  it.each([
    [{ name: '' }, 'Race name is required'],
    [{ name: '   ' }, 'Race name is required'],
    [{ name: undefined }, 'Race name is required'],
    [{ venue: '' }, 'Venue is required'],
    [{ venue: undefined }, 'Venue is required'],
    [{ date: '' }, 'Race date is required'],
    [{ date: undefined }, 'Race date is required'],
    [{ date: null }, 'Race date is required'],
    [{ date: 'next tuesday' }, 'Race date must be a valid date and time'],
    [{ name: 'x'.repeat(101) }, 'Race name must be at most 100 characters'],
    [{ description: 'x'.repeat(1001) }, 'Description must be at most 1000 characters'],
    [{ raceNumber: 0 }, 'Race number must be at least 1'],
    [{ venue: 42 }, 'Venue is required'],
    [{ customFields: ['a'] }, 'Invalid input: expected record, received array'],
    [{ raceNumber: 1.5 }, 'Race number must be a whole number'],
    [{ customFields: { ['k'.repeat(51)]: 'v' } }, 'Custom field names must be at most 50 characters'],
    [{ customFields: { ' ': 'v' } }, 'Custom field names cannot be blank'],
    [{ customFields: { key: 'v'.repeat(201) } }, 'Custom field values must be at most 200 characters'],
    [
      { customFields: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'v'])) },
      'At most 20 custom fields',
    ],
  ])('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const { admin } = await syndicate();
    const res = await admin.post('/api/races', race(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect((await admin.get('/api/races')).json()).toEqual([]);
  });

  it('accepts exactly 20 custom fields', async () => {
    const { admin } = await syndicate();
    const customFields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'v'.repeat(200)]));
    expect((await addRace(admin, { customFields })).customFields).toEqual(customFields);
  });
});

describe('GET /api/races', () => {
  it('lists only the syndicate’s races, date ascending, and filters with ?from', async () => {
    const { admin } = await syndicate();
    const other = await syndicate();
    await addRace(other.admin, { name: 'Not ours' });
    const late = await addRace(admin, { name: 'Late', date: '2031-03-01T05:00:00.000Z' });
    const early = await addRace(admin, { name: 'Early', date: '2029-03-01T05:00:00.000Z' });
    const mid = await addRace(admin, { name: 'Mid', date: '2030-03-01T05:00:00.000Z' });

    const all = (await admin.get('/api/races')).json<Race[]>();
    expect(all.map((r) => r.id)).toEqual([early.id, mid.id, late.id]);

    const from = encodeURIComponent(mid.date);
    const upcoming = (await admin.get(`/api/races?from=${from}`)).json<Race[]>();
    expect(upcoming.map((r) => r.id)).toEqual([mid.id, late.id]);

    const bad = await admin.get('/api/races?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('from must be a day (YYYY-MM-DD) or an ISO date-time');
  });

  it('lists each race as GET /api/races/:id reads it (every field, a result, a date to the millisecond)', async () => {
    const { admin } = await syndicate();
    const full = await addRace(admin, {
      name: 'Cox Plate "Group 1"',
      date: '2030-10-26T06:15:30.123+11:00',
      meetingNumber: 3,
      raceNumber: 9,
      distance: '2040m',
      raceType: 'Weight for age',
      trackCondition: 'Good 4',
      customFields: { runners: '14', prize: '$5,000,000' },
    });
    const bare = await addRace(admin, { name: 'Bare', description: null, date: '2030-10-27' });
    const result = await admin.post(`/api/races/${full.id}/result`, {
      finishers: [{ position: 1, horseName: 'Via Sistina', horseNumber: 4 }],
      nonRunners: [{ horseName: 'Scratched' }],
      dividends: [{ horseName: 'Via Sistina', win: 3.2, place: 1.4 }],
      rule4: 5,
    });
    expect(result.statusCode, result.body).toBe(200);

    const listed = (await admin.get('/api/races')).json<Race[]>();
    const detail = async (id: number) => {
      const {
        runners: _runners,
        resultBetIds: _settled,
        ...race
      } = (await admin.get(`/api/races/${id}`)).json<Race & { runners: unknown; resultBetIds: unknown }>();
      return race;
    };
    expect(listed).toEqual([await detail(full.id), await detail(bare.id)]);
    expect(listed[0]).toMatchObject({
      date: '2030-10-25T19:15:30.123Z',
      customFields: { prize: '$5,000,000' },
    });
    expect(listed[0]!.result).toMatchObject({ rule4: 5, finishers: [{ horseName: 'Via Sistina' }] });
    expect(listed[0]!.result).not.toHaveProperty('settledBetIds');
  });

  it('answers 404 for another syndicate’s race, a missing id and a huge id; 400 for a non-id', async () => {
    const { admin } = await syndicate();
    const other = await syndicate();
    const theirs = await addRace(other.admin);
    for (const id of [theirs.id, 2147483647, 99999999999999]) {
      const res = await admin.get(`/api/races/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Race not found' });
    }
    expect((await admin.get('/api/races/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/races/-1')).statusCode).toBe(400);
  });

  it('needs a session (401) and a syndicate (403)', async () => {
    const client = await signUp(t.app);
    expect((await client.get('/api/races')).statusCode).toBe(403);
    expect((await client.post('/api/races', race())).statusCode).toBe(403);
    client.cookie = undefined;
    expect((await client.get('/api/races')).statusCode).toBe(401);
  });
});

describe('PUT /api/races/:id', () => {
  it('lets an admin replace a race (omitted optional fields become null)', async () => {
    const { admin } = await syndicate();
    const created = await addRace(admin, { raceNumber: 4, distance: '1200m' });
    const res = await admin.put(
      `/api/races/${created.id}`,
      race({ name: 'Cox Plate', venue: 'Moonee Valley', raceNumber: 9 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Cox Plate', raceNumber: 9, distance: null });
  });

  it('refuses a member with 403 and changes nothing', async () => {
    const { admin, member } = await syndicate();
    const created = await addRace(admin);
    const res = await member.put(`/api/races/${created.id}`, race({ name: 'Hijacked' }));
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toBeTruthy();
    expect((await admin.get(`/api/races/${created.id}`)).json()).toEqual(created);
  });

  it('refuses bad input with the spec message and changes nothing', async () => {
    const { admin } = await syndicate();
    const created = await addRace(admin);
    const res = await admin.put(`/api/races/${created.id}`, race({ venue: ' ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe('Venue is required');
    expect((await admin.get(`/api/races/${created.id}`)).json()).toEqual(created);
  });

  it('answers 404 for another syndicate’s race and leaves it unchanged', async () => {
    const { admin } = await syndicate();
    const other = await syndicate();
    const theirs = await addRace(other.admin);
    const res = await admin.put(`/api/races/${theirs.id}`, race({ name: 'Mine now' }));
    expect(res.statusCode).toBe(404);
    expect((await other.admin.get(`/api/races/${theirs.id}`)).json()).toEqual(theirs);
    expect((await admin.put('/api/races/99999999999', race())).statusCode).toBe(404);
  });
});

describe('DELETE /api/races/:id', () => {
  it('lets an admin delete a race; its bets stay with raceId null', async () => {
    const { admin } = await syndicate();
    const created = await addRace(admin);
    const me = (await admin.get('/api/members/me')).json<{ id: number }>();
    const bet = await admin.post('/api/bets', {
      memberId: me.id,
      horseName: 'Vow And Declare',
      raceId: created.id,
      betType: 'win',
      odds: 5,
      amount: 10,
      oddsType: 'fixed',
    });
    expect(bet.statusCode).toBe(201);

    const res = await admin.delete(`/api/races/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`/api/races/${created.id}`)).statusCode).toBe(404);
    const [kept] = (await admin.get('/api/bets')).json<{ raceId: number | null; race: unknown }[]>();
    expect(kept).toMatchObject({ raceId: null, race: null });
  });

  it('refuses a member with 403 and another syndicate’s race with 404; nothing is deleted', async () => {
    const { admin, member } = await syndicate();
    const ours = await addRace(admin);
    expect((await member.delete(`/api/races/${ours.id}`)).statusCode).toBe(403);

    const other = await syndicate();
    const theirs = await addRace(other.admin);
    expect((await admin.delete(`/api/races/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/races/99999999999')).statusCode).toBe(404);

    expect((await admin.get(`/api/races/${ours.id}`)).statusCode).toBe(200);
    expect((await other.admin.get(`/api/races/${theirs.id}`)).statusCode).toBe(200);
  });
});
