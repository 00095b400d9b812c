// db.transaction runs a transaction again when PostgreSQL aborts it to break a deadlock
// (client.ts retryTransientConflicts). Two transactions lock two rows in opposite orders, each
// waiting for the other: PostgreSQL aborts one, which is run again and succeeds; both commit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database, TRANSACTION_ATTEMPTS } from './client';

let database: Database;
const table = `retry_probe_${process.pid}`;
beforeAll(async () => {
  database = connect(inject('databaseUrl'), { max: 6 });
  await database.db.execute(sql.raw(`create table ${table} (id int primary key, n int not null)`));
  await database.db.execute(sql.raw(`insert into ${table} values (1, 0), (2, 0)`));
});
afterAll(async () => {
  await database.db.execute(sql.raw(`drop table ${table}`));
  await database.close();
});

/** Resolves once `count` parties have arrived. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

describe('db.transaction and deadlocks', () => {
  it('runs the transaction PostgreSQL aborted again: both writers commit, one of them twice attempted', async () => {
    const { db } = database;
    // Only the first attempts meet at the barrier; an attempt run again goes straight on.
    const bothHoldTheirFirstRow = barrier(2);
    const attempts = { a: 0, b: 0 };
    const writer = (name: 'a' | 'b', first: number, second: number) =>
      db.transaction(async (tx) => {
        attempts[name] += 1;
        await tx.execute(sql.raw(`update ${table} set n = n + 1 where id = ${first}`));
        if (attempts[name] === 1) await bothHoldTheirFirstRow();
        await tx.execute(sql.raw(`update ${table} set n = n + 1 where id = ${second}`));
        return name;
      });
    expect(await Promise.all([writer('a', 1, 2), writer('b', 2, 1)])).toEqual(['a', 'b']);
    // One was the deadlock's victim and ran again; its first attempt's writes were undone.
    expect(attempts.a + attempts.b).toBe(3);
    const { rows } = await db.execute<{ id: number; n: number }>(
      sql.raw(`select id, n from ${table} order by id`),
    );
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('gives up after TRANSACTION_ATTEMPTS and lets other errors through at once', async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      database.db.transaction(async () => {
        runs += 1;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    runs = 0;
    const other = Object.assign(new Error('unique'), { code: '23505' });
    await expect(
      database.db.transaction(async () => {
        runs += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(runs).toBe(1);
  });
});
