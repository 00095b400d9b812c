// Shared by backup.mjs and restore.mjs: which tables a backup holds, in foreign-key order, and
// how to reach the database (DATABASE_URL, or the embedded cluster of a running app in DATA_DIR).
//
// The format ("racing-syndicate-backup", version 1) is JSON lines:
//   line 1   {"format":"racing-syndicate-backup","version":1,"createdAt":…,"migration":…,
//             "tables":{"users":["id","name",…],…}}
//   then     {"table":"users","rows":N}  followed by N lines, each one row as PostgreSQL's
//            to_jsonb(row) text (exact: numbers, timestamps and text are never re-encoded by JS)
//   last     {"end":true,"rows":TOTAL,"sha256":HEX}
// sha256 is the SHA-256 of every line before the end marker, each with its "\n" (so, of the file's
// bytes up to the end marker as written): a row changed after the backup was written, even into
// other valid JSON, is refused on restore. Backups written before 2026-12-03 have no sha256 and
// restore with a note that they could not be verified.
// Run both scripts through tsx (package.json does): restore applies the app's own migrations,
// which also install the trigger that derives the stats tables from bets.
// pg_dump is not used: the embedded server is PostgreSQL 18 and the machine's pg_dump may be
// older (it refuses newer servers), and the embedded package ships no pg_dump.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const FORMAT = 'racing-syndicate-backup';
export const VERSION = 1;

/**
 * The tables a backup holds, parents first. Sessions, OIDC sign-ins in flight, failed-join
 * and throttle counters are deliberately left out: they are short-lived, and a restored server starts with
 * everyone signed out.
 */
export const TABLES = [
  'users',
  'syndicates',
  'members',
  'member_claims',
  'calendar_feeds',
  'subscription_plans',
  'member_subscriptions',
  'races',
  'bets',
  'reminders',
  'bank_entries',
  'bet_allocation_weights',
  // The audit log (append-only: restore only inserts into it).
  'audit_events',
  // The stored answers of bank, bet and dues writes sent with an Idempotency-Key: a client that
  // retries such a write after a restore gets its first answer replayed, as docs/bank.md promises
  // for 24 hours, instead of the money being recorded a second time.
  'idempotency_keys',
];
/**
 * Tables added to TABLES after version 1 was first written: a backup from before then has no
 * columns for them in its header and no rows, and restores with the table left empty.
 */
export const ADDED_LATER = ['idempotency_keys'];
export const SKIPPED = ['sessions', 'oidc_logins', 'join_failures', 'throttle_counters'];
/**
 * Tables derived from bets by triggers (src/server/db/bet-stats-trigger.ts, bet-json.ts):
 * not backed up; loading the bets on restore rebuilds them, so they cannot disagree with bets.
 */
export const DERIVED = [
  'member_bet_stats',
  'syndicate_day_stats',
  'syndicate_local_days',
  'bank_member_totals',
  'bet_json',
];

/** The running checksum of a backup's lines before its end marker (the format above). */
export function lineHash() {
  const hash = createHash('sha256');
  return {
    add(line) {
      hash.update(line);
      hash.update('\n');
    },
    hex: () => hash.digest('hex'),
  };
}

/** DATABASE_URL, or the embedded cluster of the app running on DATA_DIR (default ./data). */
export function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const pwFile = path.join(dataDir, 'pg-password');
  if (!fs.existsSync(pidFile) || !fs.existsSync(pwFile)) {
    throw new Error(
      `No DATABASE_URL, and no running embedded PostgreSQL in ${dataDir}. ` +
        'Start the app (npm start) first, or set DATABASE_URL (and DATA_DIR if it is not ./data).',
    );
  }
  // postmaster.pid: pid, data directory, start time, port, …
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  const password = fs.readFileSync(pwFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Column names of a table, in order. */
export async function columnsOf(client, table) {
  const { rows } = await client.query(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** Tables in public that neither list names: a schema change the backup does not know about. */
export async function unknownTables(client) {
  const { rows } = await client.query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows
    .map((r) => r.table_name)
    .filter((t) => !TABLES.includes(t) && !SKIPPED.includes(t) && !DERIVED.includes(t));
}

/** The newest applied migration (drizzle's own table), for the header; null before any. */
export async function latestMigration(client) {
  try {
    const { rows } = await client.query(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    return rows[0] ? { hash: rows[0].hash, createdAt: Number(rows[0].created_at) } : null;
  } catch {
    return null;
  }
}
