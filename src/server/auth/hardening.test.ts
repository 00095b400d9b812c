// The auth layer's smaller rules from issue 13: no /api answer is cached, a cross-site link
// cannot sign anyone out, PUBLIC_URL alone names the trusted origin (DNS rebinding), and
// passwords are long and not common.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { Client, createTestApp, signUp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../test/harness';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import { hashPassword } from './passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('Cache-Control: no-store on every /api answer', () => {
  it('covers successes, errors, 404s and redirects', async () => {
    const c = await signUp(t.app);
    const answers = await Promise.all([
      c.get('/api/auth/user'),
      new Client(t.app).get('/api/auth/user'), // 401
      c.get('/api/health'),
      c.get('/api/no-such-route'), // 404
      new Client(t.app).get('/api/login'), // 302
      c.post('/api/auth/register', { name: '' }), // 400
      c.post('/api/syndicates', { name: 'X' }, { origin: 'https://evil.example' }), // 403
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 404, 302, 400, 403]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
    // The same read again (any answer reused for it) says so too.
    expect((await c.get('/api/auth/user')).headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/logout', () => {
  it('a cross-site GET (a link or image on another site) signs no one out (attack)', async () => {
    const c = await signUp(t.app);
    for (const site of ['cross-site', 'same-site']) {
      const res = await c.get('/api/logout', { 'sec-fetch-site': site });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    }
    // Older browsers without Sec-Fetch-Site: a foreign Referer is refused the same way.
    await c.get('/api/logout', { referer: 'https://evil.example/page' });
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('same-origin, or typed in the address bar (none), still signs out', async () => {
    for (const site of ['same-origin', 'none']) {
      const c = await signUp(t.app);
      const token = c.cookie;
      const res = await c.get('/api/logout', { 'sec-fetch-site': site });
      expect(res.statusCode).toBe(302);
      const replay = new Client(t.app);
      replay.cookie = token;
      expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
    }
  });
});

describe('Origin rule with PUBLIC_URL set (DNS rebinding)', () => {
  it('refuses an Origin that only matches the Host header (attack)', async () => {
    // A rebinding page at http://rebind.example:5000 reaches our server with that Host.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'rebind.example:5000', origin: 'http://rebind.example:5000' },
      payload: { name: 'Rebound', email: uniqueEmail(), password: 'a fine long password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'rebind.example:5000', origin: TEST_ORIGIN },
      payload: { name: 'Proper', email: uniqueEmail(), password: 'a fine long password' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('without PUBLIC_URL the request’s own host still passes (local use)', async () => {
    const local = await createTestApp({ PUBLIC_URL: '' });
    try {
      expect(local.env.publicUrlExplicit).toBe(false);
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host: '192.168.1.20:5000', origin: 'http://192.168.1.20:5000' },
        payload: { name: 'Laptop', email: uniqueEmail(), password: 'a fine long password' },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await local.close();
    }
  });
});

describe('passwords', () => {
  const register = (password: string) =>
    new Client(t.app).post('/api/auth/register', { name: 'Pat', email: uniqueEmail(), password });

  it('refuses fewer than 10 characters', async () => {
    const res = await register('nine char');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Password must be at least 10 characters',
      errors: [{ path: 'password', message: 'Password must be at least 10 characters' }],
    });
    expect((await register('ten chars!')).statusCode).toBe(201);
  });

  it('refuses the 10,000 most common passwords, in any case', async () => {
    for (const common of ['password123', '1234567890', 'QWERTYUIOP']) {
      const res = await register(common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toEqual({
        message: 'This password is too common. Choose another.',
        errors: [{ path: 'password', message: 'This password is too common. Choose another.' }],
      });
    }
    expect((await register('racing syndicate 2031')).statusCode).toBe(201);
  });

  it('the bundled list holds the 10,000 most common passwords, compared without case', () => {
    expect(commonPasswordCount()).toBe(10_000);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('a fine long password')).toBe(false);
  });

  it('sign-in is not subject to the new rules: an account made before them still signs in', async () => {
    const email = uniqueEmail();
    await t.database.db
      .insert(users)
      .values({ name: 'Old Timer', email, passwordHash: await hashPassword('12345678') });
    const res = await new Client(t.app).post('/api/auth/login', { email, password: '12345678' });
    expect(res.statusCode).toBe(200);
  });
});
