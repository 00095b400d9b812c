// The calendar feed: a personal secret address, read without a session, parsed here with a real
// iCalendar parser (ical.js). Revoked, replaced, unknown tokens and members removed or made
// inactive answer 404; another syndicate's races never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { crew, placeBet, singleBet } from '../bets/test-fixtures';
import { parseFeed } from './test-feed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const anonymous = () => new Client(t.app);

async function newFeed(client: Client): Promise<string> {
  const res = await client.post('/api/calendar/feed', {});
  expect(res.statusCode, res.body).toBe(201);
  const { url } = res.json<{ url: string }>();
  return url;
}

/** GET the feed as a calendar app would: no cookie, path only. */
const fetchFeed = (url: string) => anonymous().get(new URL(url).pathname);

const events = (text: string) => parseFeed(text).events;

describe('calendar feed', () => {
  it('gives a secret address whose feed lists the races with their bets and the open reminders', async () => {
    const c = await crew(t);
    await placeBet(c.admin, singleBet(c, { horseName: 'Winx', amount: 12.5, odds: 4 }));
    const numbered = await c.admin.post('/api/races', {
      name: 'Cox Plate',
      venue: 'Moonee Valley',
      date: '2030-10-26T05:15:00.000Z',
      raceNumber: 9,
    });
    expect(numbered.statusCode, numbered.body).toBe(201);
    const reminder = await c.admin.post('/api/reminders', {
      text: 'Pay the trainer',
      date: '2030-03-20T01:00:00.000Z',
      memberId: c.adminMemberId,
      completed: false,
    });
    expect(reminder.statusCode, reminder.body).toBe(201);

    const url = await newFeed(c.member);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');

    const list = events(res.body);
    const slipper = list.find((e) => e.summary === 'Golden Slipper — Rosehill');
    expect(slipper).toMatchObject({
      uid: `race-${c.raceId}@localhost:5000`,
      location: 'Rosehill',
      start: '2030-03-22T06:00:00.000Z',
      utc: true,
    });
    expect(slipper?.description).toContain('Alice Admin: Winx, win $12.50 at 4.00 (pending)');
    const cox = list.find((e) => e.summary === 'Cox Plate — Moonee Valley');
    expect(cox?.description).toContain('Race 9');
    expect(cox?.description).toContain('No bets yet');
    expect(list.find((e) => e.summary === 'Reminder: Pay the trainer')).toMatchObject({
      uid: `reminder-${reminder.json<{ id: number }>().id}@localhost:5000`,
      start: '2030-03-20T01:00:00.000Z',
    });
    expect(list).toHaveLength(3);

    // UIDs are stable from one fetch to the next (calendars update events, not duplicate them).
    const again = events((await fetchFeed(url)).body);
    expect(again.map((e) => e.uid).sort()).toEqual(list.map((e) => e.uid).sort());
  });

  it('shows a reminder due on a day as that whole day, in the syndicate’s time zone', async () => {
    // Found by probing (2026-12-02): a reminder picked for a day (stored as its local midnight)
    // showed in calendars as a half-hour meeting at midnight.
    const c = await crew(t);
    const zone = await c.admin.put('/api/settings', {
      syndicateName: 'Feed Zone Club',
      defaultBetAmount: 100,
      currency: 'aud',
      rotationStrategy: 'sequential',
      timezone: 'Australia/Sydney',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const day = await c.admin.post('/api/reminders', { text: 'Pay dues', date: '2030-03-21' });
    expect(day.statusCode, day.body).toBe(201);
    // Midnight in Sydney (AEDT, +11) is the afternoon before in UTC.
    expect(day.json<{ date: string }>().date).toBe('2030-03-20T13:00:00.000Z');
    const timed = await c.admin.post('/api/reminders', {
      text: 'Call the vet',
      date: '2030-03-21T01:30:00.000Z',
    });
    expect(timed.statusCode, timed.body).toBe(201);

    const list = events((await fetchFeed(await newFeed(c.member))).body);
    expect(list.find((e) => e.summary === 'Reminder: Pay dues')).toMatchObject({
      allDay: true,
      days: ['2030-03-21', '2030-03-22'],
    });
    expect(list.find((e) => e.summary === 'Reminder: Call the vet')).toMatchObject({
      allDay: false,
      start: '2030-03-21T01:30:00.000Z',
      end: '2030-03-21T02:00:00.000Z',
    });
  });

  it("never shows another syndicate's races", async () => {
    const a = await crew(t);
    const b = await crew(t);
    await b.admin.post('/api/races', { name: 'Secret Stakes', venue: 'Flemington', date: '2030-04-01' });
    const list = events((await fetchFeed(await newFeed(a.admin))).body);
    expect(list.map((e) => e.summary)).toEqual(['Golden Slipper — Rosehill']);
  });

  it('a new address revokes the old one; DELETE revokes; unknown tokens answer 404', async () => {
    const c = await crew(t);
    const first = await newFeed(c.member);
    const second = await newFeed(c.member);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    // Another member's feed is their own: the admin's new address leaves the member's working.
    const admins = await newFeed(c.admin);
    expect((await fetchFeed(second)).statusCode).toBe(200);

    const status = (await c.member.get('/api/calendar/feed')).json<{ active: boolean; createdAt: string }>();
    expect(status).toEqual({ active: true, createdAt: expect.any(String) });
    const del = await c.member.delete('/api/calendar/feed');
    expect((await c.member.get('/api/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
    expect(del.statusCode).toBe(204);
    const gone = await fetchFeed(second);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'This calendar feed does not exist or was revoked' });
    expect((await fetchFeed(admins)).statusCode).toBe(200);

    for (const path of ['/api/calendar/nope.ics', `/api/calendar/${'A'.repeat(43)}.ics`, '/api/calendar/x']) {
      expect((await anonymous().get(path)).statusCode, path).toBe(404);
    }
  });

  it('answers 404 while the member is inactive, and for good once removed (a restore does not bring it back)', async () => {
    const c = await crew(t);
    const url = await newFeed(c.member);
    const off = await c.admin.put(`/api/members/${c.memberMemberId}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await c.member.post('/api/calendar/feed', {})).statusCode).toBe(403);

    // Made inactive, the feed is suspended: active again, it answers again.
    expect((await c.admin.put(`/api/members/${c.memberMemberId}`, { isActive: true })).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    expect((await c.admin.delete(`/api/members/${c.memberMemberId}`)).statusCode).toBe(204);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    // Removal revokes it, as it drops an admin's role: the restored member makes a new address.
    expect((await c.admin.post(`/api/members/${c.memberMemberId}/restore`, {})).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    const again = await newFeed(c.member);
    expect((await fetchFeed(again)).statusCode).toBe(200);
  });

  it('needs a signed-in member to make or revoke an address', async () => {
    expect((await anonymous().post('/api/calendar/feed', {})).statusCode).toBe(401);
    expect((await anonymous().delete('/api/calendar/feed')).statusCode).toBe(401);
  });
});
