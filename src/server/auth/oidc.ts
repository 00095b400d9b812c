// OpenID Connect sign-in (authorization code + PKCE, state and nonce) through openid-client.
// The in-flight state lives in PostgreSQL (oidc_logins), so any instance can finish a sign-in.
// It is bound to the browser that started it: that browser holds a random key in an HttpOnly
// cookie, and the state is the key's SHA-256, so only that browser can finish it (login CSRF).
// The key never travels in a URL. A user is keyed by issuer + subject.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Db } from '../db/client';
import { oidcLogins, users } from '../db/schema';
import type { Env } from '../env';

/** How long a sign-in may take between redirect and callback (ms); also its cookie's lifetime. */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;
const LOGIN_TTL_MS = OIDC_LOGIN_TTL_MS;

/** The state that belongs to a browser key (base64url SHA-256: 43 characters). */
const stateOf = (browserKey: string) =>
  createHash('sha256').update(`oidc-state:${browserKey}`).digest('base64url');

export interface Oidc {
  /** The provider's URL to send the browser to, and the key that browser must keep (cookie). */
  startLogin(): Promise<{ url: URL; browserKey: string }>;
  /** Whether a callback's state belongs to the browser key its request carries. */
  startedBy(state: string | null, browserKey: string | undefined): boolean;
  /** Completes the sign-in from the callback URL; returns our user id. Throws if anything is off. */
  finishLogin(currentUrl: URL): Promise<number>;
}

export async function createOidc(env: Env, db: Db, now: () => Date): Promise<Oidc> {
  const cfg = env.oidc;
  if (!cfg) throw new Error('OIDC is not configured');
  const issuerUrl = new URL(cfg.issuerUrl);
  // Plain http is allowed only for an issuer on loopback (development and tests).
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname);
  // A client registered without a method uses client_secret_basic (OIDC Registration 2), and
  // some providers accept only the registered method: Basic, unless the provider offers only POST.
  const basic = client.ClientSecretBasic(cfg.clientSecret);
  const post = client.ClientSecretPost(cfg.clientSecret);
  const clientAuth: client.ClientAuth = (as, c, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const postOnly =
      methods !== undefined &&
      !methods.includes('client_secret_basic') &&
      methods.includes('client_secret_post');
    return (postOnly ? post : basic)(as, c, body, headers);
  };
  let config: client.Configuration | undefined;
  const getConfig = async () => {
    config ??= await client.discovery(
      issuerUrl,
      cfg.clientId,
      cfg.clientSecret,
      clientAuth,
      issuerUrl.protocol === 'http:' && loopback ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    return config;
  };
  const redirectUri = new URL('/api/callback', env.publicUrl).href;

  return {
    async startLogin() {
      const config = await getConfig();
      const codeVerifier = client.randomPKCECodeVerifier();
      const browserKey = randomBytes(32).toString('base64url');
      const state = stateOf(browserKey);
      const nonce = client.randomNonce();
      await db.delete(oidcLogins).where(lt(oidcLogins.createdAt, new Date(now().getTime() - LOGIN_TTL_MS)));
      await db.insert(oidcLogins).values({ state, nonce, codeVerifier, createdAt: now() });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, browserKey };
    },

    startedBy(state, browserKey) {
      if (!state || !browserKey) return false;
      const expected = Buffer.from(stateOf(browserKey));
      const given = Buffer.from(state);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async finishLogin(currentUrl) {
      const config = await getConfig();
      const state = currentUrl.searchParams.get('state') ?? '';
      // One use only: the row is deleted as it is read.
      const [login] = await db
        .delete(oidcLogins)
        .where(
          and(
            eq(oidcLogins.state, state),
            sql`${oidcLogins.createdAt} > ${new Date(now().getTime() - LOGIN_TTL_MS)}`,
          ),
        )
        .returning();
      if (!login) throw new Error('Unknown or expired sign-in state');
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(currentUrl.pathname + currentUrl.search, redirectUri),
        {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        },
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('No ID token');
      const issuer = String(idClaims.iss);
      const subject = String(idClaims.sub);
      // With the code flow a conforming provider puts only `sub` in the ID token; the profile
      // and email claims come from the UserInfo endpoint (OIDC Core 5.4). Its `sub` must match.
      const hasProfile = typeof idClaims.name === 'string' && typeof idClaims.email === 'string';
      const userinfoUrl = config.serverMetadata().userinfo_endpoint;
      const claims =
        hasProfile || !userinfoUrl
          ? idClaims
          : { ...(await client.fetchUserInfo(config, tokens.access_token, subject)), ...idClaims };
      const name =
        (typeof claims.name === 'string' && claims.name) ||
        (typeof claims.preferred_username === 'string' && claims.preferred_username) ||
        (typeof claims.email === 'string' && claims.email) ||
        'Member';
      const email = typeof claims.email === 'string' ? claims.email : null;
      // Only a provider's explicit `true` counts (a string "true", or no claim, does not); kept
      // as of the latest sign-in, since the address may have changed at the provider.
      const emailVerified = email !== null && claims.email_verified === true;
      const [user] = await db
        .insert(users)
        .values({ name, email, emailVerified, oidcIssuer: issuer, oidcSubject: subject })
        .onConflictDoUpdate({
          target: [users.oidcIssuer, users.oidcSubject],
          set: { name, email, emailVerified },
        })
        .returning({ id: users.id });
      if (!user) throw new Error('Could not record the user');
      return user.id;
    },
  };
}
