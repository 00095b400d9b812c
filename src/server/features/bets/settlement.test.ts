// Bookmaker settlement through PUT /api/bets/:id/status (docs/settlement.md): each-way, place,
// tote dividends, dead heats, non-runners and Rule 4, the terms a bet keeps, who may re-settle, and
// how stats, rankings and the bank follow — against a real database.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BankSummary } from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import type { SyndicateStats } from '../../../shared/stats';
import { type Client, createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { type Crew, crew, type ErrorBody, placeBet, singleBet } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function settle(client: Client, id: number, body: object): Promise<Bet> {
  const res = await client.put(`/api/bets/${id}/status`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Bet>();
}

/** An admin's edit of a bet of Phar Lap at 5.00 for $10 (fixed odds), with the fields given. */
const editAs = (c: Crew) => (id: number, body: object) =>
  c.admin.put(`/api/bets/${id}`, { horseName: 'Phar Lap', odds: 5, amount: 10, oddsType: 'fixed', ...body });

const eachWay = (c: Crew, overrides: Record<string, unknown> = {}) =>
  singleBet(c, {
    betType: 'each-way',
    odds: 5,
    amount: 10,
    placeTerms: { places: 3, divisor: 4 },
    ...overrides,
  });

async function raceWith(c: Crew, customFields: Record<string, string>, extra: object = {}): Promise<number> {
  const res = await c.admin.post('/api/races', {
    name: 'Test Stakes',
    venue: 'Randwick',
    date: '2030-04-01T05:00:00.000Z',
    customFields,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Stats, rankings and the bank agree with a recount of the bets (void is not settled). */
async function expectBooksAgree(c: Crew) {
  const { rows } = await t.database.db.execute<{ wins: number; settled: number; result: number }>(sql`
    select count(*) filter (where status = 'win')::int as wins,
           count(*) filter (where status in ('win', 'placed', 'loss'))::int as settled,
           coalesce(sum(result_cents) filter (where status <> 'pending'), 0)::float8 as result
      from bets where syndicate_id = ${c.syndicateId}`);
  const recount = rows[0]!;
  const stats = (await c.admin.get('/api/stats/syndicate')).json<SyndicateStats>();
  expect(stats.totalWins).toBe(recount.wins);
  expect(Math.round(stats.currentBalance * 100)).toBe(recount.result);
  const expectedRate = recount.settled === 0 ? 0 : (recount.wins / recount.settled) * 100;
  expect(stats.winRate).toBeCloseTo(expectedRate, 5);
  const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
  expect(Math.round(bank.bettingResult * 100)).toBe(recount.result);
}

describe('settling by the rules', () => {
  it('an each-way winner pays both halves; placed pays the place half; the terms are kept on the bet', async () => {
    const c = await crew(t);
    const a = await placeBet(c.admin, eachWay(c));
    expect(a).toMatchObject({ betType: 'each-way', placeTerms: { places: 3, divisor: 4 }, placeOdds: null });
    // $5 at 5.00 → 25.00, $5 at 1 + 4/4 = 2.00 → 10.00: returns 35.00 on a 10.00 stake.
    expect(await settle(c.admin, a.id, { status: 'win', position: 1, result: 999 })).toMatchObject({
      status: 'win',
      result: 25,
      position: 1,
    });
    const b = await placeBet(c.admin, eachWay(c));
    expect(await settle(c.admin, b.id, { status: 'placed', position: 3 })).toMatchObject({
      status: 'placed',
      result: 0,
      position: 3,
    });
    const lost = await placeBet(c.admin, eachWay(c));
    expect(await settle(c.admin, lost.id, { status: 'loss', position: 4 })).toMatchObject({
      status: 'loss',
      result: -10,
    });
    await expectBooksAgree(c);
  });

  it('an each-way bet with its own fixed place price pays that price', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, eachWay(c, { odds: 7, amount: 20, placeOdds: 2.1 }));
    expect(bet.placeOdds).toBe(2.1);
    expect(await settle(c.admin, bet.id, { status: 'placed' })).toMatchObject({
      status: 'placed',
      result: 1,
    });
  });

  it('defaults each-way terms from the race’s runners (UK rules) when the form sends none', async () => {
    const c = await crew(t);
    const six = await raceWith(c, { runners: '6' });
    const handicap = await raceWith(c, { runners: '16' }, { raceType: 'Handicap' });
    const few = await raceWith(c, { runners: '4' });
    const unknown = await raceWith(c, {});
    const terms = async (raceId: number) =>
      (await placeBet(c.admin, singleBet(c, { raceId, betType: 'each-way', odds: 5 }))).placeTerms;
    expect(await terms(six)).toEqual({ places: 2, divisor: 4 });
    expect(await terms(handicap)).toEqual({ places: 4, divisor: 4 });
    expect(await terms(few)).toEqual({ places: 1, divisor: 1 });
    // Unknown field size: nothing stored; settlement uses the race's default then (3 at 1/5).
    const open = await placeBet(
      c.admin,
      singleBet(c, { raceId: unknown, betType: 'each-way', odds: 6, amount: 10 }),
    );
    expect(open.placeTerms).toBeNull();
    expect(await settle(c.admin, open.id, { status: 'placed', position: 3 })).toMatchObject({ result: 0 });
    // A win bet never keeps terms.
    expect(
      (await placeBet(c.admin, singleBet(c, { raceId: six, placeTerms: { places: 3, divisor: 5 } })))
        .placeTerms,
    ).toBeNull();
  });

  it('a place bet pays its own odds within the places and loses outside them', async () => {
    const c = await crew(t);
    const race = await raceWith(c, { runners: '9' });
    const bet = await placeBet(
      c.admin,
      singleBet(c, { raceId: race, betType: 'place', odds: 1.8, amount: 10 }),
    );
    expect(bet.placeTerms).toEqual({ places: 3, divisor: 5 });
    expect(await settle(c.admin, bet.id, { status: 'win', position: 3 })).toMatchObject({
      status: 'win',
      result: 8,
    });
    const out = await placeBet(
      c.admin,
      singleBet(c, { raceId: race, betType: 'place', odds: 1.8, amount: 10 }),
    );
    const wrong = await c.admin.put(`/api/bets/${out.id}/status`, { status: 'win', position: 4 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().message).toBe('A horse finishing 4th settles this bet as loss');
    expect((await c.admin.get(`/api/bets/${out.id}`)).json<Bet>()).toEqual(out);
  });

  it('tote bets pay the declared dividend; fixed odds ignore it', async () => {
    const c = await crew(t);
    const tote = await placeBet(c.admin, singleBet(c, { oddsType: 'tote', odds: 4, amount: 10 }));
    expect(await settle(c.admin, tote.id, { status: 'win', dividend: 4.7 })).toMatchObject({
      result: 37,
      dividend: 4.7,
    });
    const fixed = await placeBet(c.admin, singleBet(c, { odds: 4, amount: 10 }));
    expect(await settle(c.admin, fixed.id, { status: 'win', dividend: 4.7 })).toMatchObject({ result: 30 });
  });

  it('a dead heat pays stake × tied places ÷ k, and Rule 4 comes off fixed-odds winnings', async () => {
    const c = await crew(t);
    const dh = await placeBet(c.admin, singleBet(c, { odds: 6, amount: 10 }));
    expect(await settle(c.admin, dh.id, { status: 'win', position: 1, deadHeat: 2 })).toMatchObject({
      result: 20,
      deadHeat: 2,
    });
    const r4 = await placeBet(c.admin, singleBet(c, { odds: 5, amount: 10 }));
    expect(await settle(c.admin, r4.id, { status: 'win', rule4: 25 })).toMatchObject({
      result: 30,
      rule4: 25,
    });
    await expectBooksAgree(c);
  });

  it('a non-runner is void: stake back, not counted as settled in stats or rankings', async () => {
    const c = await crew(t);
    const won = await placeBet(c.admin, singleBet(c, { odds: 2, amount: 10 }));
    await settle(c.admin, won.id, { status: 'win' });
    const nr = await placeBet(c.admin, singleBet(c, { odds: 9, amount: 50 }));
    expect(await settle(c.admin, nr.id, { status: 'void' })).toMatchObject({ status: 'void', result: 0 });
    const stats = (await c.admin.get('/api/stats/syndicate')).json<SyndicateStats>();
    expect(stats).toMatchObject({ totalWins: 1, winRate: 100, currentBalance: 10 });
    const top = (await c.admin.get('/api/stats/top-performers')).json<{ bets: number; wins: number }[]>();
    expect(top[0]).toMatchObject({ bets: 1, wins: 1 });
    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank).toMatchObject({ bettingResult: 10, inPlay: 0 });
    await expectBooksAgree(c);
  });

  it('an admin re-settles: stats and the bank follow the new result; pending takes it back', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, eachWay(c, { memberId: c.memberMemberId }));
    await settle(c.member, bet.id, { status: 'loss' });
    // The member may not change it now; the admin may.
    expect((await c.member.put(`/api/bets/${bet.id}/status`, { status: 'placed' })).statusCode).toBe(409);
    expect(await settle(c.admin, bet.id, { status: 'placed', position: 2 })).toMatchObject({
      status: 'placed',
      result: 0,
    });
    await expectBooksAgree(c);
    expect(await settle(c.admin, bet.id, { status: 'win', position: 1, rule4: 10 })).toMatchObject({
      status: 'win',
      result: 22.5,
    });
    await expectBooksAgree(c);
    expect(await settle(c.admin, bet.id, { status: 'pending' })).toMatchObject({
      status: 'pending',
      result: null,
      position: null,
      rule4: null,
    });
    await expectBooksAgree(c);
    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank).toMatchObject({ bettingResult: 0, inPlay: 10 });
  });

  it('an edit of a settled each-way bet recomputes its result from the stored settlement', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, eachWay(c));
    await settle(c.admin, bet.id, { status: 'placed', position: 2 });
    const res = await c.admin.put(`/api/bets/${bet.id}`, {
      horseName: 'Phar Lap',
      betType: 'each-way',
      odds: 9,
      amount: 20,
      oddsType: 'fixed',
      placeTerms: { places: 3, divisor: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // $10 at 1 + 8/4 = 3.00 → 30.00 on a 20.00 stake.
    expect(res.json<Bet>()).toMatchObject({ status: 'placed', result: 10, position: 2 });
    await expectBooksAgree(c);
  });

  it('an admin corrects a settled bet’s terms or type: the status follows the stored position', async () => {
    const c = await crew(t);
    const edit = editAs(c);
    // Placed 3rd under 3 places; the terms struck were 2 places: 3rd is out of them → loss.
    const third = await placeBet(c.admin, eachWay(c));
    await settle(c.admin, third.id, { status: 'placed', position: 3 });
    const fewer = await edit(third.id, { betType: 'each-way', placeTerms: { places: 2, divisor: 4 } });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json<Bet>()).toMatchObject({ status: 'loss', result: -10, position: 3 });
    // Typed as a place bet at 2.00 (its place odds): 3rd within 3 places wins it.
    const asPlace = await edit(third.id, {
      betType: 'place',
      odds: 2,
      placeTerms: { places: 3, divisor: 4 },
    });
    expect(asPlace.statusCode, asPlace.body).toBe(200);
    expect(asPlace.json<Bet>()).toMatchObject({ status: 'win', result: 10, position: 3 });
    // Settled as placed without a position, then found to be a win bet: the win part was not paid.
    const noPosition = await placeBet(c.admin, eachWay(c));
    await settle(c.admin, noPosition.id, { status: 'placed' });
    const asWin = await edit(noPosition.id, { betType: 'win' });
    expect(asWin.statusCode, asWin.body).toBe(200);
    expect(asWin.json<Bet>()).toMatchObject({ status: 'loss', result: -10, position: null });
    await expectBooksAgree(c);
  });

  it('refuses a change of type whose outcome a settled bet without a position cannot tell', async () => {
    const c = await crew(t);
    const edit = editAs(c);
    const needsPosition =
      "Set this bet back to pending before changing its type: without its finishing position, its result as the new type isn't known";
    // Found by probing: each-way placed (0) → place (won, +40) → each-way came back a full winner (+25).
    const placed = await placeBet(c.admin, eachWay(c));
    await settle(c.admin, placed.id, { status: 'placed' });
    const asPlace = await edit(placed.id, { betType: 'place', placeTerms: { places: 3, divisor: 4 } });
    expect(asPlace.json<Bet>()).toMatchObject({ status: 'win', result: 40 });
    const back = await edit(placed.id, { betType: 'each-way', placeTerms: { places: 3, divisor: 4 } });
    expect(back.statusCode).toBe(400);
    expect(back.json<ErrorBody>().message).toBe(needsPosition);
    const asWin = await edit(placed.id, { betType: 'win' });
    expect(asWin.statusCode).toBe(400);
    expect((await c.admin.get(`/api/bets/${placed.id}`)).json<Bet>()).toMatchObject({
      betType: 'place',
      status: 'win',
      result: 40,
    });
    // A lost win bet may have placed: not each-way or place without a position.
    const lost = await placeBet(c.admin, singleBet(c, { odds: 5 }));
    await settle(c.admin, lost.id, { status: 'loss' });
    const lostEw = await edit(lost.id, { betType: 'each-way', placeTerms: { places: 3, divisor: 4 } });
    expect(lostEw.statusCode).toBe(400);
    // What the status does tell stays allowed: a won win bet is won as each-way too.
    const won = await placeBet(c.admin, singleBet(c, { odds: 5 }));
    await settle(c.admin, won.id, { status: 'win' });
    const wonEw = await edit(won.id, { betType: 'each-way', placeTerms: { places: 3, divisor: 4 } });
    expect(wonEw.json<Bet>()).toMatchObject({ status: 'win', result: 25 });
    // With its position known, any type: back to pending is always open.
    const third = await placeBet(c.admin, eachWay(c));
    await settle(c.admin, third.id, { status: 'placed', position: 3 });
    expect((await edit(third.id, { betType: 'win' })).json<Bet>()).toMatchObject({ status: 'loss' });
    expect(
      (await edit(third.id, { betType: 'each-way', placeTerms: { places: 3, divisor: 4 } })).json<Bet>(),
    ).toMatchObject({ status: 'placed', result: 0 });
    await expectBooksAgree(c);
  });

  it.each([
    [{ placeTerms: { places: 9, divisor: 4 } }, 'Places must be a whole number from 1 to 8'],
    [{ placeTerms: { places: 3, divisor: 0 } }, 'Divisor must be a whole number from 1 to 6'],
    [{ placeTerms: { places: 3 } }, 'Divisor must be a whole number from 1 to 6'],
    [{ placeOdds: 0 }, 'Place odds must be a positive number'],
  ])('refuses bad terms %j with 400 and writes nothing', async (overrides, message) => {
    const c = await crew(t);
    const res = await c.admin.post('/api/bets', eachWay(c, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect((await c.admin.get('/api/bets')).json<Bet[]>()).toEqual([]);
  });

  it('answers 404 for another syndicate’s bet whatever the body, and leaves it pending', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const theirs = await placeBet(other.admin, eachWay(other));
    for (const body of [{ status: 'placed', position: 2 }, { status: 'void' }, { status: 'bogus' }]) {
      const res = await c.admin.put(`/api/bets/${theirs.id}/status`, body);
      expect(res.statusCode).toBe(404);
    }
    expect((await other.admin.get(`/api/bets/${theirs.id}`)).json<Bet>()).toEqual(theirs);
  });
});

describe('what a settlement costs the database', () => {
  /** The statements the app's pools run while `run` runs (each one a round trip). */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const pools = [t.database.db.$client, t.database.planned];
    const seen: string[] = [];
    let counting = true;
    const wrapped = new WeakSet<object>();
    const onAcquire = (client: { query: (...args: unknown[]) => unknown }) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const query = client.query.bind(client);
      client.query = (...args: unknown[]) => {
        const first = args[0] as string | { name?: string; text?: string };
        if (counting)
          seen.push(typeof first === 'string' ? first : (first.name ?? first.text ?? '').trim().slice(0, 40));
        return query(...args);
      };
    };
    for (const pool of pools) pool.on('acquire', onAcquire);
    try {
      await run();
    } finally {
      counting = false;
      for (const pool of pools) pool.off('acquire', onAcquire);
    }
    return seen;
  }

  it('settles a bet in 9 statements: the session, the transaction (8), no read for the answer', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, odds: 4, amount: 10 }));
    const statements = await statementsOf(() => settle(c.member, bet.id, { status: 'win' }));
    // resolve_session; begin, the bet locked, its race's terms, the bet (returned as the answer),
    // its event + the bank's lock, the allocation's state, the weights + lines, commit. (12 before
    // they were merged, the id's lookup before the body was left to refusals, and the answer
    // came from the written row instead of a read after the commit.)
    expect(statements, statements.join('\n')).toHaveLength(9);
    await expectBooksAgree(c);
    const lines = await t.database.db.execute<{ n: number; total: number }>(sql`
      select count(*)::int as n, sum(amount_cents)::float8 as total from bank_entries
       where bet_id = ${bet.id} and type = 'allocation'`);
    // $10 at 4.00 wins $30, shared by the two members.
    expect(lines.rows[0]).toEqual({ n: 2, total: 3000 });
  });

  it("adds a bet under one's own member without a race in 2 statements; with a race in 5", async () => {
    const c = await crew(t);
    const own = await statementsOf(() =>
      placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, raceId: null })),
    );
    // resolve_session; the member's check, the bet, its event and the answer in one statement.
    expect(own, own.join('\n')).toHaveLength(2);
    const withRace = await statementsOf(() =>
      placeBet(c.member, singleBet(c, { memberId: c.memberMemberId })),
    );
    // resolve_session; begin, the race's terms, the statement, commit.
    expect(withRace, withRace.join('\n')).toHaveLength(5);
  });
});

describe('the plan of the statement that adds a bet', () => {
  it('looks the bet’s member and race up by key, however many members and races the database holds', async () => {
    const c = await crew(t);
    // Another syndicate with many members and races, as a database of many syndicates has.
    const { syndicate } = await signUpWithSyndicate(t.app);
    await t.database.db.execute(sql`
      insert into members (syndicate_id, name, email, initials, is_active, archived_at)
      select ${syndicate.id}, 'Former ' || n, 'former' || n || '@example.com', 'FM', false, now()
        from generate_series(1, 3000) n`);
    await t.database.db.execute(sql`
      insert into races (syndicate_id, name, venue, date)
      select ${syndicate.id}, 'Race ' || n, 'Flemington', now() from generate_series(1, 1000) n`);
    await t.database.db.execute(sql`analyze members`);
    await t.database.db.execute(sql`analyze races`);
    // The statement as the app sends it (a bet under one's own member without a race: it alone).
    let added: pg.QueryConfig | undefined;
    const onAcquire = (client: { query: (...args: unknown[]) => unknown }) => {
      const query = client.query.bind(client);
      client.query = (...args: unknown[]) => {
        const config = args[0] as pg.QueryConfig | string;
        if (typeof config !== 'string' && /^\s*with m as/.test(config.text))
          added ??= { ...config, values: (args[1] as unknown[] | undefined) ?? config.values };
        return query(...args);
      };
    };
    t.database.db.$client.on('acquire', onAcquire);
    try {
      await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, raceId: null }));
    } finally {
      t.database.db.$client.off('acquire', onAcquire);
    }
    expect(added).toBeDefined();
    // Its generic plan (the one a connection keeps after five calls), on a connection of its own
    // that rolls the bet back.
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local plan_cache_mode = force_generic_plan');
      await client.query(`prepare added as ${added!.text}`);
      // Each value as a literal: arrays in PostgreSQL's text form.
      const element = (v: unknown) => (v === null ? 'NULL' : `"${String(v).replace(/(["\\])/g, '\\$1')}"`);
      const literals = (added!.values ?? []).map((v) =>
        v === null
          ? 'null'
          : client.escapeLiteral(Array.isArray(v) ? `{${v.map(element).join(',')}}` : String(v)),
      );
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) execute added(${literals.join(', ')})`,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan on (members|races)/);
      expect(plan).toMatch(/Index Scan using members_pkey on members/);
    } finally {
      await client.query('rollback').catch(() => {});
      await client.end();
    }
  });
});

describe('the plan of the settlement’s allocation state', () => {
  it('is planned once a connection, not again on every settlement (a small syndicate)', async () => {
    const c = await crew(t);
    // The connections that read a bet's allocation state (the statement that reads its live lines).
    const readers = new Set<pg.Client>();
    let watching = true;
    const wrapped = new WeakSet<object>();
    const onAcquire = (client: pg.Client & { query: (...args: unknown[]) => unknown }) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const config = args[0] as pg.QueryConfig | string;
        if (watching && typeof config !== 'string' && config.text.includes('from bet_allocation_weights w'))
          readers.add(client);
        return query(...args);
      }) as typeof client.query;
    };
    t.database.db.$client.on('acquire', onAcquire);
    try {
      // Settled one at a time, more than the five calls after which a connection may keep a plan.
      for (let i = 0; i < 8; i++) {
        const bet = await placeBet(
          c.member,
          singleBet(c, { memberId: c.memberMemberId, odds: 3, amount: 10 }),
        );
        await settle(c.member, bet.id, { status: i % 2 === 0 ? 'win' : 'loss' });
      }
    } finally {
      watching = false;
      t.database.db.$client.off('acquire', onAcquire);
    }
    expect(readers.size).toBeGreaterThan(0);
    let generic = 0;
    let custom = 0;
    for (const client of readers) {
      // The pool's idle connection, asked directly (nothing else uses it while the test runs).
      const { rows } = await client.query<{ generic: number; custom: number }>(`
        select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
          from pg_prepared_statements where statement like '%from bet_allocation_weights w%'`);
      generic += rows[0]!.generic;
      custom += rows[0]!.custom;
    }
    // Left to choose, PostgreSQL plans it for each of the first five calls on a connection (here
    // 5 custom and 3 generic when this test runs alone), and after that for every call whenever
    // the tables' statistics cost its generic plan higher. (The counts include the settlements of
    // the tests before this one.)
    expect(custom).toBe(0);
    expect(generic).toBeGreaterThanOrEqual(8);
    await expectBooksAgree(c);
  });
});

describe('settling while a settled bet is edited', () => {
  /**
   * Waits until `n` statements of a bet's write wait for a lock: for the bank's (a syndicate row
   * FOR NO KEY UPDATE) or, in a bet's update, for a per-day or stats row another write holds.
   * Asked on a connection of its own, outside the app's pool (which the waiting writes hold).
   */
  async function waitingWrites(watcher: pg.Client, n: number) {
    for (let i = 0; i < 400; i++) {
      const { rows } = await watcher.query<{ n: number }>(`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'
           and (query like '%from syndicates where id = %for no key update%'
                or query ilike '%update "bets" set%' or query ilike '%update bets set%')`);
      if ((rows[0]?.n ?? 0) >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${n} writes waited for a lock`);
  }

  it('takes the per-day and stats rows before the bank’s lock, as an edit does: no deadlock', async () => {
    const c = await crew(t);
    const day = { date: '2030-03-22T05:00:00.000Z' };
    // Two bets of one member on one day: their totals share the per-day and the member's rows.
    const x = await placeBet(c.admin, singleBet(c, { ...day, odds: 3, amount: 10 }));
    const y = await placeBet(c.admin, singleBet(c, { ...day, odds: 5, amount: 10 }));
    await settle(c.admin, x.id, { status: 'win' });

    // Something else holds the bank's lock; the settlement of y queues for it first, then the
    // edit of x (whose result changes, so its allocation is redone under the same lock). The
    // settlement must not hold the bank's lock while it waits for rows the edit holds.
    const blocker = new pg.Client({ connectionString: inject('databaseUrl') });
    const watcher = new pg.Client({ connectionString: inject('databaseUrl') });
    await blocker.connect();
    await watcher.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from syndicates where id = $1 for no key update', [c.syndicateId]);
      const settling = c.admin.put(`/api/bets/${y.id}/status`, { status: 'win' });
      await waitingWrites(watcher, 1);
      const editing = c.admin.put(`/api/bets/${x.id}`, {
        horseName: x.horseName,
        betType: 'win',
        odds: 3,
        amount: 20,
        oddsType: 'fixed',
      });
      await waitingWrites(watcher, 2);
      await blocker.query('commit');
      const [settled, edited] = await Promise.all([settling, editing]);
      expect(settled.statusCode, settled.body).toBe(200);
      expect(edited.statusCode, edited.body).toBe(200);
    } finally {
      await blocker.end().catch(() => {});
      await watcher.end().catch(() => {});
    }
    expect((await c.admin.get(`/api/bets/${x.id}`)).json<Bet>()).toMatchObject({ status: 'win', result: 40 });
    expect((await c.admin.get(`/api/bets/${y.id}`)).json<Bet>()).toMatchObject({ status: 'win', result: 40 });
    await expectBooksAgree(c);
  });
});
