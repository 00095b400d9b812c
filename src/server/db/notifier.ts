// PostgreSQL LISTEN/NOTIFY between app instances on one database. Each app holds one dedicated
// connection that LISTENs on the app's channels and hands each notification to the handlers
// registered for its channel. It reconnects with a growing delay if the connection drops; while
// it is down, `listening` is false, and on every (re)connect each handler is called with `null`
// ("anything may have changed meanwhile").
//
// Ordering, which makes "a change on instance A is seen by the next request on instance B" hold:
// - `publish` resolves once its NOTIFY has committed: PostgreSQL has then queued it and signalled
//   every listening backend. A caller that publishes before answering its client therefore
//   publishes before that client can send its next request anywhere.
// - `sync` runs a round trip on the LISTEN connection itself. A backend sends the notifications
//   it has been signalled about before it runs the next command it reads, and the connection
//   delivers messages in order, so when the round trip ends, every notification committed before
//   it began has been handed to the handlers. Reads that want to reuse state call it first;
//   concurrent calls share one round trip.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client';

/**
 * Something may have changed who may read or do what: a statement on members, users or sessions
 * (the triggers of db/session-triggers.ts). Forget reused state.
 */
export const INVALIDATE_CHANNEL = 'rs_invalidate';
/**
 * The event bus (realtime/bus.ts): JSON payloads, from the app (a session ended or moved) and from
 * the audit_events trigger (a write committed; migration 0007_issue17_live_prefs names it too).
 */
export const EVENTS_CHANNEL = 'rs_events';
const CHANNELS = [INVALIDATE_CHANNEL, EVENTS_CHANNEL];

/** Delays before reconnecting, in ms: doubling from 1 s up to 30 s. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A sync round trip longer than this means the connection has gone silent (ms). */
export const SYNC_TIMEOUT_MS = 2_000;

/** `payload` is null after a (re)connect: notifications may have been missed. */
export type Handler = (payload: string | null) => void;

export interface Notifier {
  /** Resolves once the first LISTEN is in place (or has failed and a retry is scheduled). */
  ready: Promise<void>;
  /** Whether the LISTEN connection is up now (notifications from other instances arrive). */
  readonly listening: boolean;
  on(channel: string, handler: Handler): void;
  /** NOTIFYs every instance (this one included); resolves once committed. Never throws. */
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Resolves true once every notification committed before the call has been handled here;
   * false when that cannot be known (no LISTEN connection, or it failed or went silent).
   */
  sync(): Promise<boolean>;
  stop(): Promise<void>;
}

/** The app's notifier for each database handle (tests build several apps in one process). */
const byDb = new WeakMap<Db, Notifier>();

/** The notifier started for `db`, if any. */
export const notifierOf = (db: Db): Notifier | undefined => byDb.get(db);

/**
 * NOTIFYs through `db`'s app notifier, or, when none was started for it (a script, say), with a
 * plain NOTIFY. Never throws: a failed NOTIFY must not fail the request.
 */
export async function publish(db: Db, channel: string, payload: string): Promise<void> {
  const notifier = byDb.get(db);
  if (notifier) return notifier.publish(channel, payload);
  await db.$client.query('select pg_notify($1, $2)', [channel, payload]).catch(() => {});
}

/** The pool behind the drizzle handle (drizzle keeps it as `$client`); null for any other client. */
function poolOf(db: Db): pg.Pool | null {
  const client: unknown = Reflect.get(db, '$client');
  return client instanceof pg.Pool ? client : null;
}

export function startNotifier(db: Db, log: FastifyBaseLogger): Notifier {
  const handlers = new Map<string, Handler[]>();
  const on = (channel: string, handler: Handler) => {
    handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
  };
  const deliver = (channel: string, payload: string | null) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, channel }, 'notification handler failed');
      }
    }
  };

  const pool = poolOf(db);
  if (!pool) {
    log.warn('notifier: no connection pool; changes reach this instance only');
    const local: Notifier = {
      ready: Promise.resolve(),
      listening: false,
      on,
      async publish(channel, payload) {
        deliver(channel, payload);
      },
      sync: async () => false,
      stop: async () => {},
    };
    byDb.set(db, local);
    return local;
  }
  const options = pool.options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  /** The sync round trip on its way, and the one that will start after it. */
  let current: Promise<boolean> | null = null;
  let following: Promise<boolean> | null = null;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  /** Gives up on a connection that failed (or went silent) and schedules a new one. */
  function drop(c: pg.Client, err: unknown) {
    log.warn({ err }, 'notifier connection failed; reconnecting');
    if (client === c) client = null;
    c.end().catch(() => {});
    schedule();
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...options, connectionTimeoutMillis: 5_000 });
    c.on('error', (err) => drop(c, err));
    c.on('notification', (msg) => deliver(msg.channel, msg.payload ?? ''));
    try {
      await c.connect();
      for (const channel of CHANNELS) await c.query(`listen ${channel}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
      retryMs = RETRY_MIN_MS;
      // Whatever was announced while no connection listened is lost: forget everything.
      for (const channel of CHANNELS) deliver(channel, null);
    } catch (err) {
      log.warn({ err }, 'notifier could not LISTEN; retrying');
      await c.end().catch(() => {});
      schedule();
    }
  }

  /** One round trip on the LISTEN connection (see the top of the file). */
  function roundTrip(): Promise<boolean> {
    const c = client;
    if (!c) return Promise.resolve(false);
    let timeout: NodeJS.Timeout | undefined;
    const silent = new Promise<boolean>((resolve) => {
      timeout = setTimeout(() => {
        if (client === c) drop(c, new Error('no answer on the LISTEN connection'));
        resolve(false);
      }, SYNC_TIMEOUT_MS);
      timeout.unref();
    });
    const answered = c.query('select 1').then(
      () => client === c,
      () => false,
    );
    const trip = Promise.race([answered, silent]).finally(() => {
      clearTimeout(timeout);
      if (current === trip) current = null;
    });
    current = trip;
    return trip;
  }

  const notifier: Notifier = {
    ready: connect(),
    get listening() {
      return client !== null;
    },
    on,
    async publish(channel, payload) {
      try {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      } catch (err) {
        log.warn({ err, channel }, 'NOTIFY failed');
      }
      // Not listening: no notification will come back here; apply it here at least (the
      // others reuse nothing while they are not listening, and forget all when they are back).
      if (!client) deliver(channel, payload);
    },
    sync() {
      if (!client) return Promise.resolve(false);
      // A round trip already on its way may have been sent before the caller's point in time:
      // the caller needs one that starts after it, so it shares the next one.
      if (!current) return roundTrip();
      if (!following) {
        following = current.then(() => {
          following = null;
          return roundTrip();
        });
      }
      return following;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
  byDb.set(db, notifier);
  return notifier;
}
