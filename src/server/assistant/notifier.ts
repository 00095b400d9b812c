// LISTENs on a dedicated PostgreSQL connection for ended sessions, so a logout handled by one
// instance closes that session's sockets on every instance. Reconnects with a growing delay if
// the connection drops; stop() ends it for good.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { type Hub, SESSION_CLOSED_CHANNEL } from './hub';

/** Delays before reconnecting, in ms: doubling from 1 s up to 30 s. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface Notifier {
  /** Resolves once the first LISTEN is in place (or has failed and a retry is scheduled). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** The pool behind the drizzle handle (drizzle keeps it as `$client`); null for any other client. */
function poolOf(db: Db): pg.Pool | null {
  const client: unknown = Reflect.get(db, '$client');
  return client instanceof pg.Pool ? client : null;
}

export function startNotifier(db: Db, hub: Hub, log: FastifyBaseLogger): Notifier {
  const pool = poolOf(db);
  if (!pool) {
    log.warn('assistant notifier: no connection pool; logouts close sockets on this instance only');
    return { ready: Promise.resolve(), stop: async () => {} };
  }
  const options = pool.options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...options, connectionTimeoutMillis: 5_000 });
    c.on('error', (err) => {
      log.warn({ err }, 'assistant notifier connection failed; reconnecting');
      if (client === c) client = null;
      c.end().catch(() => {});
      schedule();
    });
    c.on('notification', (msg) => {
      if (msg.channel === SESSION_CLOSED_CHANNEL && msg.payload) hub.closeSession(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${SESSION_CLOSED_CHANNEL}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
      retryMs = RETRY_MIN_MS;
    } catch (err) {
      log.warn({ err }, 'assistant notifier could not LISTEN; retrying');
      await c.end().catch(() => {});
      schedule();
    }
  }

  return {
    ready: connect(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
