#!/usr/bin/env node
// npm run backup [-- <file>]: a consistent logical backup of every syndicate's data (one
// REPEATABLE READ snapshot, like pg_dump) in the versioned JSON-lines format of backup-common.mjs.
// Reads DATABASE_URL, or the embedded cluster of the running app in DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  columnsOf,
  databaseUrl,
  FORMAT,
  latestMigration,
  lineHash,
  TABLES,
  unknownTables,
  VERSION,
} from './backup-common.mjs';

/** Rows fetched per round trip. */
const BATCH = 1000;

export async function backup(url, file) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tmp = `${file}.partial`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  const sum = lineHash();
  const write = (line) => {
    fs.writeSync(fd, `${line}\n`);
    sum.add(line);
  };
  let total = 0;
  const counts = {};
  try {
    await client.query('begin isolation level repeatable read read only');
    const unknown = await unknownTables(client);
    if (unknown.length)
      throw new Error(`The database has tables this backup does not know: ${unknown.join(', ')}`);
    const tables = {};
    for (const t of TABLES) tables[t] = await columnsOf(client, t);
    write(
      JSON.stringify({
        format: FORMAT,
        version: VERSION,
        createdAt: new Date().toISOString(),
        migration: await latestMigration(client),
        tables,
      }),
    );
    for (const t of TABLES) {
      const { rows } = await client.query(`select count(*)::int as n from ${t}`);
      const n = rows[0].n;
      write(JSON.stringify({ table: t, rows: n }));
      // Rows in id order (a reversal after the entry it undoes); tables without an id by all columns.
      const columns = tables[t];
      const order = columns.includes('id') ? 'x.id' : columns.map((c) => `x.${c}`).join(', ');
      await client.query(
        `declare c no scroll cursor for select to_jsonb(x)::text as j from ${t} x order by ${order}`,
      );
      let written = 0;
      while (true) {
        const batch = await client.query(`fetch ${BATCH} from c`);
        for (const r of batch.rows) write(r.j);
        written += batch.rows.length;
        if (batch.rows.length < BATCH) break;
      }
      await client.query('close c');
      if (written !== n) throw new Error(`${t}: counted ${n} rows but wrote ${written}`);
      counts[t] = n;
      total += n;
    }
    fs.writeSync(fd, `${JSON.stringify({ end: true, rows: total, sha256: sum.hex() })}\n`);
    await client.query('commit');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
  return { file, rows: total, counts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = path.resolve(process.argv[2] || `racing-syndicate-${stamp}.backup.jsonl`);
  try {
    const { rows, counts } = await backup(databaseUrl(), file);
    console.log(
      `Backup written to ${file}: ${rows} rows (${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}).`,
    );
  } catch (err) {
    console.error(`Backup failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
