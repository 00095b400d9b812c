// npm run backup / npm run restore as an operator meets them (found by probing, 2026-12-02):
// a bank write retried with its Idempotency-Key after a restore is replayed, not recorded a
// second time (docs/bank.md promises the replay for 24 hours); and a wrong, damaged or truncated
// file is refused with a message that says so before anything, even the migrations, is applied.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { readEnv } from '../env';
import { createTestApp, signUpWithSyndicate, TEST_ORIGIN, type TestApp } from '../test/harness';
import { connect } from './client';

const root = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'test-secret-test-secret-test-secret-00';

describe('backup and restore', () => {
  let t: TestApp;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-backup-restore-'));
  const sourceUrl = inject('databaseUrl');
  const targets: string[] = [];

  /** A new, empty database (no migrations) on the test server. */
  async function emptyDatabase(): Promise<string> {
    const name = `rs_restore_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: sourceUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    targets.push(name);
    const u = new URL(sourceUrl);
    u.pathname = `/${name}`;
    return u.href;
  }

  const run = (script: string, args: string[], url: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });

  async function tablesIn(url: string): Promise<number> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query(
        `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
      );
      return rows[0].n;
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    const c = new pg.Client({ connectionString: sourceUrl });
    await c.connect();
    for (const name of targets) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('replays a bank write retried with its Idempotency-Key after a restore instead of paying twice', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app, 'Retry Admin');
    const me = (await admin.get('/api/members/me')).json<{ id: number }>();
    const key = `retry-${randomBytes(6).toString('hex')}`;
    const body = { memberId: me.id, amount: 100.01, note: 'Retried stake' };
    const first = await admin.post('/api/bank/contributions', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);

    const file = path.join(work, 'retry.jsonl');
    const b = run('backup.mjs', [file], sourceUrl);
    expect(b.status, b.stderr).toBe(0);
    const targetUrl = await emptyDatabase();
    const r = run('restore.mjs', [file], targetUrl);
    expect(r.status, r.stderr).toBe(0);
    // A backup written now carries its checksum, and restore verified it.
    expect(JSON.parse(fs.readFileSync(file, 'utf8').trimEnd().split('\n').at(-1) ?? '{}').sha256).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(r.stdout).toMatch(/^Restored \d+ rows/);

    const restoredDb = connect(targetUrl, { max: 2 });
    const restored = await buildApp({
      env: readEnv({ PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent' }),
      db: restoredDb.db,
      sessionSecret: SECRET,
      clientDir: null,
    });
    try {
      const login = await restored.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: TEST_ORIGIN },
        payload: { email: admin.email, password: 'correct horse battery' },
      });
      expect(login.statusCode).toBe(200);
      const cookie = `sid=${login.cookies.find((k) => k.name === 'sid')?.value}`;
      const balance = async () =>
        (await restored.inject({ method: 'GET', url: '/api/bank', headers: { cookie } })).json<{
          balance: number;
        }>().balance;
      const before = await balance();
      // The client never saw the first answer and sends the same request again.
      const retry = await restored.inject({
        method: 'POST',
        url: '/api/bank/contributions',
        headers: { cookie, origin: TEST_ORIGIN, 'idempotency-key': key },
        payload: body,
      });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await balance()).toBe(before);
    } finally {
      await restored.close();
      await restoredDb.close();
    }
  });

  it('restores a backup from before a column was added (the column takes its default), and refuses one with a column this database lacks', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app, 'Older Admin');
    const file = path.join(work, 'older.jsonl');
    const b = run('backup.mjs', [file], sourceUrl);
    expect(b.status, b.stderr).toBe(0);
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0] ?? '{}') as { tables: Record<string, string[]> };
    const marker = lines.findIndex((l) => l.startsWith('{"table":"members"'));
    const count = (JSON.parse(lines[marker] ?? '{}') as { rows: number }).rows;
    const isMembersRow = (i: number) => i > marker && i <= marker + count;
    /**
     * The backup with the members' rows and header changed by `edit`, as that version would have
     * written it: with the end marker's checksum of the changed lines (scripts/backup-common.mjs),
     * or with none, as backups before 2026-12-03 were.
     */
    const edited = (
      name: string,
      edit: (row: Record<string, unknown>) => Record<string, unknown>,
      checksum: 'sha256' | 'none',
    ) => {
      const columns = Object.keys(edit(Object.fromEntries((header.tables.members ?? []).map((c) => [c, 0]))));
      const out = lines.slice(0, -1).map((l, i) => {
        if (i === 0) return JSON.stringify({ ...header, tables: { ...header.tables, members: columns } });
        return isMembersRow(i) ? JSON.stringify(edit(JSON.parse(l))) : l;
      });
      const { sha256: _old, ...end } = JSON.parse(lines.at(-1) ?? '{}');
      const sha256 = createHash('sha256')
        .update(out.map((l) => `${l}\n`).join(''))
        .digest('hex');
      out.push(JSON.stringify(checksum === 'none' ? end : { ...end, sha256 }));
      const p = path.join(work, name);
      fs.writeFileSync(p, `${out.join('\n')}\n`);
      return p;
    };

    // Written before members had is_active (not null, default true), and before backups had a
    // checksum: every member comes back active, and restore says the rows could not be verified.
    const older = edited('before-is-active.jsonl', ({ is_active: _dropped, ...row }) => row, 'none');
    const olderUrl = await emptyDatabase();
    const r = run('restore.mjs', [older], olderUrl);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/this backup has no checksum .* its rows could not be verified/);
    const c = new pg.Client({ connectionString: olderUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ n: number; active: number }>(
        `select count(*)::int as n, count(*) filter (where is_active)::int as active from members where user_id = (select id from users where email = $1)`,
        [admin.email],
      );
      expect(rows[0]).toEqual({ n: 1, active: 1 });
    } finally {
      await c.end();
    }

    // Written by a newer version (a column this one lacks): refused, nothing restored.
    const newer = edited('newer.jsonl', (row) => ({ ...row, nickname: 'Ace' }), 'sha256');
    const newerUrl = await emptyDatabase();
    const n = run('restore.mjs', [newer], newerUrl);
    expect(n.status).toBe(1);
    expect(n.stderr).toMatch(/Table members in the backup has nickname, which this database does not/);
    // A column this database needs with no default (a member's name) cannot be filled: refused.
    const nameless = edited('no-name.jsonl', ({ name: _dropped, ...row }) => row, 'sha256');
    const m = run('restore.mjs', [nameless], newerUrl);
    expect(m.status).toBe(1);
    expect(m.stderr).toMatch(/Table members in this database needs name \(no default\)/);
    const d = new pg.Client({ connectionString: newerUrl });
    await d.connect();
    try {
      expect((await d.query('select count(*)::int as n from members')).rows[0].n).toBe(0);
    } finally {
      await d.end();
    }
  });

  it('refuses a wrong, damaged or truncated file with a clear message, and changes nothing', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app, 'Damage Admin');
    const me = (await admin.get('/api/members/me')).json<{ id: number }>();
    for (const amount of [1, 2]) {
      expect((await admin.post('/api/bank/contributions', { memberId: me.id, amount })).statusCode).toBe(201);
    }
    const file = path.join(work, 'good.jsonl');
    const b = run('backup.mjs', [file], sourceUrl);
    expect(b.status, b.stderr).toBe(0);
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const bankMarker = lines.findIndex((l) => l.startsWith('{"table":"bank_entries"'));
    expect(JSON.parse(lines[bankMarker] ?? '{}').rows).toBeGreaterThan(1);
    const write = (name: string, text: string) => {
      const p = path.join(work, name);
      fs.writeFileSync(p, text);
      return p;
    };
    const bankRow = lines[bankMarker + 1] ?? '';
    const changedRow = bankRow.replace(
      /"amount_cents": (-?\d+)/,
      (_, d) => `"amount_cents": ${Number(d) + 99_900}`,
    );
    expect(changedRow).not.toBe(bankRow);
    const changedAmount = write(
      'changed.jsonl',
      `${lines.map((l, i) => (i === bankMarker + 1 ? changedRow : l)).join('\n')}\n`,
    );
    const cases: [string, string, RegExp][] = [
      ['not a backup (package.json)', path.join(root, 'package.json'), /is not a Racing Syndicate backup/],
      [
        'gzip-compressed backup',
        write('good.jsonl.gz', '\u001f\u008b\b\u0000binary'),
        /is not a Racing Syndicate backup/,
      ],
      ['missing file', path.join(work, 'no-such.jsonl'), /does not exist/],
      [
        'a row that is not JSON',
        write(
          'badrow.jsonl',
          `${lines.map((l, i) => (i === bankMarker + 1 ? l.slice(0, 20) : l)).join('\n')}\n`,
        ),
        new RegExp(`damaged at line ${bankMarker + 2}: a row of bank_entries is not valid JSON`),
      ],
      [
        'a row missing',
        write('missing-row.jsonl', `${lines.filter((_, i) => i !== bankMarker + 1).join('\n')}\n`),
        /damaged at line \d+: expected a row of bank_entries/,
      ],
      [
        'the header without its tables',
        write(
          'no-tables.jsonl',
          `${[JSON.stringify({ ...JSON.parse(lines[0] ?? '{}'), tables: undefined }), ...lines.slice(1)].join('\n')}\n`,
        ),
        /damaged at line 1/,
      ],
      [
        // Still valid JSON with the right columns: only the checksum can tell (found by probing, 2026-12-03).
        'a row whose amount was changed',
        changedAmount,
        /Backup is damaged: its checksum does not match its contents/,
      ],
      [
        'an end marker whose checksum is not one',
        write(
          'bad-sum.jsonl',
          `${lines.map((l, i) => (i === lines.length - 1 ? JSON.stringify({ ...JSON.parse(l), sha256: 'abc' }) : l)).join('\n')}\n`,
        ),
        /damaged at line \d+: the end marker's checksum is not a SHA-256/,
      ],
      [
        'cut off half-way through a line',
        write('cut.jsonl', lines.join('\n').slice(0, Math.floor(lines.join('\n').length / 2))),
        /truncated/,
      ],
    ];
    const targetUrl = await emptyDatabase();
    for (const [what, p, message] of cases) {
      const r = run('restore.mjs', [p], targetUrl);
      expect(r.status, what).toBe(1);
      expect(r.stderr, what).toMatch(message);
      // Nothing applied: not even the app's schema.
      expect(await tablesIn(targetUrl), what).toBe(0);
    }
  });
});
