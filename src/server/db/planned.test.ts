// The pool of named statements planned once (db/client.ts plannedOnce): its connections use
// generic plans, and the reads routed to it are planned once per connection, not on every call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithSyndicate, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Generic and custom plans of each named statement, summed over all the pool's connections. */
async function plansOf(pool: TestApp['database']['planned']) {
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  const totals = new Map<string, { generic: number; custom: number }>();
  try {
    for (const client of clients) {
      const { rows } = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
        'select name, generic_plans, custom_plans from pg_prepared_statements',
      );
      for (const r of rows) {
        const sum = totals.get(r.name) ?? { generic: 0, custom: 0 };
        sum.generic += Number(r.generic_plans);
        sum.custom += Number(r.custom_plans);
        totals.set(r.name, sum);
      }
    }
  } finally {
    for (const client of clients) client.release();
  }
  return totals;
}

describe('named statements planned once', () => {
  it('run on connections with generic plans, however many calls', async () => {
    const { rows } = await t.database.planned.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(rows[0]?.plan_cache_mode).toBe('force_generic_plan');
    const main = await t.database.pool.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(main.rows[0]?.plan_cache_mode).toBe('auto');

    const { client } = await signUpWithSyndicate(t.app);
    for (let i = 0; i < 8; i++) {
      for (const url of [
        '/api/stats/syndicate',
        '/api/stats/top-performers?limit=5',
        '/api/bets?limit=5',
        '/api/bank',
        '/api/rotation?count=3',
        '/api/insights/timeline?from=2030-01-01&to=2030-12-31&interval=week',
      ]) {
        expect((await client.get(url)).statusCode, url).toBe(200);
      }
    }
    const plans = await plansOf(t.database.planned);
    for (const name of [
      'stats_syndicate',
      'stats_top_performers',
      'bets_json_first_5',
      'bank_summary',
      'rotation_input',
      'insights_timeline',
    ]) {
      expect(plans.get(name), name).toMatchObject({ custom: 0 });
      expect(plans.get(name)?.generic, name).toBeGreaterThanOrEqual(8);
    }
  });
});
