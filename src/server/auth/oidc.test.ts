// OpenID Connect sign-in end to end against a real provider (oidc-provider) on loopback:
// the app redirects to it, a browser-less user agent signs in and consents there, and the
// provider's redirect back to /api/callback is handed to the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import {
  type CookieJar,
  followToCallback,
  startOidcProvider,
  type TestProvider,
} from '../test/oidc-provider';

const CALLBACK = `${TEST_ORIGIN}/api/callback`;
const ALICE = { sub: 'alice-0001', name: 'Alice Provider', email: 'alice@idp.example' };
const BOB = { sub: 'bob-0002', name: 'Bob Provider', email: 'bob@idp.example' };

let idp: TestProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startOidcProvider({
    clientId: 'racing-syndicate',
    clientSecret: 'a-long-client-secret-for-tests',
    redirectUri: CALLBACK,
    accounts: [ALICE, BOB],
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

/** GET /api/login at the app, then the provider's pages up to the redirect back to the app. */
async function authorize(client: Client, jar: CookieJar = new Map()): Promise<URL> {
  const start = await client.get('/api/login');
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(`${idp.issuer}/`)).toBe(true);
  return followToCallback(location, CALLBACK, jar);
}

const callbackPath = (url: URL) => url.pathname + url.search;

/** A whole sign-in; returns the signed-in client and the user it resolved to. */
async function signInThroughProvider(client = new Client(t.app), jar?: CookieJar) {
  const callback = await authorize(client, jar);
  const res = await client.get(callbackPath(callback));
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
    const res = await client.get(callbackPath(callback));
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/');
    // The client authenticated with HTTP Basic, the registration default.
    expect(idp.tokenRequestAuth.slice(tokenRequests)).toEqual(['basic']);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=[^;]+;.*HttpOnly/);
    expect(client.cookie).toBeTruthy();

    const user = await client.get('/api/auth/user');
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ id: expect.any(Number), name: ALICE.name, email: ALICE.email });
  });

  it('refuses a tampered state with 401 and creates no session', async () => {
    const client = new Client(t.app);
    const callback = await authorize(client);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const res = await client.get(callbackPath(tampered));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(client.cookie).toBeUndefined();
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a callback without state, or with a provider error, with 401', async () => {
    const client = new Client(t.app);
    const callback = await authorize(client);
    const noState = new URL(callback);
    noState.searchParams.delete('state');
    expect((await client.get(callbackPath(noState))).statusCode).toBe(401);
    // The untouched callback still works: a refused attempt does not burn someone else's state.
    expect((await client.get(callbackPath(callback))).statusCode).toBe(302);

    // The provider answered with an error (the user cancelled) for a live sign-in.
    const other = new Client(t.app);
    const start = new URL(String((await other.get('/api/login')).headers.location));
    const state = start.searchParams.get('state') ?? '';
    const denied = await other.get(
      `/api/callback?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(other.cookie).toBeUndefined();
    expect(denied.statusCode).toBe(401);
  });

  it('accepts a callback URL only once (state is single-use)', async () => {
    const first = new Client(t.app);
    const callback = await authorize(first);
    expect((await first.get(callbackPath(callback))).statusCode).toBe(302);

    const replay = new Client(t.app);
    const res = await replay.get(callbackPath(callback));
    expect(res.statusCode).toBe(401);
    expect(replay.cookie).toBeUndefined();
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
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
    const start = await client.get('/api/login');
    const callback = await followToCallback(String(start.headers.location), CALLBACK);
    const res = await client.get(callbackPath(callback));
    expect(res.statusCode, res.body).toBe(302);
    expect(postIdp.tokenRequestAuth).toEqual(['body']);
    expect((await client.get('/api/auth/user')).json()).toEqual({
      id: expect.any(Number),
      name: BOB.name,
      email: BOB.email,
    });
  });
});
