// A fresh, migrated database for one test run: a new database on TEST_DATABASE_URL's server
// when that is set, otherwise a throw-away embedded cluster in a temp folder. Nothing a run
// leaves behind is read by the next one. (Test infrastructure: the only place besides env.ts
// that reads process.env, for TEST_DATABASE_URL.)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';

export interface TestDatabase {
  url: string;
  /** Where it came from, for logs: "TEST_DATABASE_URL" or "embedded". */
  kind: 'TEST_DATABASE_URL' | 'embedded';
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
}

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `rs_${label}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const external = process.env.TEST_DATABASE_URL;
  let serverUrl: string;
  let stopCluster: (() => Promise<void>) | undefined;
  if (external) {
    serverUrl = external;
  } else {
    // The embedded server runs as the `postgres` user when we are root: use a folder it can enter.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-pg-'));
    fs.chmodSync(dir, 0o755);
    const cluster = await startEmbeddedPostgres({ dataDir: dir });
    serverUrl = cluster.url;
    stopCluster = async () => {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  await runMigrations(url);
  return {
    url,
    kind: external ? 'TEST_DATABASE_URL' : 'embedded',
    async drop() {
      if (stopCluster) return stopCluster();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
