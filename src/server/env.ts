// The only reader of process.env. Everything else receives an `Env` object.
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  AUTH_THROTTLE: z.enum(['on', 'off']).default('on'),
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ASSISTANT_LLM_URL: z.string().url().optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).optional(),
  ASSISTANT_LLM_API_KEY: z.string().min(1).optional(),
  RACING_API_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin used for redirects and the Origin check, e.g. "http://localhost:5000". */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was given. Then only its origin passes the Origin check; without it the
   * request's own host passes too (a laptop reached by its LAN address), as before.
   */
  publicUrlExplicit: boolean;
  /** Set when SESSION_SECRET is given; otherwise main.ts generates one into DATA_DIR. */
  sessionSecret: string | undefined;
  trustProxy: boolean;
  /**
   * Per-client limits on failed sign-ins and new accounts (auth/throttle.ts). `false` only for
   * test servers that register hundreds of accounts from one address; never in production.
   */
  authThrottle: boolean;
  oidc: OidcConfig | undefined;
  assistantLlm: { url: string; model: string; apiKey: string | undefined } | undefined;
  /** Base URL of the racing-data provider (The Racing API); tests point it at a loopback server. */
  racingApiUrl: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  const oidcCount = oidcParts.filter(Boolean).length;
  if (oidcCount !== 0 && oidcCount !== 3) {
    throw new Error(
      'Invalid configuration: set all three of OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY === 'true',
    authThrottle: e.AUTH_THROTTLE === 'on',
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    assistantLlm: e.ASSISTANT_LLM_URL
      ? {
          url: e.ASSISTANT_LLM_URL,
          model: e.ASSISTANT_LLM_MODEL ?? 'gpt-4o-mini',
          apiKey: e.ASSISTANT_LLM_API_KEY,
        }
      : undefined,
    racingApiUrl: e.RACING_API_URL ?? 'https://api.theracingapi.com',
    logLevel: e.LOG_LEVEL,
  };
}
