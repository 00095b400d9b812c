#!/usr/bin/env node
// npm run restore -- <file>: loads a backup (backup.mjs) into an EMPTY database: DATABASE_URL, or
// the embedded cluster of the running app in DATA_DIR (start the app on a fresh DATA_DIR, restore,
// then restart it). Applies migrations first, checks the format, version and every table's
// columns, loads everything in one transaction (all or nothing), then moves the id sequences on.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { columnsOf, DERIVED, databaseUrl, FORMAT, TABLES, VERSION } from './backup-common.mjs';

/** Rows sent per INSERT. */
const BATCH = 500;

export async function restore(url, file) {
  // The app's own start-up migrations (run through tsx): the schema, and the trigger that keeps
  // the derived stats tables in step with bets while the bets are loaded below.
  const { runMigrations } = await import('../src/server/db/client.ts');
  await runMigrations(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = {};
  try {
    const lines = readline.createInterface({
      input: fs.createReadStream(file, 'utf8'),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    const it = lines[Symbol.asyncIterator]();
    const next = async () => {
      const r = await it.next();
      return r.done ? undefined : r.value;
    };
    const header = JSON.parse((await next()) ?? 'null');
    if (header?.format !== FORMAT) throw new Error(`${file} is not a Racing Syndicate backup.`);
    if (header.version !== VERSION)
      throw new Error(`Backup format version ${header.version} is not supported (this is ${VERSION}).`);
    for (const t of TABLES) {
      const here = (await columnsOf(client, t)).join(',');
      const there = (header.tables[t] ?? []).join(',');
      if (here !== there)
        throw new Error(`Table ${t} differs: backup has (${there}), this database has (${here}).`);
    }

    await client.query('begin');
    for (const t of [...TABLES, ...DERIVED]) {
      const { rows } = await client.query(`select exists (select 1 from ${t}) as any`);
      if (rows[0].any)
        throw new Error(`The target database is not empty (${t} has rows). Restore into an empty database.`);
    }
    let total = 0;
    let ended = false;
    let current;
    let expected = 0;
    let batch = [];
    const flush = async () => {
      if (!batch.length) return;
      await client.query(
        `insert into ${current} select * from jsonb_populate_recordset(null::${current}, $1::jsonb)`,
        [`[${batch.join(',')}]`],
      );
      batch = [];
    };
    for (let line = await next(); line !== undefined; line = await next()) {
      if (!line) continue;
      if (expected > 0) {
        batch.push(line);
        expected--;
        counts[current]++;
        total++;
        if (batch.length >= BATCH || expected === 0) await flush();
        continue;
      }
      const marker = JSON.parse(line);
      if (marker.end) {
        if (marker.rows !== total)
          throw new Error(`Backup is damaged: ${total} rows read, ${marker.rows} expected.`);
        ended = true;
        break;
      }
      if (!TABLES.includes(marker.table)) throw new Error(`Unknown table in backup: ${marker.table}`);
      current = marker.table;
      expected = marker.rows;
      counts[current] = 0;
    }
    if (!ended) throw new Error('Backup is truncated (no end marker): nothing was restored.');
    for (const t of TABLES) {
      // Tables keyed by their parents (bet_allocation_weights) have no id sequence to move on.
      if (!(await columnsOf(client, t)).includes('id')) continue;
      await client.query(
        `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 1), (select count(*) > 0 from ${t}))`,
      );
    }
    await client.query('commit');
    return { rows: total, counts };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- <backup file>');
    process.exit(2);
  }
  try {
    const { rows, counts } = await restore(databaseUrl(), path.resolve(file));
    console.log(
      `Restored ${rows} rows (${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}). Restart the app.`,
    );
  } catch (err) {
    console.error(`Restore failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
