// Item 5. Sessions: 256-bit random ids stored only as hashes, a new id at every sign-in, the
// cookie's flags (over plain HTTP, and behind an HTTPS proxy with TRUST_PROXY), no replay after
// logout, and idle (14 days) and absolute (60 days) expiry, proven with the app's injectable clock.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../src/server/auth/sessions';
import { sessions } from '../src/server/db/schema';
import { Client, createTestApp, signUp, type TestApp, uniqueEmail } from '../src/server/test/harness';
import { figure } from './support/figures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'correct horse battery';

function setCookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  return [raw].flat().map(String).join('\n');
}

describe('sessions', () => {
  it('ids carry 256 random bits, differ at every sign-in, and only their hash is stored', async () => {
    const user = await signUp(t.app);
    const tokens = new Set<string>();
    let bits = Number.POSITIVE_INFINITY;
    let previous = user.cookie ?? '';
    let oldStillValid = 0;
    // Sign-ins per e-mail are limited (20 per 15 minutes): stay under the limit.
    const N = 18;
    for (let i = 0; i < N; i++) {
      const res = await user.post('/api/auth/login', { email: user.email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const token = user.cookie ?? '';
      bits = Math.min(bits, Buffer.from(token, 'base64url').length * 8);
      tokens.add(token);
      // The session the browser held before signing in again has ended.
      const stale = new Client(t.app);
      stale.cookie = previous;
      if ((await stale.get('/api/auth/user')).statusCode !== 401) oldStillValid++;
      previous = token;
    }
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    const hashOnly = stored.every(
      (s) =>
        s.idHash ===
        createHash('sha256')
          .update(user.cookie ?? '')
          .digest('hex'),
    );
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where id_hash = ${user.cookie ?? ''}`,
    );

    figure(5, 'session id entropy (bits, from crypto.randomBytes)', bits, bits >= 256);
    figure(5, `distinct ids over ${N} sign-ins of one user`, tokens.size, tokens.size === N);
    figure(5, 'previous session still valid after a new sign-in', oldStillValid, oldStillValid === 0);
    figure(
      5,
      'sessions stored per user after re-sign-ins; stored as SHA-256 only',
      `${stored.length}; ${hashOnly && rows[0]?.n === 0}`,
      stored.length === 1 && hashOnly,
    );
    expect(bits).toBeGreaterThanOrEqual(256);
    expect(tokens.size).toBe(N);
    expect(oldStillValid).toBe(0);
    expect(stored).toHaveLength(1);
    expect(hashOnly).toBe(true);
    expect(rows[0]?.n).toBe(0);
  });

  it('sets HttpOnly SameSite=Lax Path=/ over HTTP; adds Secure and __Host- behind an HTTPS proxy', async () => {
    const plain = new Client(t.app);
    const reg = await plain.post('/api/auth/register', {
      name: 'Plain',
      email: uniqueEmail(),
      password: PASSWORD,
    });
    const cookie = setCookieOf(reg);
    const plainOk =
      /^sid=[\w-]{43};/.test(cookie) &&
      /HttpOnly/.test(cookie) &&
      /SameSite=Lax/.test(cookie) &&
      /Path=\//.test(cookie) &&
      !/Secure/.test(cookie);

    const https = await createTestApp({ PUBLIC_URL: 'https://rs.example.test', TRUST_PROXY: 'true' });
    try {
      const proxied = {
        origin: 'https://rs.example.test',
        host: 'rs.example.test',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.7',
      };
      const c = new Client(https.app, '__Host-sid');
      const res = await c.post(
        '/api/auth/register',
        { name: 'Secure', email: uniqueEmail(), password: PASSWORD },
        proxied,
      );
      const secureCookie = setCookieOf(res);
      const secureOk =
        /^__Host-sid=[\w-]{43};/.test(secureCookie) &&
        /Secure/.test(secureCookie) &&
        /HttpOnly/.test(secureCookie) &&
        /SameSite=Lax/.test(secureCookie) &&
        /Path=\//.test(secureCookie) &&
        !/Domain=/i.test(secureCookie);
      const me = await c.get('/api/auth/user', proxied);
      // A plain `sid` cookie is not read by an HTTPS deployment.
      const plainName = await https.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: `sid=${c.cookie}` },
      });
      const out = await c.post('/api/logout', undefined, proxied);
      const cleared = setCookieOf(out);

      figure(
        5,
        'HTTP cookie: sid; HttpOnly; SameSite=Lax; Path=/; no Secure',
        plainOk ? 'yes' : cookie,
        plainOk,
      );
      figure(
        5,
        'HTTPS (PUBLIC_URL https, TRUST_PROXY, X-Forwarded-Proto): __Host-sid; Secure; HttpOnly; SameSite=Lax; Path=/; no Domain',
        secureOk ? 'yes' : secureCookie,
        secureOk,
      );
      expect(plainOk, cookie).toBe(true);
      expect(secureOk, secureCookie).toBe(true);
      expect(me.statusCode).toBe(200);
      expect(plainName.statusCode).toBe(401);
      expect(out.statusCode).toBe(204);
      expect(cleared).toMatch(/^__Host-sid=;.*Secure/);
    } finally {
      await https.close();
    }
  });

  it('refuses a replayed cookie after logout (POST and GET /api/logout)', async () => {
    let replays = 0;
    let accepted = 0;
    for (const how of ['POST', 'GET'] as const) {
      const user = await signUp(t.app);
      const token = user.cookie;
      const out = how === 'POST' ? await user.post('/api/logout') : await user.get('/api/logout');
      expect(out.statusCode).toBe(how === 'POST' ? 204 : 302);
      const replay = new Client(t.app);
      replay.cookie = token;
      for (const url of ['/api/auth/user', '/api/syndicates']) {
        replays++;
        if ((await replay.get(url)).statusCode !== 401) accepted++;
      }
      replays++;
      if ((await replay.post('/api/syndicates', { name: 'Replayed' })).statusCode !== 401) accepted++;
    }
    figure(5, 'replays of a logged-out cookie accepted', `${accepted} of ${replays}`, accepted === 0);
    expect(accepted).toBe(0);
  });

  it('expires a session after 14 idle days and 60 days in all, however active', async () => {
    const start = t.clock.now;
    try {
      const idle = await signUp(t.app);
      t.clock.now = new Date(start.getTime() + SESSION_IDLE_MS - 60_000);
      const justBefore = (await idle.get('/api/auth/user')).statusCode;
      t.clock.now = new Date(t.clock.now.getTime() + SESSION_IDLE_MS + 1000);
      const afterIdle = (await idle.get('/api/auth/user')).statusCode;

      t.clock.now = start;
      const busy = await signUp(t.app);
      // Active every 13 days: never idle, but the absolute limit still ends it.
      const seen: number[] = [];
      let at = start.getTime();
      while (at + 13 * DAY < start.getTime() + SESSION_ABSOLUTE_MS) {
        at += 13 * DAY;
        t.clock.now = new Date(at);
        seen.push((await busy.get('/api/auth/user')).statusCode);
      }
      t.clock.now = new Date(start.getTime() + SESSION_ABSOLUTE_MS + 1000);
      const afterAbsolute = (await busy.get('/api/auth/user')).statusCode;

      figure(
        5,
        'idle expiry (days); answer just before / after',
        `${SESSION_IDLE_MS / DAY}; ${justBefore} / ${afterIdle}`,
        justBefore === 200 && afterIdle === 401,
      );
      figure(
        5,
        'absolute expiry (days); active every 13 days, answer after',
        `${SESSION_ABSOLUTE_MS / DAY}; ${seen.join(',')} → ${afterAbsolute}`,
        afterAbsolute === 401,
      );
      expect(justBefore).toBe(200);
      expect(afterIdle).toBe(401);
      expect(seen.every((s) => s === 200)).toBe(true);
      expect(afterAbsolute).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });
});
