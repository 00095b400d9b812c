// The connection pool, the drizzle handle, and start-up migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installBetJsonTriggers } from './bet-json';
import { installBetStatsTrigger } from './bet-stats-trigger';
import * as schema from './schema';
import { installSessionTriggers } from './session-triggers';

/** The drizzle handle over the pool; `$client` is the pool, for named (prepared) statements. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

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

export function connect(url: string, options: { max?: number } = {}): Database {
  // The connections are shared between the two pools: as many as before in all.
  const max = options.max ?? 20;
  const plannedMax = Math.max(2, Math.round((max * 2) / 5));
  const pool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, max - plannedMax),
    idleTimeoutMillis: 30_000,
  });
  const planned = new pg.Pool({
    connectionString: url,
    max: plannedMax,
    idleTimeoutMillis: 30_000,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its server (e.g. PostgreSQL restarting) must not crash the process.
  pool.on('error', () => {});
  planned.on('error', () => {});
  const db = drizzle(pool, { schema });
  plannedPools.set(db, planned);
  return { db, pool, planned, close: async () => void (await Promise.all([pool.end(), planned.end()])) };
}

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
