// Entry point: configuration → database (embedded or DATABASE_URL) → migrations → HTTP server →
// the racing results job. Stops in order on SIGINT/SIGTERM: the job (its run in flight finishes),
// then HTTP (in-flight requests finish), then the pool, then the embedded PostgreSQL, then the
// DATA_DIR lock.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { connect, runMigrations } from './db/client';
import {
  acquireDataDirLock,
  DataDirLockedError,
  type EmbeddedCluster,
  startEmbeddedPostgres,
} from './db/embedded';
import { type Env, readEnv } from './env';
import { createResultsJob } from './features/racing/results-job';
import { racingProvider } from './features/racing/service';
import { boundedError } from './lib/log-serializers';

function sessionSecret(env: Env): string {
  if (env.sessionSecret) return env.sessionSecret;
  fs.mkdirSync(env.dataDir, { recursive: true });
  const file = path.join(env.dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The built SPA: dist/client, beside the bundle (dist/server) or from src/server in development. */
function clientDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root =
    path.basename(path.dirname(here)) === 'dist' ? path.dirname(here) : path.resolve(here, '../../dist');
  return path.join(root, 'client');
}

async function main() {
  const startedAt = Date.now();
  const env = readEnv();
  const log = (msg: string) => env.logLevel !== 'silent' && console.log(msg);

  let releaseLock: (() => void) | undefined;
  let cluster: EmbeddedCluster | undefined;
  let url = env.databaseUrl;
  if (!url) {
    releaseLock = acquireDataDirLock(env.dataDir);
    try {
      cluster = await startEmbeddedPostgres({ dataDir: env.dataDir, log });
    } catch (err) {
      releaseLock();
      throw err;
    }
    url = cluster.url;
  }

  const database = connect(url, { keepOpen: true });
  const stopDatabase = async () => {
    await database.close().catch(() => {});
    await cluster?.stop();
    releaseLock?.();
  };
  try {
    await runMigrations(url);
    await warnOnUnsafeDurability(database.db, log);
  } catch (err) {
    await stopDatabase();
    throw err;
  }

  const secret = sessionSecret(env);
  const app = await buildApp({
    env,
    db: database.db,
    sessionSecret: secret,
    clientDir: clientDir(),
    logger: env.logLevel === 'silent' ? false : { level: env.logLevel, serializers: { err: boundedError } },
  });
  // Every instance runs the timer; only the one holding the job's advisory lock does the work.
  const resultsJob = createResultsJob({
    db: database.db,
    provider: racingProvider(env),
    secret,
    now: () => new Date(),
    log: app.log,
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${signal} received: stopping…`);
    await resultsJob.stop().catch(() => {});
    await app.close().catch(() => {});
    await stopDatabase();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (err) {
    await app.close().catch(() => {});
    await stopDatabase();
    throw err;
  }
  resultsJob.start();
  log(
    `Racing Syndicate is ready at ${env.publicUrl} (listening on ${env.host}:${env.port}, ${Date.now() - startedAt} ms)`,
  );
}

/** PostgreSQL with these off can lose acknowledged writes on a crash: say so loudly. */
async function warnOnUnsafeDurability(db: ReturnType<typeof connect>['db'], log: (m: string) => void) {
  const { rows } = await db.execute<{ name: string; setting: string }>(
    sql`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes')`,
  );
  for (const row of rows) {
    if (row.setting === 'off')
      log(`WARNING: PostgreSQL has ${row.name}=off: acknowledged writes can be lost in a crash.`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
