// The results job: every 10 minutes, each syndicate with a racing key gets the results of its
// imported races that went off more than 15 minutes ago (and less than 2 days ago) and have no
// result yet: one provider call per syndicate and day, applied like POST /api/racing/results.
//
// Exactly one instance runs it, however many share the database: the leader, which holds a
// PostgreSQL session advisory lock (RESULTS_JOB_LOCK) on a dedicated connection. Every instance
// keeps a timer; at each tick an instance that is not the leader tries pg_try_advisory_lock and,
// when another holds it, skips the run. The lock is held between runs, so the job runs once per
// interval in all; when the leader stops (its connection closes, or it dies and PostgreSQL ends
// its session) the next instance to tick takes over. Before each run the leader checks its
// connection with a round trip; a lost connection loses the lock, and the instance competes again.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dayKeyIn } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { RacingProvider } from './providers/provider';
import { pullResults } from './results-service';

/** The advisory lock's key (migrations use 727001). */
export const RESULTS_JOB_LOCK = 727_015;
/** How often the job runs, in ms. */
export const RESULTS_INTERVAL_MS = 10 * 60_000;
/** A race is looked up this long after its off time (results take a while), in ms. */
export const RESULTS_DELAY_MS = 15 * 60_000;
/** Races that went off longer ago than this are left to POST /api/racing/results, in ms. */
export const RESULTS_LOOKBACK_MS = 2 * 86_400_000;
/** Time limit of the lock connection's queries, in ms. */
const LOCK_QUERY_TIMEOUT_MS = 10_000;

export interface JobLog {
  warn(obj: object, msg: string): void;
}

export interface ResultsJobOptions {
  db: Db;
  provider: RacingProvider;
  secret: string;
  now: () => Date;
  /** Tests shorten it (ms). */
  intervalMs?: number;
  log?: JobLog;
}

export interface RunReport {
  /** False when another instance holds the lock (or the database could not be reached). */
  ran: boolean;
  /** Provider calls made (one per syndicate and day). */
  calls: number;
  /** Races whose result was applied. */
  applied: number;
  /** Calls that failed (refused key, plan without results, outage); logged. */
  failed: number;
}

export interface ResultsJob {
  /** Starts the timer (unref'd: it never keeps the process alive). */
  start(): void;
  /** One run now; a call while a run is in flight in this instance shares that run. */
  runOnce(): Promise<RunReport>;
  /** Stops the timer, waits for the run in flight, and releases the lock. */
  stop(): Promise<void>;
}

const SKIPPED: RunReport = { ran: false, calls: 0, applied: 0, failed: 0 };

/** The session advisory lock on a dedicated connection: taken when free, kept until released. */
function leadership(db: Db) {
  let client: pg.Client | null = null;
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    c.end().catch(() => {});
  };
  return {
    /** True when this instance holds the lock now (taking it when it is free). */
    async hold(): Promise<boolean> {
      if (client) {
        const held = client;
        try {
          await held.query('select 1');
          return true;
        } catch {
          drop(held);
        }
      }
      const c = new pg.Client({
        ...db.$client.options,
        connectionTimeoutMillis: 5_000,
        query_timeout: LOCK_QUERY_TIMEOUT_MS,
        keepAlive: true,
      });
      c.on('error', () => drop(c));
      try {
        await c.connect();
        const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          RESULTS_JOB_LOCK,
        ]);
        if (rows[0]?.ok) {
          client = c;
          return true;
        }
      } catch {
        // The database is unreachable: not the leader this time.
      }
      drop(c);
      return false;
    },
    async release(): Promise<void> {
      const c = client;
      client = null;
      if (!c) return;
      await c.query('select pg_advisory_unlock($1)', [RESULTS_JOB_LOCK]).catch(() => {});
      await c.end().catch(() => {});
    },
  };
}

/** One run: every syndicate's races due a result, one provider call per syndicate and day. */
async function work(opts: ResultsJobOptions): Promise<RunReport> {
  const { db, provider } = opts;
  const now = opts.now();
  const from = new Date(now.getTime() - RESULTS_LOOKBACK_MS).toISOString();
  const to = new Date(now.getTime() - RESULTS_DELAY_MS).toISOString();
  const report: RunReport = { ran: true, calls: 0, applied: 0, failed: 0 };
  // The one query across syndicates: which have a key. Everything after is per syndicate.
  const { rows: syndicates } = await db.execute<{ id: number }>(
    sql`select id from syndicates where racing_api_key_enc is not null order by id`,
  );
  for (const { id } of syndicates) {
    const { rows: due } = await db.execute<{ id: number; date: Date | string }>(sql`
      select id, date from races
       where syndicate_id = ${id} and date >= ${from}::timestamptz and date <= ${to}::timestamptz
         and result is null and starts_with(external_id, ${provider.idPrefix})`);
    const days = [...new Set(due.map((r) => dayKeyIn(new Date(r.date), provider.timeZone)))].sort();
    for (const day of days) {
      report.calls++;
      try {
        const ids = due.map((r) => r.id);
        const summary = await pullResults(db, id, opts.secret, provider, day, now, ids);
        report.applied += summary.applied;
      } catch (err) {
        report.failed++;
        opts.log?.warn({ err, syndicateId: id, day }, 'racing results: could not pull the results');
        // The key or the plan (400) will not work for another day either.
        if (err instanceof HttpError && err.statusCode === 400) break;
      }
    }
  }
  return report;
}

export function createResultsJob(opts: ResultsJobOptions): ResultsJob {
  const lock = leadership(opts.db);
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<RunReport> | null = null;
  let stopped = false;

  const runOnce = (): Promise<RunReport> => {
    if (stopped) return Promise.resolve(SKIPPED);
    inFlight ??= (async () => {
      try {
        if (!(await lock.hold())) return SKIPPED;
        return await work(opts);
      } catch (err) {
        opts.log?.warn({ err }, 'racing results: the run failed');
        return { ...SKIPPED, ran: true, failed: 1 };
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void runOnce(), opts.intervalMs ?? RESULTS_INTERVAL_MS);
      timer.unref();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
      await lock.release();
    },
  };
}
