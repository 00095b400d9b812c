import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLOSE_NO_SYNDICATE, CLOSE_SIGNED_OUT } from '../../shared/live';
import { hashToken } from '../auth/sessions';
import { EVENTS_CHANNEL } from '../db/notifier';
import { publishEvent } from '../realtime/bus';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { ERRORS, MAX_FRAME_BYTES, MAX_SOCKETS_PER_SESSION, RATE_LIMIT_MESSAGES } from './protocol';
import { connect, listen } from './test-client';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function syndicateWithRace(adminName = 'Alice Admin', raceName = 'Golden Slipper') {
  const { client, syndicate } = await signUpWithSyndicate(t.app, adminName);
  const race = await client.post('/api/races', {
    name: raceName,
    venue: 'Rosehill',
    date: inDays(3),
    description: 'Group 1',
  });
  expect(race.statusCode).toBe(201);
  return { client, syndicate };
}

const open = (client: Client) => connect(url, client.cookie);

describe('the /ws upgrade', () => {
  it('is refused without a session', async () => {
    await expect(connect(url)).rejects.toThrow(/401/);
  });

  it('is refused with a foreign or missing Origin', async () => {
    const { client } = await syndicateWithRace();
    await expect(connect(url, client.cookie, 'https://evil.example')).rejects.toThrow(/403/);
    await expect(connect(url, client.cookie, null)).rejects.toThrow(/403/);
  });

  it('refuses the request’s own host as Origin when PUBLIC_URL is set, as HTTP writes do', async () => {
    // Found by probing (2026-12-02): under DNS rebinding the Host header is the attacker's, and
    // the socket accepted its origin where a PUT was refused (auth/plugin.ts isOwnOrigin).
    const { client } = await syndicateWithRace();
    expect(t.env.publicUrlExplicit).toBe(true);
    const own = new URL(url.replace(/^ws/, 'http')).origin;
    expect(own).not.toBe(t.env.publicUrl);
    await expect(connect(url, client.cookie, own)).rejects.toThrow(/403/);
    const s = await connect(url, client.cookie, t.env.publicUrl);
    s.ws.close();
  });

  it('accepts the request’s own host as Origin without PUBLIC_URL (local use)', async () => {
    const local = await createTestApp({ PUBLIC_URL: '' });
    try {
      const localUrl = await listen(local.app);
      const { client } = await signUpWithSyndicate(local.app, 'Lara Local');
      const own = new URL(localUrl.replace(/^ws/, 'http')).origin;
      const s = await connect(localUrl, client.cookie, own);
      s.ws.close();
    } finally {
      await local.close();
    }
  });

  it('is refused for a user without a syndicate', async () => {
    const lonely = await signUp(t.app);
    await expect(open(lonely)).rejects.toThrow(/403/);
  });

  it(`allows at most ${MAX_SOCKETS_PER_SESSION} sockets per session`, async () => {
    const { client } = await syndicateWithRace();
    const sockets = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) sockets.push(await open(client));
    await expect(open(client)).rejects.toThrow(/429/);
    for (const s of sockets) s.ws.close();
  });
});

describe('messages', () => {
  it('answers "Who is up next?" with the member and race, in the spec’s format', async () => {
    const { client } = await syndicateWithRace('Carol Punter', 'Golden Slipper');
    const s = await open(client);
    const answer = await s.ask('Who is up next?');
    expect(answer.type).toBe('message');
    expect(answer.content).toContain('Carol Punter is up next');
    expect(answer.content).toContain('Golden Slipper at Rosehill');
    expect(new Date(answer.timestamp ?? '').toISOString()).toBe(answer.timestamp);
    s.ws.close();
  });

  it("never shows another syndicate's data", async () => {
    const other = await syndicateWithRace('Zebedee Secretive', 'Secret Stakes');
    await other.client.post('/api/members', {
      name: 'Quentin Hidden',
      email: `q-${randomBytes(4).toString('hex')}@example.test`,
      initials: 'QH',
      role: 'member',
      isActive: true,
    });
    const mine = await syndicateWithRace('Mia Open', 'Open Handicap');
    const s = await open(mine.client);
    const replies = [];
    for (const q of [
      'Who is up next?',
      'What are the next races?',
      'How is Quentin going?',
      'How is Zebedee doing?',
      'Who are the top performers?',
      'Which bets are pending?',
      "What's Quentin's subscription?",
    ]) {
      replies.push((await s.ask(q)).content);
    }
    const all = replies.join('\n');
    expect(all).toContain('Mia Open');
    expect(all).not.toMatch(/Secret Stakes|Quentin Hidden|Zebedee/);
    s.ws.close();
  });

  it('answers malformed JSON with an error and stays open', async () => {
    const { client } = await syndicateWithRace();
    const s = await open(client);
    s.ws.send('this is not json');
    expect(await s.next()).toEqual({ type: 'error', content: ERRORS.malformed });
    s.ws.send(JSON.stringify({ type: 'shout', content: 42 }));
    expect(await s.next()).toEqual({ type: 'error', content: ERRORS.malformed });
    s.ws.send(Buffer.from('binary'), { binary: true });
    expect(await s.next()).toEqual({ type: 'error', content: ERRORS.binary });
    expect((await s.ask('help')).type).toBe('message');
    s.ws.close();
  });

  it('ignores an empty message', async () => {
    const { client } = await syndicateWithRace();
    const s = await open(client);
    s.ws.send(JSON.stringify({ type: 'message', content: '   ', timestamp: new Date().toISOString() }));
    const answer = await s.ask('help');
    expect(answer.content).toContain('I can answer questions');
    s.ws.close();
  });

  it('closes the socket on a frame over its limit', async () => {
    const { client } = await syndicateWithRace();
    const s = await open(client);
    s.ws.send(JSON.stringify({ type: 'message', content: 'x'.repeat(MAX_FRAME_BYTES) }));
    expect((await s.closed).code).toBe(1009);
  });

  it('answers any message of at most 1000 characters, however JSON escapes them, and stays open', async () => {
    // Found by probing (2026-12-02): 900 lone surrogates, each sent as a six-byte \\udXXX escape,
    // went over the 4 KiB frame limit and the socket closed instead of answering.
    const { client } = await syndicateWithRace();
    const s = await open(client);
    for (const content of ['\ud800'.repeat(1000), '\u0001'.repeat(1000), 'x'.repeat(1001)]) {
      s.ws.send(JSON.stringify({ type: 'message', content, timestamp: new Date().toISOString() }));
      const reply = (await s.next()) as { type: string; content: string };
      expect(reply.type, content.slice(0, 2)).toMatch(/^(error|message)$/);
    }
    expect((await s.ask('help')).content).toContain('I can answer questions');
    s.ws.close();
  });

  it(`answers more than ${RATE_LIMIT_MESSAGES} messages a minute with an error, and stays open`, async () => {
    const { client } = await syndicateWithRace();
    const s = await open(client);
    for (let i = 0; i <= RATE_LIMIT_MESSAGES; i++) s.ws.send('{}');
    const replies = [];
    for (let i = 0; i <= RATE_LIMIT_MESSAGES; i++) replies.push(await s.next());
    expect(replies.filter((r) => r.content === ERRORS.rateLimited)).toHaveLength(1);
    expect(s.ws.readyState).toBe(1);
    s.ws.close();
  });
});

describe('ending the session', () => {
  it('logout closes the socket (at once, or at the latest on its next message)', async () => {
    const { client } = await syndicateWithRace();
    const s = await open(client);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    if (s.ws.readyState === 1) s.ws.send(JSON.stringify({ type: 'message', content: 'help' }));
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
  });

  it('a session-ended event closes every socket of that session only', async () => {
    const a = await syndicateWithRace();
    const b = await syndicateWithRace();
    const [a1, a2, b1] = [await open(a.client), await open(a.client), await open(b.client)];
    await publishEvent(t.database.db, {
      type: 'session-ended',
      sessionHash: hashToken(a.client.cookie ?? ''),
    });
    expect((await a1.closed).code).toBe(CLOSE_SIGNED_OUT);
    expect((await a2.closed).code).toBe(CLOSE_SIGNED_OUT);
    expect((await b1.ask('help')).type).toBe('message');
    b1.ws.close();
  });

  it('a NOTIFY from another instance closes the session’s sockets here', async () => {
    const { client } = await syndicateWithRace();
    const s = await open(client);
    const other = new pg.Client({ connectionString: inject('databaseUrl') });
    await other.connect();
    const event = { type: 'session-ended', sessionHash: hashToken(client.cookie ?? '') };
    await other.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify(event)]);
    await other.end();
    expect((await s.closed).code).toBe(CLOSE_SIGNED_OUT);
  });

  it('a member removed from the syndicate is disconnected at the next message', async () => {
    const { client: admin, syndicate } = await syndicateWithRace();
    const member = await signUp(t.app, 'Bob Leaving');
    expect((await member.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
    const me = (await member.get('/api/members/me')).json<{ id: number }>();
    const s = await open(member);
    expect((await s.ask('help')).type).toBe('message');
    expect((await admin.delete(`/api/members/${me.id}`)).statusCode).toBe(204);
    s.ws.send(JSON.stringify({ type: 'message', content: 'Who is up next?' }));
    expect((await s.closed).code).toBe(CLOSE_NO_SYNDICATE);
  });
});
