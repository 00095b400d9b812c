// Two app instances on one database (as behind a load balancer). Reads reuse a session resolved
// moments ago (sessions.ts); a change made through instance A must take effect on instance B's
// very next request: removal, role change, logout, deactivation (issue 13, Low). The apps'
// clocks stand still, so without the announcement B would reuse what it resolved for ever.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../shared/member';
import { notifierOf } from '../db/notifier';
import { Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { MEMBERSHIP_INACTIVE } from './context';
import { reusedSessions } from './sessions';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => Promise.all([a.close(), b.close()]));

/** The same browser session sent to instance B. */
function onB(client: Client): Client {
  const other = new Client(b.app);
  other.cookie = client.cookie;
  return other;
}

/**
 * Reads until the app keeps a session for reuse. Every test file's writes are announced on the
 * same database, so one of them may clear it in between: try again (never more than a few times).
 */
async function untilReused(app: TestApp, client: Client, url = '/api/races') {
  for (let i = 0; i < 10; i++) {
    await notifierOf(app.database.db)?.sync();
    expect((await client.get(url)).statusCode).toBe(200);
    if (reusedSessions(app.database.db) > 0) return;
  }
  throw new Error('the session was never kept for reuse');
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** An admin on A and a member (joined on A) whose session B has just resolved and keeps. */
async function memberSeenByB(role: 'member' | 'admin' = 'member') {
  const { client: admin, syndicate } = await signUpWithSyndicate(a.app, 'Instance Admin');
  const user = await signUp(a.app, 'Instance Member');
  expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  const member = (await user.get('/api/members/me')).json<Member>();
  if (role === 'admin') {
    expect((await admin.put(`/api/members/${member.id}`, { role: 'admin' })).statusCode).toBe(200);
  }
  const userOnB = onB(user);
  expect((await userOnB.get('/api/members/me')).json<Member>().role).toBe(role);
  await untilReused(b, userOnB);
  return { admin, user, userOnB, member };
}

describe('a change on instance A, the next request on instance B', () => {
  it('a removed member is refused at once', async () => {
    const { admin, userOnB, member } = await memberSeenByB();
    expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(204);
    const res = await userOnB.get('/api/races');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Join or create a syndicate first' });
  });

  it('a demoted admin loses admin rights at once', async () => {
    const { admin, userOnB, member } = await memberSeenByB('admin');
    expect((await admin.put(`/api/members/${member.id}`, { role: 'member' })).statusCode).toBe(200);
    expect((await userOnB.get('/api/members/me')).json<Member>().role).toBe('member');
    expect((await userOnB.post('/api/syndicates/invite-code')).statusCode).toBe(403);
  });

  it('a signed-out session is refused at once', async () => {
    const { user, userOnB } = await memberSeenByB();
    expect((await user.post('/api/logout')).statusCode).toBe(204);
    expect((await userOnB.get('/api/races')).statusCode).toBe(401);
  });

  it('a session signed out with GET /api/logout is refused at once', async () => {
    const { user, userOnB } = await memberSeenByB();
    expect((await user.get('/api/logout', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(302);
    expect((await userOnB.get('/api/races')).statusCode).toBe(401);
  });

  it('a deactivated member can still read, and cannot write, on either instance', async () => {
    const { admin, user, userOnB, member } = await memberSeenByB();
    expect((await admin.put(`/api/members/${member.id}`, { isActive: false })).statusCode).toBe(200);
    const race = { name: 'Inactive Cup', venue: 'Ascot', date: inDays(2) };
    for (const client of [userOnB, user]) {
      const write = await client.post('/api/races', race);
      expect(write.statusCode).toBe(403);
      expect(write.json()).toEqual({ message: MEMBERSHIP_INACTIVE });
      expect((await client.get('/api/races')).statusCode).toBe(200);
      expect((await client.get('/api/members/me')).json<Member>().isActive).toBe(false);
    }
    // Reactivated on B: writes again on A.
    expect((await onB(admin).put(`/api/members/${member.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await user.post('/api/races', race)).statusCode).toBe(201);
  });

  it('a change made by SQL behind both apps takes effect at once too: the database announces it', async () => {
    const { userOnB, member } = await memberSeenByB();
    await a.database.pool.query('update members set archived_at = now() where id = $1', [member.id]);
    expect((await userOnB.get('/api/races')).statusCode).toBe(403);
  });

  it('a user renamed by SQL is seen at once, and a session deleted by SQL is refused at once', async () => {
    const { user, userOnB } = await memberSeenByB();
    const me = (await user.get('/api/auth/user')).json<{ id: number }>();
    await a.database.pool.query(`update users set name = 'Renamed By Hand' where id = $1`, [me.id]);
    expect((await userOnB.get('/api/auth/user')).json<{ name: string }>().name).toBe('Renamed By Hand');
    await untilReused(b, userOnB);
    await a.database.pool.query('delete from sessions where user_id = $1', [me.id]);
    expect((await userOnB.get('/api/races')).statusCode).toBe(401);
  });

  it('a write that changes no membership, role, user or session keeps reused sessions', async () => {
    const { user, userOnB } = await memberSeenByB();
    // Bets, races and payments do not change who may do what: B keeps the session it resolved.
    // Other test files sign up (a new member row) on the same database meanwhile, which does
    // clear it: the check is made again then, a few times at most.
    let resolvedAfterWrite = -1;
    for (let attempt = 0; attempt < 5 && resolvedAfterWrite !== 0; attempt++) {
      await untilReused(b, userOnB);
      const race = { name: `Kept ${attempt}`, venue: 'Ascot', date: inDays(2) };
      expect((await user.post('/api/races', race)).statusCode).toBe(201);
      await notifierOf(b.database.db)?.sync();
      const queries = vi.spyOn(b.database.pool, 'query');
      try {
        expect((await userOnB.get('/api/races')).statusCode).toBe(200);
        resolvedAfterWrite = queries.mock.calls.filter(
          ([q]) => (q as { name?: string }).name === 'resolve_session',
        ).length;
      } finally {
        queries.mockRestore();
      }
    }
    expect(resolvedAfterWrite).toBe(0);
  });
});

describe('while the LISTEN connection is down', () => {
  it('reads do not reuse sessions (an announcement could be missed)', async () => {
    const c = await createTestApp();
    try {
      const { client } = await signUpWithSyndicate(c.app);
      await untilReused(c, client);
      // The app's LISTEN connection ends (here: stopped; a dropped one is the same until it is back).
      await notifierOf(c.database.db)?.stop();
      const queries = vi.spyOn(c.database.pool, 'query');
      try {
        expect((await client.get('/api/races')).statusCode).toBe(200);
        const resolved = queries.mock.calls.filter(
          ([q]) => (q as { name?: string }).name === 'resolve_session',
        );
        expect(resolved).toHaveLength(1);
      } finally {
        queries.mockRestore();
      }
    } finally {
      await c.close();
    }
  });
});
