// Signed in, the dashboard and /bets are answered with the page drawn from its first reads (issue 17
// §3, §4): the caller's own syndicate only, user text escaped, the answers beside it, the plain
// shell otherwise.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { connect, type Database } from './db/client';
import { readEnv } from './env';
import { type Client, signUp, signUpWithSyndicate, TEST_ORIGIN } from './test/harness';

let app: FastifyInstance;
let database: Database;
let dir: string;
const CSS = 'body{color:rgb(1,2,3)}';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-first-paint-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), CSS);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>shell</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/dep-abc.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  database = connect(inject('databaseUrl'), { max: 4 });
  app = await buildApp({
    env: readEnv({ PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', RACING_API_URL: 'http://127.0.0.1:9' }),
    db: database.db,
    sessionSecret: 'first-paint-test-secret-first-paint-00',
    clientDir: dir,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The page as a signed-in browser asks for it: the session and the hint cookie. */
const openPage = (client: Client, url = '/bets', userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156') =>
  app.inject({
    url,
    remoteAddress: client.ip,
    headers: {
      cookie: `sid=${client.cookie}; rs_signed_in=2`,
      'accept-encoding': 'identity',
      'user-agent': userAgent,
    },
  });

async function placeBet(client: Client, horseName: string, status = 'pending') {
  const me = (await client.get('/api/members/me')).json<{ id: number }>();
  const res = await client.post('/api/bets', {
    memberId: me.id,
    horseName,
    status,
    date: '2030-03-22T05:00:00.000Z',
    betType: 'win',
    odds: 3.5,
    amount: 20,
  });
  expect(res.statusCode, res.body).toBe(201);
}

interface Drawn {
  href: string;
  state: { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] };
}

/** The shell as it is, with no picture and no answers. */
function plain(body: string) {
  expect(body).toContain('<div id="root"></div>');
  expect(body).not.toContain('first-paint');
}

/** The answers sent beside the picture: the address drawn for and the reads' cache. */
function dataOf(body: string): Drawn {
  const m = /<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(body);
  if (!m?.[1]) throw new Error('no first-paint data');
  return JSON.parse(m[1]) as Drawn;
}

/** The bets page's first read in those answers: its address and its page. */
function betsPageOf(data: Drawn) {
  const query = data.state.queries.find((q) => q.queryKey[0] === '/api/bets' && q.queryKey[1] === 'pages');
  if (!query) throw new Error('no bets page in the answers');
  const { pages } = query.state.data as { pages: { bets: { horseName: string }[]; next: string | null }[] };
  return { url: query.queryKey[2], page: pages[0] };
}

const inlineScripts = (body: string) =>
  [...body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1] ?? '');
const hashOf = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
/** The script-src directive's sources. */
const allowedScripts = (headers: Record<string, unknown>) =>
  (/script-src ([^;]*)/.exec(String(headers['content-security-policy']))?.[1] ?? '').split(' ');

/**
 * The page's code is not linked (it would arrive, and run, before the picture is painted): the
 * loader after the picture names the shell's module script, to be added after the first paint.
 */
function expectCodeAfterPaint(body: string) {
  expect(body).not.toContain('<script type="module"');
  expect(body).not.toContain('<link rel="modulepreload"');
  const list = /<script type="application\/json" id="first-paint-code">(.*?)<\/script>/s.exec(body);
  expect(JSON.parse(list?.[1] ?? 'null')).toEqual({
    entry: '/assets/index-abc.js',
    preload: ['/assets/dep-abc.js'],
  });
  const loader = inlineScripts(body).find((s) => s.includes('first-paint-code')) ?? '';
  expect(loader).toContain('requestAnimationFrame');
  expect(body.indexOf('id="first-paint-code"')).toBeGreaterThan(body.indexOf('<div id="root"></div>'));
}

describe('the first paint of /bets', () => {
  it('draws the first rows of the caller’s syndicate, with the answers, its style inline and its script allowed', async () => {
    const { client } = await signUpWithSyndicate(app, 'Paula Painter');
    await placeBet(client, 'Winx');
    await placeBet(client, 'Black Caviar');
    const res = await openPage(client);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body;
    expect(body).toContain('<div id="first-paint" aria-hidden="true" inert>');
    expect(body.indexOf('id="first-paint"')).toBeLessThan(body.indexOf('<div id="root"></div>'));
    expect(body).toContain('Winx');
    expect(body).toContain('Black Caviar');
    expect(body).toContain('Paula Painter');
    expect(body).not.toContain('data-testid');
    // The style sheet inline (no round trip before the picture shows), the link gone.
    expect(body).toContain(`<style>${CSS}</style>`);
    expect(body).not.toContain('index-abc.css');
    // Two inline scripts (the first-rows mark and the code's loader), each allowed by its hash.
    const scripts = inlineScripts(body);
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(allowedScripts(res.headers)).toContain(hashOf(script));
    expect(scripts[0]).toContain('bets-first-rows');
    expectCodeAfterPaint(body);
    const data = dataOf(body);
    expect(data.href).toBe('/bets');
    const first = betsPageOf(data);
    expect(first.url).toBe('/api/bets?limit=50');
    expect(first.page?.bets.map((b) => b.horseName).sort()).toEqual(['Black Caviar', 'Winx']);
    expect(first.page?.next).toBeNull();
    expect(data.state.queries.every((q) => q.state.status === 'success')).toBe(true);
    // One list: the table for a desktop's browser, cards for a phone's.
    expect(body).toContain('<table');
    expect(body).not.toContain('<article');
    const phone = (
      await openPage(client, '/bets', 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari/537.36')
    ).body;
    expect(phone).toContain('<article');
    expect(phone).not.toContain('<table');
    expect(phone).toContain('Winx');
  });

  it('draws the view the address asks for', async () => {
    const { client } = await signUpWithSyndicate(app);
    await placeBet(client, 'Pending Pete');
    await placeBet(client, 'Winning Wendy');
    const body = (await openPage(client, '/bets?q=wendy&sort=horse')).body;
    expect(body).toContain('Winning Wendy');
    expect(body).not.toContain('Pending Pete');
    expect(dataOf(body).href).toBe('/bets?q=wendy&sort=horse');
    expect(betsPageOf(dataOf(body)).url).toBe('/api/bets?limit=50&q=wendy&sort=horse');
  });

  it('escapes what members typed: a horse named like markup stays text, in the picture and in the answers', async () => {
    const { client } = await signUpWithSyndicate(app);
    const evil = '</script><img src=x onerror=alert(1)><!--';
    await placeBet(client, evil);
    const body = (await openPage(client)).body;
    expect(body).not.toContain('<img src=x');
    expect(body).not.toContain('</script><img');
    expect(body).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!--');
    expect(betsPageOf(dataOf(body)).page?.bets[0]?.horseName).toBe(evil);
  });

  it('never shows another syndicate’s bets', async () => {
    const a = await signUpWithSyndicate(app);
    await placeBet(a.client, 'Only In A');
    const b = await signUpWithSyndicate(app);
    await placeBet(b.client, 'Only In B');
    const body = (await openPage(b.client)).body;
    expect(body).toContain('Only In B');
    expect(body).not.toContain('Only In A');
  });

  it('sends the plain shell when there is nothing to draw: signed out, no syndicate, no bets', async () => {
    // A stale hint with no session, and a forged session.
    plain((await app.inject({ url: '/bets', headers: { cookie: 'rs_signed_in=2' } })).body);
    plain((await app.inject({ url: '/bets', headers: { cookie: 'sid=forged; rs_signed_in=2' } })).body);
    // Signed in with no syndicate yet.
    plain((await openPage(await signUp(app))).body);
    // A syndicate with no bets.
    plain((await openPage((await signUpWithSyndicate(app)).client)).body);
  });
});

describe('the first paint of the dashboard', () => {
  it('draws the caller’s dashboard with its cards, and the answers of every read it made', async () => {
    const { client } = await signUpWithSyndicate(app, 'Dana Dashboard');
    await placeBet(client, 'Settled Sally', 'win');
    const res = await openPage(client, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body;
    expect(body).toContain('<div id="first-paint" aria-hidden="true" inert>');
    expect(body).toContain('Your syndicate at a glance.');
    expect(body).toContain('Dana Dashboard');
    // The cards are drawn with their data, not their loading notes.
    expect(body).toContain('Recent Bets');
    expect(body).toContain('Settled Sally');
    expect(body).not.toContain('Loading...');
    expect(body).toContain(`<style>${CSS}</style>`);
    // One inline script, the code's loader (the first-rows mark is the bets page's).
    const scripts = inlineScripts(body);
    expect(scripts).toHaveLength(1);
    expect(allowedScripts(res.headers)).toContain(hashOf(scripts[0] ?? ''));
    expectCodeAfterPaint(body);
    const data = dataOf(body);
    expect(data.href).toBe('/');
    const keys = data.state.queries.map((q) => String(q.queryKey[0]));
    for (const read of [
      '/api/auth/user',
      '/api/members/me',
      '/api/stats/syndicate',
      '/api/bank',
      '/api/races',
    ]) {
      expect(keys).toContain(read);
    }
    expect(data.state.queries.every((q) => q.state.status === 'success')).toBe(true);
  });

  it('draws a syndicate with no bets yet, and never another syndicate’s', async () => {
    const a = await signUpWithSyndicate(app);
    await placeBet(a.client, 'Only In A', 'win');
    const b = await signUpWithSyndicate(app, 'Bea Blank');
    const body = (await openPage(b.client, '/')).body;
    expect(body).toContain('id="first-paint"');
    expect(body).toContain('Bea Blank');
    expect(body).toContain('No bets found');
    expect(body).not.toContain('Only In A');
  });

  it('sends the plain shell signed out and with no syndicate, and for pages it does not draw', async () => {
    plain((await app.inject({ url: '/' })).body);
    plain((await app.inject({ url: '/', headers: { cookie: 'sid=forged; rs_signed_in=2' } })).body);
    plain((await openPage(await signUp(app), '/')).body);
    const { client } = await signUpWithSyndicate(app);
    await placeBet(client, 'Drawn Nowhere Else', 'win');
    plain((await openPage(client, '/members')).body);
    plain((await openPage(client, '/insights')).body);
  });
});
