// The connection pool, the drizzle handle, and start-up migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isTransientConflict } from '../lib/pg-errors';
import { installBetJsonTriggers } from './bet-json';
import { installBetStatsTrigger } from './bet-stats-trigger';
import * as schema from './schema';
import { installSessionTriggers } from './session-triggers';

/** The drizzle handle over the pool; `$client` is the pool, for named (prepared) statements. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** A transaction (or a savepoint inside one) on Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The pool for named statements planned once (`plannedOnce`). */
  planned: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL bigint (int8) and numeric (from sum()) arrive as strings; our values are cents,
// far below 2^53, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** The pool for named statements planned once (see `plannedOnce`), per database handle. */
const plannedPools = new WeakMap<Db, pg.Pool>();

export function connect(
  url: string,
  options: { max?: number; keepOpen?: boolean; idleTimeoutMillis?: number } = {},
): Database {
  // The connections are shared between the two pools: as many as before in all.
  const max = options.max ?? 20;
  const plannedMax = Math.max(2, Math.round((max * 2) / 5));
  const mainMax = Math.max(2, max - plannedMax);
  // keepOpen: a connection, once opened, stays open through a quiet spell (a pool of fixed size,
  // as HikariCP's default). Closing idle ones after 30 s made the first burst after a quiet spell
  // open them again, each a new backend that authenticates, warms its catalog caches and
  // prepares its statements anew (docs/performance.md, "The first burst after a quiet spell").
  const idleTimeoutMillis = options.idleTimeoutMillis ?? 30_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: mainMax,
    min: options.keepOpen ? mainMax : 0,
    idleTimeoutMillis,
  });
  const planned = new pg.Pool({
    connectionString: url,
    max: plannedMax,
    min: options.keepOpen ? plannedMax : 0,
    idleTimeoutMillis,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  pool.on('connect', nameStatements);
  // An idle client losing its server (e.g. PostgreSQL restarting) must not crash the process.
  pool.on('error', () => {});
  planned.on('error', () => {});
  const db = drizzle(pool, { schema });
  retryTransientConflicts(db);
  plannedPools.set(db, planned);
  return { db, pool, planned, close: async () => void (await Promise.all([pool.end(), planned.end()])) };
}

/** How many times a transaction is run before PostgreSQL's abort reaches the caller (a 500). */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * `db.transaction` runs its function again, in a new transaction, when PostgreSQL aborted the
 * first to break a deadlock or a serialisation conflict (isTransientConflict): its writes were
 * undone, and the request should not fail for it. Writes lock what they touch in an order
 * (docs/architecture.md: a bet's per-day and stats rows, then the bank's lock on the syndicate),
 * but some paths cannot keep it (a race's result writes many bets, a member's row is locked by a
 * new bet before the bank's lock and by a bank write after it), and a burst of such writes made
 * PostgreSQL pick a victim: a 500, found by probing with concurrent writes. A transaction's
 * function therefore reads what it needs inside it and keeps no state across attempts. After a
 * short, random pause (the other transaction finishes meanwhile), up to TRANSACTION_ATTEMPTS in
 * all.
 */
function retryTransientConflicts(db: Db) {
  const once = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(run, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
}

/** Names given to statement texts (statementName); beyond the cap texts are sent unnamed. */
const statementNames = new Map<string, string>();
export const NAMED_STATEMENTS_CAP = 500;

/**
 * The name a parameterised statement's text is prepared under on each connection, or undefined
 * once NAMED_STATEMENTS_CAP texts have names (a query built with a varying list of placeholders
 * must not fill every backend with prepared statements).
 */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_CAP) {
    name = `q${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every statement drizzle sends with parameters goes out named, so each connection parses it
 * once (node-postgres skips the Parse of a name it has prepared) and PostgreSQL may keep its plan
 * (a generic plan once it costs no more than the custom ones). Drizzle sends each query unnamed:
 * a bet settled took 10 of them, each parsed and planned again (0.07 to 0.45 ms a statement in the
 * server's log, more than executing most of them). Statements without parameters are left alone
 * (they may hold several commands, which a prepared statement cannot), and so are those already
 * named or marked by planEachCall.
 */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [config, values] = args;
    if (config !== null && typeof config === 'object' && (config as pg.QueryConfig).name === undefined) {
      const c = config as pg.QueryConfig;
      const params = Array.isArray(values) ? values : c.values;
      const name =
        typeof c.text === 'string' && params && params.length > 0 ? statementName(c.text) : undefined;
      if (name !== undefined) args[0] = { ...c, name };
    }
    return query(...args);
  }) as pg.PoolClient['query'];
}

/**
 * A drizzle query built once per database handle, with `sql.placeholder`s for its values, and
 * prepared under the name it is given (`.prepare(name)`): each call fills the placeholders and
 * sends the statement, without building it again. Building a select with drizzle's query builder
 * cost about 80 µs of the app's CPU a call (bench notes, "Drizzle's query builder"), more than
 * the round trip to PostgreSQL; the dashboard's reads each built one per request. For reads on
 * the pool only: a prepared query runs on the handle it was built on, never in a transaction.
 */
export function builtOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A statement whose best plan depends on its values (a search's words, a member with few bets):
 * sent unnamed, so PostgreSQL plans it with its values on every call. A named one may be given a
 * generic plan after five calls, chosen for the average values.
 */
export const planEachCall = <T extends pg.QueryConfig>(config: T): T => ({ ...config, name: '' });

/**
 * Where to run a named statement whose plan does not depend on its values: a small pool whose
 * connections plan each named statement once, for every call (plan_cache_mode =
 * force_generic_plan). On the main pool PostgreSQL planned most of them again on every call: a
 * plan for the average syndicate is costed above one for the caller's, small, syndicate, so the
 * generic plan was never chosen (pg_prepared_statements, docs/performance.md). Only statements
 * whose generic plan was read and found to be the same as their custom one belong here (EXPLAIN
 * (generic_plan)); one whose best plan depends on its values does not: a search pattern, a
 * `$n is null or …` filter, a status filter, or a `limit $n` above a join (the bets pages write
 * their size into the statement for that reason).
 */
export function plannedOnce(db: Db): pg.Pool {
  return plannedPools.get(db) ?? db.$client;
}

/** Folder of the committed SQL migrations: beside this file in src, copied beside the bundle in dist. */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

/**
 * Apply pending migrations, then the triggers that keep the stats aggregates and each bet's JSON
 * text (which drizzle-kit cannot express); an advisory lock keeps several instances starting at once in line.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    await installBetStatsTrigger(client);
    await installBetJsonTriggers(client);
    await installSessionTriggers(client);
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    await client.end();
  }
}
