// A real OpenID Provider (oidc-provider) on 127.0.0.1 and an ephemeral port, for tests, plus a
// browser-less user agent that walks an authorization request through it (cookies, redirects,
// login, consent) until the provider redirects back to our callback.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations.
import ProviderModule from 'oidc-provider';

export interface TestAccount {
  sub: string;
  name: string;
  email: string;
  /** The provider's `email_verified` claim (true unless said otherwise). */
  emailVerified?: boolean;
}

/** The few parts of oidc-provider's API this helper uses. */
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface InteractionDetails {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}
interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider;
const ProviderClass: ProviderConstructor = ProviderModule;

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: TestAccount[];
  /** Client authentication methods the token endpoint accepts (default: Basic and POST). */
  clientAuthMethods?: ('client_secret_basic' | 'client_secret_post')[];
}

export interface TestProvider {
  issuer: string;
  /** The account the next login interaction signs in (the first account by default). */
  signInAs: string;
  /** Every authorization request the provider received (its query parameters). */
  authorizationRequests: URLSearchParams[];
  /** How each token request authenticated the client: HTTP Basic or credentials in the body. */
  tokenRequestAuth: ('basic' | 'body')[];
  close(): Promise<void>;
}

export async function startOidcProvider(options: TestProviderOptions): Promise<TestProvider> {
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new ProviderClass(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Registered with the first accepted method; by default client_secret_basic.
        token_endpoint_auth_method: options.clientAuthMethods?.[0] ?? 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['test-cookie-signing-key'] },
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    pkce: { required: () => true },
    ...(options.clientAuthMethods ? { clientAuthMethods: options.clientAuthMethods } : {}),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: account.name,
          email: account.email,
          email_verified: account.emailVerified ?? true,
        }),
      };
    },
  });

  const testProvider: TestProvider = {
    issuer,
    signInAs: options.accounts[0]?.sub ?? '',
    authorizationRequests: [],
    tokenRequestAuth: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };

  // The "user": every interaction page is answered at once, as if the user signed in as
  // `signInAs` and then approved every scope and claim the client asked for.
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: testProvider.signInAs } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? '';
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    const { missingOIDCScope, missingOIDCClaims } = details.prompt.details;
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const providerCallback = provider.callback();
  handle = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth') testProvider.authorizationRequests.push(url.searchParams);
    if (url.pathname === '/token') {
      testProvider.tokenRequestAuth.push(req.headers.authorization?.startsWith('Basic ') ? 'basic' : 'body');
    }
    if (req.method === 'GET' && url.pathname.startsWith('/interaction/')) {
      interact(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      });
      return;
    }
    providerCallback(req, res);
  };
  return testProvider;
}

/** Cookies of one browser at the provider (name → value; paths ignored, the provider's are distinct). */
export type CookieJar = Map<string, string>;

/**
 * Follows redirects from `startUrl` like a browser would (carrying the provider's cookies),
 * until one points at `callbackPrefix`; returns that URL. Throws on any non-redirect answer.
 */
export async function followToCallback(
  startUrl: string,
  callbackPrefix: string,
  jar: CookieJar = new Map(),
): Promise<URL> {
  let url = new URL(startUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(callbackPrefix)) return url;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`expected a redirect from ${url.href}, got ${res.status}: ${await res.text()}`);
    }
    await res.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
