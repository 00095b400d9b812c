// POST /api/races/:id/result (docs/settlement.md): a race's result settles every pending bet on
// it by the rules — dead heats from shared positions, non-runners void, tote dividends, Rule 4 —
// matched by number, else by name ignoring case, accents and punctuation; a corrected result
// re-settles; refusals change nothing. Against a real database, bank included.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankSummary } from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import type { RaceDetail } from '../../../shared/race';
import type { RaceResultResponse, Runner } from '../../../shared/race-result';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Crew, crew, type ErrorBody, placeBet, singleBet } from '../bets/test-fixtures';
import { applyRaceResult, RESULT_ABANDONED } from './result-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function race(c: Crew, customFields: Record<string, string> = { runners: '10' }): Promise<number> {
  const res = await c.admin.post('/api/races', {
    name: 'Cox Plate',
    venue: 'Moonee Valley',
    date: '2030-10-26T06:00:00.000Z',
    customFields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const bet = (c: Crew, raceId: number, horseName: string, overrides: Record<string, unknown> = {}) =>
  placeBet(c.admin, singleBet(c, { raceId, horseName, odds: 5, amount: 10, ...overrides }));

async function postResult(c: Crew, raceId: number, body: object): Promise<RaceResultResponse> {
  const res = await c.admin.post(`/api/races/${raceId}/result`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RaceResultResponse>();
}

/** Gives the race an imported field (as the racing provider does), numbered from 1 in this order. */
async function setField(raceId: number, horses: string[]): Promise<Runner[]> {
  const runners: Runner[] = horses.map((horse, i) => ({
    number: i + 1,
    horse,
    jockey: null,
    trainer: null,
    weight: null,
    draw: null,
    silkColor: null,
  }));
  await t.database.db.execute(
    sql`update races set runners = ${JSON.stringify(runners)}::jsonb where id = ${raceId}`,
  );
  return runners;
}

const getBet = async (c: Crew, id: number) => (await c.admin.get(`/api/bets/${id}`)).json<Bet>();

async function bankLines(c: Crew): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from bank_entries where syndicate_id = ${c.syndicateId}`,
  );
  return rows[0]!.n;
}

describe('POST /api/races/:id/result', () => {
  it('settles each-way, place, dead-heat, non-runner and tote bets; unmatched ones stay pending and are listed', async () => {
    const c = await crew(t);
    const raceId = await race(c);
    const ew = await bet(c, raceId, 'Winx', { betType: 'each-way' });
    const place = await bet(c, raceId, 'Chautauqua', { betType: 'place', odds: 2.2 });
    const dhA = await bet(c, raceId, 'Zoë’s Star', { odds: 6 });
    const dhB = await bet(c, raceId, 'Other Half', { odds: 3, horseNumber: 7 });
    const nr = await bet(c, raceId, 'Scratched');
    const tote = await bet(c, raceId, 'Other Half', { oddsType: 'tote', odds: 3, horseNumber: 7 });
    const typo = await bet(c, raceId, 'Wnx');
    const manual = await bet(c, raceId, 'Winx');
    await c.admin.put(`/api/bets/${manual.id}/status`, { status: 'loss' });

    const res = await postResult(c, raceId, {
      finishers: [
        { position: 1, horseName: 'ZOE’S STAR' },
        { position: 1, horseName: 'Renamed In The Result', horseNumber: 7 },
        // After a dead heat for 1st the next horse is 3rd (a place bet's "2nd" would pay a place
        // too many: competitionPositions).
        { position: 3, horseName: 'winx' },
        { position: 3, horseName: 'Chautauqua (IRE)' },
      ],
      nonRunners: [{ horseName: 'scratched.' }],
      dividends: [{ horseNumber: 7, win: 4.4, place: 1.6 }],
    });
    // 10 runners → each-way terms 3 places at 1/5. Winx and Chautauqua dead-heat for 3rd, the last
    // place paid: each is paid on half its stake. Winx's place half, $5 at 1.80, returns 4.50 on
    // 10.00; the place bet's $10 at 2.20 returns 11.00 (5 × 2.2).
    expect(res.settled).toEqual([
      { betId: ew.id, status: 'placed', result: -5.5 },
      { betId: place.id, status: 'win', result: 1 },
      { betId: dhA.id, status: 'win', result: 20 },
      { betId: dhB.id, status: 'win', result: 5 },
      { betId: nr.id, status: 'void', result: 0 },
      // The tote's 4.40 is the dividend declared for a dead-heater: paid whole, not halved again.
      { betId: tote.id, status: 'win', result: 34 },
    ]);
    expect(res.unmatched).toEqual([typo.id]);
    expect(await getBet(c, typo.id)).toMatchObject({ status: 'pending', result: null });
    expect(await getBet(c, manual.id)).toMatchObject({ status: 'loss', result: -10 });
    expect(await getBet(c, dhA.id)).toMatchObject({ position: 1, deadHeat: 2 });
    expect(await getBet(c, tote.id)).toMatchObject({ dividend: 4.4, placeDividend: 1.6 });

    const detail = (await c.member.get(`/api/races/${raceId}`)).json<RaceDetail>();
    expect(detail.result).toMatchObject({
      finishers: [
        // Named as the bets name them, bar the country the result adds.
        { position: 1, horseName: 'Zoë’s Star', horseNumber: null },
        { position: 1, horseName: 'Renamed In The Result', horseNumber: 7 },
        { position: 3, horseName: 'Winx', horseNumber: null },
        { position: 3, horseName: 'Chautauqua (IRE)', horseNumber: null },
      ],
      nonRunners: [{ horseName: 'Scratched', horseNumber: null }],
      source: 'manual',
      placesPaid: null,
      rule4: null,
    });
    expect(detail.result).not.toHaveProperty('settledBetIds');
    // The bets this result settled are listed beside it (the Enter result preview re-settles them).
    expect([...detail.resultBetIds].sort((x, y) => x - y)).toEqual(
      res.settled.map((s) => s.betId).sort((x, y) => x - y),
    );
    const listed = (await c.member.get('/api/races')).json<RaceDetail[]>().find((r) => r.id === raceId);
    expect(listed?.result?.finishers).toHaveLength(4);

    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank.bettingResult).toBe(-5.5 + 1 + 20 + 5 + 0 + 34 - 10);
    expect(bank.inPlay).toBe(10);
  });

  it('reads a densely numbered dead heat as a result numbers it, and refuses a result with no winner', async () => {
    // Found by probing (2026-12-02): 1st, 1st, 2nd on a 6-runner race (2 places) paid three horses.
    const c = await crew(t);
    const raceId = await race(c);
    await c.admin.put(`/api/races/${raceId}`, {
      name: 'Golden Slipper',
      venue: 'Rosehill',
      date: '2030-03-22T06:00:00.000Z',
      description: null,
      customFields: { runners: '6' },
    });
    const a = await bet(c, raceId, 'Alpha', { betType: 'each-way', odds: 5 });
    const b = await bet(c, raceId, 'Bravo', { betType: 'each-way', odds: 5 });
    const third = await bet(c, raceId, 'Charlie', { betType: 'each-way', odds: 5 });
    const gap = await bet(c, raceId, 'Delta', { betType: 'each-way', odds: 5 });
    const res = await postResult(c, raceId, {
      finishers: [
        { position: 1, horseName: 'Alpha' },
        { position: 1, horseName: 'Bravo' },
        { position: 2, horseName: 'Charlie' },
      ],
    });
    const status = (id: number) => res.settled.find((s) => s.betId === id)?.status;
    expect([status(a.id), status(b.id), status(third.id)]).toEqual(['win', 'win', 'loss']);
    const detail = (await c.member.get(`/api/races/${raceId}`)).json<RaceDetail>();
    expect(detail.result?.finishers.map((f) => f.position)).toEqual([1, 1, 3]);
    // A position left out stays as entered (1st, then 3rd: the 2nd is not among the bets).
    const again = await postResult(c, raceId, {
      finishers: [
        { position: 1, horseName: 'Alpha' },
        { position: 3, horseName: 'Delta' },
      ],
    });
    expect(again.settled.find((s) => s.betId === gap.id)?.status).toBe('loss');
    const kept = (await c.member.get(`/api/races/${raceId}`)).json<RaceDetail>();
    expect(kept.result?.finishers.map((f) => f.position)).toEqual([1, 3]);
    const noWinner = await c.admin.post(`/api/races/${raceId}/result`, {
      finishers: [{ position: 2, horseName: 'Charlie' }],
    });
    expect(noWinner.statusCode).toBe(400);
    expect(noWinner.json<{ message: string }>().message).toBe('Enter the winner (position 1)');
  });

  it('stops and writes nothing when its client has gone (asked before each bet)', async () => {
    const c = await crew(t);
    const raceId = await race(c);
    const bets = [
      await bet(c, raceId, 'Alpha'),
      await bet(c, raceId, 'Bravo'),
      await bet(c, raceId, 'Charlie'),
    ];
    const lines = await bankLines(c);
    let asked = 0;
    const applying = applyRaceResult(
      t.database.db,
      c.syndicateId,
      raceId,
      {
        finishers: [
          { position: 1, horseName: 'Alpha', horseNumber: null },
          { position: 2, horseName: 'Bravo', horseNumber: null },
          { position: 3, horseName: 'Charlie', horseNumber: null },
        ],
        nonRunners: [],
        placesPaid: null,
        dividends: [],
        rule4: null,
      },
      // The client goes away after the first bet was settled.
      { source: 'manual', actorMemberId: c.adminMemberId, now: new Date(), wanted: () => asked++ < 1 },
    );
    await expect(applying).rejects.toMatchObject({ statusCode: 408, message: RESULT_ABANDONED });
    expect(asked).toBe(2);
    for (const b of bets) expect(await getBet(c, b.id)).toMatchObject({ status: 'pending', result: null });
    expect(await bankLines(c)).toBe(lines);
    expect((await c.admin.get(`/api/races/${raceId}`)).json<RaceDetail>().result).toBeNull();
  });

  it('posting the same result again changes nothing; a corrected one re-settles, a dropped horse goes back to pending', async () => {
    const c = await crew(t);
    const raceId = await race(c);
    const a = await bet(c, raceId, 'Alpha');
    const b = await bet(c, raceId, 'Bravo', { betType: 'each-way' });
    const first = {
      finishers: [
        { position: 1, horseName: 'Alpha' },
        { position: 2, horseName: 'Bravo' },
      ],
    };
    const one = await postResult(c, raceId, first);
    const lines = await bankLines(c);
    const again = await postResult(c, raceId, first);
    expect(again).toEqual(one);
    expect(await bankLines(c)).toBe(lines);

    // Corrected: Bravo won, Alpha is not in the first places (no field known: unmatched → pending).
    const corrected = await postResult(c, raceId, {
      finishers: [
        { position: 1, horseName: 'Bravo' },
        { position: 2, horseName: 'Charlie' },
      ],
      rule4: 20,
    });
    // Bravo each-way at 5.00 (3 at 1/5), Rule 4 20c: win winnings 20 → 16, place 4 → 3.20.
    expect(corrected).toEqual({ settled: [{ betId: b.id, status: 'win', result: 19.2 }], unmatched: [a.id] });
    expect(await getBet(c, a.id)).toMatchObject({ status: 'pending', result: null, position: null });
    expect(await getBet(c, b.id)).toMatchObject({ status: 'win', rule4: 20, position: 1 });
    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank.bettingResult).toBe(19.2);
  });

  it('uses the race’s field: a runner outside the finishers loses; numbers match before names; places paid override', async () => {
    const c = await crew(t);
    const raceId = await race(c, {});
    // Placed before the field was known: no terms stored, so the race's default applies at settlement.
    const byNumber = await bet(c, raceId, 'Typo Name', { horseNumber: 3, betType: 'each-way', odds: 9 });
    const runners = await setField(raceId, ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    const detail = (await c.admin.get(`/api/races/${raceId}`)).json<RaceDetail>();
    expect(detail.runners).toEqual(runners);
    // 6 runners → 2 places at 1/4 by default; the result says 3 places were paid.
    const loser = await bet(c, raceId, 'Foxtrot');
    // Placed once the field was known: it keeps the 2-places-at-1/4 terms it was struck at.
    const ownTerms = await bet(c, raceId, 'Charlie', { betType: 'each-way', odds: 9 });
    expect(ownTerms.placeTerms).toEqual({ places: 2, divisor: 4 });
    const res = await postResult(c, raceId, {
      finishers: [
        { position: 1, horseNumber: 1 },
        { position: 2, horseNumber: 2 },
        { position: 3, horseNumber: 3 },
      ],
      placesPaid: 3,
    });
    // $5 at 1 + 8/4 = 3.00 → 15.00 back on 10.00.
    expect(res).toEqual({
      settled: [
        { betId: byNumber.id, status: 'placed', result: 5 },
        { betId: loser.id, status: 'loss', result: -10 },
        { betId: ownTerms.id, status: 'loss', result: -10 },
      ],
      unmatched: [],
    });
  });

  it('keeps a horse under the name the field or a bet gives it, whatever the case or spelling it was typed in', async () => {
    const c = await crew(t);
    const withField = await race(c, {});
    await setField(withField, [
      'Chautauqua (IRE)',
      'Émile Zola',
      'Third Horse',
      'Fourth Horse',
      'Fifth Horse',
    ]);
    await postResult(c, withField, {
      finishers: [
        { position: 1, horseName: 'chautauqua' },
        { position: 2, horseName: 'EMILE ZOLA' },
        { position: 3, horseName: 'Not In The Field' },
      ],
      nonRunners: [{ horseName: 'fifth horse' }],
    });
    const fieldResult = (await c.admin.get(`/api/races/${withField}`)).json<RaceDetail>().result!;
    expect(fieldResult.finishers.map((f) => f.horseName)).toEqual([
      'Chautauqua (IRE)',
      'Émile Zola',
      'Not In The Field',
    ]);
    expect(fieldResult.nonRunners.map((h) => h.horseName)).toEqual(['Fifth Horse']);

    // No field: the name a bet on the race gives the horse.
    const noField = await race(c);
    const onBeta = await bet(c, noField, 'Beta');
    await postResult(c, noField, { finishers: [{ position: 1, horseName: 'beta' }] });
    const betResult = (await c.admin.get(`/api/races/${noField}`)).json<RaceDetail>().result!;
    expect(betResult.finishers[0]!.horseName).toBe('Beta');
    expect((await getBet(c, onBeta.id)).status).toBe('win');
  });

  it('the race’s default terms count the runners that ran: a non-runner from an 8-horse field leaves 2 places', async () => {
    const c = await crew(t);
    const raceId = await race(c, {});
    // Placed before the field was known: no terms stored, the race's default applies at settlement.
    const third = await bet(c, raceId, 'Charlie', { betType: 'each-way' });
    await setField(raceId, ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel']);
    const finishers = [
      { position: 1, horseName: 'Alpha' },
      { position: 2, horseName: 'Bravo' },
      { position: 3, horseName: 'Charlie' },
    ];
    // All 8 ran: 3 places at 1/5, 3rd is placed ($5 at 1.80 → −1.00).
    expect((await postResult(c, raceId, { finishers })).settled).toEqual([
      { betId: third.id, status: 'placed', result: -1 },
    ]);
    // Hotel did not run (a horse the field does not hold changes nothing): 7 ran, 2 places at 1/4.
    const corrected = await postResult(c, raceId, {
      finishers,
      nonRunners: [{ horseName: 'Hotel' }, { horseName: 'Not In The Field' }],
    });
    expect(corrected.settled).toEqual([{ betId: third.id, status: 'loss', result: -10 }]);
    expect((await c.admin.get('/api/bank')).json<BankSummary>().bettingResult).toBe(-10);
  });

  it('a field under five stays win only whatever places the result says were paid', async () => {
    const c = await crew(t);
    const raceId = await race(c, {});
    // Placed before the field was known (no terms stored); then the race is said to have 4 runners.
    const ew = await bet(c, raceId, 'Wee', { betType: 'each-way' });
    expect(ew.placeTerms).toBeNull();
    const edited = await c.admin.put(`/api/races/${raceId}`, {
      name: 'Cox Plate',
      venue: 'Moonee Valley',
      date: '2030-10-26T06:00:00.000Z',
      customFields: { runners: '4' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const res = await postResult(c, raceId, {
      finishers: [
        { position: 1, horseName: 'Other' },
        { position: 2, horseName: 'Wee' },
      ],
      placesPaid: 2,
    });
    // Win only: 2nd loses both halves (not the place half at the full 5.00, as 2 places at 1/1 paid).
    expect(res.settled).toEqual([{ betId: ew.id, status: 'loss', result: -10 }]);
    expect((await c.admin.get('/api/bank')).json<BankSummary>().bettingResult).toBe(-10);
  });

  it('refuses a Rule 4 over 75c when two or more horses were withdrawn (Tattersalls’ cap); nothing changes', async () => {
    const c = await crew(t);
    const raceId = await race(c);
    const a = await bet(c, raceId, 'R1', { odds: 3 });
    const withdrawn = [{ horseName: 'N1' }, { horseName: 'N2' }];
    const refused = await c.admin.post(`/api/races/${raceId}/result`, {
      finishers: [{ position: 1, horseName: 'R1' }],
      nonRunners: withdrawn,
      rule4: 80,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().message).toBe(
      'Rule 4 is at most 75 cents in the dollar when two or more horses were withdrawn',
    );
    expect(await getBet(c, a.id)).toMatchObject({ status: 'pending', result: null });
    // 75 with several withdrawn, and 90 with one, are taken: $10 at 3.00 wins 20 → 5.00 or 2.00.
    const capped = await postResult(c, raceId, {
      finishers: [{ position: 1, horseName: 'R1' }],
      nonRunners: withdrawn,
      rule4: 75,
    });
    expect(capped.settled).toEqual([{ betId: a.id, status: 'win', result: 5 }]);
    const one = await postResult(c, raceId, {
      finishers: [{ position: 1, horseName: 'R1' }],
      nonRunners: withdrawn.slice(0, 1),
      rule4: 90,
    });
    expect(one.settled).toEqual([{ betId: a.id, status: 'win', result: 2 }]);
  });

  it('refuses members (403) and another syndicate’s race (404, whatever the body); nothing changes', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const raceId = await race(c);
    const mine = await bet(c, raceId, 'Alpha');
    const body = { finishers: [{ position: 1, horseName: 'Alpha' }] };
    const member = await c.member.post(`/api/races/${raceId}/result`, body);
    expect(member.statusCode).toBe(403);
    for (const b of [body, {}, { finishers: 'nope' }]) {
      const res = await other.admin.post(`/api/races/${raceId}/result`, b);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Race not found' });
    }
    expect((await c.admin.post('/api/races/2147483647/result', body)).statusCode).toBe(404);
    expect((await c.admin.post('/api/races/99999999999/result', body)).statusCode).toBe(404);
    expect(await getBet(c, mine.id)).toEqual(mine);
    expect((await c.admin.get(`/api/races/${raceId}`)).json<RaceDetail>().result).toBeNull();
  });

  it.each([
    [{}, 'Enter at least the winner'],
    [{ finishers: [] }, 'Enter at least the winner'],
    [{ finishers: [{ position: 0, horseName: 'Alpha' }] }, 'Position must be a whole number from 1 to 99'],
    [{ finishers: [{ position: 1 }] }, 'Enter a horse name or number'],
    [{ finishers: [{ position: 1, horseName: '   ' }] }, 'Enter a horse name or number'],
    [
      { finishers: [{ position: 1, horseName: 'A\u202Eb' }] },
      'Horse name contains characters that are not allowed',
    ],
    [
      { finishers: [{ position: 1, horseName: 'Alpha' }], rule4: 95 },
      'Rule 4 must be from 5 to 90 cents in the dollar',
    ],
    [{ finishers: [{ position: 1, horseName: 'Alpha' }], placesPaid: 9 }, 'Places paid must be from 1 to 8'],
    [
      { finishers: Array.from({ length: 21 }, (_, i) => ({ position: 1, horseName: `Tied ${i}` })) },
      'At most 20 horses can dead-heat for a position',
    ],
    [
      {
        finishers: [
          { position: 1, horseName: 'Alpha' },
          { position: 2, horseName: 'ALPHA' },
        ],
      },
      'The same horse is entered twice',
    ],
    [
      { finishers: [{ position: 1, horseName: 'Alpha' }], nonRunners: [{ horseName: 'alpha' }] },
      'The same horse is entered twice',
    ],
    [
      { finishers: [{ position: 1, horseName: 'Alpha' }], dividends: [{ horseName: 'Alpha', win: 1.234 }] },
      'Use at most 2 decimals',
    ],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const c = await crew(t);
    const raceId = await race(c);
    const mine = await bet(c, raceId, 'Alpha');
    const res = await c.admin.post(`/api/races/${raceId}/result`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect(await getBet(c, mine.id)).toEqual(mine);
    expect((await c.admin.get(`/api/races/${raceId}`)).json<RaceDetail>().result).toBeNull();
  });
});
