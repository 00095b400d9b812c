// Item 9. Crash atomicity: the real server on the embedded default, killed with SIGKILL R times
// while clients write single and two-part bets and settle them, restarted each time. Every few
// cycles its PostgreSQL is killed -9 too (crash recovery from the WAL). After every restart:
// no half-written bet group, no acknowledged write missing, every settled result right, and the
// balance equal to the sum of the acknowledged settlements (writes in flight at the kill are
// "in doubt": looked up after the restart, as a client retrying would).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { settle, toCents, toHundredths } from '../src/shared/money';
import { crashPostgres, embeddedUrl, postmasterPid, waitReaped } from './support/embedded-db';
import { figure, isQuick } from './support/figures';
import { buildIsCurrent, HttpClient, must, type Server, startServer, waitHealthy } from './support/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-crash-'));
fs.chmodSync(dataDir, 0o755);
let server: Server | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await crashPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface BetEntry {
  amountCents: number;
  oddsHundredths: number;
  group: string | null;
  /** Acknowledged (or confirmed after a restart) settlement. */
  settled?: { status: 'win' | 'loss'; resultCents: number };
}

/** Diagnostics: the processes serving a DATA_DIR, with state and parent. */
function psOf(dir: string): string {
  return execFileSync('ps', ['-eo', 'pid,ppid,stat,etime,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(dir) || l.includes(`${postmasterPid(dir) ?? 'none'} `) || /\bZ/.test(l))
    .join('\n');
}

const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash atomicity', () => {
  it('survives repeated kill -9 with no half-written group and no acknowledged write lost', {
    timeout: 900_000,
  }, async () => {
    const R = 20;
    const WORKERS = 6;
    const port = (await import('./support/server')).freePort;
    const fixedPort = await port();
    const start = async () => {
      const before = psOf(dataDir);
      server = await startServer({
        port: fixedPort,
        from: buildIsCurrent() ? 'build' : 'source',
        env: { DATA_DIR: dataDir },
      });
      return waitHealthy(server, 120_000).catch((err: Error) => {
        throw new Error(
          `${err.message}\ncycle ${restarts.length}; processes before start:\n${before}\nnow:\n${psOf(dataDir)}`,
        );
      });
    };
    const firstStart = await start();

    const admin = new HttpClient(server?.origin ?? '');
    await must(
      admin.post('/api/auth/register', {
        name: 'Crash Admin',
        email: 'crash@example.test',
        password: 'crash check pw 1',
      }),
      201,
    );
    await must(admin.post('/api/syndicates', { name: 'Crash Club' }), 201);
    const memberIds: number[] = [];
    memberIds.push((await must(admin.get('/api/members/me'), 200)).json<{ id: number }>().id);
    for (let i = 0; i < 3; i++)
      memberIds.push(
        (
          await must(
            admin.post('/api/members', {
              name: `Punter ${i}`,
              email: `punter${i}@example.test`,
              role: 'member',
            }),
            201,
          )
        ).json<{ id: number }>().id,
      );
    const raceId = (
      await must(
        admin.post('/api/races', {
          name: 'Crash Cup',
          venue: 'Flemington',
          date: '2031-01-01T03:00:00.000Z',
        }),
        201,
      )
    ).json<{ id: number }>().id;

    const ledger = new Map<number, BetEntry>();
    const pending = new Set<number>();
    const inDoubtSettles = new Map<number, 'win' | 'loss'>();
    /** Writes cut off by a kill (no answer), in all cycles. */
    const inDoubt = { creates: 0, settles: 0 };
    const acked = { singles: 0, groups: 0, settles: 0 };
    const recovered = { creates: 0, settles: 0 };
    const restarts: number[] = [];
    const problems: string[] = [];
    let dbKills = 0;
    /** How long PID 1 took to reap the killed PostgreSQL processes (ms). */
    const reapWaits: number[] = [];

    async function createBet(two: boolean) {
      const parts = Array.from({ length: two ? 2 : 1 }, (_, i) => ({
        betType: i === 0 ? 'win' : 'place',
        cents: rand(100, 50_000),
        hundredths: rand(101, 5000),
      }));
      const [first] = parts;
      if (!first) return;
      const body = {
        memberId: memberIds[rand(0, memberIds.length - 1)],
        raceId,
        horseName: 'Crashing Wave',
        betType: first.betType,
        odds: first.hundredths / 100,
        amount: first.cents / 100,
        oddsType: 'fixed',
        ...(two
          ? {
              bets: parts.map((p) => ({
                betType: p.betType,
                odds: p.hundredths / 100,
                amount: p.cents / 100,
              })),
            }
          : {}),
      };
      let res: Awaited<ReturnType<HttpClient['post']>>;
      try {
        res = await admin.post('/api/bets', body);
      } catch {
        inDoubt.creates++;
        return;
      }
      if (res.status !== 201) {
        problems.push(`create → ${res.status} ${res.text}`);
        return;
      }
      const bets = res.json<{ bets: { id: number; betGroupId: string | null }[] }>().bets;
      bets.forEach((b, i) => {
        const p = parts[i];
        if (!p) return;
        ledger.set(b.id, { amountCents: p.cents, oddsHundredths: p.hundredths, group: b.betGroupId });
        pending.add(b.id);
      });
      if (two) acked.groups++;
      else acked.singles++;
    }

    async function settleOne() {
      const id = [...pending][rand(0, pending.size - 1)];
      if (id === undefined) return createBet(false);
      pending.delete(id);
      const status = Math.random() < 0.5 ? 'win' : 'loss';
      let res: Awaited<ReturnType<HttpClient['put']>>;
      try {
        res = await admin.put(`/api/bets/${id}/status`, { status });
      } catch {
        inDoubtSettles.set(id, status);
        inDoubt.settles++;
        return;
      }
      const entry = ledger.get(id);
      if (res.status !== 200 || !entry) {
        problems.push(`settle ${id} → ${res.status} ${res.text}`);
        return;
      }
      const result = res.json<{ result: number }>().result;
      const expected = settle(
        toCents(entry.amountCents / 100),
        toHundredths(entry.oddsHundredths / 100),
        status,
      );
      if (Math.round(result * 100) !== expected)
        problems.push(`settle ${id}: result ${result} ≠ ${expected / 100}`);
      entry.settled = { status, resultCents: expected };
      acked.settles++;
    }

    /** After a restart: check every invariant against the database, resolve what was in doubt. */
    async function verify() {
      const c = new pg.Client({ connectionString: embeddedUrl(dataDir) });
      await c.connect();
      try {
        const half = await c.query(
          `select bet_group_id, count(*)::int n from bets where bet_group_id is not null group by 1 having count(*) <> 2`,
        );
        if (half.rows.length) problems.push(`half-written groups: ${JSON.stringify(half.rows)}`);
        const { rows } = await c.query<{
          id: number;
          amount_cents: string;
          odds_hundredths: number;
          status: string;
          result_cents: string | null;
          bet_group_id: string | null;
        }>('select id, amount_cents, odds_hundredths, status, result_cents, bet_group_id from bets');
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const [id, e] of ledger) {
          const row = byId.get(id);
          if (!row) {
            problems.push(`acknowledged bet ${id} missing`);
            continue;
          }
          if (Number(row.amount_cents) !== e.amountCents || row.odds_hundredths !== e.oddsHundredths)
            problems.push(`bet ${id} changed`);
          if (
            e.settled &&
            (row.status !== e.settled.status || Number(row.result_cents) !== e.settled.resultCents)
          )
            problems.push(`acknowledged settlement of ${id} lost: ${row.status} ${row.result_cents}`);
        }
        // In-doubt settlements: committed or not, as the database says.
        for (const [id, status] of inDoubtSettles) {
          const row = byId.get(id);
          const e = ledger.get(id);
          if (!row || !e) continue;
          if (row.status === 'pending') pending.add(id);
          else {
            const expected = settle(
              toCents(e.amountCents / 100),
              toHundredths(e.oddsHundredths / 100),
              status,
            );
            if (row.status !== status || Number(row.result_cents) !== expected)
              problems.push(`in-doubt settle ${id} wrong`);
            e.settled = { status, resultCents: expected };
            recovered.settles++;
          }
        }
        inDoubtSettles.clear();
        // In-doubt creates that committed: whole groups (checked above); adopt them as pending.
        for (const row of rows) {
          if (ledger.has(row.id)) continue;
          if (row.status !== 'pending') problems.push(`unknown bet ${row.id} is settled`);
          ledger.set(row.id, {
            amountCents: Number(row.amount_cents),
            oddsHundredths: row.odds_hundredths,
            group: row.bet_group_id,
          });
          pending.add(row.id);
          recovered.creates++;
        }
        const balance = await c.query(
          `select coalesce(sum(result_cents), 0)::bigint as b from bets where status <> 'pending'`,
        );
        const expected = [...ledger.values()].reduce((acc, e) => acc + (e.settled?.resultCents ?? 0), 0);
        if (Number(balance.rows[0].b) !== expected)
          problems.push(`balance ${balance.rows[0].b} ≠ acknowledged ${expected}`);
      } finally {
        await c.end();
      }
    }

    for (let cycle = 0; cycle < R; cycle++) {
      // The session survives restarts (it lives in PostgreSQL).
      let stop = false;
      const workers = Array.from({ length: WORKERS }, async () => {
        while (!stop) {
          const roll = Math.random();
          if (roll < 0.4) await createBet(false);
          else if (roll < 0.65) await createBet(true);
          else await settleOne();
        }
      });
      await sleep(rand(isQuick() ? 300 : 500, isQuick() ? 900 : 1500));
      // Workers stop starting new requests; the ones in flight are cut off by the kill.
      stop = true;
      server?.child.kill('SIGKILL');
      await server?.exited;
      if (cycle % 5 === 4) {
        const killed = await crashPostgres(dataDir);
        if (killed.length) dbKills++;
        reapWaits.push(await waitReaped(killed));
      }
      await Promise.all(workers);
      restarts.push(await start());
      await verify();
      if (problems.length) break;
    }

    // The API agrees with the ledger, and a clean stop leaves nothing behind.
    const stats = (await must(admin.get('/api/stats/syndicate'), 200)).json<{ currentBalance: number }>();
    const expectedBalance = [...ledger.values()].reduce((acc, e) => acc + (e.settled?.resultCents ?? 0), 0);
    const groups = new Set([...ledger.values()].map((e) => e.group).filter(Boolean)).size;
    const code = await server?.stop('SIGTERM');
    const leftover = postmasterPid(dataDir);

    const median = [...restarts].sort((a, b) => a - b)[Math.floor(restarts.length / 2)] ?? 0;
    figure(
      9,
      'server run from',
      buildIsCurrent() ? 'dist/server/main.js (production build)' : 'src/server/main.ts (tsx)',
    );
    figure(
      9,
      'kill -9 of the app (of which PostgreSQL killed -9 too)',
      `${restarts.length} (${dbKills})`,
      restarts.length >= 20,
    );
    figure(
      9,
      'acknowledged writes: single bets / two-part bets / settlements',
      `${acked.singles} / ${acked.groups} / ${acked.settles}`,
    );
    figure(
      9,
      'writes cut off by the kills (no answer): creates / settlements; found committed after restart',
      `${inDoubt.creates} / ${inDoubt.settles}; ${recovered.creates} bets / ${recovered.settles} settlements`,
    );
    figure(
      9,
      'half-written bet groups (of groups)',
      `0 of ${groups}`.replace(/^0/, problems.some((p) => p.startsWith('half')) ? 'SOME' : '0'),
      !problems.some((p) => p.startsWith('half')),
    );
    figure(9, 'acknowledged writes missing or wrong', problems.length, problems.length === 0);
    figure(
      9,
      'balance (API) = Σ acknowledged results',
      `${stats.currentBalance.toFixed(2)} = ${(expectedBalance / 100).toFixed(2)}`,
      Math.round(stats.currentBalance * 100) === expectedBalance,
    );
    figure(
      9,
      'restart to healthy after kill -9 (ms): first start / median / max',
      `${firstStart} / ${median} / ${Math.max(...restarts)}`,
    );
    expect(problems).toEqual([]);
    expect(restarts.length).toBe(R);
    expect(Math.round(stats.currentBalance * 100)).toBe(expectedBalance);
    expect(code).toBe(0);
    expect(leftover).toBeNull();
  });
});
