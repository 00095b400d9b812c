// Item 12. Durability: the app warns at start when its PostgreSQL runs with fsync,
// synchronous_commit or full_page_writes off (tested on a throw-away embedded server, one
// setting at a time), the embedded default runs with all three on, and `npm run backup` /
// `npm run restore` round-trip the data with identical money totals.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { createTestApp, signUpWithSyndicate, type TestApp } from '../src/server/test/harness';
import { figure } from './support/figures';
import { root, startServer, waitHealthy } from './support/server';
import { populate } from './support/world';

const SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

describe('durability settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-durable-'));
  fs.chmodSync(dir, 0o755);
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  beforeAll(async () => {
    cluster = await startEmbeddedPostgres({ dataDir: dir });
  });
  afterAll(async () => {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function sql(text: string) {
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  }

  /** Starts the app on the cluster and returns its start-up log. */
  async function startupLog(): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-durable-app-'));
    const server = await startServer({
      env: { DATABASE_URL: cluster.url, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    });
    try {
      await waitHealthy(server);
      return server.output();
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('runs the embedded default with all three on, and warns when any one is off', async () => {
    const defaults = await sql(
      `select name, setting from pg_settings where name in ('fsync','synchronous_commit','full_page_writes') order by name`,
    );
    const allOn = defaults.every((r) => r.setting === 'on');
    const baseline = await startupLog();
    const warnedFor: string[] = [];
    for (const name of SETTINGS) {
      await sql(`alter system set ${name} = off`);
      await sql('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
      const log = await startupLog();
      if (new RegExp(`WARNING: PostgreSQL has ${name}=off`).test(log)) warnedFor.push(name);
      await sql(`alter system reset ${name}`);
      await sql('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
    }
    figure(
      12,
      'embedded default: fsync, synchronous_commit, full_page_writes',
      defaults.map((r) => `${r.name}=${r.setting}`).join(', '),
      allOn,
    );
    figure(
      12,
      'start-up warnings with all on',
      /WARNING: PostgreSQL has/.test(baseline) ? 'some' : 'none',
      !/WARNING: PostgreSQL has/.test(baseline),
    );
    figure(
      12,
      'settings turned off that the app warned about',
      `${warnedFor.length} of ${SETTINGS.length} (${warnedFor.join(', ')})`,
      warnedFor.length === SETTINGS.length,
    );
    expect(allOn).toBe(true);
    expect(baseline).not.toMatch(/WARNING: PostgreSQL has/);
    expect(warnedFor).toEqual([...SETTINGS]);
  });
});

describe('backup and restore', () => {
  let t: TestApp;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-backup-'));
  const targetName = `rs_restore_${randomBytes(4).toString('hex')}`;
  const sourceUrl = inject('databaseUrl');
  const targetUrl = (() => {
    const u = new URL(sourceUrl);
    u.pathname = `/${targetName}`;
    return u.href;
  })();
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    const c = new pg.Client({ connectionString: sourceUrl });
    await c.connect();
    await c.query(`drop database if exists ${targetName} with (force)`);
    await c.end();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const run = (script: string, args: string[], url: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });

  /**
   * Money and row totals per syndicate, and a digest of every backed-up row and of the derived
   * stats (their rows with nothing settled, left behind by deletions, equal absent rows).
   */
  async function totals(url: string) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const money = await c.query(`
        select s.id, s.name,
               (select coalesce(sum(amount_cents),0)::bigint from bets b where b.syndicate_id = s.id) as staked_cents,
               (select coalesce(sum(result_cents),0)::bigint from bets b where b.syndicate_id = s.id and status <> 'pending') as balance_cents,
               (select coalesce(sum(price_cents),0)::bigint from subscription_plans p where p.syndicate_id = s.id) as plan_cents,
               (select count(*) from bets b where b.syndicate_id = s.id)::int as bets,
               (select coalesce(sum(amount_cents),0)::bigint from bank_entries e where e.syndicate_id = s.id) as bank_cents,
               (select count(*) from bank_entries e where e.syndicate_id = s.id)::int as bank_entries
          from syndicates s order by s.id`);
      // Ordered by table: without it a parallel append may return the branches in any order.
      const digests = await c.query(`
        select * from (
        select 'users' t, md5(string_agg(x::text, ',' order by x.id)) h from users x union all
        select 'members', md5(string_agg(x::text, ',' order by x.id)) from members x union all
        select 'bets', md5(string_agg(x::text, ',' order by x.id)) from bets x union all
        select 'member_subscriptions', md5(string_agg(x::text, ',' order by x.id)) from member_subscriptions x union all
        select 'races', md5(string_agg(x::text, ',' order by x.id)) from races x union all
        select 'reminders', md5(string_agg(x::text, ',' order by x.id)) from reminders x union all
        select 'member_bet_stats', md5(string_agg(x::text, ',' order by x::text)) from member_bet_stats x where settled <> 0 union all
        select 'syndicate_day_stats', md5(string_agg(x::text, ',' order by x::text)) from syndicate_day_stats x where settled <> 0 union all
        select 'syndicate_local_days', md5(string_agg(x::text, ',' order by x::text)) from syndicate_local_days x
         where (bets, staked_cents, profit_cents) <> (0, 0, 0) union all
        select 'bank_entries', md5(string_agg(x::text, ',' order by x.id)) from bank_entries x union all
        select 'audit_events', md5(string_agg(x::text, ',' order by x.id)) from audit_events x union all
        select 'calendar_feeds', md5(string_agg(x::text, ',' order by x.id)) from calendar_feeds x union all
        select 'bet_allocation_weights', md5(string_agg(x::text, ',' order by x::text)) from bet_allocation_weights x union all
        select 'bank_member_totals', md5(string_agg(x::text, ',' order by x::text)) from bank_member_totals x
         where (contributed_cents, paid_out_cents, adjustments_cents, betting_cents) <> (0, 0, 0, 0)
        ) d order by t`);
      return { money: money.rows, digests: digests.rows };
    } finally {
      await c.end();
    }
  }

  it('npm run backup / restore round-trip every syndicate with identical money totals', async () => {
    // A syndicate with settled single and two-part bets, a plan and an assignment, and its bank.
    const { client: admin } = await signUpWithSyndicate(t.app, 'Backup Admin');
    const ids = await populate(admin, 'Backup');
    expect((await admin.put(`/api/bets/${ids.bet}/status`, { status: 'win' })).statusCode).toBe(200);
    expect((await admin.put(`/api/bets/${ids.groupBets[0]}/status`, { status: 'loss' })).statusCode).toBe(
      200,
    );
    expect((await admin.put(`/api/bets/${ids.groupBets[1]}/status`, { status: 'win' })).statusCode).toBe(200);
    // A calendar feed address (and, from every write above, the audit log) round-trips too.
    expect((await admin.post('/api/calendar/feed', {})).statusCode).toBe(201);
    // The bank beside the contribution `populate` recorded: allocation lines (and their weights)
    // from the settlements above, a payout, an adjustment split among the members (one batch),
    // and a reversed payout (the reversal after the entry it undoes).
    const w = async (url: string, body: object) => {
      const res = await admin.post(url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
      return res.json<{ id: number }>();
    };
    await w('/api/bank/contributions', { memberId: ids.adminMember, amount: 120.5, note: 'Backup stake' });
    await w('/api/bank/payouts', { memberId: ids.member, amount: 7.25 });
    await w('/api/bank/adjustments', { amount: -1, note: 'Bank fee, split' });
    const wrong = await w('/api/bank/payouts', { memberId: ids.adminMember, amount: 3 });
    await w(`/api/bank/entries/${wrong.id}/reverse`, { reason: 'Wrong member' });
    const bankBefore = (await admin.get('/api/bank')).json<{ balance: number }>();
    const kinds = new Set(
      (await admin.get('/api/bank/entries?limit=200'))
        .json<{ entries: { type: string }[] }>()
        .entries.map((e) => e.type),
    );
    expect([...kinds].sort()).toEqual(['adjustment', 'allocation', 'contribution', 'payout', 'reversal']);
    const statsBefore = (await admin.get('/api/stats/syndicate')).json<{ currentBalance: number }>();

    const file = path.join(work, 'backup.jsonl');
    const b = run('backup.mjs', [file], sourceUrl);
    expect(b.status, b.stderr).toBe(0);
    const c = new pg.Client({ connectionString: sourceUrl });
    await c.connect();
    await c.query(`create database ${targetName}`);
    await c.end();

    // A truncated copy is refused and restores nothing.
    const truncated = path.join(work, 'truncated.jsonl');
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    fs.writeFileSync(truncated, `${lines.slice(0, -3).join('\n')}\n`);
    const bad = run('restore.mjs', [truncated], targetUrl);

    const r = run('restore.mjs', [file], targetUrl);
    expect(r.status, r.stderr).toBe(0);
    const again = run('restore.mjs', [file], targetUrl); // not into a database that has data

    const source = await totals(sourceUrl);
    const target = await totals(targetUrl);
    // The restored database serves the same figures through the API, and takes new writes.
    const { buildApp } = await import('../src/server/app');
    const { connect } = await import('../src/server/db/client');
    const { readEnv } = await import('../src/server/env');
    const restoredDb = connect(targetUrl, { max: 2 });
    const restored = await buildApp({
      env: readEnv({ PUBLIC_URL: 'http://localhost:5000', LOG_LEVEL: 'silent' }),
      db: restoredDb.db,
      sessionSecret: 'test-secret-test-secret-test-secret-00',
      clientDir: null,
    });
    let statsAfter: unknown;
    let bankAfter: unknown;
    let newBet = 0;
    let newContribution = 0;
    try {
      const login = await restored.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'http://localhost:5000' },
        payload: { email: admin.email, password: 'correct horse battery' },
      });
      expect(login.statusCode).toBe(200);
      const cookie = `sid=${login.cookies.find((k) => k.name === 'sid')?.value}`;
      statsAfter = (
        await restored.inject({ method: 'GET', url: '/api/stats/syndicate', headers: { cookie } })
      ).json();
      bankAfter = (await restored.inject({ method: 'GET', url: '/api/bank', headers: { cookie } })).json();
      newBet = (
        await restored.inject({
          method: 'POST',
          url: '/api/bets',
          headers: { cookie, origin: 'http://localhost:5000' },
          payload: {
            memberId: ids.member,
            raceId: ids.race,
            horseName: 'After Restore',
            betType: 'win',
            odds: 2,
            amount: 1,
            oddsType: 'fixed',
          },
        })
      ).statusCode;
      newContribution = (
        await restored.inject({
          method: 'POST',
          url: '/api/bank/contributions',
          headers: { cookie, origin: 'http://localhost:5000' },
          payload: { memberId: ids.member, amount: 1 },
        })
      ).statusCode;
    } finally {
      await restored.close();
      await restoredDb.close();
    }

    const sum = (
      rows: { staked_cents: number | string; balance_cents: number | string }[],
      k: 'staked_cents' | 'balance_cents',
    ) => rows.reduce((acc, row) => acc + Number(row[k]), 0);
    const identical = JSON.stringify(source) === JSON.stringify(target);
    figure(
      12,
      'backup: rows, size',
      `${JSON.parse(lines.at(-1) ?? '{}').rows} rows, ${fs.statSync(file).size.toLocaleString('en-US')} bytes`,
    );
    figure(
      12,
      'syndicates round-tripped; money totals (staked / balance, cents) before = after',
      `${source.money.length}; ${sum(source.money, 'staked_cents')} / ${sum(source.money, 'balance_cents')} = ${sum(target.money, 'staked_cents')} / ${sum(target.money, 'balance_cents')}`,
      identical,
    );
    const differing = source.digests
      .filter((d, i) => JSON.stringify(d) !== JSON.stringify(target.digests[i]))
      .map((d) => String(d.t));
    figure(
      12,
      'row digests identical after restore (incl. stats rebuilt by the bets trigger)',
      identical ? 'yes' : `no: ${differing.join(', ') || 'money totals'}`,
      identical,
    );
    figure(
      12,
      'API balance before / after restore; new bet after restore',
      `${statsBefore.currentBalance} / ${(statsAfter as { currentBalance: number }).currentBalance}; ${newBet}`,
      newBet === 201,
    );
    const bankSum = (rows: { bank_cents: number | string }[]) =>
      rows.reduce((acc, row) => acc + Number(row.bank_cents), 0);
    const bankEntries = (rows: { bank_entries: number }[]) =>
      rows.reduce((acc, row) => acc + row.bank_entries, 0);
    figure(
      12,
      'bank after restore: entries, balance (cents) before = after; API bank identical; new contribution',
      `${bankEntries(source.money)} = ${bankEntries(target.money)}, ${bankSum(source.money)} = ${bankSum(target.money)}; ${JSON.stringify(bankAfter) === JSON.stringify(bankBefore) ? 'yes' : 'no'}; ${newContribution}`,
      identical && JSON.stringify(bankAfter) === JSON.stringify(bankBefore) && newContribution === 201,
    );
    figure(
      12,
      'truncated backup refused; restore into a non-empty database refused',
      `${bad.status !== 0 ? 'yes' : 'no'}; ${again.status !== 0 ? 'yes' : 'no'}`,
      bad.status !== 0 && again.status !== 0,
    );
    expect(target).toEqual(source);
    expect(statsAfter).toEqual(statsBefore);
    expect(bankAfter).toEqual(bankBefore);
    expect(newContribution).toBe(201);
    expect(newBet).toBe(201);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/truncated|damaged/);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/not empty/);
  });
});
