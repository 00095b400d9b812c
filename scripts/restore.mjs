#!/usr/bin/env node
// npm run restore -- <file>: loads a backup (backup.mjs) into an EMPTY database: DATABASE_URL, or
// the embedded cluster of the running app in DATA_DIR (start the app on a fresh DATA_DIR, restore,
// then restart it). Reads the whole file first (a wrong, damaged or truncated file is refused
// before the database is touched), applies migrations, checks every table's columns (a backup
// from before a column was added restores with the column's default; one with a column this
// database lacks is refused), loads everything in one transaction (all or nothing), then moves
// the id sequences on.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  ADDED_LATER,
  columnsOf,
  DERIVED,
  databaseUrl,
  FORMAT,
  lineHash,
  TABLES,
  VERSION,
} from './backup-common.mjs';

/** Rows sent per INSERT. */
const BATCH = 500;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads the file once, without a database: its header, every table's marker and row count, that
 * each row is a JSON object with exactly its table's columns, and the end marker. Throws a message
 * naming the line for anything else, so that nothing (not even the migrations) is applied for a
 * wrong, damaged or truncated file; and that the lines' SHA-256 is the end marker's (a row changed
 * into other valid JSON). Returns the header, and whether a checksum verified it (a backup from
 * before checksums has none).
 */
export async function checkBackup(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new Error(`${file} does not exist.`);
  }
  if (!stat.isFile()) throw new Error(`${file} is not a file.`);
  const notBackup = () => new Error(`${file} is not a Racing Syndicate backup.`);
  const damaged = (n, why) => new Error(`Backup is damaged at line ${n}: ${why}. Nothing was restored.`);
  const lines = readline.createInterface({
    input: fs.createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let header;
  let n = 0;
  let current;
  let columns = '';
  let expected = 0;
  let total = 0;
  let ended = false;
  let verified = false;
  const sum = lineHash();
  const seen = new Set();
  // One line behind, so that a last line cut off half-way says "truncated", not "damaged".
  let previous;
  const all = (async function* () {
    for await (const line of lines) {
      if (previous !== undefined) yield [previous, false];
      previous = line;
    }
    if (previous !== undefined) yield [previous, true];
  })();
  for await (const [line, last] of all) {
    n++;
    if (n === 1) {
      try {
        header = JSON.parse(line);
      } catch {
        throw notBackup();
      }
      if (!isObject(header) || header.format !== FORMAT) throw notBackup();
      if (header.version !== VERSION)
        throw new Error(`Backup format version ${header.version} is not supported (this is ${VERSION}).`);
      if (!isObject(header.tables) || !Object.values(header.tables).every(Array.isArray))
        throw damaged(1, 'the header has no list of tables and their columns');
      sum.add(line);
      continue;
    }
    if (!line) continue;
    if (ended) throw damaged(n, 'text after the end marker');
    let value;
    try {
      value = JSON.parse(line);
    } catch {
      if (last) throw new Error('Backup is truncated (its last line is cut off): nothing was restored.');
      throw damaged(n, expected > 0 ? `a row of ${current} is not valid JSON` : 'not valid JSON');
    }
    if (expected > 0) {
      if (!isObject(value) || Object.keys(value).sort().join(',') !== columns)
        throw damaged(n, `expected a row of ${current} (${expected} more), found something else`);
      expected--;
      total++;
      sum.add(line);
      continue;
    }
    if (isObject(value) && value.end === true) {
      if (value.rows !== total) throw damaged(n, `${total} rows read, ${value.rows} expected`);
      if (value.sha256 !== undefined) {
        if (typeof value.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(value.sha256))
          throw damaged(n, "the end marker's checksum is not a SHA-256");
        if (value.sha256 !== sum.hex())
          throw new Error(
            'Backup is damaged: its checksum does not match its contents (a line was changed after the backup was written). Nothing was restored.',
          );
        verified = true;
      }
      ended = true;
      continue;
    }
    sum.add(line);
    if (
      !isObject(value) ||
      !TABLES.includes(value.table) ||
      !Number.isSafeInteger(value.rows) ||
      value.rows < 0
    )
      throw damaged(n, 'expected a table marker');
    if (seen.has(value.table)) throw damaged(n, `table ${value.table} appears twice`);
    if (!Array.isArray(header.tables[value.table]))
      throw damaged(n, `table ${value.table} is not in the header`);
    seen.add(value.table);
    current = value.table;
    // to_jsonb writes a row's keys in its own order (by length, then bytes): compared sorted.
    columns = [...header.tables[current]].sort().join(',');
    expected = value.rows;
  }
  if (!header) throw notBackup();
  if (!ended) throw new Error('Backup is truncated (no end marker): nothing was restored.');
  const missing = TABLES.filter((t) => !seen.has(t) && !ADDED_LATER.includes(t));
  if (missing.length) throw damaged(n, `no rows section for ${missing.join(', ')}`);
  return { header, verified };
}

/**
 * A table's columns here: whether a row must bring a value (not null, no default, not an identity)
 * and whether PostgreSQL computes it (a generated column takes no value).
 */
async function columnRules(client, table) {
  const { rows } = await client.query(
    `select column_name as name,
            is_nullable = 'NO' and column_default is null and is_identity = 'NO' and is_generated = 'NEVER' as required,
            is_generated <> 'NEVER' as generated
       from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows;
}

export async function restore(url, file) {
  const { header, verified } = await checkBackup(file);
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
    await next(); // the header, read by checkBackup
    for (const t of TABLES) {
      // A backup written before the table was added to it (no columns, no rows) leaves it empty.
      if (!header.tables[t] && ADDED_LATER.includes(t)) continue;
      const here = await columnRules(client, t);
      const there = header.tables[t] ?? [];
      // A column the backup has and this database does not: its data would be lost.
      const unknown = there.filter((c) => !here.some((h) => h.name === c && !h.generated));
      if (unknown.length)
        throw new Error(
          `Table ${t} in the backup has ${unknown.join(', ')}, which this database does not: ` +
            'it was written by another version of the app. Restore it with that version.',
        );
      // A column added since the backup was written takes its default; one with none cannot be filled.
      const unfilled = here.filter((h) => h.required && !there.includes(h.name)).map((h) => h.name);
      if (unfilled.length)
        throw new Error(
          `Table ${t} in this database needs ${unfilled.join(', ')} (no default), which the backup does not have.`,
        );
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
      // The backup's columns by name: one added since keeps its default (a backup before it).
      const columns = header.tables[current].map((c) => `"${c}"`).join(', ');
      await client.query(
        `insert into ${current} (${columns}) select ${columns} from jsonb_populate_recordset(null::${current}, $1::jsonb)`,
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
    return { rows: total, counts, verified };
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
    const { rows, counts, verified } = await restore(databaseUrl(), path.resolve(file));
    if (!verified)
      console.log(
        'Note: this backup has no checksum (it was written before backups had one), so its rows could not be verified.',
      );
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
