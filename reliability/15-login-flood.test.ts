// Item 15. Login flood from one IP, against the real server behind a (simulated) proxy
// (TRUST_PROXY=true, the client's address in X-Forwarded-For; the throttles on). An attacker
// floods failed sign-ins for a victim's e-mail from one address. Before issue 13 sign-in
// failures were limited per e-mail alone, so such a flood locked the victim out everywhere.
// Bars: the flood is answered 429 after the (e-mail, IP) limit, at most that many guesses are
// checked, the victim signs in from another address during the flood, and /api/health stays
// fast while it runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGIN_FAILURES_PER_EMAIL_IP } from '../src/server/auth/throttle';
import { figure, isQuick } from './support/figures';
import { buildIsCurrent, type Server, startServer, waitHealthy } from './support/server';

/** Sign-in attempts in flight at once during the flood. */
const BATCH = 20;
/** /api/health p99 allowed during the flood (ms): generous, as CI machines are shared. */
const HEALTH_P99_MS = 500;
const ATTACKER_IP = '203.0.113.66';
const PASSWORD = 'the victim knows this one';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-flood-'));
let server: Server;

beforeAll(async () => {
  server = await startServer({
    from: buildIsCurrent() ? 'build' : 'source',
    env: { DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir, TRUST_PROXY: 'true', AUTH_THROTTLE: 'on' },
  });
  await waitHealthy(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A POST from a browser at `ip`, as the proxy forwards it. */
async function post(url: string, body: object, ip: string) {
  const res = await fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('login flood from one IP', () => {
  it('throttles the flood, and the victim still signs in from another address', async () => {
    const attempts = isQuick() ? 400 : 2000;
    const email = `victim-${Date.now()}@example.test`;
    expect(
      await post('/api/auth/register', { name: 'Vic Tim', email, password: PASSWORD }, '198.51.100.7'),
    ).toBe(201);

    // /api/health every 20 ms: for a second before the flood (the baseline), then while it runs.
    const health = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${server.origin}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - t0;
    };
    const baselineMs: number[] = [];
    for (let i = 0; i < 50; i++) {
      baselineMs.push(await health());
      await new Promise((r) => setTimeout(r, 20));
    }
    const healthMs: number[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        healthMs.push(await health());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    const statuses: number[] = [];
    let victimStatus = 0;
    const t0 = Date.now();
    for (let sent = 0; sent < attempts; sent += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, attempts - sent) }, (_, i) =>
        post('/api/auth/login', { email, password: `guess-${sent + i}` }, ATTACKER_IP),
      );
      // Half-way through, the victim signs in from home.
      if (sent === Math.floor(attempts / 2 / BATCH) * BATCH) {
        batch.push(post('/api/auth/login', { email, password: PASSWORD }, '198.51.100.8').then((s) => -s));
      }
      for (const s of await Promise.all(batch)) {
        if (s < 0) victimStatus = -s;
        else statuses.push(s);
      }
    }
    const seconds = (Date.now() - t0) / 1000;
    flooding = false;
    await probe;
    const attackerRight = await post('/api/auth/login', { email, password: PASSWORD }, ATTACKER_IP);

    const n401 = statuses.filter((s) => s === 401).length;
    const n429 = statuses.filter((s) => s === 429).length;
    const other = statuses.length - n401 - n429;
    const pct = (xs: number[], q: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
    };
    const p99 = pct(healthMs, 0.99);

    figure(15, 'failed sign-ins at one e-mail from one IP (X-Forwarded-For, TRUST_PROXY)', attempts);
    figure(
      15,
      `answered 401 (checked) / 429 (throttled) / other; limit ${LOGIN_FAILURES_PER_EMAIL_IP} per 15 min`,
      `${n401} / ${n429} / ${other} in ${seconds.toFixed(1)} s`,
      n401 <= LOGIN_FAILURES_PER_EMAIL_IP && other === 0,
    );
    figure(15, 'victim signs in from another IP during the flood', victimStatus, victimStatus === 200);
    figure(15, 'right password from the flooding IP (still throttled)', attackerRight, attackerRight === 429);
    figure(
      15,
      `/api/health p50 / p99 during the flood (${healthMs.length} probes); before it`,
      `${pct(healthMs, 0.5).toFixed(1)} / ${p99.toFixed(1)} ms; ${pct(baselineMs, 0.5).toFixed(1)} / ${pct(baselineMs, 0.99).toFixed(1)} ms`,
      p99 < HEALTH_P99_MS,
    );

    expect(other).toBe(0);
    expect(n401).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL_IP);
    expect(n429).toBeGreaterThanOrEqual(attempts - LOGIN_FAILURES_PER_EMAIL_IP);
    expect(victimStatus).toBe(200);
    expect(attackerRight).toBe(429);
    expect(p99).toBeLessThan(HEALTH_P99_MS);
  });
});
