// Builds the app against the run's test database and gives tests a small client that keeps a
// session cookie and sends a same-origin Origin header, like a browser would.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { connect, type Database } from '../db/client';
import { type Env, readEnv } from '../env';
import { type ContractCheck, installContractCheck } from './contract';

export const TEST_ORIGIN = 'http://localhost:5000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** The clock the app reads; move it to test expiry. */
  clock: { now: Date };
  /** Every answer checked against the API document; `inject` throws on a violation. */
  contract: ContractCheck;
  close(): Promise<void>;
}

/**
 * `poolMax`: the database connections the app may hold (5 keeps the suite's many apps within
 * PostgreSQL's limit; a test of concurrent writes gives the server's own 20, so they interleave).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  { poolMax = 5, liveRecheckMs }: { poolMax?: number; liveRecheckMs?: number } = {},
): Promise<TestApp> {
  // RACING_API_URL: a closed loopback port, so no test ever reaches the internet.
  const env = readEnv({
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    RACING_API_URL: 'http://127.0.0.1:9',
    ...envOverrides,
  });
  const database = connect(inject('databaseUrl'), { max: poolMax });
  const clock = { now: new Date() };
  let contract: ContractCheck | undefined;
  const app = await buildApp({
    env,
    db: database.db,
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    now: () => clock.now,
    clientDir: null,
    ...(liveRecheckMs === undefined ? {} : { liveRecheckMs }),
    instrument: (app) => {
      contract = installContractCheck(app);
    },
  });
  await app.ready();
  if (!contract) throw new Error('the contract check was not installed');
  const check = contract;
  const failOnViolations = () => {
    const fresh = check.takeNew();
    if (fresh.length > 0) throw new Error(`Answer not as the API document says:\n${fresh.join('\n')}`);
  };
  // Every answer a test receives must be documented (src/server/openapi.ts, test/contract.ts).
  const injectUnchecked = app.inject.bind(app);
  const injectChecked = async (options: InjectOptions | string) => {
    const res = await injectUnchecked(options);
    failOnViolations();
    return res;
  };
  // Only the promise form: no test uses the callback or chain forms.
  app.inject = injectChecked as unknown as typeof app.inject;
  return {
    app,
    database,
    env,
    clock,
    contract: check,
    async close() {
      await app.close();
      await database.close();
      failOnViolations(); // answers over real HTTP
    },
  };
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(6).toString('hex')}@example.test`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Response {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json<T = unknown>(): T;
}

/** A signed-in (or not) browser-like client. */
export class Client {
  cookie: string | undefined;
  /**
   * This browser's address (req.ip): one of its own, as real users have, so the per-IP sign-in
   * and sign-up throttles (auth/throttle.ts) meet each test's users apart.
   */
  readonly ip = `10.${randomBytes(3).join('.')}`;
  constructor(
    private readonly app: FastifyInstance,
    readonly cookieName = 'sid',
  ) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(method !== 'GET' ? { origin: TEST_ORIGIN } : {}),
        ...(this.cookie ? { cookie: `${this.cookieName}=${this.cookie}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const set = res.cookies.find((c) => c.name === this.cookieName);
    if (set) this.cookie = set.value || undefined;
    return res as unknown as Response;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', url, body, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);
}

/** Registers a new local account and returns its signed-in client. */
export async function signUp(
  app: FastifyInstance,
  name = 'Test User',
): Promise<Client & { email: string; userId: number }> {
  const client = new Client(app);
  const email = uniqueEmail();
  const res = await client.post('/api/auth/register', { name, email, password: 'correct horse battery' });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return Object.assign(client, { email, userId: res.json<{ id: number }>().id });
}

/** A new user who creates a syndicate; returns the client and the syndicate. */
export async function signUpWithSyndicate(app: FastifyInstance, name = 'Alice Admin') {
  const client = await signUp(app, name);
  const res = await client.post('/api/syndicates', { name: `Syndicate ${randomBytes(3).toString('hex')}` });
  if (res.statusCode !== 201) throw new Error(`create syndicate failed: ${res.statusCode} ${res.body}`);
  return { client, syndicate: res.json<{ id: number; name: string; inviteCode: string }>() };
}
