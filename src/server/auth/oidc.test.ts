// OpenID Connect sign-in end to end against a real provider (oidc-provider) on loopback:
// the app redirects to it, a browser-less user agent signs in and consents there, and the
// provider's redirect back to /api/callback is handed to the app.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { Client, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import {
  type CookieJar,
  followToCallback,
  startOidcProvider,
  type TestProvider,
} from '../test/oidc-provider';
import { OIDC_BROWSER_MISMATCH } from './routes';

const CALLBACK = `${TEST_ORIGIN}/api/callback`;
const ALICE = { sub: 'alice-0001', name: 'Alice Provider', email: 'alice@idp.example' };
const BOB = { sub: 'bob-0002', name: 'Bob Provider', email: 'bob@idp.example' };
const UNVERIFIED = {
  sub: 'carol-0003',
  name: 'Carol Unverified',
  email: 'carol@idp.example',
  emailVerified: false,
};

let idp: TestProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startOidcProvider({
    clientId: 'racing-syndicate',
    clientSecret: 'a-long-client-secret-for-tests',
    redirectUri: CALLBACK,
    accounts: [ALICE, BOB, UNVERIFIED],
  });
  t = await createTestApp({
    OIDC_ISSUER_URL: idp.issuer,
    OIDC_CLIENT_ID: 'racing-syndicate',
    OIDC_CLIENT_SECRET: 'a-long-client-secret-for-tests',
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/**
 * The sign-in cookie GET /api/login set in each client's browser (the harness Client keeps only
 * the session cookie), sent back with that client's callback as a browser would.
 */
const loginCookies = new WeakMap<Client, string>();

async function startLogin(client: Client) {
  const start = await client.get('/api/login');
  expect(start.statusCode).toBe(302);
  const set = [start.headers['set-cookie'] ?? []].flat().map(String);
  const pair = set.map((line) => line.split(';')[0] ?? '').find((p) => p.startsWith('oidc_login='));
  if (pair) loginCookies.set(client, pair);
  return start;
}

/** GET /api/login at the app, then the provider's pages up to the redirect back to the app. */
async function authorize(client: Client, jar: CookieJar = new Map()): Promise<URL> {
  const start = await startLogin(client);
  const location = String(start.headers.location);
  expect(location.startsWith(`${idp.issuer}/`)).toBe(true);
  return followToCallback(location, CALLBACK, jar);
}

const callbackPath = (url: URL) => url.pathname + url.search;

/** Opens a callback URL in `client`'s browser: its session cookie and its own sign-in cookie. */
function openCallback(client: Client, url: URL | string) {
  const path = typeof url === 'string' ? url : callbackPath(url);
  const cookies = [client.cookie ? `sid=${client.cookie}` : '', loginCookies.get(client) ?? '']
    .filter(Boolean)
    .join('; ');
  return client.get(path, cookies ? { cookie: cookies } : {});
}

/** A whole sign-in; returns the signed-in client and the user it resolved to. */
async function signInThroughProvider(client = new Client(t.app), jar?: CookieJar) {
  const callback = await authorize(client, jar);
  const res = await openCallback(client, callback);
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe('/');
  const user = await client.get('/api/auth/user');
  expect(user.statusCode).toBe(200);
  return { client, res, user: user.json<{ id: number; name: string; email: string | null }>() };
}

describe('OIDC sign-in against a real provider', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const res = await new Client(t.app).get('/api/login');
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('racing-syndicate');
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(20);
    expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(20);

    // Each sign-in gets its own state, nonce and verifier.
    const again = new URL(String((await new Client(t.app).get('/api/login')).headers.location)).searchParams;
    expect(again.get('state')).not.toBe(q.get('state'));
    expect(again.get('nonce')).not.toBe(q.get('nonce'));
    expect(again.get('code_challenge')).not.toBe(q.get('code_challenge'));
  });

  it('completes the code flow: 302 to / with a session cookie, and the provider account is the user', async () => {
    const client = new Client(t.app);
    const callback = await authorize(client);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(idp.issuer);
    // The provider saw exactly what the app sent.
    const sent = idp.authorizationRequests.at(-1);
    expect(sent?.get('state')).toBe(callback.searchParams.get('state'));

    const tokenRequests = idp.tokenRequestAuth.length;
    const res = await openCallback(client, callback);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/');
    // The client authenticated with HTTP Basic, the registration default.
    expect(idp.tokenRequestAuth.slice(tokenRequests)).toEqual(['basic']);
    const sid = [res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((l) => l.startsWith('sid='));
    expect(sid).toMatch(/^sid=[^;]+;.*HttpOnly/);
    expect(client.cookie).toBeTruthy();

    const user = await client.get('/api/auth/user');
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ id: expect.any(Number), name: ALICE.name, email: ALICE.email });
  });

  it("login CSRF: a callback started in the attacker's browser signs no one in elsewhere (attack)", async () => {
    // The attacker signs in at the provider as themselves, stops before the callback, and
    // gets the victim's browser to open it (a link, an image, a redirect).
    idp.signInAs = BOB.sub;
    const attacker = new Client(t.app);
    let callback: URL;
    try {
      callback = await authorize(attacker);
    } finally {
      idp.signInAs = ALICE.sub;
    }
    const victim = new Client(t.app);
    const res = await openCallback(victim, callback);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: OIDC_BROWSER_MISMATCH });
    expect(victim.cookie).toBeUndefined();
    expect((await victim.get('/api/auth/user')).statusCode).toBe(401);

    // A victim already signed in stays themselves, and a sign-in of their own in progress
    // (a different cookie) does not accept the attacker's callback either.
    const signedIn = (await signInThroughProvider()).client;
    const before = signedIn.cookie;
    await startLogin(signedIn);
    const again = await openCallback(signedIn, callback);
    expect(again.statusCode).toBe(403);
    expect(signedIn.cookie).toBe(before);
    expect((await signedIn.get('/api/auth/user')).json()).toMatchObject({ email: ALICE.email });
  });

  it('the sign-in cookie is HttpOnly, SameSite=Lax, lives 10 minutes, and is cleared after use', async () => {
    const client = new Client(t.app);
    const start = await startLogin(client);
    const line = [start.headers['set-cookie']]
      .flat()
      .map(String)
      .find((l) => l.startsWith('oidc_login='));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=600/);
    expect(line).toMatch(/Path=\//);
    // Its value never appears in the URL sent to the provider.
    const value = loginCookies.get(client)?.split('=')[1] ?? '';
    expect(value.length).toBeGreaterThanOrEqual(40);
    expect(String(start.headers.location)).not.toContain(value);

    const callback = await followToCallback(String(start.headers.location), CALLBACK);
    const res = await openCallback(client, callback);
    expect(res.statusCode).toBe(302);
    const cleared = [res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((l) => l.startsWith('oidc_login='));
    expect(cleared).toMatch(/^oidc_login=;/);
  });

  it('refuses a tampered state and creates no session', async () => {
    const client = new Client(t.app);
    const callback = await authorize(client);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const res = await openCallback(client, tampered);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(client.cookie).toBeUndefined();
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a callback without state (403), or with a provider error (401)', async () => {
    const client = new Client(t.app);
    const callback = await authorize(client);
    const noState = new URL(callback);
    noState.searchParams.delete('state');
    expect((await openCallback(client, noState)).statusCode).toBe(403);
    // The untouched callback still works: a refused attempt does not burn someone else's state.
    expect((await openCallback(client, callback)).statusCode).toBe(302);

    // The provider answered with an error (the user cancelled) for a live sign-in.
    const other = new Client(t.app);
    const start = new URL(String((await startLogin(other)).headers.location));
    const state = start.searchParams.get('state') ?? '';
    const denied = await openCallback(
      other,
      `/api/callback?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(other.cookie).toBeUndefined();
    expect(denied.statusCode).toBe(401);
  });

  it('accepts a callback URL only once (state is single-use)', async () => {
    const first = new Client(t.app);
    const callback = await authorize(first);
    const loginCookie = loginCookies.get(first) ?? '';
    expect((await openCallback(first, callback)).statusCode).toBe(302);

    // Replayed with the very same browser cookie (as if copied): the state is gone.
    const replay = new Client(t.app);
    loginCookies.set(replay, loginCookie);
    const res = await openCallback(replay, callback);
    expect(res.statusCode).toBe(401);
    expect(replay.cookie).toBeUndefined();
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
  });

  it("records the provider's email_verified: true only when it says exactly true", async () => {
    const emailVerifiedOf = async (id: number) =>
      (await t.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]?.v;
    const alice = await signInThroughProvider();
    expect(await emailVerifiedOf(alice.user.id)).toBe(true);
    idp.signInAs = UNVERIFIED.sub;
    try {
      const carol = await signInThroughProvider();
      expect(carol.user.email).toBe(UNVERIFIED.email);
      expect(await emailVerifiedOf(carol.user.id)).toBe(false);
    } finally {
      idp.signInAs = ALICE.sub;
    }
  });

  it('maps the same subject to the same user on every sign-in, and a new one to a new user', async () => {
    idp.signInAs = ALICE.sub;
    const first = await signInThroughProvider();
    // A second browser, a full login at the provider again.
    const second = await signInThroughProvider();
    expect(second.user).toEqual(first.user);

    // The same browser signing in again (provider session reused): a fresh session id replaces the old.
    const jar: CookieJar = new Map();
    const a = await signInThroughProvider(new Client(t.app), jar);
    const oldSid = a.client.cookie;
    const b = await signInThroughProvider(a.client, jar);
    expect(b.user.id).toBe(first.user.id);
    expect(b.client.cookie).not.toBe(oldSid);
    const stale = new Client(t.app);
    stale.cookie = oldSid;
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);

    idp.signInAs = BOB.sub;
    try {
      const bob = await signInThroughProvider();
      expect(bob.user).toEqual({ id: expect.any(Number), name: BOB.name, email: BOB.email });
      expect(bob.user.id).not.toBe(first.user.id);
    } finally {
      idp.signInAs = ALICE.sub;
    }
  });

  it('answers 404 to local register and login in OIDC mode', async () => {
    const client = new Client(t.app);
    const register = await client.post('/api/auth/register', {
      name: 'Local',
      email: 'local@example.test',
      password: 'long enough pw',
    });
    expect(register.statusCode).toBe(404);
    const login = await client.post('/api/auth/login', { email: 'local@example.test', password: 'whatever' });
    expect(login.statusCode).toBe(404);
    expect(client.cookie).toBeUndefined();
  });

  it('signs out: the session ends', async () => {
    const { client } = await signInThroughProvider();
    const sid = client.cookie;
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    const stale = new Client(t.app);
    stale.cookie = sid;
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('OIDC against a provider that accepts client_secret_post only', () => {
  let postIdp: TestProvider;
  let app: TestApp;
  beforeAll(async () => {
    postIdp = await startOidcProvider({
      clientId: 'racing-syndicate-post',
      clientSecret: 'another-long-client-secret',
      redirectUri: CALLBACK,
      accounts: [BOB],
      clientAuthMethods: ['client_secret_post'],
    });
    app = await createTestApp({
      OIDC_ISSUER_URL: postIdp.issuer,
      OIDC_CLIENT_ID: 'racing-syndicate-post',
      OIDC_CLIENT_SECRET: 'another-long-client-secret',
    });
  });
  afterAll(async () => {
    await app?.close();
    await postIdp?.close();
  });

  it('sends the client credentials in the body and signs in', async () => {
    const client = new Client(app.app);
    const start = await startLogin(client);
    const callback = await followToCallback(String(start.headers.location), CALLBACK);
    const res = await openCallback(client, callback);
    expect(res.statusCode, res.body).toBe(302);
    expect(postIdp.tokenRequestAuth).toEqual(['body']);
    expect((await client.get('/api/auth/user')).json()).toEqual({
      id: expect.any(Number),
      name: BOB.name,
      email: BOB.email,
    });
  });
});
