// Sign-in and sign-up throttles (issue 13, Medium 8): failures are limited per (e-mail, client
// IP) and per client IP — never per e-mail alone, which let anyone lock a victim out — new
// accounts per client IP, and password hashing is bounded so a burst cannot eat the CPU.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleCounters } from '../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../test/harness';
import {
  clientKey,
  LOGIN_FAILURES_PER_EMAIL_IP,
  LOGIN_FAILURES_PER_IP,
  REGISTRATIONS_PER_IP,
  THROTTLE_WINDOW_MS,
} from './throttle';

const PASSWORD = 'a fine long password';

/** A random address in 10.0.0.0/8, so no two tests share a client IP. */
const randomIp = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function post(app: TestApp, url: string, body: object, ip: string, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: body,
  });
}

async function register(app: TestApp, ip: string, email = uniqueEmail()) {
  const res = await post(app, '/api/auth/register', { name: 'Throttled', email, password: PASSWORD }, ip);
  return { res, email };
}

describe('sign-in failures', () => {
  it('a flood of failures for a victim from one IP does not lock the victim out from another (attack)', async () => {
    const victim = await register(t, randomIp());
    expect(victim.res.statusCode).toBe(201);
    const attacker = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(t, '/api/auth/login', { email: victim.email, password: `guess ${i}` }, attacker);
      statuses.push(res.statusCode);
    }
    // The victim, from their own address (e-mail in another case), signs in.
    const fromVictim = await post(
      t,
      '/api/auth/login',
      { email: victim.email.toUpperCase(), password: PASSWORD },
      randomIp(),
    );
    expect(fromVictim.statusCode).toBe(200);
    // The attacker's own address is throttled…
    expect(statuses.slice(0, LOGIN_FAILURES_PER_EMAIL_IP).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_FAILURES_PER_EMAIL_IP).every((s) => s === 429)).toBe(true);
    // …and even the right password from there waits for the window to pass.
    const fromAttacker = await post(
      t,
      '/api/auth/login',
      { email: victim.email, password: PASSWORD },
      attacker,
    );
    expect(fromAttacker.statusCode).toBe(429);
  });

  it('answers 429 with {message} and Retry-After in seconds, and the window passes', async () => {
    const { email } = await register(t, randomIp());
    const ip = randomIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_IP; i++) {
      expect((await post(t, '/api/auth/login', { email, password: 'wrong one' }, ip)).statusCode).toBe(401);
    }
    const refused = await post(t, '/api/auth/login', { email, password: PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/Too many failed sign-ins/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    expect(refused.headers['set-cookie']).toBeUndefined();

    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + THROTTLE_WINDOW_MS + 1000);
      expect((await post(t, '/api/auth/login', { email, password: PASSWORD }, ip)).statusCode).toBe(200);
    } finally {
      t.clock.now = start;
    }
  });

  it('a success clears the (e-mail, IP) count: a user who mistypes now and then is never locked', async () => {
    const { email } = await register(t, randomIp());
    const ip = randomIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_IP - 1; i++) {
        expect((await post(t, '/api/auth/login', { email, password: 'typo typo' }, ip)).statusCode).toBe(401);
      }
      expect((await post(t, '/api/auth/login', { email, password: PASSWORD }, ip)).statusCode).toBe(200);
    }
  });

  it('limits failures per client IP across many e-mail addresses (password spraying)', async () => {
    const ip = randomIp();
    // Spread over e-mails so only the per-IP limit can apply.
    const statuses = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_IP + 10 }, (_, i) =>
        post(t, '/api/auth/login', { email: `spray-${i}-${ip}@example.test`, password: 'Spring2025!' }, ip),
      ),
    ).then((all) => all.map((r) => r.statusCode));
    // Parallel guesses cannot slip past the limit (one atomic upsert per attempt); some may
    // be refused earlier because the hashing queue is full (also 429).
    const burst401 = statuses.filter((s) => s === 401).length;
    expect(burst401).toBeLessThanOrEqual(LOGIN_FAILURES_PER_IP);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    // Attempts refused as "busy" were never checked and do not count: topped up one by one,
    // at most LOGIN_FAILURES_PER_IP failures are answered 401 in all, then 429.
    let more401 = 0;
    for (let i = 0; i <= LOGIN_FAILURES_PER_IP; i++) {
      const res = await post(t, '/api/auth/login', { email: uniqueEmail(), password: 'whatever at all' }, ip);
      if (res.statusCode === 429) break;
      expect(res.statusCode).toBe(401);
      more401++;
    }
    // Attempts refused by the limit count too (they are attempts), so at most the limit.
    expect(burst401 + more401).toBeLessThanOrEqual(LOGIN_FAILURES_PER_IP);
    expect(burst401 + more401).toBeGreaterThanOrEqual(LOGIN_FAILURES_PER_IP - 10);
    expect((await post(t, '/api/auth/login', { email: uniqueEmail(), password: 'x' }, ip)).statusCode).toBe(
      429,
    );
    // Another address is unaffected.
    const other = await post(
      t,
      '/api/auth/login',
      { email: uniqueEmail(), password: 'whatever at all' },
      randomIp(),
    );
    expect(other.statusCode).toBe(401);
  });

  it('uses the client IP from X-Forwarded-For when TRUST_PROXY is on, and ignores it when off', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const { email } = await register(proxied, randomIp());
      const attacker = randomIp();
      // Everything arrives from the proxy's address; the client is in X-Forwarded-For.
      const proxy = '127.0.0.1';
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_IP + 3; i++) {
        await post(proxied, '/api/auth/login', { email, password: 'wrong again' }, proxy, {
          'x-forwarded-for': attacker,
        });
      }
      const attackerTries = await post(proxied, '/api/auth/login', { email, password: PASSWORD }, proxy, {
        'x-forwarded-for': attacker,
      });
      expect(attackerTries.statusCode).toBe(429);
      const victim = await post(proxied, '/api/auth/login', { email, password: PASSWORD }, proxy, {
        'x-forwarded-for': randomIp(),
      });
      expect(victim.statusCode).toBe(200);
      // Whatever a client writes there is a client key, never an error.
      for (const junk of ['x'.repeat(4000), '1:2:3:4:5:6:7:8:9::1', 'not an address']) {
        const res = await post(proxied, '/api/auth/login', { email, password: 'wrong again' }, proxy, {
          'x-forwarded-for': junk,
        });
        expect(res.statusCode, junk.slice(0, 20)).toBe(401);
      }
    } finally {
      await proxied.close();
    }

    // Without TRUST_PROXY a client cannot pick its address by sending the header.
    const { email } = await register(t, randomIp());
    const ip = randomIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_IP; i++) {
      await post(t, '/api/auth/login', { email, password: 'wrong again' }, ip, {
        'x-forwarded-for': randomIp(),
      });
    }
    const spoofed = await post(t, '/api/auth/login', { email, password: PASSWORD }, ip, {
      'x-forwarded-for': randomIp(),
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('holds across instances: two apps on one database share the counts', async () => {
    const second = await createTestApp();
    try {
      const { email } = await register(t, randomIp());
      const ip = randomIp();
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_IP; i++) {
        const app = i % 2 === 0 ? t : second;
        expect((await post(app, '/api/auth/login', { email, password: 'wrong again' }, ip)).statusCode).toBe(
          401,
        );
      }
      expect((await post(second, '/api/auth/login', { email, password: PASSWORD }, ip)).statusCode).toBe(429);
      expect((await post(t, '/api/auth/login', { email, password: PASSWORD }, ip)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('deletes expired counters as it goes, so the table does not grow forever', async () => {
    const ip = randomIp();
    await post(t, '/api/auth/login', { email: uniqueEmail(), password: 'whatever at all' }, ip);
    const stale = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(throttleCounters)
      .where(sql`${throttleCounters.key} like ${`%${ip}%`}`);
    expect(stale[0]?.n).toBeGreaterThan(0);
    const start = t.clock.now;
    try {
      // Hours later, other traffic sweeps the expired rows.
      t.clock.now = new Date(start.getTime() + 2 * 60 * 60 * 1000);
      for (let i = 0; i < 5; i++) {
        await post(t, '/api/auth/login', { email: uniqueEmail(), password: 'whatever at all' }, randomIp());
      }
      const left = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(throttleCounters)
        .where(sql`${throttleCounters.key} like ${`%${ip}%`}`);
      expect(left[0]?.n).toBe(0);
    } finally {
      t.clock.now = start;
    }
  });
});

describe('client addresses', () => {
  it('counts IPv4 as it is and IPv6 by its /64 (one machine can hold a whole /64)', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:DB8:AA:BB::1')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    // Anything a client can put in X-Forwarded-For behind TRUST_PROXY: a key, never an error.
    for (const junk of ['1:2:3:4:5:6:7:8:9:10::1', 'x'.repeat(5000), "1.2.3.4'; drop table users", '']) {
      expect(clientKey(junk).length).toBeLessThanOrEqual(80);
    }
  });

  it('throttles a flood spread over one IPv6 /64 as one client', async () => {
    const { email } = await register(t, randomIp());
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_IP; i++) {
      const res = await post(t, '/api/auth/login', { email, password: 'wrong again' }, `${net}::${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const next = await post(
      t,
      '/api/auth/login',
      { email, password: PASSWORD },
      `${net}:ffff:ffff:ffff:ffff`,
    );
    expect(next.statusCode).toBe(429);
    expect(
      (await post(t, '/api/auth/login', { email, password: PASSWORD }, '2001:db8:ffff:2::1')).statusCode,
    ).toBe(200);
  });
});

describe('registration', () => {
  it(`allows ${REGISTRATIONS_PER_IP} new accounts per client IP per hour, then 429 (attack)`, async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS_PER_IP + 3; i++) statuses.push((await register(t, ip)).res.statusCode);
    expect(statuses.slice(0, REGISTRATIONS_PER_IP).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(REGISTRATIONS_PER_IP)).toEqual([429, 429, 429]);
    const refused = await register(t, ip);
    expect(refused.res.json()).toEqual({ message: expect.stringMatching(/Too many new accounts/) });
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was created by the refused attempts.
    const rows = await t.database.db.execute(
      sql`select 1 from users where lower(email) = lower(${refused.email})`,
    );
    expect(rows.rows).toHaveLength(0);
    // Another address still registers.
    expect((await register(t, randomIp())).res.statusCode).toBe(201);
  });
});

describe('bounded password hashing', () => {
  it('a burst of 200 parallel sign-ins: excess answered 429 quickly, the event loop and /api/health stay fast', async () => {
    const { email } = await register(t, randomIp());
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const healthMs: number[] = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        const t0 = performance.now();
        const res = await t.app.inject({ url: '/api/health' });
        expect(res.statusCode).toBe(200);
        healthMs.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(t, '/api/auth/login', { email, password: i === 0 ? PASSWORD : `wrong ${i}` }, randomIp()).then(
          (r) => ({ status: r.statusCode, ms: performance.now() - t0, body: r.json<{ message: string }>() }),
        ),
      ),
    );
    const totalMs = performance.now() - t0;
    done = true;
    await probe;
    loop.disable();
    const busy = answers.filter((a) => a.status === 429);
    const busySlowest = Math.max(...busy.map((a) => a.ms));
    expect(answers.filter((a) => ![200, 401, 429].includes(a.status))).toEqual([]);
    expect(busy.length).toBeGreaterThan(100);
    expect(busy[0]?.body.message).toMatch(/busy/i);
    healthMs.sort((a, b) => a - b);
    const p99 = healthMs[Math.floor(healthMs.length * 0.99)] ?? Number.POSITIVE_INFINITY;
    console.log(
      `200 parallel sign-ins: ${totalMs.toFixed(0)} ms in all, ${busy.length} answered 429; ` +
        `health p99 ${p99.toFixed(1)} ms over ${healthMs.length} probes; ` +
        `event-loop delay max ${(loop.max / 1e6).toFixed(1)} ms; the last 429 after ${busySlowest.toFixed(0)} ms`,
    );
    // The excess is refused at once, not after waiting its turn: every 429 is answered before the
    // last hashed answer. (Wall-clock figures are logged above and measured by reliability item 15,
    // not asserted here: a timed bound in a unit test flakes on a busy machine.)
    const hashedLast = Math.max(...answers.filter((a) => a.status !== 429).map((a) => a.ms));
    expect(busySlowest).toBeLessThan(hashedLast);
  });
});
