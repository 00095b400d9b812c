// Migration 0002 shares the bets settled before the bank existed, once, equally among the members
// active at that moment (earliest-joined first for leftover cents), so the invariants hold from
// the first start. Proven on a database of its own: migrated to 0001, filled, then migrated on.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

const name = `bank_migration_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let url: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(inject('databaseUrl'));
  u.pathname = `/${name}`;
  url = u.toString();
});
afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** A copy of the migrations folder holding only the first `count` migrations. */
function firstMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const source = migrationsFolder();
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

it('allocates earlier settled bets once, equally among the active members, leftovers to the earliest', async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: firstMigrations(2) });
    const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;
    const [s] = await q(
      `insert into syndicates (name, invite_code, timezone) values ('Old Club', 'OLDCLUB1', 'Australia/Sydney') returning id`,
    );
    const member = async (n: string, minute: number, extra = '') =>
      (
        await q(
          `insert into members (syndicate_id, name, email, initials, created_at${extra ? ', is_active' : ''})
           values ($1, $2, $3, 'XX', $4${extra ? ', false' : ''}) returning id`,
          [s.id, n, `${n}@example.test`, new Date(Date.UTC(2030, 0, 1, 0, minute))],
        )
      )[0].id as number;
    const first = await member('first', 1);
    const second = await member('second', 2);
    const third = await member('third', 3);
    await member('asleep', 4, 'inactive');
    const bet = async (status: string, result: number | null) =>
      (
        await q(
          `insert into bets (syndicate_id, member_id, horse_name, odds_hundredths, amount_cents, status, result_cents, date, settled_at)
           values ($1, $2, 'Oldie', 200, 1000, $3, $4, '2030-01-02T20:00:00Z', $5) returning id`,
          [s.id, second, status, result, status === 'pending' ? null : '2030-01-02T20:00:00Z'],
        )
      )[0].id as number;
    const lost = await bet('loss', -1000);
    const won = await bet('win', 1000);
    await bet('pending', null);

    await migrate(db, { migrationsFolder: migrationsFolder() });

    const lines = await q(
      `select bet_id, member_id, amount_cents, date::text as date, type::text as type, note from bank_entries order by bet_id, member_id`,
    );
    expect(lines).toEqual([
      {
        bet_id: lost,
        member_id: first,
        amount_cents: -334,
        date: '2030-01-03',
        type: 'allocation',
        note: 'Oldie (win)',
      },
      {
        bet_id: lost,
        member_id: second,
        amount_cents: -333,
        date: '2030-01-03',
        type: 'allocation',
        note: 'Oldie (win)',
      },
      {
        bet_id: lost,
        member_id: third,
        amount_cents: -333,
        date: '2030-01-03',
        type: 'allocation',
        note: 'Oldie (win)',
      },
      {
        bet_id: won,
        member_id: first,
        amount_cents: 334,
        date: '2030-01-03',
        type: 'allocation',
        note: 'Oldie (win)',
      },
      {
        bet_id: won,
        member_id: second,
        amount_cents: 333,
        date: '2030-01-03',
        type: 'allocation',
        note: 'Oldie (win)',
      },
      {
        bet_id: won,
        member_id: third,
        amount_cents: 333,
        date: '2030-01-03',
        type: 'allocation',
        note: 'Oldie (win)',
      },
    ]);
    const totals = await q(`select member_id, betting_cents from bank_member_totals order by member_id`);
    expect(totals.map((r) => Number(r.betting_cents))).toEqual([0, 0, 0]);
    const weights = await q(`select count(*)::int as n from bet_allocation_weights`);
    expect(weights[0].n).toBe(6);
  } finally {
    await client.end();
  }
});
