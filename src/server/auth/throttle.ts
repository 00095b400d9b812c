// Throttles for sign-in and sign-up, kept in PostgreSQL (throttle_counters) so they hold across
// instances. Fixed windows: one atomic upsert per attempt counts it and returns the count, so
// parallel attempts cannot slip past a limit. A read comes first: once a limit is reached, a
// flood is refused by that read alone, with no write waiting on the hot row's lock and commit
// (which held pool connections and slowed every other request). Failed sign-ins are limited per (e-mail, client
// IP) and per client IP — never per e-mail alone, which would let anyone lock a victim out —
// and new accounts per client IP. The client IP is `req.ip` (Fastify honours TRUST_PROXY).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The window of the sign-in limits (ms). */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins per e-mail address from one client IP, per window (slows guessing one password). */
export const LOGIN_FAILURES_PER_EMAIL_IP = 10;
/** Failed sign-ins from one client IP, whatever the addresses, per window (slows spraying). */
export const LOGIN_FAILURES_PER_IP = 100;
/** The window of the registration limit (ms). */
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
/** New accounts per client IP per window. */
export const REGISTRATIONS_PER_IP = 20;
/** Expired counters are deleted at most this often per instance (ms). */
const SWEEP_INTERVAL_MS = 60 * 1000;

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface Throttle {
  /** Whether a sign-in from this IP for this e-mail is refused already (a read, counts nothing). */
  loginBlocked(email: string, ip: string): Promise<Verdict>;
  /** Counts a sign-in attempt (as a failure until `loginSucceeded` says otherwise). */
  loginAttempt(email: string, ip: string): Promise<Verdict>;
  /** The attempt was right: the (e-mail, IP) count starts again, the IP's count drops by one. */
  loginSucceeded(email: string, ip: string): Promise<void>;
  /** Whether new accounts from this IP are refused already (a read, counts nothing). */
  registrationBlocked(ip: string): Promise<Verdict>;
  /** Counts a new-account attempt from this IP. */
  registration(ip: string): Promise<Verdict>;
}

interface Limit {
  key: string;
  max: number;
}

/**
 * The address a throttle counts by: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an
 * IPv6 address by its /64 — one subscriber's network, where a single machine can take any of
 * 2^64 addresses to dodge a per-address count.
 */
export function clientKey(ip: string): string {
  // Behind TRUST_PROXY the address comes from X-Forwarded-For, which any client can fill with
  // anything: whatever is not a short address is counted by its hash (index keys stay small).
  if (ip.length > 45 || !/^[0-9a-fA-F:.%a-zA-Z]*$/.test(ip)) {
    return `sha256:${createHash('sha256').update(ip).digest('hex')}`;
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

const loginIpKey = (ip: string) => `login:ip:${clientKey(ip)}`;
const loginEmailKey = (email: string, ip: string) =>
  `login:email-ip:${clientKey(ip)}:${email.trim().toLowerCase()}`;
const registerKey = (ip: string) => `register:ip:${clientKey(ip)}`;

interface Row extends Record<string, unknown> {
  key: string;
  hits: number;
  reset_at: Date | string;
}

export function createThrottle(db: Db, now: () => Date, enabled: boolean): Throttle {
  let lastSweep = 0;

  async function sweep(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = at.getTime();
    await db.execute(sql`delete from throttle_counters where reset_at <= ${at}`);
  }

  /** The verdict for counts as they are: refused while any key is over (or, `atMax`, at) its max. */
  function verdict(rows: Row[], limits: Limit[], at: Date, atMax: boolean): Verdict {
    const over = rows.filter((r) => {
      const max = limits.find((l) => l.key === r.key)?.max ?? 0;
      return atMax ? r.hits >= max : r.hits > max;
    });
    if (over.length === 0) return { ok: true };
    const until = Math.max(...over.map((r) => new Date(r.reset_at).getTime()));
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - at.getTime()) / 1000)) };
  }

  async function peek(limits: Limit[]): Promise<Verdict> {
    if (!enabled) return { ok: true };
    const at = now();
    const keys = sql.join(
      limits.map((l) => sql`${l.key}`),
      sql`, `,
    );
    const { rows } = await db.execute<Row>(
      sql`select key, hits, reset_at from throttle_counters where key in (${keys}) and reset_at > ${at}`,
    );
    return verdict(rows, limits, at, true);
  }

  /** One statement: each key's count goes up by one (or starts at one once its window passed). */
  async function hit(limits: Limit[], windowMs: number): Promise<Verdict> {
    if (!enabled) return { ok: true };
    const keys = limits.map((l) => l.key);
    const at = now();
    await sweep(at);
    const resetAt = new Date(at.getTime() + windowMs);
    // Keys in a fixed order, so two statements never wait on each other's rows in a cycle.
    const values = sql.join(
      keys.map((key) => sql`(${key}, 1, ${resetAt})`),
      sql`, `,
    );
    const { rows } = await db.execute<Row>(sql`
      insert into throttle_counters as t (key, hits, reset_at) values ${values}
      on conflict (key) do update set
        hits = case when t.reset_at <= ${at} then 1 else t.hits + 1 end,
        reset_at = case when t.reset_at <= ${at} then excluded.reset_at else t.reset_at end
      returning t.key, t.hits, t.reset_at`);
    return verdict(rows, limits, at, false);
  }

  const loginLimits = (email: string, ip: string): Limit[] => [
    { key: loginEmailKey(email, ip), max: LOGIN_FAILURES_PER_EMAIL_IP },
    { key: loginIpKey(ip), max: LOGIN_FAILURES_PER_IP },
  ];
  const registrationLimits = (ip: string): Limit[] => [{ key: registerKey(ip), max: REGISTRATIONS_PER_IP }];

  return {
    loginBlocked: (email, ip) => peek(loginLimits(email, ip)),
    loginAttempt: (email, ip) => hit(loginLimits(email, ip), THROTTLE_WINDOW_MS),
    async loginSucceeded(email, ip) {
      if (!enabled) return;
      // One statement: the (e-mail, IP) count goes, the IP's count drops by this attempt.
      await db.execute(sql`
        with gone as (delete from throttle_counters where key = ${loginEmailKey(email, ip)})
        update throttle_counters set hits = greatest(hits - 1, 0) where key = ${loginIpKey(ip)}`);
    },
    registrationBlocked: (ip) => peek(registrationLimits(ip)),
    registration: (ip) => hit(registrationLimits(ip), REGISTRATION_WINDOW_MS),
  };
}
