// Item 10. Load: 200 concurrent users (20 syndicates × 10 members) on loopback against the real
// server for 60 s (30 s with --quick) of mixed traffic: reads of every screen's data, single and
// two-part bets, settlements of their own bets. Bars: 0 unexpected non-2xx; latency percentiles
// reported; every syndicate's balance equals the sum of its acknowledged settlements.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settle, toCents, toHundredths } from '../src/shared/money';
import { figure, isQuick } from './support/figures';
import { buildIsCurrent, HttpClient, must, type Server, startServer, waitHealthy } from './support/server';

const USERS = 200;
const PER_SYNDICATE = 10;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-load-'));
let server: Server;
let from = 'source';

beforeAll(async () => {
  from = buildIsCurrent() ? 'build' : 'source';
  server = await startServer({
    from: from === 'build' ? 'build' : 'source',
    env: { DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir },
  });
  await waitHealthy(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => fn(i + k)))));
  return out;
}

interface User {
  http: HttpClient;
  memberId: number;
  syndicate: number;
  raceId: number;
  pending: { id: number; cents: number; hundredths: number }[];
}

describe('load', () => {
  it('serves 200 concurrent users with no unexpected answer and exact balances', {
    timeout: 600_000,
  }, async () => {
    const seconds = isQuick() ? 30 : 60;
    const t0 = Date.now();
    // 20 syndicates, each an admin who adds a race, then 9 users who join by invite code.
    const syndicates = await inBatches(USERS / PER_SYNDICATE, 5, async (s) => {
      const admin = new HttpClient(server.origin);
      await must(
        admin.post('/api/auth/register', {
          name: `Load Admin ${s}`,
          email: `load-admin-${s}@example.test`,
          password: 'load check pw 1',
        }),
        201,
      );
      const syn = (await must(admin.post('/api/syndicates', { name: `Load Club ${s}` }), 201)).json<{
        id: number;
        inviteCode: string;
      }>();
      const race = (
        await must(
          admin.post('/api/races', {
            name: `Load Cup ${s}`,
            venue: 'Randwick',
            date: '2031-01-01T03:00:00.000Z',
          }),
          201,
        )
      ).json<{ id: number }>();
      return { admin, id: syn.id, inviteCode: syn.inviteCode, raceId: race.id };
    });
    const users: User[] = [];
    for (const s of syndicates) {
      users.push({
        http: s.admin,
        memberId: (await must(s.admin.get('/api/members/me'), 200)).json<{ id: number }>().id,
        syndicate: s.id,
        raceId: s.raceId,
        pending: [],
      });
    }
    const joiners = await inBatches(USERS - syndicates.length, 8, async (i) => {
      const s = syndicates[i % syndicates.length];
      if (!s) throw new Error('no syndicate');
      const http = new HttpClient(server.origin);
      await must(
        http.post('/api/auth/register', {
          name: `Load User ${i}`,
          email: `load-${i}@example.test`,
          password: 'load check pw 1',
        }),
        201,
      );
      await must(http.post('/api/syndicates/join', { inviteCode: s.inviteCode }), 200);
      const memberId = (await must(http.get('/api/members/me'), 200)).json<{ id: number }>().id;
      return { http, memberId, syndicate: s.id, raceId: s.raceId, pending: [] } satisfies User;
    });
    users.push(...joiners);
    const setupSeconds = Math.round((Date.now() - t0) / 1000);

    const latencies: number[] = [];
    const unexpected: string[] = [];
    const counts = { reads: 0, creates: 0, settles: 0 };
    const ackedBalance = new Map<number, number>(); // syndicate → Σ acknowledged results (cents)
    const ackedBets = new Map<number, number>();
    const reads = [
      '/api/bets',
      '/api/stats/syndicate',
      '/api/stats/top-performers?limit=100',
      '/api/members',
      '/api/races',
      '/api/next-bet',
      '/api/reminders',
      '/api/auth/user',
      '/api/settings',
      '/api/rotation?count=3',
    ];
    const rssBefore = server.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rss());
    }, 1000);

    const timed = async <T extends { status: number; text: string }>(
      label: string,
      expected: number,
      p: Promise<T>,
    ) => {
      const s = performance.now();
      const res = await p.catch((err: Error) => ({ status: 0, text: err.message }) as T);
      latencies.push(performance.now() - s);
      if (res.status !== expected) unexpected.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    };

    const deadline = Date.now() + seconds * 1000;
    const startedAt = Date.now();
    await Promise.all(
      users.map(async (u) => {
        await sleep(rand(0, 1000)); // users arrive over the first second
        while (Date.now() < deadline) {
          const roll = Math.random();
          if (roll < 0.6) {
            counts.reads++;
            await timed('read', 200, u.http.get(pick(reads)));
          } else if (roll < 0.82 || u.pending.length === 0) {
            counts.creates++;
            const parts = Array.from({ length: Math.random() < 0.3 ? 2 : 1 }, (_, i) => ({
              betType: i ? 'place' : 'win',
              cents: rand(100, 20_000),
              hundredths: rand(101, 3000),
            }));
            const [first] = parts;
            if (!first) continue;
            const res = await timed(
              'create',
              201,
              u.http.post('/api/bets', {
                memberId: u.memberId,
                raceId: u.raceId,
                horseName: 'Loaded Dice',
                betType: first.betType,
                odds: first.hundredths / 100,
                amount: first.cents / 100,
                oddsType: 'fixed',
                ...(parts.length === 2
                  ? {
                      bets: parts.map((p) => ({
                        betType: p.betType,
                        odds: p.hundredths / 100,
                        amount: p.cents / 100,
                      })),
                    }
                  : {}),
              }),
            );
            if (res.status === 201) {
              const bets = res.json<{ bets: { id: number }[] }>().bets;
              bets.forEach((b, i) => {
                u.pending.push({
                  id: b.id,
                  cents: parts[i]?.cents ?? 0,
                  hundredths: parts[i]?.hundredths ?? 0,
                });
              });
              ackedBets.set(u.syndicate, (ackedBets.get(u.syndicate) ?? 0) + bets.length);
            }
          } else {
            counts.settles++;
            const bet = u.pending.splice(Math.floor(Math.random() * u.pending.length), 1)[0];
            if (!bet) continue;
            const status = Math.random() < 0.45 ? 'win' : 'loss';
            const res = await timed('settle', 200, u.http.put(`/api/bets/${bet.id}/status`, { status }));
            if (res.status === 200) {
              const result = settle(toCents(bet.cents / 100), toHundredths(bet.hundredths / 100), status);
              ackedBalance.set(u.syndicate, (ackedBalance.get(u.syndicate) ?? 0) + result);
            }
          }
          await sleep(rand(0, 50)); // a little think time between clicks
        }
      }),
    );
    const elapsed = (Date.now() - startedAt) / 1000;
    clearInterval(sampler);

    // Balances: the API's currentBalance and bet count per syndicate against the acknowledged writes.
    const mismatches: string[] = [];
    for (const s of syndicates) {
      const stats = (await must(s.admin.get('/api/stats/syndicate'), 200)).json<{ currentBalance: number }>();
      const bets = (await must(s.admin.get('/api/bets'), 200)).json<unknown[]>();
      const expected = ackedBalance.get(s.id) ?? 0;
      if (Math.round(stats.currentBalance * 100) !== expected)
        mismatches.push(`syndicate ${s.id}: ${stats.currentBalance} ≠ ${expected / 100}`);
      if (bets.length !== (ackedBets.get(s.id) ?? 0))
        mismatches.push(`syndicate ${s.id}: ${bets.length} bets ≠ ${ackedBets.get(s.id)}`);
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const total = latencies.length;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    figure(10, 'setup: users / syndicates (s)', `${users.length} / ${syndicates.length} (${setupSeconds} s)`);
    figure(
      10,
      `run: duration, server (${from === 'build' ? 'production build' : 'sources via tsx'}), loopback`,
      `${elapsed.toFixed(0)} s`,
    );
    figure(
      10,
      'requests: reads / bet creations / settlements',
      `${counts.reads} / ${counts.creates} / ${counts.settles}`,
    );
    figure(10, 'throughput', `${(total / elapsed).toFixed(0)} req/s`);
    figure(
      10,
      'latency p50 / p95 / p99 / max',
      `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(percentile(sorted, 99))} / ${ms(sorted.at(-1) ?? 0)}`,
    );
    figure(10, 'unexpected non-2xx (or failed) answers', unexpected.length, unexpected.length === 0);
    figure(
      10,
      'syndicates whose balance or bet count ≠ acknowledged writes',
      `${mismatches.length} of ${syndicates.length}`,
      mismatches.length === 0,
    );
    figure(
      10,
      'server memory (RSS) before / peak',
      `${(rssBefore / 2 ** 20).toFixed(0)} / ${(rssPeak / 2 ** 20).toFixed(0)} MiB`,
    );
    figure(10, 'machine', `${os.cpus().length} CPUs, load average at end ${os.loadavg()[0]?.toFixed(1)}`);
    expect(unexpected.slice(0, 10)).toEqual([]);
    expect(mismatches).toEqual([]);
  });
});
