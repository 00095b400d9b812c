// POST /api/racing/results and the runners of imported race cards, against a loopback stand-in
// for The Racing API (test/fake-racing-api.ts): a day's results settle the bets on the imported
// races through the race-result path (win, each-way placed, dead heat, non-runner void, tote
// dividends, a horse that pulled up), a result entered by hand wins, pulling again changes
// nothing, another syndicate's pull never touches these races, and every refusal is a 4xx or
// the provider's 502 that changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankSummary } from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import type { Race, RaceDetail } from '../../../shared/race';
import type { SyndicateStats } from '../../../shared/stats';
import {
  type FakeRacingApi,
  fakeCard,
  fakeResult,
  fakeRunner,
  startFakeRacingApi,
} from '../../test/fake-racing-api';
import { type Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { placeBet } from '../bets/test-fixtures';
import { NO_RESULTS_PLAN, REFUSED_KEY } from './providers/the-racing-api';
import { DATE_MESSAGE } from './routes';
import { NOT_CONFIGURED } from './service';

const KEY = 'results-user:standard-plan';
const FREE_KEY = 'results-free:free-plan';
const DOWN_KEY = 'results-down:any-password';
const DAY = '2031-06-12';
const field = (names: string[]) => names.map((horse, i) => fakeRunner(i + 1, horse));
const CARDS = [
  fakeCard({
    race_id: 'rac_r1',
    race_name: 'Win Stakes',
    field_size: '9',
    runners: field(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'Kestrel']),
  }),
  fakeCard({
    race_id: 'rac_r2',
    race_name: 'Dead Heat Stakes',
    off_dt: '2031-06-12T14:00:00+01:00',
    field_size: '6',
  }),
  fakeCard({
    race_id: 'rac_r3',
    race_name: 'Manual Stakes',
    off_dt: '2031-06-12T15:00:00+01:00',
    runners: field(['November', 'Oscar', 'Quebec']),
  }),
  fakeCard({ race_id: 'rac_r4', race_name: 'Late Stakes', off_dt: '2031-06-12T20:00:00+01:00' }),
];
const RESULTS = [
  fakeResult(
    'rac_r1',
    DAY,
    [
      [1, 'Alpha', '1'],
      [2, 'Bravo', '2'],
      [3, 'Charlie', '3'],
      [4, 'Delta', '4'],
      [7, 'Golf', '5'],
      [5, 'Echo', 'PU'],
      [6, 'Foxtrot', 'F'],
    ],
    { non_runners: "Hotel (GB) (vet's certificate)", tote_win: '£4.20', tote_pl: '£1.60 £1.90 £2.50' },
  ),
  fakeResult('rac_r2', DAY, [
    [1, 'India', '1'],
    [2, 'Juliet', '=1'],
    [3, 'Kilo', '3'],
    [4, 'Lima', '4'],
    [5, 'Mike', '5'],
    [6, 'Papa', 'PU'],
  ]),
  fakeResult('rac_r3', DAY, [
    [2, 'Oscar', '1'],
    [1, 'November', '2'],
    [3, 'Quebec', '3'],
  ]),
  fakeResult('rac_not_imported', DAY, [[1, 'Stranger', '1']]),
  { date: DAY, runners: [] },
];

let fake: FakeRacingApi;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeRacingApi();
  fake.keys.set(KEY, 'standard');
  fake.keys.set(FREE_KEY, 'free');
  fake.keys.set(DOWN_KEY, 'down');
  fake.cards = { today: CARDS };
  fake.results = RESULTS;
  t = await createTestApp({ RACING_API_URL: fake.url });
  // 21:30 in London: every race of DAY has gone off.
  t.clock.now = new Date('2031-06-12T20:30:00.000Z');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

interface Syndicate {
  id: number;
  admin: Client;
  memberId: number;
  inviteCode: string;
  races: Record<string, number>;
}

/** An admin whose syndicate imported DAY's cards, then saved `apiKey` as its key. */
async function syndicate(apiKey = KEY): Promise<Syndicate> {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
  expect((await admin.post('/api/settings/api-key', { apiKey: KEY })).statusCode).toBe(200);
  expect((await admin.post('/api/racing/import', { date: DAY })).statusCode).toBe(200);
  if (apiKey !== KEY) expect((await admin.post('/api/settings/api-key', { apiKey })).statusCode).toBe(200);
  const races = (await admin.get('/api/races')).json<Race[]>();
  const memberId = (await admin.get('/api/members/me')).json<{ id: number }>().id;
  return {
    id: syndicate.id,
    admin,
    memberId,
    inviteCode: syndicate.inviteCode,
    races: Object.fromEntries(races.map((r) => [r.name, r.id])),
  };
}

const bet = (s: Syndicate, race: string, horseName: string, over: Record<string, unknown> = {}) =>
  placeBet(s.admin, {
    memberId: s.memberId,
    horseName,
    status: 'pending',
    date: `${DAY}T11:00:00.000Z`,
    raceId: s.races[race],
    betType: 'win',
    odds: 5,
    amount: 10,
    oddsType: 'fixed',
    ...over,
  });

const pull = (c: Client, date: unknown = DAY) => c.post('/api/racing/results', { date });
const bets = async (s: Syndicate) => (await s.admin.get('/api/bets')).json<Bet[]>();
const betById = async (s: Syndicate, id: number) => (await bets(s)).find((b) => b.id === id);

async function bankLines(s: Syndicate): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from bank_entries where syndicate_id = ${s.id}`,
  );
  return rows[0]?.n ?? -1;
}

/** Stats and the bank agree with a recount of the bets (as in bets/settlement.test.ts). */
async function expectBooksAgree(s: Syndicate) {
  const { rows } = await t.database.db.execute<{ wins: number; result: number }>(sql`
    select count(*) filter (where status = 'win')::int as wins,
           coalesce(sum(result_cents) filter (where status <> 'pending'), 0)::float8 as result
      from bets where syndicate_id = ${s.id}`);
  const stats = (await s.admin.get('/api/stats/syndicate')).json<SyndicateStats>();
  expect(stats.totalWins).toBe(rows[0]?.wins);
  expect(Math.round(stats.currentBalance * 100)).toBe(rows[0]?.result);
  const bank = (await s.admin.get('/api/bank')).json<BankSummary>();
  expect(Math.round(bank.bettingResult * 100)).toBe(rows[0]?.result);
}

describe('POST /api/racing/results', () => {
  it("settles the day's imported races by the provider's results; a result entered by hand wins", async () => {
    const s = await syndicate();
    const winner = await bet(s, 'Win Stakes', 'Alpha');
    const placed = await bet(s, 'Win Stakes', 'Charley', { horseNumber: 3, betType: 'each-way', odds: 6 });
    const pulledUp = await bet(s, 'Win Stakes', 'Echo');
    const nonRunner = await bet(s, 'Win Stakes', 'Hotel');
    const absent = await bet(s, 'Win Stakes', 'Kestrel');
    const tote = await bet(s, 'Win Stakes', 'alpha', { oddsType: 'tote', odds: 3 });
    const unknown = await bet(s, 'Win Stakes', 'Zulu');
    const deadHeat = await bet(s, 'Dead Heat Stakes', 'Juliet', { odds: 6 });
    const deadHeatEw = await bet(s, 'Dead Heat Stakes', 'India', { betType: 'each-way', odds: 4 });
    const papa = await bet(s, 'Dead Heat Stakes', 'Papa');
    const manual = await bet(s, 'Manual Stakes', 'November', { odds: 2 });
    const entered = await s.admin.post(`/api/races/${s.races['Manual Stakes']}/result`, {
      finishers: [{ position: 1, horseName: 'November' }],
    });
    expect(entered.statusCode, entered.body).toBe(200);

    const res = await pull(s.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      applied: 2,
      keptManual: 1,
      awaiting: 1,
      settled: 9,
      unmatched: 1,
      invalid: 1,
    });
    const byId = new Map((await bets(s)).map((b) => [b.id, [b.status, b.result]]));
    expect(byId.get(winner.id)).toEqual(['win', 40]);
    // 9 runners: 3 places at 1/5; the place half, $5 at 1 + 5/5 = 2.00, returns $10 of $10.
    expect(byId.get(placed.id)).toEqual(['placed', 0]);
    expect(byId.get(pulledUp.id)).toEqual(['loss', -10]);
    expect(byId.get(nonRunner.id)).toEqual(['void', 0]);
    // In the card's field, not among those that ran, not named a non-runner either: did not run.
    expect(byId.get(absent.id)).toEqual(['void', 0]);
    // The tote's £4.20 win dividend, not the estimated 3.00: 10 × 4.20 − 10.
    expect(byId.get(tote.id)).toEqual(['win', 32]);
    expect(byId.get(unknown.id)).toEqual(['pending', null]);
    // Dead heat for first, 2 ways: half the stake at 6.00.
    expect(byId.get(deadHeat.id)).toEqual(['win', 20]);
    // 6 runners: 2 places at 1/4. Win half 2.50 × 4 = 10; place half 5 × 1.75 = 8.75 (both places paid).
    expect(byId.get(deadHeatEw.id)).toEqual(['win', 8.75]);
    // The card had no runners: the result's field (Papa pulled up) makes the bet a loser, not unmatched.
    expect(byId.get(papa.id)).toEqual(['loss', -10]);
    expect(byId.get(manual.id)).toEqual(['win', 10]);

    const r1 = (await s.admin.get(`/api/races/${s.races['Win Stakes']}`)).json<RaceDetail>();
    expect(r1.result).toMatchObject({
      source: 'provider',
      finishers: expect.arrayContaining([{ position: 1, horseName: 'Alpha', horseNumber: 1 }]),
      nonRunners: [
        { horseName: 'Hotel', horseNumber: null },
        { horseName: 'Kestrel', horseNumber: 9 },
      ],
      dividends: [
        { horseName: 'Alpha', horseNumber: 1, win: 4.2, place: 1.6 },
        { horseName: 'Bravo', horseNumber: 2, win: null, place: 1.9 },
        { horseName: 'Charlie', horseNumber: 3, win: null, place: 2.5 },
      ],
    });
    const r2 = (await s.admin.get(`/api/races/${s.races['Dead Heat Stakes']}`)).json<RaceDetail>();
    expect(r2.runners?.map((r) => r.horse)).toEqual(['India', 'Juliet', 'Kilo', 'Lima', 'Mike', 'Papa']);
    // The tote's two win dividends cannot be told apart in a dead heat: none is used.
    expect(r2.result?.dividends).toEqual([]);
    const r3 = (await s.admin.get(`/api/races/${s.races['Manual Stakes']}`)).json<RaceDetail>();
    expect(r3.result).toMatchObject({
      source: 'manual',
      finishers: [{ position: 1, horseName: 'November' }],
    });
    await expectBooksAgree(s);
  });

  it('pulling the same results again writes nothing; a later manual result is kept', async () => {
    const s = await syndicate();
    const winner = await bet(s, 'Win Stakes', 'Alpha');
    const placed = await bet(s, 'Win Stakes', 'Charlie', { betType: 'each-way', odds: 6 });
    const first = (await pull(s.admin)).json();
    const lines = await bankLines(s);
    const before = await bets(s);
    expect(lines).toBeGreaterThan(0);

    const events = async () =>
      (await s.admin.get('/api/audit?limit=100')).json<{ events: { action: string; summary: string }[] }>()
        .events;
    const logged = await events();
    // The import is one event; each race's result one more, by the import, beside its bets' settlements.
    const imported = logged.filter((e) => e.action === 'race.imported').map((e) => e.summary);
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatch(
      new RegExp(`^Alice Admin imported \\d+ races for ${DAY} from The Racing API$`),
    );
    expect(logged.filter((e) => e.action === 'race.result_entered').map((e) => e.summary)).toContain(
      'The racing results import entered the result of Win Stakes: won by Alpha; 2 bets settled',
    );

    const again = await pull(s.admin);
    expect(again.json()).toEqual(first);
    expect(await bankLines(s)).toBe(lines);
    expect(await bets(s)).toEqual(before);
    // Pulled again: nothing changed, nothing recorded.
    expect((await events()).length).toBe(logged.length);

    // An admin corrects the race by hand: Charlie won. The provider's result no longer applies.
    const corrected = await s.admin.post(`/api/races/${s.races['Win Stakes']}/result`, {
      finishers: [
        { position: 1, horseName: 'Charlie' },
        { position: 2, horseName: 'Alpha' },
      ],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const third = (await pull(s.admin)).json<{ keptManual: number; applied: number }>();
    expect([third.applied, third.keptManual]).toEqual([2, 1]);
    expect((await betById(s, winner.id))?.status).toBe('loss');
    expect((await betById(s, placed.id))?.status).toBe('win');
    await expectBooksAgree(s);
  });

  it("another syndicate's pull never touches these races", async () => {
    const a = await syndicate();
    const b = await syndicate();
    const aBet = await bet(a, 'Win Stakes', 'Alpha');
    const res = await pull(b.admin);
    expect(res.json()).toEqual({
      applied: 3,
      keptManual: 0,
      awaiting: 1,
      settled: 0,
      unmatched: 0,
      invalid: 1,
    });
    expect((await betById(a, aBet.id))?.status).toBe('pending');
    expect(
      (await a.admin.get('/api/races')).json<Race[]>().every((r) => r.result === null),
      "A's races keep no result",
    ).toBe(true);
    expect((await pull(a.admin)).json<{ applied: number }>().applied).toBe(3);
    expect((await betById(a, aBet.id))?.status).toBe('win');
  });

  it('explains a missing key, a refused key, a plan without results and an unreachable provider', async () => {
    const none = await signUpWithSyndicate(t.app);
    const noKey = await pull(none.client);
    expect([noKey.statusCode, noKey.json<{ message: string }>().message]).toEqual([400, NOT_CONFIGURED]);

    const free = await syndicate(FREE_KEY);
    const freeBet = await bet(free, 'Win Stakes', 'Alpha');
    fake.hits.length = 0;
    const plan = await pull(free.admin);
    expect([plan.statusCode, plan.json<{ message: string }>().message]).toEqual([400, NO_RESULTS_PLAN]);
    // Refused on results, so the key is checked where every plan is served.
    expect(fake.hits.map((h) => h.path)).toEqual(['/v1/results', '/v1/courses/regions']);
    expect((await betById(free, freeBet.id))?.status).toBe('pending');

    const refused = await pull((await syndicate('results-user:wrong-password')).admin);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([400, REFUSED_KEY]);

    const down = await pull((await syndicate(DOWN_KEY)).admin);
    expect([down.statusCode, down.json<{ message: string }>().message]).toEqual([
      502,
      'The Racing API answered 503. Please try again later.',
    ]);
  });

  it('validates the date, refuses days the provider has no results for, and changes nothing', async () => {
    const s = await syndicate();
    const pending = await bet(s, 'Win Stakes', 'Alpha');
    fake.hits.length = 0;
    for (const date of [undefined, '', '2031-02-30', '12/06/2031', 20310612, 'x'.repeat(5000)]) {
      const res = await s.admin.post('/api/racing/results', date === undefined ? {} : { date });
      expect(res.statusCode, JSON.stringify(date)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(DATE_MESSAGE);
    }
    const future = await pull(s.admin, '2031-06-13');
    expect([future.statusCode, future.json<{ message: string }>().message]).toEqual([
      400,
      'The Racing API has no results for a day still to come (today is 2031-06-12 in the UK)',
    ]);
    const old = await pull(s.admin, '2030-01-01');
    expect(old.json<{ message: string }>().message).toBe(
      'The Racing API serves results for the last 12 months only',
    );
    expect(fake.hits).toEqual([]);
    expect((await betById(s, pending.id))?.status).toBe('pending');
  });

  it('is for admins with a syndicate', async () => {
    const s = await syndicate();
    const member = await signUp(t.app, 'Mo Member');
    await member.post('/api/syndicates/join', { inviteCode: s.inviteCode });
    fake.hits.length = 0;
    expect((await pull(member)).statusCode).toBe(403);
    expect(fake.hits).toEqual([]);
    expect((await s.admin.get('/api/races')).json<Race[]>().every((r) => r.result === null)).toBe(true);
    expect((await (await signUp(t.app)).post('/api/racing/results', { date: DAY })).statusCode).toBe(403);
  });
});

describe('runners of imported race cards', () => {
  it('importing a day again fills in the runners of races that have none, and keeps those they have', async () => {
    const s = await syndicate();
    const before = (await s.admin.get(`/api/races/${s.races['Late Stakes']}`)).json<RaceDetail>();
    expect(before.runners).toBeNull();
    const late = CARDS[3];
    fake.cards = {
      today: CARDS.map((card) =>
        card === late
          ? { ...card, runners: field(['Xray', 'Yankee']) }
          : { ...card, runners: field(['Other']) },
      ),
    };
    try {
      const again = await s.admin.post('/api/racing/import', { date: DAY });
      expect(again.json()).toEqual({ imported: 0, skipped: 4, runnersAdded: 2 });
    } finally {
      fake.cards = { today: CARDS };
    }
    const after = (await s.admin.get(`/api/races/${s.races['Late Stakes']}`)).json<RaceDetail>();
    expect(after.runners?.map((r) => [r.number, r.horse, r.jockey, r.weight])).toEqual([
      [1, 'Xray', 'Jockey 1', '9st 0lb'],
      [2, 'Yankee', 'Jockey 2', '9st 0lb'],
    ]);
    const kept = (await s.admin.get(`/api/races/${s.races['Win Stakes']}`)).json<RaceDetail>();
    expect(kept.runners).toHaveLength(9);
  });
});
