// Issue 13, item 3: the assistant must not freeze the server. A syndicate with 10,000 bets on
// look-alike horse names, the most expensive questions we can build (attack-fixtures.ts), and
// three measurements: the engine's CPU per question, the CPU of a question over the real socket,
// and /api/health latency while a volley of them is answered. Performance is otherwise measured
// by the bench, not by timed tests; the issue asks for this one. Its bars are the issue's: 50 ms
// of CPU per message, and health p99 at most 100 ms above its p99 during as many ordinary
// questions (on the same, possibly busy, machine). Before the fix a message took 15–20 s of CPU
// and stalled health for as long. The figures are printed; reliability item 16 records them
// against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../test/harness';
import {
  mainThreadCpuMs,
  median,
  nearMiss,
  newestHorses,
  ordinaryQuestions,
  p99,
  seedAttack,
  worstMessages,
} from './attack-fixtures';
import { answerQuestion } from './engine';
import { HORSE_NAMES_MAX } from './horse-names';
import { RATE_LIMIT_MESSAGES } from './protocol';
import { connect, listen, type Opened } from './test-client';

/** The budget: CPU per message, in ms. */
const CPU_BUDGET_MS = 50;
/** How much higher /api/health p99 may be during worst messages than during ordinary ones, in ms. */
const HEALTH_P99_MS = 100;
const BETS = 10_000;
/** Measured rounds per message (after one cold round). */
const ROUNDS = 5;

let t: TestApp;
let url: string;
let origin: string;
let syndicateId: number;
let memberId: number;
let inviteCode: string;
let messages: Record<string, string>;
let horses: string[];
let memberName: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  origin = new URL(url.replace(/^ws/, 'http')).origin;
  const { client, syndicate } = await signUpWithSyndicate(t.app, 'Alice Admin');
  syndicateId = syndicate.id;
  inviteCode = syndicate.inviteCode;
  memberId = (await client.get('/api/members/me')).json<{ id: number }>().id;
  const pool = t.database.db.$client;
  await seedAttack(pool, syndicateId, { members: 30, bets: BETS });
  // The names the assistant knows (the HORSE_NAMES_MAX most recently backed) are the ones to attack.
  horses = await newestHorses(pool, syndicateId, HORSE_NAMES_MAX);
  const { rows } = await pool.query<{ name: string }>('select name from members where syndicate_id = $1', [
    syndicateId,
  ]);
  memberName = rows[0]?.name ?? 'Alice';
  messages = worstMessages(
    horses,
    rows.map((r) => r.name),
  );
}, 120_000);
afterAll(async () => t.close());

/** CPU spent while `fn` runs, in ms: this process's main thread, and all its threads. */
async function cpuOf<T>(fn: () => Promise<T>): Promise<{ main: number; all: number; value: T }> {
  const main0 = mainThreadCpuMs();
  const all0 = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(all0);
  const all = (used.user + used.system) / 1000;
  const main1 = mainThreadCpuMs();
  return { main: main0 === null || main1 === null ? all : main1 - main0, all, value };
}

/** A new member of the syndicate, signed in (each user has its own allowance of 20 messages a minute). */
async function newMember(name: string) {
  const member = await signUp(t.app, name);
  expect((await member.post('/api/syndicates/join', { inviteCode })).statusCode).toBe(200);
  return member;
}

async function ask(s: Opened, content: string) {
  s.ws.send(JSON.stringify({ type: 'message', content, timestamp: new Date().toISOString() }));
  return s.next(120_000);
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Answers every worst message ROUNDS + 1 times with `answer`; the first round is the cold one (code
 * not yet compiled by the JIT: a one-off per process), reported only. Per message: the median of
 * the other rounds, main thread and all threads.
 */
async function measure(answer: (text: string, round: number) => Promise<unknown>) {
  const rows: Record<string, { first: number; main: number; all: number }> = {};
  const samples: Record<string, { main: number[]; all: number[]; first: number }> = {};
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [label, text] of Object.entries(messages)) {
      const { main, all } = await cpuOf(() => answer(text, round));
      const entry = samples[label] ?? { main: [], all: [], first: all };
      samples[label] = entry;
      if (round > 0) {
        entry.main.push(main);
        entry.all.push(all);
      }
    }
  }
  for (const [label, s] of Object.entries(samples))
    rows[label] = { first: round1(s.first), main: round1(median(s.main)), all: round1(median(s.all)) };
  return rows;
}

/**
 * The bar is on the main thread's CPU, what stalls the server (docs/reliability.md, item 16); all
 * threads (the collector's helpers, the pool) are printed beside it. Without /proc, main is all.
 */
const worstOf = (rows: Record<string, { main: number; all: number }>) =>
  Math.max(...Object.values(rows).map((r) => r.main));

describe(`the assistant with ${BETS.toLocaleString('en-US')} bets`, () => {
  it('still finds a horse from a typo among 2,000 look-alike names', async () => {
    const scope = { db: t.database.db, syndicateId, memberId, now: new Date() };
    const horse = horses[700] ?? '';
    const typo = horse
      .split(' ')
      .map((w, i) => (i === 0 ? nearMiss(w) : w))
      .join(' ');
    expect(await answerQuestion(scope, `Any bets on ${typo}?`)).toContain(`bet on ${horse}:`);
  });

  it(`answers each worst message with ≤ ${CPU_BUDGET_MS} ms of CPU (engine)`, async () => {
    const scope = { db: t.database.db, syndicateId, memberId, now: new Date() };
    const rows = await measure((text) => answerQuestion(scope, text));
    console.log('Engine CPU per worst message (ms; median of 5 after a cold first run):');
    console.table(rows);
    expect(worstOf(rows)).toBeLessThanOrEqual(CPU_BUDGET_MS);
  }, 600_000);

  it(`answers each worst message over the socket with ≤ ${CPU_BUDGET_MS} ms of CPU, end to end`, async () => {
    // One user per round: a round is 8 messages, the allowance 20 a minute.
    const sockets: Opened[] = [];
    for (let round = 0; round <= ROUNDS; round++)
      sockets.push(await connect(url, (await newMember(`Rounder ${round}`)).cookie));
    const rows = await measure(async (text, round) => {
      const answer = await ask(sockets[round] as Opened, text);
      expect(answer.type, answer.content).toBe('message');
    });
    for (const s of sockets) s.ws.close();
    console.log('Socket CPU per worst message, end to end (ms; median of 5 after a cold first run):');
    console.table(rows);
    expect(worstOf(rows)).toBeLessThanOrEqual(CPU_BUDGET_MS);
  }, 600_000);

  it(`keeps /api/health p99 within ${HEALTH_P99_MS} ms of its p99 under ordinary questions, during ${RATE_LIMIT_MESSAGES} worst messages`, async () => {
    /** One health check after another, from this process, until `done()`; latencies in ms. */
    async function poll(done: () => boolean) {
      const samples: number[] = [];
      while (!done()) {
        const t0 = performance.now();
        const res = await fetch(`${origin}/api/health`);
        await res.text();
        expect(res.status).toBe(200);
        samples.push(performance.now() - t0);
      }
      return samples;
    }
    /** RATE_LIMIT_MESSAGES questions sent at once by a new member; health latencies meanwhile. */
    async function volley(questions: readonly string[]) {
      const s = await connect(url, (await newMember('Mo Member')).cookie);
      let answered = 0;
      let closed = false;
      s.ws.on('message', () => {
        answered++;
      });
      // A socket closed by the server ends the wait (and fails below) instead of polling forever.
      s.ws.on('close', () => {
        closed = true;
      });
      for (let i = 0; i < RATE_LIMIT_MESSAGES; i++)
        s.ws.send(JSON.stringify({ type: 'message', content: questions[i % questions.length] }));
      const samples = await poll(() => closed || answered >= RATE_LIMIT_MESSAGES);
      expect(closed, 'the socket closed before every answer came').toBe(false);
      s.ws.close();
      return samples;
    }
    // The yardstick: the same volley of ordinary questions that read every bet (what the app
    // costs anyway, and what a busy machine slows down as much).
    const idleUntil = performance.now() + 1000;
    const idle = await poll(() => performance.now() > idleUntil);
    const ordinary = await volley(ordinaryQuestions(horses, memberName));
    const worst = await volley(Object.values(messages));
    console.log(
      `/api/health p99 idle ${p99(idle).toFixed(1)} ms (${idle.length} checks); during ` +
        `${RATE_LIMIT_MESSAGES} ordinary questions ${p99(ordinary).toFixed(1)} ms (${ordinary.length}); during ` +
        `${RATE_LIMIT_MESSAGES} worst messages ${p99(worst).toFixed(1)} ms (${worst.length}, max ${Math.max(...worst).toFixed(1)} ms)`,
    );
    expect(worst.length).toBeGreaterThan(0);
    expect(p99(worst)).toBeLessThanOrEqual(p99(ordinary) + HEALTH_P99_MS);
  }, 1_200_000);
});
