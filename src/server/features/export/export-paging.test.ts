// The bets export reads in keyset pages of PAGE bets: every bet exactly once, across page ends,
// even when dates carry microseconds (PostgreSQL keeps them; a JS Date does not).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { crew } from '../bets/test-fixtures';
import { PAGE } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/export/bets.csv paging', () => {
  it('writes each bet once across pages, dates to the microsecond', async () => {
    const c = await crew(t);
    const n = PAGE * 2 + 7;
    await t.database.db.execute(sql`
      insert into bets (syndicate_id, member_id, horse_name, bet_type, odds_hundredths, amount_cents,
                        odds_type, status, date)
      select ${c.syndicateId}, ${c.adminMemberId}, 'Horse ' || g, 'win', 300, 1000, 'fixed', 'pending',
             timestamptz '2030-01-01 00:00:00.000001+00' + g * interval '1 minute 0.000123 second'
        from generate_series(1, ${n}) g`);
    const res = await c.member.get('/api/export/bets.csv');
    expect(res.statusCode).toBe(200);
    const horses = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[3]);
    expect(horses).toHaveLength(n);
    expect(new Set(horses).size).toBe(n);
    expect(horses[0]).toBe('Horse 1');
    expect(horses.at(-1)).toBe(`Horse ${n}`);
  });
});
