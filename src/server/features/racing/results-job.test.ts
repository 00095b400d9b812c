// The results job (results-job.ts): races that went off more than 15 minutes ago get their
// results, one provider call per syndicate and day, in exactly one instance however many share
// the database — two job runners on two connection pools stand for two app instances.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Bet } from '../../../shared/bet';
import type { Race } from '../../../shared/race';
import { connect, type Database } from '../../db/client';
import {
  type FakeRacingApi,
  fakeCard,
  fakeResult,
  fakeRunner,
  startFakeRacingApi,
} from '../../test/fake-racing-api';
import { type Client, createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { placeBet } from '../bets/test-fixtures';
import { theRacingApi } from './providers/the-racing-api';
import { createResultsJob, type ResultsJob } from './results-job';

const DAY = '2031-06-20';
const field = (names: string[]) => names.map((horse, i) => fakeRunner(i + 1, horse));
// Off at 13:00 and 13:30 in London (12:00 and 12:30 UTC).
const CARDS = [
  fakeCard({ race_id: 'job_1', date: DAY, race_name: 'Early', off_dt: `${DAY}T13:00:00+01:00` }),
  fakeCard({ race_id: 'job_2', date: DAY, race_name: 'Later', off_dt: `${DAY}T13:30:00+01:00` }),
].map((card) => ({ ...card, runners: field(['Alpha', 'Bravo', 'Charlie']) }));
const finish = (raceId: string) =>
  fakeResult(raceId, DAY, [
    [1, 'Alpha', '1'],
    [2, 'Bravo', '2'],
    [3, 'Charlie', '3'],
  ]);
const at = (utc: string) => new Date(`${DAY}T${utc}:00.000Z`);

let fake: FakeRacingApi;
let t: TestApp;
let second: Database;
const jobs: ResultsJob[] = [];
beforeAll(async () => {
  fake = await startFakeRacingApi();
  fake.cards = { today: CARDS };
  fake.results = [finish('job_1'), finish('job_2')];
  t = await createTestApp({ RACING_API_URL: fake.url });
  second = connect(inject('databaseUrl'), { max: 2 });
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.stop()));
});
afterAll(async () => {
  await second.close();
  await t.close();
  await fake.close();
});

/** A job runner on its own pool (another instance) or the app's. */
function job(db = t.database.db, intervalMs?: number): ResultsJob {
  const j = createResultsJob({
    db,
    provider: theRacingApi(fake.url),
    secret: t.app.deps.sessionSecret,
    now: () => t.clock.now,
    intervalMs,
  });
  jobs.push(j);
  return j;
}

interface Syndicate {
  id: number;
  admin: Client;
  key: string;
  bets: Record<string, Bet>;
}

/** A syndicate with its own key that imported DAY's cards and backed Alpha in each race. */
async function syndicate(plan: 'standard' | 'free' = 'standard'): Promise<Syndicate> {
  const key = `job-${randomBytes(4).toString('hex')}:password`;
  fake.keys.set(key, plan);
  t.clock.now = at('08:00');
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
  expect((await admin.post('/api/settings/api-key', { apiKey: key })).statusCode).toBe(200);
  expect((await admin.post('/api/racing/import', { date: DAY })).statusCode).toBe(200);
  const memberId = (await admin.get('/api/members/me')).json<{ id: number }>().id;
  const bets: Record<string, Bet> = {};
  for (const race of (await admin.get('/api/races')).json<Race[]>()) {
    bets[race.name] = await placeBet(admin, {
      memberId,
      horseName: 'Alpha',
      status: 'pending',
      date: `${DAY}T08:00:00.000Z`,
      raceId: race.id,
      betType: 'win',
      odds: 3,
      amount: 10,
      oddsType: 'fixed',
    });
  }
  return { id: syndicate.id, admin, key, bets };
}

const resultCalls = (s: Syndicate) => fake.hits.filter((h) => h.key === s.key && h.path === '/v1/results');
const statusOf = async (s: Syndicate, race: string) =>
  (await s.admin.get('/api/bets')).json<Bet[]>().find((b) => b.id === s.bets[race]?.id)?.status;

/** Bank lines per bet: a settled bet's result is shared once (one member: one line). */
async function linesPerBet(s: Syndicate): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from bank_entries
     where syndicate_id = ${s.id} and bet_id is not null group by bet_id order by bet_id`);
  return rows.map((r) => r.n);
}

describe('the results job', () => {
  it('runs in one instance of two: each result is applied once, the provider asked once per day', async () => {
    const s = await syndicate();
    const [a, b] = [job(), job(second.db)];
    // 13:40 in London: Early went off 40 minutes ago, Later 10 minutes ago (not yet due).
    t.clock.now = at('12:40');
    const runs = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(resultCalls(s)).toHaveLength(1);
    expect(resultCalls(s)[0]?.query.get('start_date')).toBe(DAY);
    expect([await statusOf(s, 'Early'), await statusOf(s, 'Later')]).toEqual(['win', 'pending']);
    expect(await linesPerBet(s)).toEqual([1]);

    // Nothing is due any more: neither instance asks again.
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(resultCalls(s)).toHaveLength(1);

    t.clock.now = at('12:50');
    const later = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(later.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(resultCalls(s)).toHaveLength(2);
    expect(await statusOf(s, 'Later')).toBe('win');
    expect(await linesPerBet(s)).toEqual([1, 1]);
  });

  it('keeps the lock between runs; when the leader stops, another instance takes over', async () => {
    await syndicate();
    const [a, b] = [job(), job(second.db)];
    t.clock.now = at('12:40');
    expect((await a.runOnce()).ran).toBe(true);
    expect((await b.runOnce()).ran).toBe(false);
    expect((await a.runOnce()).ran).toBe(true);
    await a.stop();
    expect((await a.runOnce()).ran).toBe(false);
    expect((await b.runOnce()).ran).toBe(true);
  });

  it('leaves races older than 2 days alone, and goes on past a syndicate whose plan has no results', async () => {
    const free = await syndicate('free');
    const good = await syndicate();
    const j = job();
    // Two days and more after both races: nothing is due.
    t.clock.now = new Date('2031-06-23T00:00:00.000Z');
    expect((await j.runOnce()).ran).toBe(true);
    expect([resultCalls(free).length, resultCalls(good).length]).toEqual([0, 0]);

    t.clock.now = at('13:00');
    expect((await j.runOnce()).ran).toBe(true);
    expect(resultCalls(free)).toHaveLength(1);
    expect(await statusOf(free, 'Early')).toBe('pending');
    expect(resultCalls(good)).toHaveLength(1);
    expect([await statusOf(good, 'Early'), await statusOf(good, 'Later')]).toEqual(['win', 'win']);
  });

  it('start() runs it on its interval; stop() waits for the run in flight and ends the timer', async () => {
    const s = await syndicate();
    t.clock.now = at('13:00');
    const j = job(t.database.db, 20);
    j.start();
    const deadline = Date.now() + 10_000;
    while ((await statusOf(s, 'Later')) !== 'win' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await statusOf(s, 'Later')).toBe('win');
    await j.stop();
    const calls = fake.hits.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.hits.length).toBe(calls);
  });
});
