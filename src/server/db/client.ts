// The connection pool, the drizzle handle, and start-up migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installBetJsonTriggers } from './bet-json';
import { installBetStatsTrigger } from './bet-stats-trigger';
import * as schema from './schema';

/** The drizzle handle over the pool; `$client` is the pool, for named (prepared) statements. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL bigint (int8) and numeric (from sum()) arrive as strings; our values are cents,
// far below 2^53, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function connect(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (e.g. PostgreSQL restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
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
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    await client.end();
  }
}
