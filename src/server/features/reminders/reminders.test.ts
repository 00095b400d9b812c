import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reminder } from '../../../shared/reminder';
import { reminders } from '../../db/schema';
import { Client, createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { addMember, joinAsMember, myMemberId } from '../stats/test-fixtures';

// 22:30 UTC on 15 June: already 16 June in Sydney, still 15 June in New York.
const NOW = new Date('2030-06-15T22:30:00.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.now = NOW;
});

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

async function setTimeZone(client: Client, timezone: string) {
  const res = await client.put('/api/settings', {
    syndicateName: 'Time Zone Club',
    defaultBetAmount: 100,
    currency: 'aud',
    rotationStrategy: 'sequential',
    timezone,
  });
  expect(res.statusCode).toBe(200);
}

const list = async (client: Client) => (await client.get('/api/reminders')).json<Reminder[]>();

describe('reminders', () => {
  it('adds reminders (201) and lists them by date ascending', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const me = await myMemberId(client);
    const later = await client.post('/api/reminders', {
      text: '  Pay the trainer  ',
      date: '2030-06-20T01:00:00.000Z',
      memberId: me,
      completed: false,
    });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({
      id: expect.any(Number),
      text: 'Pay the trainer',
      date: '2030-06-20T01:00:00.000Z',
      completed: false,
      completedAt: null,
      memberId: me,
    });
    const sooner = await client.post('/api/reminders', {
      text: 'Renew licence',
      date: '2030-06-15',
      memberId: null,
    });
    expect(sooner.statusCode).toBe(201);
    // A bare day means the start of that day in the syndicate's zone (UTC by default).
    expect(sooner.json<Reminder>().date).toBe('2030-06-15T00:00:00.000Z');
    expect((await list(client)).map((r) => r.text)).toEqual(['Renew licence', 'Pay the trainer']);
  });

  it('answers each validation message with 400 and adds nothing', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const cases: [unknown, string][] = [
      [{ date: '2030-06-20' }, 'Reminder text is required'],
      [{ text: '   ', date: '2030-06-20' }, 'Reminder text is required'],
      [{ text: 'x'.repeat(1001), date: '2030-06-20' }, 'Reminder text must be at most 1000 characters'],
      [{ text: 'Call' }, 'A date is required'],
      [{ text: 'Call', date: '' }, 'A date is required'],
      [{ text: 'Call', date: null }, 'A date is required'],
      [{ text: 'Call', date: '2030-02-30' }, 'Date must be a day (YYYY-MM-DD) or an ISO date-time'],
      [{ text: 'Call', date: '2030-02-30T10:00:00Z' }, 'Date must be a day (YYYY-MM-DD) or an ISO date-time'],
      [{ text: 'Call', date: 'next tuesday' }, 'Date must be a day (YYYY-MM-DD) or an ISO date-time'],
      [{ text: 'Call', date: '2030-06-14' }, 'Date cannot be in the past'],
      [{ text: 'Call', date: '2030-06-14T23:59:59Z' }, 'Date cannot be in the past'],
      [{ text: 'Call', date: '2030-06-20', completed: true }, 'A new reminder cannot be completed'],
      [{ text: 'Call', date: '2030-06-20', memberId: 'me' }, 'Member must be a member id or null'],
      [{ text: 'Call', date: '2030-06-20', memberId: 1.5 }, 'Member must be a member id or null'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/reminders', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ErrorBody>().message, JSON.stringify(body)).toBe(message);
    }
    expect(await list(client)).toEqual([]);
  });

  it('decides "past" in the syndicate time zone', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    await setTimeZone(client, 'Australia/Sydney');
    // It is 16 June in Sydney: 15 June is past there, even as an instant that is today in UTC.
    const yesterday = await client.post('/api/reminders', { text: 'a', date: '2030-06-15' });
    expect(yesterday.json<ErrorBody>().message).toBe('Date cannot be in the past');
    const lateOn15th = await client.post('/api/reminders', { text: 'b', date: '2030-06-15T13:00:00Z' });
    expect(lateOn15th.statusCode).toBe(400);
    const today = await client.post('/api/reminders', { text: 'c', date: '2030-06-16' });
    expect(today.statusCode).toBe(201);
    expect(today.json<Reminder>().date).toBe('2030-06-15T14:00:00.000Z');
    const earlierToday = await client.post('/api/reminders', { text: 'd', date: '2030-06-15T20:00:00Z' });
    expect(earlierToday.statusCode).toBe(201);

    await setTimeZone(client, 'America/New_York');
    // Still 15 June in New York.
    expect((await client.post('/api/reminders', { text: 'e', date: '2030-06-15' })).statusCode).toBe(201);
    expect((await client.post('/api/reminders', { text: 'f', date: '2030-06-14' })).statusCode).toBe(400);
    // 'e' is the start of 15 June in New York (04:00 UTC), before 'c' and 'd'.
    expect((await list(client)).map((r) => r.text)).toEqual(['e', 'c', 'd']);
  });

  it('keeps every reminder on its day when the syndicate changes its time zone', async () => {
    // A reminder is due on a day (the form picks one); a new time zone must not move it to
    // another. Found by probing: a reminder for 20 June made in UTC showed as due on 19 June,
    // "Today" a day early, once the syndicate moved to New York.
    const { client } = await signUpWithSyndicate(t.app);
    const other = await signUpWithSyndicate(t.app);
    const theirs = await other.client.post('/api/reminders', { text: 'theirs', date: '2030-06-20' });
    expect(theirs.json<Reminder>().date).toBe('2030-06-20T00:00:00.000Z');
    await client.post('/api/reminders', { text: 'day', date: '2030-06-20' });
    const done = await client.post('/api/reminders', { text: 'done', date: '2030-06-21' });
    await client.post('/api/reminders', { text: 'at 9', date: '2030-12-24T09:00:00Z' });
    expect((await client.put(`/api/reminders/${done.json<Reminder>().id}/complete`)).statusCode).toBe(200);
    const dates = async () => Object.fromEntries((await list(client)).map((r) => [r.text, r.date]));
    expect(await dates()).toEqual({
      day: '2030-06-20T00:00:00.000Z',
      done: '2030-06-21T00:00:00.000Z',
      'at 9': '2030-12-24T09:00:00.000Z',
    });

    await setTimeZone(client, 'America/New_York');
    // The same wall clock in New York: EDT (-4) in June, EST (-5) in December.
    expect(await dates()).toEqual({
      day: '2030-06-20T04:00:00.000Z',
      done: '2030-06-21T04:00:00.000Z',
      'at 9': '2030-12-24T14:00:00.000Z',
    });
    await setTimeZone(client, 'Australia/Sydney');
    expect(await dates()).toEqual({
      day: '2030-06-19T14:00:00.000Z',
      done: '2030-06-20T14:00:00.000Z',
      'at 9': '2030-12-23T22:00:00.000Z',
    });
    // Saving the same zone again moves nothing; another syndicate's reminders never move.
    await setTimeZone(client, 'Australia/Sydney');
    expect((await dates()).day).toBe('2030-06-19T14:00:00.000Z');
    expect((await list(other.client))[0]?.date).toBe('2030-06-20T00:00:00.000Z');
  });

  it('assigns only to a current member of the syndicate: others answer 404 and add nothing', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const other = await signUpWithSyndicate(t.app);
    const outsider = await myMemberId(other.client);
    const archived = await addMember(t.database.db, syndicate.id, { name: 'Gone Away', archived: true });
    for (const memberId of [outsider, archived, 2_147_483_000, 2 ** 40]) {
      const res = await client.post('/api/reminders', { text: 'x', date: '2030-06-20', memberId });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().message).toBe('Member not found');
    }
    expect(await list(client)).toEqual([]);
    const inactive = await addMember(t.database.db, syndicate.id, {
      name: 'Resting Member',
      isActive: false,
    });
    const ok = await client.post('/api/reminders', { text: 'x', date: '2030-06-20', memberId: inactive });
    expect(ok.statusCode).toBe(201);
  });

  it('completes once: sets completedAt; completing again changes nothing and answers 200', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const { id } = (
      await client.post('/api/reminders', { text: 'Book float', date: '2030-06-18' })
    ).json<Reminder>();
    const done = await client.put(`/api/reminders/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json<Reminder>()).toMatchObject({ id, completed: true, completedAt: NOW.toISOString() });

    t.clock.now = new Date(NOW.getTime() + 3_600_000);
    const again = await client.put(`/api/reminders/${id}/complete`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done.json());
  });

  it('deletes (204), then answers 404', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const { id } = (
      await client.post('/api/reminders', { text: 'Old', date: '2030-06-18' })
    ).json<Reminder>();
    const res = await client.delete(`/api/reminders/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await list(client)).toEqual([]);
    expect((await client.delete(`/api/reminders/${id}`)).statusCode).toBe(404);
    expect((await client.put(`/api/reminders/${id}/complete`)).statusCode).toBe(404);
  });

  it('lets a member add, and change their own or unassigned reminders only (403 otherwise)', async () => {
    const admin = await signUpWithSyndicate(t.app);
    const adminMember = await myMemberId(admin.client);
    const mo = await joinAsMember(t.app, admin.syndicate.inviteCode);
    const mine = (
      await mo.client.post('/api/reminders', { text: 'Mine', date: '2030-06-18', memberId: mo.memberId })
    ).json<Reminder>();
    const unassigned = (
      await mo.client.post('/api/reminders', { text: 'Anyone', date: '2030-06-18' })
    ).json<Reminder>();
    const admins = (
      await admin.client.post('/api/reminders', {
        text: 'Admin only',
        date: '2030-06-18',
        memberId: adminMember,
      })
    ).json<Reminder>();

    const refused = await mo.client.put(`/api/reminders/${admins.id}/complete`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe(
      'You can only change your own reminders or unassigned ones',
    );
    expect((await mo.client.delete(`/api/reminders/${admins.id}`)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(reminders).where(eq(reminders.id, admins.id));
    expect(row).toMatchObject({ completed: false, completedAt: null });

    expect((await mo.client.put(`/api/reminders/${mine.id}/complete`)).statusCode).toBe(200);
    expect((await mo.client.put(`/api/reminders/${unassigned.id}/complete`)).statusCode).toBe(200);
    expect((await mo.client.delete(`/api/reminders/${unassigned.id}`)).statusCode).toBe(204);
    // Admins change any reminder, including a member's.
    expect((await admin.client.delete(`/api/reminders/${mine.id}`)).statusCode).toBe(204);
    expect((await admin.client.put(`/api/reminders/${admins.id}/complete`)).statusCode).toBe(200);
  });

  it("answers 404 for another syndicate's reminder and changes nothing", async () => {
    const a = await signUpWithSyndicate(t.app);
    const b = await signUpWithSyndicate(t.app);
    const { id } = (
      await a.client.post('/api/reminders', { text: 'Private', date: '2030-06-18' })
    ).json<Reminder>();
    expect((await b.client.put(`/api/reminders/${id}/complete`)).statusCode).toBe(404);
    expect((await b.client.delete(`/api/reminders/${id}`)).statusCode).toBe(404);
    expect(await list(b.client)).toEqual([]);
    expect(await list(a.client)).toEqual([expect.objectContaining({ id, completed: false })]);
  });

  it('refuses malformed ids without reaching the database, and callers without a session', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    for (const id of ['abc', '0', '-1', '1.5', '1e3']) {
      expect((await client.put(`/api/reminders/${id}/complete`)).statusCode).toBe(400);
      expect((await client.delete(`/api/reminders/${id}`)).statusCode).toBe(400);
    }
    // Ids beyond int4 cannot exist: 404 like any missing id, never a 500.
    for (const id of ['2147483647', '2147483648', '99999999999999999999']) {
      expect((await client.put(`/api/reminders/${id}/complete`)).statusCode).toBe(404);
      expect((await client.delete(`/api/reminders/${id}`)).statusCode).toBe(404);
    }
    expect((await new Client(t.app).get('/api/reminders')).statusCode).toBe(401);
  });
});
