import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../test/harness';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('local accounts', () => {
  it('registers, answers /api/auth/user, and refuses a duplicate e-mail with 409', async () => {
    const c = new Client(t.app);
    const email = uniqueEmail();
    const res = await c.post('/api/auth/register', { name: 'Ann Lee', email, password: 'long enough pw' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Ann Lee', email });
    expect((await c.get('/api/auth/user')).json()).toEqual(res.json());

    const again = await new Client(t.app).post('/api/auth/register', {
      name: 'Other',
      email: email.toUpperCase(),
      password: 'long enough pw',
    });
    expect(again.statusCode).toBe(409);
  });

  it('validates the sign-up body with clear messages', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/auth/register', { name: '', email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Name is required',
        'Invalid email address',
        'Password must be at least 10 characters',
      ]),
    );
  });

  it('signs in with the right password only', async () => {
    const email = uniqueEmail();
    await new Client(t.app).post('/api/auth/register', { name: 'Bo', email, password: 'right password' });
    const c = new Client(t.app);
    const bad = await c.post('/api/auth/login', { email, password: 'wrong password' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Invalid email or password' });
    const unknown = await c.post('/api/auth/login', { email: uniqueEmail(), password: 'whatever' });
    expect(unknown.statusCode).toBe(401);
    const ok = await c.post('/api/auth/login', { email, password: 'right password' });
    expect(ok.statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('GET /api/login sends local mode to the sign-in page', async () => {
    const res = await new Client(t.app).get('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('GET /api/health answers ok without a session', async () => {
    const res = await new Client(t.app).get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax cookie of at least 256 bits, not Secure over http', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Cookie', email: uniqueEmail(), password: 'long enough pw' },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeFalsy();
    expect(Buffer.from(cookie?.value ?? '', 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('sets, beside it, a script-readable signed-in hint that holds no secret, and logout clears both', async () => {
    const c = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN },
      payload: { email: c.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    // The session cookie comes first (clients that read one Set-Cookie take the session).
    expect(login.cookies.map((k) => k.name)).toEqual(['sid', 'rs_signed_in']);
    const hint = login.cookies.find((k) => k.name === 'rs_signed_in');
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
    // The hint alone is no session.
    const hintOnly = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'rs_signed_in=1' },
    });
    expect(hintOnly.statusCode).toBe(401);
    const sid = login.cookies.find((k) => k.name === 'sid')?.value;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: TEST_ORIGIN, cookie: `sid=${sid}; rs_signed_in=1` },
    });
    const cleared = Object.fromEntries(out.cookies.map((k) => [k.name, k.value]));
    expect(cleared).toEqual({ sid: '', rs_signed_in: '' });
  });

  it('the hint says "in a syndicate" once the session is in one, and goes back when it leaves', async () => {
    const c = await signUp(t.app);
    const hintOf = (res: { headers: Record<string, unknown> }) => {
      const set = res.headers['set-cookie'];
      const all = Array.isArray(set) ? set : typeof set === 'string' ? [set] : [];
      const hint = all.find((v: string) => v.startsWith('rs_signed_in='));
      return hint ? hint.slice('rs_signed_in='.length).split(';')[0] : undefined;
    };
    // Signed in, no syndicate: the hint stays "signed in" (sent only when it differs).
    expect(hintOf(await c.get('/api/auth/user', { cookie: `sid=${c.cookie}; rs_signed_in=1` }))).toBe(
      undefined,
    );
    const created = await c.post('/api/syndicates', { name: 'Hint Club' });
    expect(created.statusCode).toBe(201);
    // The next request finds the session in a syndicate.
    expect(hintOf(await c.get('/api/auth/user', { cookie: `sid=${c.cookie}; rs_signed_in=1` }))).toBe('2');
    expect(hintOf(await c.get('/api/settings', { cookie: `sid=${c.cookie}; rs_signed_in=2` }))).toBe(
      undefined,
    );
    // A second member leaves: their hint goes back to "signed in".
    const { inviteCode } = created.json<{ inviteCode: string }>();
    const m = await signUp(t.app, 'Leaver');
    expect((await m.post('/api/syndicates/join', { inviteCode })).statusCode).toBe(200);
    expect(hintOf(await m.get('/api/auth/user', { cookie: `sid=${m.cookie}; rs_signed_in=1` }))).toBe('2');
    expect((await m.post('/api/members/me/leave')).statusCode).toBe(204);
    expect(hintOf(await m.get('/api/auth/user', { cookie: `sid=${m.cookie}; rs_signed_in=2` }))).toBe('1');
    // Signing out clears it, and nothing sets it again in the same answer.
    const out = await c.post('/api/logout', undefined, { cookie: `sid=${c.cookie}; rs_signed_in=2` });
    expect(hintOf(out)).toBe('');
    // A client that never kept the hint (one cookie, the session) is not sent one.
    expect(hintOf(await m.get('/api/auth/user'))).toBe(undefined);
    // Signed out, nothing is set.
    expect(hintOf(await new Client(t.app).get('/api/auth/user', { cookie: 'rs_signed_in=2' }))).toBe(
      undefined,
    );
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const c = await signUp(t.app);
    const first = c.cookie;
    const res = await c.post('/api/auth/login', { email: c.email, password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    expect(c.cookie).toBeDefined();
    expect(c.cookie).not.toBe(first);
    const old = new Client(t.app);
    old.cookie = first;
    expect((await old.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('logout deletes the server-side session: replaying the cookie answers 401', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const c = await signUp(t.app);
      const token = c.cookie;
      const res = method === 'POST' ? await c.post('/api/logout') : await c.get('/api/logout');
      expect(res.statusCode).toBe(method === 'POST' ? 204 : 302);
      if (method === 'GET') expect(res.headers.location).toBe('/');
      const replay = new Client(t.app);
      replay.cookie = token;
      expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
    }
  });

  it('expires after 14 idle days and after 60 days in all', async () => {
    const c = await signUp(t.app);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + SESSION_IDLE_MS - 60_000);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
      t.clock.now = new Date(t.clock.now.getTime() + SESSION_IDLE_MS + 120_000);
      expect((await c.get('/api/auth/user')).statusCode).toBe(401);

      const d = await signUp(t.app);
      // Active every 13 days: never idle, but the absolute limit still ends it.
      let at = t.clock.now.getTime();
      const born = at;
      while (at - born < SESSION_ABSOLUTE_MS - 13 * 86_400_000) {
        at += 13 * 86_400_000;
        t.clock.now = new Date(at);
        expect((await d.get('/api/auth/user')).statusCode).toBe(200);
      }
      t.clock.now = new Date(born + SESSION_ABSOLUTE_MS + 1000);
      expect((await d.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });
});

describe('Origin rule (CSRF)', () => {
  it('refuses a state-changing request with a session from a foreign or missing Origin', async () => {
    const c = await signUp(t.app);
    const foreign = await c.post('/api/syndicates', { name: 'X' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/syndicates',
      headers: { cookie: `sid=${c.cookie}` },
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(403);
    const viaReferer = await t.app.inject({
      method: 'POST',
      url: '/api/syndicates',
      headers: { cookie: `sid=${c.cookie}`, referer: 'http://localhost:5000/onboarding' },
      payload: { name: 'Good' },
    });
    expect(viaReferer.statusCode).toBe(201);
    expect((await c.get('/api/syndicates')).json()).toHaveLength(1);
  });

  it('refuses a sign-in posted from a foreign origin', async () => {
    const res = await new Client(t.app).post(
      '/api/auth/login',
      { email: uniqueEmail(), password: 'whatever' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  it('uses a Secure __Host- cookie and sends HSTS', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://syndicate.example', TRUST_PROXY: 'true' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: 'https://syndicate.example', 'x-forwarded-proto': 'https' },
        payload: { name: 'Secure', email: uniqueEmail(), password: 'long enough pw' },
      });
      expect(res.statusCode).toBe(201);
      const cookie = res.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.path).toBe('/');
      expect(cookie?.domain).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const me = await secure.app.inject({
        url: '/api/auth/user',
        headers: { cookie: `__Host-sid=${cookie?.value}` },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});

describe('PUT /api/auth/password', () => {
  const signedIn = async (email: string, password: string) => {
    const c = new Client(t.app);
    expect((await c.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    return c;
  };

  it('changes the password and ends the account’s other sessions, not this one', async () => {
    const email = uniqueEmail();
    const c = new Client(t.app);
    await c.post('/api/auth/register', { name: 'Pat Change', email, password: 'first password 1' });
    const otherDevice = await signedIn(email, 'first password 1');
    const someoneElse = await signUp(t.app, 'Untouched Una');

    const res = await c.put('/api/auth/password', {
      currentPassword: 'first password 1',
      newPassword: 'second password 2',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/auth/user')).statusCode).toBe(401);
    expect((await someoneElse.get('/api/auth/user')).statusCode).toBe(200);
    const old = await new Client(t.app).post('/api/auth/login', { email, password: 'first password 1' });
    expect(old.statusCode).toBe(401);
    await signedIn(email, 'second password 2');
  });

  it('refuses a wrong current password, a weak new one and no session, changing nothing', async () => {
    const email = uniqueEmail();
    const c = new Client(t.app);
    await c.post('/api/auth/register', { name: 'Pat Keep', email, password: 'kept password 1' });
    const other = await signedIn(email, 'kept password 1');
    type Body = { message: string; errors?: { path: string; message: string }[] };
    const wrong = await c.put('/api/auth/password', {
      currentPassword: 'not my password',
      newPassword: 'second password 2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<Body>()).toEqual({
      message: 'Current password is incorrect',
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    const short = await c.put('/api/auth/password', {
      currentPassword: 'kept password 1',
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<Body>().errors).toEqual([
      { path: 'newPassword', message: 'Password must be at least 10 characters' },
    ]);
    const common = await c.put('/api/auth/password', {
      currentPassword: 'kept password 1',
      newPassword: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json<Body>().message).toBe('This password is too common. Choose another.');
    for (const body of [{}, { currentPassword: '', newPassword: 'second password 2' }]) {
      expect((await c.put('/api/auth/password', body)).statusCode).toBe(400);
    }
    expect(
      (
        await new Client(t.app).put('/api/auth/password', {
          currentPassword: 'kept password 1',
          newPassword: 'second password 2',
        })
      ).statusCode,
    ).toBe(401);
    // Nothing changed: the old password still signs in, the other session is still there.
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);
    await signedIn(email, 'kept password 1');
  });

  it('ends sign-ins with the old password that were under way while it changed (none outlives it)', async () => {
    const email = uniqueEmail();
    const c = new Client(t.app);
    await c.post('/api/auth/register', { name: 'Pat Race', email, password: 'leaked password 1' });
    // Someone holding the old password signs in over and over while the owner changes it: a
    // sign-in that checked the old password before the change must not leave a session after it.
    let changed = false;
    const signIns: Promise<{ client: Client; status: number }>[] = [];
    const change = c
      .put('/api/auth/password', { currentPassword: 'leaked password 1', newPassword: 'fresh password 2' })
      .finally(() => {
        changed = true;
      });
    while (!changed) {
      const client = new Client(t.app);
      signIns.push(
        client
          .post('/api/auth/login', { email, password: 'leaked password 1' })
          .then((res) => ({ client, status: res.statusCode })),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await change).statusCode).toBe(204);
    const done = await Promise.all(signIns);
    expect(done.some((d) => d.status === 200)).toBe(true);
    for (const { client, status } of done) {
      if (status === 200) expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    }
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins: a stolen session cannot guess the password', async () => {
    const email = uniqueEmail();
    const c = new Client(t.app);
    await c.post('/api/auth/register', { name: 'Pat Guard', email, password: 'real password 1' });
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await c.put('/api/auth/password', { currentPassword: `guess ${i}`, newPassword: 'taken over 2' })
      ).statusCode;
    }
    expect(last).toBe(429);
    const right = await c.put('/api/auth/password', {
      currentPassword: 'real password 1',
      newPassword: 'taken over 2',
    });
    expect(right.statusCode).toBe(429);
  });
});
