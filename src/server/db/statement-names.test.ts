// Drizzle's statements go out named (db/client.ts nameStatements): each connection parses a text
// once and may keep its plan. Only statements with parameters, and no more names than the cap.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listBetsJson } from '../features/bets/list-json';
import { connect, type Database, NAMED_STATEMENTS_CAP, statementName } from './client';
import { members } from './schema';

let database: Database;
beforeAll(() => {
  database = connect(inject('databaseUrl'), { max: 2 });
});
afterAll(async () => database.close());

/** The statements prepared on the main pool's connections whose text includes `fragment`. */
async function prepared(fragment: string) {
  const clients = await Promise.all(
    Array.from({ length: database.pool.options.max }, () => database.pool.connect()),
  );
  try {
    const found: { name: string; generic_plans: number; custom_plans: number }[] = [];
    for (const client of clients) {
      const { rows } = await client.query(
        `select name, generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like '%' || $1 || '%' and name <> ''`,
        [fragment],
      );
      found.push(...rows);
    }
    return found;
  } finally {
    for (const client of clients) client.release();
  }
}

describe('statements with parameters are prepared once per connection', () => {
  it('names a drizzle select, in a transaction and outside, and reuses the name', async () => {
    const { db } = database;
    const read = () =>
      db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.syndicateId, -17), isNull(members.archivedAt)));
    for (let i = 0; i < 8; i++) expect(await read()).toEqual([]);
    await db.transaction(async (tx) => {
      expect(await tx.execute(sql`select ${-17}::int + 1 as n /* in a transaction */`)).toMatchObject({
        rows: [{ n: -16 }],
      });
    });
    const selects = await prepared('"members"."syndicate_id" = $1');
    expect(selects.length).toBeGreaterThan(0);
    // One name for the text on every connection, planned once per connection rather than per call.
    expect(new Set(selects.map((s) => s.name)).size).toBe(1);
    expect(selects.reduce((n, s) => n + s.generic_plans + s.custom_plans, 0)).toBe(8);
    expect(await prepared('/* in a transaction */')).toHaveLength(1);
  });

  it('plans a bets page with a search with its values on every call, one filtered by status once', async () => {
    for (let i = 0; i < 6; i++) {
      await listBetsJson(database.db, -17, { limit: 7, q: `word ${i}` });
      await listBetsJson(database.db, -17, { limit: 7, status: ['win', 'loss'] });
    }
    expect(await prepared('search_normalise($2::text)')).toHaveLength(0);
    const byStatus = await prepared('b.status = any($2::bet_status[])');
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.reduce((n, s) => n + s.generic_plans + s.custom_plans, 0)).toBe(6);
  });

  it('leaves statements without parameters unnamed: several commands in one still run', async () => {
    await database.pool.query('select 1 as a /* no params */; select 2 as b /* no params */');
    expect(await prepared('/* no params */')).toHaveLength(0);
  });

  it('sends texts past the cap unnamed, and keeps the names it gave', () => {
    const first = statementName('select $1::int /* cap test 0 */');
    expect(first).toMatch(/^q\d+$/);
    const names = Array.from({ length: NAMED_STATEMENTS_CAP + 10 }, (_, i) =>
      statementName(`select $1::int /* cap test ${i + 1} */`),
    );
    expect(names.filter((n) => n === undefined).length).toBeGreaterThan(0);
    expect(new Set(names.filter((n) => n !== undefined)).size).toBeLessThan(NAMED_STATEMENTS_CAP);
    expect(statementName('select $1::int /* cap test 0 */')).toBe(first);
  });
});
