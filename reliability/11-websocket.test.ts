// Item 11. The assistant socket under abuse, on the real server: upgrades with a foreign or
// missing Origin, without a session, with a forged or ended session, or beyond the per-session
// limit are refused; oversize frames close the socket; a flood is rate-limited; 1,000 sockets
// open at once (memory reported); and no answer ever carries another syndicate's data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MAX_FRAME_BYTES,
  MAX_SOCKETS_PER_SESSION,
  RATE_LIMIT_MESSAGES,
} from '../src/server/assistant/protocol';
import { figure } from './support/figures';
import { buildIsCurrent, HttpClient, must, type Server, startServer, waitHealthy } from './support/server';
import { openSocket, type Socket, upgradeStatus } from './support/ws';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-ws-'));
let server: Server;
let wsUrl = '';

beforeAll(async () => {
  server = await startServer({
    from: buildIsCurrent() ? 'build' : 'source',
    env: { DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir },
  });
  await waitHealthy(server);
  wsUrl = `ws://127.0.0.1:${server.port}/ws`;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'socket check pw 1';
/** Sockets each session opens in the 1,000-socket test (at most MAX_SOCKETS_PER_SESSION). */
const SOCKETS_EACH = 5;

const headersFor = (c: HttpClient | null, origin: string | null = server.origin) => ({
  ...(origin ? { origin } : {}),
  ...(c?.cookie ? { cookie: c.cookie } : {}),
});

/** A syndicate whose names all carry `tag`: an admin, a race and a pending bet on a tagged horse. */
async function syndicate(tag: string, users: number) {
  const admin = new HttpClient(server.origin);
  const email = (i: number) => `${tag.toLowerCase()}-ws-${i}@example.test`;
  await must(
    admin.post('/api/auth/register', { name: `${tag} Captain`, email: email(0), password: PASSWORD }),
    201,
  );
  const syn = (await must(admin.post('/api/syndicates', { name: `${tag} Syndicate` }), 201)).json<{
    inviteCode: string;
  }>();
  const me = (await must(admin.get('/api/members/me'), 200)).json<{ id: number }>();
  const race = (
    await must(
      admin.post('/api/races', {
        name: `${tag} Stakes`,
        venue: `${tag} Downs`,
        date: '2031-01-01T03:00:00.000Z',
      }),
      201,
    )
  ).json<{ id: number }>();
  await must(
    admin.post('/api/bets', {
      memberId: me.id,
      raceId: race.id,
      horseName: `${tag} Thunder`,
      betType: 'win',
      odds: 3,
      amount: 10,
      oddsType: 'fixed',
    }),
    201,
  );
  const members = [admin];
  for (let i = 1; i < users; i++) {
    const c = new HttpClient(server.origin);
    await must(
      c.post('/api/auth/register', { name: `${tag} Rider ${i}`, email: email(i), password: PASSWORD }),
      201,
    );
    await must(c.post('/api/syndicates/join', { inviteCode: syn.inviteCode }), 200);
    members.push(c);
  }
  /** More sessions of the same users (each sign-in is a new session). */
  const sessions = async (perUser: number) => {
    const out: HttpClient[] = [];
    for (let i = 0; i < members.length; i++) {
      const batch = await Promise.all(
        Array.from({ length: perUser }, async () => {
          const c = new HttpClient(server.origin);
          await must(c.post('/api/auth/login', { email: email(i), password: PASSWORD }), 200);
          return c;
        }),
      );
      out.push(...batch);
    }
    return out;
  };
  return { admin, members, sessions };
}

describe('WebSocket abuse', () => {
  it('refuses bad upgrades, closes oversize frames, rate-limits floods', async () => {
    const A = await syndicate('Alpha', 2);
    const lonely = new HttpClient(server.origin);
    await must(
      lonely.post('/api/auth/register', {
        name: 'No Syndicate',
        email: 'ws-lonely@example.test',
        password: PASSWORD,
      }),
      201,
    );
    const ended = new HttpClient(server.origin);
    await must(ended.post('/api/auth/login', { email: 'alpha-ws-0@example.test', password: PASSWORD }), 200);
    const endedCookie = ended.cookie;
    await must(ended.post('/api/logout'), 204);
    ended.cookie = endedCookie;
    const forged = new HttpClient(server.origin);
    forged.cookie = `sid=${'A'.repeat(43)}`;

    const cases: [string, Record<string, string>, number][] = [
      ['foreign Origin, valid session', headersFor(A.admin, 'https://evil.example'), 403],
      ['look-alike Origin', headersFor(A.admin, `${server.origin}.evil.example`), 403],
      ['Origin null', headersFor(A.admin, 'null'), 403],
      ['no Origin, valid session', headersFor(A.admin, null), 403],
      ['no session', headersFor(null), 401],
      ['forged session', headersFor(forged), 401],
      ['logged-out session', headersFor(ended), 401],
      ['session without a syndicate', headersFor(lonely), 403],
    ];
    const wrong: string[] = [];
    for (const [label, headers, expected] of cases) {
      const status = await upgradeStatus(wsUrl, headers);
      if (status !== expected) wrong.push(`${label}: ${status} (expected ${expected})`);
    }
    // Beyond the per-session limit.
    const held: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) held.push(await openSocket(wsUrl, headersFor(A.admin)));
    const over = await upgradeStatus(wsUrl, headersFor(A.admin));
    if (over !== 429) wrong.push(`socket ${MAX_SOCKETS_PER_SESSION + 1} of one session: ${over}`);
    for (const s of held) s.ws.close();

    // Oversize frame: the socket is closed with 1009 (message too big).
    const big = await openSocket(wsUrl, headersFor(A.members[1] ?? null));
    big.ws.send('x'.repeat(MAX_FRAME_BYTES + 1));
    const bigClose = await big.closed;

    // Flood: 200 messages at once from one socket; the rest of the minute is refused politely.
    const flood = await openSocket(wsUrl, headersFor(A.admin));
    for (let i = 0; i < 200; i++) flood.ask('who is up next?');
    await flood.waitFor(200, 60_000);
    const answered = flood.messages.filter((m) => m.type === 'message').length;
    const limited = flood.messages.filter(
      (m) => m.type === 'error' && /Too many messages/.test(m.content),
    ).length;
    const health = await fetch(`${server.origin}/api/health`);
    flood.ws.close();

    figure(
      11,
      `refused upgrades (Origin foreign/look-alike/null/missing, no/forged/ended session, no syndicate, over ${MAX_SOCKETS_PER_SESSION} per session)`,
      `${cases.length + 1 - wrong.length} of ${cases.length + 1} held`,
      wrong.length === 0,
    );
    figure(
      11,
      `oversize frame (${MAX_FRAME_BYTES + 1} bytes) → close code`,
      String(bigClose.code),
      bigClose.code === 1009,
    );
    figure(
      11,
      `flood of 200 messages: answered / rate-limited (limit ${RATE_LIMIT_MESSAGES}/min)`,
      `${answered} / ${limited}`,
      answered <= RATE_LIMIT_MESSAGES && answered + limited === 200,
    );
    expect(wrong).toEqual([]);
    expect(bigClose.code).toBe(1009);
    expect(answered).toBeLessThanOrEqual(RATE_LIMIT_MESSAGES);
    expect(answered + limited).toBe(200);
    expect(health.status).toBe(200);
  });

  it("holds 1,000 concurrent sockets and never answers one syndicate with another's data", {
    timeout: 600_000,
  }, async () => {
    const A = await syndicate('Yankee', 10);
    const B = await syndicate('Zulu', 10);
    // 20 users × 10 sessions × 5 sockets = 1,000 sockets (a session may hold more: the limit is
    // MAX_SOCKETS_PER_SESSION, proved by the test above).
    const sessionsA = await A.sessions(10);
    const sessionsB = await B.sessions(10);
    const rssBefore = server.rss();
    const sockets: { s: Socket; tag: 'Yankee' | 'Zulu' }[] = [];
    const t0 = Date.now();
    for (const [tag, list] of [
      ['Yankee', sessionsA],
      ['Zulu', sessionsB],
    ] as const) {
      for (const c of list) {
        const opened = await Promise.all(
          Array.from({ length: SOCKETS_EACH }, () => openSocket(wsUrl, headersFor(c))),
        );
        sockets.push(...opened.map((s) => ({ s, tag })));
      }
    }
    const openMs = Date.now() - t0;
    const open = sockets.filter((x) => x.s.ws.readyState === 1).length;
    await new Promise((r) => setTimeout(r, 500));
    const rssOpen = server.rss();

    // One question on every socket, spread over topics that name members, horses and races.
    const questions = [
      'show the pending bets',
      'who is up next?',
      'what races are coming up?',
      'who are the top performers?',
      'give me a summary',
    ];
    sockets.forEach(({ s }, i) => {
      s.ask(questions[i % questions.length] ?? 'help');
    });
    const allAnswered = await Promise.all(sockets.map(({ s }) => s.waitFor(1, 120_000)));
    let crossed = 0;
    let ownData = 0;
    for (const { s, tag } of sockets) {
      const other = tag === 'Yankee' ? /Zulu/ : /Yankee/;
      const mine = new RegExp(tag);
      for (const m of s.messages) {
        if (other.test(m.content)) crossed++;
        if (mine.test(m.content)) ownData++;
      }
    }
    const answers = sockets.reduce((n, { s }) => n + s.messages.length, 0);
    const errors = sockets.reduce((n, { s }) => n + s.messages.filter((m) => m.type === 'error').length, 0);
    for (const { s } of sockets) s.ws.close();
    await Promise.all(sockets.map(({ s }) => s.closed));
    await new Promise((r) => setTimeout(r, 1000));
    const rssClosed = server.rss();
    const health = await fetch(`${server.origin}/api/health`);

    const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
    figure(
      11,
      'concurrent sockets open (2 syndicates × 10 users × 10 sessions × 5)',
      `${open} of ${sockets.length} in ${openMs} ms`,
      open === 1000,
    );
    figure(
      11,
      'server memory: before / with 1,000 open / after close',
      `${mib(rssBefore)} / ${mib(rssOpen)} / ${mib(rssClosed)} (≈ ${((rssOpen - rssBefore) / 1000 / 1024).toFixed(0)} KiB per socket)`,
    );
    figure(
      11,
      'answers received (of which rate-limit notices: 50 sockets per user, 20 messages/user/min)',
      `${answers} (${errors})`,
      allAnswered.every(Boolean),
    );
    figure(
      11,
      "answers naming the syndicate's own data / another syndicate's",
      `${ownData} / ${crossed}`,
      crossed === 0,
    );
    expect(open).toBe(1000);
    expect(allAnswered.every(Boolean)).toBe(true);
    expect(crossed).toBe(0);
    expect(ownData).toBeGreaterThan(0);
    expect(health.status).toBe(200);
  });
});
