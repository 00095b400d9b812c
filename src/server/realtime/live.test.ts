// Live updates across instances (issue 17 §1): two apps on one database, as behind a load
// balancer. A write answered by instance A reaches the live sockets of its syndicate on instance
// B within a second, never another syndicate's, and carries no private field; sign-out, removal,
// deactivation and a session moving to another syndicate close the socket; the results job's
// settlements (no request at all) are announced too. Plus the mute preference's round trip.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bet } from '../../shared/bet';
import type { LiveMessage } from '../../shared/live';
import { CLOSE_NO_SYNDICATE, CLOSE_SIGNED_OUT } from '../../shared/live';
import type { Race } from '../../shared/race';
import { connect as connectWs, listen, type Opened } from '../assistant/test-client';
import { notifierOf } from '../db/notifier';
import { crew, singleBet } from '../features/bets/test-fixtures';
import { theRacingApi } from '../features/racing/providers/the-racing-api';
import { createResultsJob } from '../features/racing/results-job';
import {
  type FakeRacingApi,
  fakeCard,
  fakeResult,
  fakeRunner,
  startFakeRacingApi,
} from '../test/fake-racing-api';
import { Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../test/harness';

let fake: FakeRacingApi;
let a: TestApp;
let b: TestApp;
let wsOnB: string;
beforeAll(async () => {
  fake = await startFakeRacingApi();
  [a, b] = await Promise.all([
    createTestApp({ RACING_API_URL: fake.url }),
    createTestApp({ RACING_API_URL: fake.url }, { liveRecheckMs: 250 }),
  ]);
  wsOnB = await listen(b.app);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await fake.close();
});

/** Every notification committed so far has been handled on B (so it cannot arrive later). */
const settled = async () => expect(await notifierOf(b.database.db)?.sync()).toBe(true);

/** The app-wide live socket of a browser session, opened on instance B. */
const liveOnB = (client: Client) => connectWs(`${wsOnB}?live=1`, client.cookie);

const ALLOWED_KEYS = ['actorMemberId', 'entities', 'summary', 'type'];

/** The next frame, as the browser reads it, checked for fields no one may see. */
async function nextLive(s: Opened, timeoutMs: number): Promise<LiveMessage> {
  const message = (await s.next(timeoutMs)) as unknown as LiveMessage;
  for (const key of Object.keys(message)) expect(ALLOWED_KEYS).toContain(key);
  return message;
}

describe('a write on instance A', () => {
  it('reaches its syndicate’s live sockets on instance B within a second, and no other syndicate’s', async () => {
    const one = await crew(a);
    const two = await crew(a);
    const bet = (await one.admin.post('/api/bets', singleBet(one))).json<{ bets: Bet[] }>().bets[0];
    await settled();
    const mine = await liveOnB(one.member);
    const theirs = await liveOnB(two.member);
    const assistantOnly = await connectWs(wsOnB, one.member.cookie);

    const started = Date.now();
    const res = await one.admin.put(`/api/bets/${bet?.id}/status`, { status: 'win' });
    expect(res.statusCode).toBe(200);
    const message = await nextLive(mine, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(message).toEqual({
      type: 'changed',
      entities: expect.arrayContaining(['bets', 'stats', 'rankings', 'bank', 'insights', 'activity']),
      summary: expect.stringMatching(/^Alice Admin settled Phar Lap: won \$22\.50/),
      actorMemberId: one.adminMemberId,
    });

    // Notifications arrive in commit order: had B's socket been sent A's settlement, it would
    // come before this write of B's own.
    expect(
      (await two.admin.post('/api/races', { name: 'Cox Plate', venue: 'Moonee Valley', date: '2030-10-26' }))
        .statusCode,
    ).toBe(201);
    const own = await nextLive(theirs, 1_000);
    expect(own).toEqual({
      type: 'changed',
      entities: expect.arrayContaining(['races']),
      actorMemberId: two.adminMemberId,
    });
    // The assistant's own socket carries no live frames: its first frame is its answer.
    expect((await assistantOnly.ask('help')).type).toBe('message');
    for (const s of [mine, theirs, assistantOnly]) s.ws.close();
  });

  it('tells a payment in words, and leaves words out of other writes', async () => {
    const one = await crew(a);
    await settled();
    const s = await liveOnB(one.member);
    const res = await one.admin.post('/api/bank/contributions', {
      memberId: one.memberMemberId,
      amount: 25,
      date: '2030-06-01',
    });
    expect(res.statusCode).toBe(201);
    expect(await nextLive(s, 1_000)).toEqual({
      type: 'changed',
      entities: expect.arrayContaining(['bank', 'activity']),
      summary: expect.stringContaining('$25.00'),
      actorMemberId: one.adminMemberId,
    });
    expect(
      (
        await one.admin.put('/api/settings', {
          syndicateName: 'Renamed Live',
          defaultBetAmount: 20,
          currency: 'usd',
          rotationStrategy: 'sequential',
          timezone: 'UTC',
        })
      ).statusCode,
    ).toBe(200);
    const plain = await nextLive(s, 1_000);
    expect(plain).toEqual({
      type: 'changed',
      entities: expect.arrayContaining(['settings']),
      actorMemberId: one.adminMemberId,
    });
    s.ws.close();
  });

  it('a refused write announces nothing', async () => {
    const one = await crew(a);
    await settled();
    const s = await liveOnB(one.member);
    // A member may not record money (403), and an unknown bet is 404: neither changed anything.
    expect(
      (
        await one.member.post('/api/bank/contributions', {
          memberId: one.memberMemberId,
          amount: 5,
          date: '2030-06-01',
        })
      ).statusCode,
    ).toBe(403);
    expect((await one.admin.put('/api/bets/2147483647/status', { status: 'win' })).statusCode).toBe(404);
    expect(
      (await one.admin.post('/api/races', { name: 'Marker', venue: 'Flemington', date: '2030-11-04' }))
        .statusCode,
    ).toBe(201);
    expect(await nextLive(s, 1_000)).toMatchObject({
      type: 'changed',
      entities: expect.arrayContaining(['races']),
    });
    s.ws.close();
  });
});

describe('a live socket closes', () => {
  it('when its session signs out on another instance', async () => {
    const one = await crew(a);
    const s = await liveOnB(one.member);
    expect((await one.member.post('/api/logout')).statusCode).toBe(204);
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
  });

  it('when its member is removed, and the others stay open', async () => {
    const one = await crew(a);
    const removed = await liveOnB(one.member);
    const stays = await liveOnB(one.admin);
    expect((await one.admin.delete(`/api/members/${one.memberMemberId}`)).statusCode).toBe(204);
    expect((await removed.closed).code).toBe(CLOSE_NO_SYNDICATE);
    // The admin's socket hears the removal instead.
    expect(await nextLive(stays, 1_000)).toMatchObject({ entities: expect.arrayContaining(['members']) });
    expect(stays.ws.readyState).toBe(1);
    stays.ws.close();
    // And the removed member cannot open one again.
    await expect(liveOnB(one.member)).rejects.toThrow(/403/);
  });

  it('when its member is deactivated (the browser may reconnect: reads are still allowed)', async () => {
    const one = await crew(a);
    const s = await liveOnB(one.member);
    expect((await one.admin.put(`/api/members/${one.memberMemberId}`, { isActive: false })).statusCode).toBe(
      200,
    );
    expect((await s.closed).code).toBe(CLOSE_NO_SYNDICATE);
  });

  it('when its session moves to another syndicate', async () => {
    const one = await crew(a);
    const s = await liveOnB(one.member);
    expect(
      (await one.member.post('/api/syndicates', { name: `Second ${randomBytes(3).toString('hex')}` }))
        .statusCode,
    ).toBe(201);
    expect((await s.closed).code).toBe(CLOSE_NO_SYNDICATE);
  });

  it('when its session is deleted by SQL, behind the app (a user deleted by hand, say)', async () => {
    const one = await crew(a);
    const s = await liveOnB(one.member);
    await a.database.pool.query(
      'delete from sessions where user_id = (select user_id from members where id = $1)',
      [one.memberMemberId],
    );
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
  });

  // A live socket sends nothing, so nothing else would ever check its session again: B re-checks
  // its live sockets every LIVE_RECHECK_MS (shortened here), without touching the session.
  it('when its session expires while the socket stays open and idle', async () => {
    const one = await crew(a);
    const s = await liveOnB(one.member);
    const stays = await liveOnB(one.admin);
    await a.database.pool.query(
      `update sessions set last_seen_at = now() - interval '15 days'
        where user_id = (select user_id from members where id = $1)`,
      [one.memberMemberId],
    );
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
    expect(stays.ws.readyState).toBe(1);
    stays.ws.close();
    // The re-check ended the session, as a request would have.
    expect((await one.member.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('when its member is removed by SQL, behind the app', async () => {
    const one = await crew(a);
    const s = await liveOnB(one.member);
    await a.database.pool.query('update members set archived_at = now() where id = $1', [one.memberMemberId]);
    expect((await s.closed).code).toBe(CLOSE_NO_SYNDICATE);
  });
});

describe('the results job', () => {
  it('announces its settlements, with no member as the actor', async () => {
    const DAY = '2031-06-20';
    const key = `live-${randomBytes(4).toString('hex')}:password`;
    fake.keys.set(key, 'standard');
    fake.cards = {
      today: [
        {
          ...fakeCard({
            race_id: 'live_1',
            date: DAY,
            race_name: 'Live Early',
            off_dt: `${DAY}T13:00:00+01:00`,
          }),
          runners: ['Alpha', 'Bravo'].map((horse, i) => fakeRunner(i + 1, horse)),
        },
      ],
    };
    fake.results = [
      fakeResult('live_1', DAY, [
        [1, 'Alpha', '1'],
        [2, 'Bravo', '2'],
      ]),
    ];
    a.clock.now = new Date(`${DAY}T08:00:00.000Z`);
    const { client: admin } = await signUpWithSyndicate(a.app, 'Jo Job');
    expect((await admin.post('/api/settings/api-key', { apiKey: key })).statusCode).toBe(200);
    expect((await admin.post('/api/racing/import', { date: DAY })).statusCode).toBe(200);
    const memberId = (await admin.get('/api/members/me')).json<{ id: number }>().id;
    const race = (await admin.get('/api/races')).json<Race[]>()[0];
    const placed = await admin.post('/api/bets', {
      memberId,
      horseName: 'Alpha',
      status: 'pending',
      date: `${DAY}T08:00:00.000Z`,
      raceId: race?.id,
      betType: 'win',
      odds: 3,
      amount: 10,
      oddsType: 'fixed',
    });
    expect(placed.statusCode).toBe(201);
    await settled();
    const s = await liveOnB(admin);

    const job = createResultsJob({
      db: b.database.db,
      provider: theRacingApi(fake.url),
      secret: b.app.deps.sessionSecret,
      now: () => new Date(`${DAY}T12:40:00.000Z`),
    });
    try {
      expect((await job.runOnce()).applied).toBe(1);
    } finally {
      await job.stop();
    }
    const frames: LiveMessage[] = [];
    while (!frames.some((f) => f.type === 'changed' && f.summary)) frames.push(await nextLive(s, 1_000));
    expect(frames.find((f) => f.type === 'changed' && f.summary)).toEqual({
      type: 'changed',
      entities: expect.arrayContaining(['bets', 'stats', 'bank']),
      summary: expect.stringMatching(/^The racing results import settled Alpha: won \$20\.00/),
      actorMemberId: null,
    });
    s.ws.close();
  });
});

describe('GET/PUT /api/me/preferences', () => {
  it('round-trips the mute switch per user, across syndicates and instances', async () => {
    const user = await signUp(a.app, 'Muted Mo');
    expect((await user.get('/api/me/preferences')).json()).toEqual({ muteLiveToasts: false });
    const put = await user.put('/api/me/preferences', { muteLiveToasts: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ muteLiveToasts: true });
    const onB = new Client(b.app);
    onB.cookie = user.cookie;
    expect((await onB.get('/api/me/preferences')).json()).toEqual({ muteLiveToasts: true });
    // Someone else's preference is their own.
    const other = await signUp(a.app, 'Loud Lou');
    expect((await other.get('/api/me/preferences')).json()).toEqual({ muteLiveToasts: false });
  });

  it("reaches the user's own live sockets on every instance (every tab and device), no one else's", async () => {
    const one = await crew(a);
    await settled();
    const own = await liveOnB(one.member);
    const colleague = await liveOnB(one.admin);
    expect((await one.member.put('/api/me/preferences', { muteLiveToasts: true })).statusCode).toBe(200);
    expect(await nextLive(own, 1_000)).toEqual({
      type: 'changed',
      entities: ['preferences'],
      actorMemberId: null,
    });
    // The colleague's next frame is the syndicate's next write, not the member's preferences.
    const race = { name: 'Golden Slipper', venue: 'Rosehill', date: '2030-03-21' };
    expect((await one.admin.post('/api/races', race)).statusCode).toBe(201);
    expect(await nextLive(colleague, 1_000)).toMatchObject({ entities: expect.arrayContaining(['races']) });
    for (const s of [own, colleague]) s.ws.close();
  });

  it('refuses bad input with 400 and no session with 401', async () => {
    const user = await signUp(a.app, 'Careful Cy');
    for (const body of [{}, { muteLiveToasts: 'yes' }, { muteLiveToasts: true, extra: 1 }]) {
      expect((await user.put('/api/me/preferences', body)).statusCode).toBe(400);
    }
    expect((await user.get('/api/me/preferences')).json()).toEqual({ muteLiveToasts: false });
    expect((await new Client(a.app).get('/api/me/preferences')).statusCode).toBe(401);
  });
});
