// Adding and listing bets: payloads of spec §7, validation messages of spec §5, tenancy, atomicity.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bet } from '../../../shared/bet';
import { auditEvents, bets, members } from '../../db/schema';
import { type Client, createTestApp, signUp, type TestApp } from '../../test/harness';
import { createBets } from './service';
import { crew, type ErrorBody, listBets, placeBet, singleBet, twoPartBet } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/bets', () => {
  it('replays an Idempotency-Key: a retry or a second tap adds nothing; another body → 422', async () => {
    const c = await crew(t);
    const key = { 'idempotency-key': 'add-bet-1' };
    const first = await c.member.post('/api/bets', twoPartBet(c, { memberId: c.memberMemberId }), key);
    expect(first.statusCode).toBe(201);
    const again = await c.member.post('/api/bets', twoPartBet(c, { memberId: c.memberMemberId }), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Five at once with one key: one bet group, five equal answers.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.admin.post('/api/bets', singleBet(c, { horseName: 'Burst' }), { 'idempotency-key': 'burst' }),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.body)).size).toBe(1);
    const other = await c.member.post(
      '/api/bets',
      twoPartBet(c, { memberId: c.memberMemberId, horseName: 'Other' }),
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json<ErrorBody>().message).toBe(
      'This Idempotency-Key was already used with a different request',
    );
    // Keys are the user's own: the admin's 'add-bet-1' is another key.
    expect((await c.admin.post('/api/bets', singleBet(c, { horseName: 'Admin' }), key)).statusCode).toBe(201);
    const bad = await c.admin.post('/api/bets', singleBet(c, { horseName: 'Bad key' }), {
      'idempotency-key': 'k'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    const horses = (await listBets(c.admin)).map((b) => b.horseName).sort();
    expect(horses).toEqual(['Admin', 'Burst', 'Phar Lap', 'Phar Lap']);
    // A refusal is not kept: the member's key for another member's bet is 403, then free again.
    const refused = await c.member.post('/api/bets', singleBet(c), { 'idempotency-key': 'mine' });
    expect(refused.statusCode).toBe(403);
    const mine = await c.member.post(
      '/api/bets',
      singleBet(c, { memberId: c.memberMemberId, horseName: 'Mine' }),
      {
        'idempotency-key': 'mine',
      },
    );
    expect(mine.statusCode).toBe(201);
  });

  it('adds a single pending bet and answers 201 {bets: [bet]} with race and member', async () => {
    const c = await crew(t);
    const res = await c.admin.post(
      '/api/bets',
      singleBet(c, { horseNumber: 7, jockey: 'J. Bowman', barrier: 4, weight: '56.5kg', silkColor: 'Red' }),
    );
    expect(res.statusCode).toBe(201);
    const [bet, ...more] = res.json<{ bets: Bet[] }>().bets;
    expect(more).toEqual([]);
    expect(bet).toEqual({
      id: expect.any(Number),
      memberId: c.adminMemberId,
      raceId: c.raceId,
      betGroupId: null,
      horseName: 'Phar Lap',
      betType: 'win',
      odds: 3.25,
      amount: 10,
      oddsType: 'fixed',
      status: 'pending',
      result: null,
      date: '2030-03-22T05:00:00.000Z',
      horseNumber: 7,
      jockey: 'J. Bowman',
      trainer: null,
      weight: '56.5kg',
      barrier: 4,
      silkColor: 'Red',
      race: { id: c.raceId, name: 'Golden Slipper', venue: 'Rosehill', date: '2030-03-22T06:00:00.000Z' },
      member: { id: c.adminMemberId, name: 'Alice Admin', initials: 'AA' },
      placeTerms: null,
      placeOdds: null,
      position: null,
      deadHeat: null,
      dividend: null,
      placeDividend: null,
      rule4: null,
    });
    expect(await listBets(c.admin)).toEqual([bet]);
  });

  it('always starts pending: a client status or result is ignored; no date means now; no race is fine', async () => {
    const c = await crew(t);
    const { date: _date, ...withoutDate } = singleBet(c, { status: 'win', result: 999, raceId: null });
    const bet = await placeBet(c.admin, withoutDate);
    expect(bet).toMatchObject({ status: 'pending', result: null, raceId: null, race: null });
    expect(bet.date).toBe(t.clock.now.toISOString());
  });

  it('adds a two-part bet: two rows sharing a new betGroupId', async () => {
    const c = await crew(t);
    const res = await c.member.post('/api/bets', twoPartBet(c, { memberId: c.memberMemberId }));
    expect(res.statusCode).toBe(201);
    const created = res.json<{ bets: Bet[] }>().bets;
    expect(created.map((b) => [b.betType, b.odds, b.amount, b.status])).toEqual([
      ['win', 4.5, 10, 'pending'],
      ['place', 1.8, 20, 'pending'],
    ]);
    const groupId = created[0]?.betGroupId;
    expect(groupId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created[1]?.betGroupId).toBe(groupId);
    expect(created.every((b) => b.horseName === 'Phar Lap' && b.raceId === c.raceId)).toBe(true);

    const another = await c.admin.post('/api/bets', twoPartBet(c));
    expect(another.json<{ bets: Bet[] }>().bets[0]?.betGroupId).not.toBe(groupId);
  });

  it('lets an admin add a bet for any active member of the syndicate', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { memberId: c.memberMemberId }));
    expect(bet.member.id).toBe(c.memberMemberId);
  });

  it('answers with the bets as a read shows them, and records one event, whichever way they were written', async () => {
    // Own bet without a race (the statement alone), with a race and two parts, for another member
    // (a transaction around it), and a day given as a date (read in the syndicate's zone).
    const c = await crew(t);
    const bodies: [Client, object][] = [
      [c.member, singleBet(c, { memberId: c.memberMemberId, raceId: null, jockey: 'K. McEvoy' })],
      [c.member, twoPartBet(c, { memberId: c.memberMemberId, placeTerms: { places: 3, divisor: 4 } })],
      [c.admin, singleBet(c, { memberId: c.memberMemberId, betType: 'each-way', placeOdds: 2.2 })],
      [c.admin, singleBet(c, { raceId: null, date: '2030-03-23' })],
    ];
    for (const [client, body] of bodies) {
      const res = await client.post('/api/bets', body);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<{ bets: Bet[] }>().bets;
      for (const bet of created) expect((await client.get(`/api/bets/${bet.id}`)).json()).toEqual(bet);
      const events = await t.database.db
        .select({ entityId: auditEvents.entityId, summary: auditEvents.summary })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'bet.created'), eq(auditEvents.entityId, created[0]!.id)));
      expect(events).toHaveLength(1);
    }
    const [forMember] = await t.database.db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.syndicateId, c.syndicateId), eq(auditEvents.action, 'bet.created')))
      .orderBy(desc(auditEvents.id))
      .offset(1)
      .limit(1);
    expect(forMember?.summary).toMatch(/^Alice Admin added a bet for Mia Member on Phar Lap: /);
  });

  it('keeps money exact in cents: $0.29 at 3.1 pays a profit of exactly 0.61', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 0.29, odds: 3.1 }));
    expect([bet.amount, bet.odds]).toEqual([0.29, 3.1]);
    // 29 cents × 3.10 = 89.9 cents returned → 90 (rounded once) − 29 = 61 cents.
    const settled = await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win', result: 0.609 });
    expect(settled.json<Bet>().result).toBe(0.61);
    const [row] = await t.database.db
      .select({ amountCents: bets.amountCents, resultCents: bets.resultCents })
      .from(bets)
      .where(eq(bets.id, bet.id));
    expect(row).toEqual({ amountCents: 29, resultCents: 61 });
  });

  const invalid: [string, (c: Awaited<ReturnType<typeof crew>>) => object, string][] = [
    ['no member', (c) => singleBet(c, { memberId: undefined }), 'Please select a member'],
    ['member 0', (c) => singleBet(c, { memberId: 0 }), 'Please select a member'],
    ['a blank horse', (c) => singleBet(c, { horseName: '  ' }), 'Horse name is required'],
    ['no horse', (c) => singleBet(c, { horseName: undefined }), 'Horse name is required'],
    ['no odds', (c) => singleBet(c, { odds: undefined }), 'Odds are required'],
    ['zero odds', (c) => singleBet(c, { odds: 0 }), 'Odds must be a positive number'],
    ['negative odds', (c) => singleBet(c, { odds: -2 }), 'Odds must be a positive number'],
    ['text odds', (c) => singleBet(c, { odds: 'abc' }), 'Odds must be a positive number'],
    ['no amount', (c) => singleBet(c, { amount: undefined }), 'Amount is required'],
    ['zero amount', (c) => singleBet(c, { amount: 0 }), 'Amount must be a positive number'],
    ['negative amount', (c) => singleBet(c, { amount: -5 }), 'Amount must be a positive number'],
    ['3 decimals', (c) => singleBet(c, { amount: 1.005 }), 'Use at most 2 decimals'],
    ['a huge amount', (c) => singleBet(c, { amount: 1e12 }), 'Must be at most 1,000,000'],
    [
      'an unknown bet type',
      (c) => singleBet(c, { betType: 'exacta' }),
      'Bet type must be win, place or each-way',
    ],
    ['an unknown odds type', (c) => singleBet(c, { oddsType: 'spot' }), 'Odds type must be fixed or tote'],
    ['an unknown status', (c) => singleBet(c, { status: 'void' }), 'Status must be pending, win or loss'],
    ['a bad date', (c) => singleBet(c, { date: 'soon' }), 'Bet date must be a valid date and time'],
    [
      'a long horse name',
      (c) => singleBet(c, { horseName: 'x'.repeat(101) }),
      'Horse name must be at most 100 characters',
    ],
    ['a huge member id', (c) => singleBet(c, { memberId: 2 ** 40 }), 'Member not found'],
    [
      'a second bet of the same type',
      (c) =>
        twoPartBet(c, {
          bets: [
            { betType: 'win', odds: 2, amount: 5 },
            { betType: 'win', odds: 3, amount: 5 },
          ],
        }),
      'Second bet type must be different from the first',
    ],
    [
      'a second bet without odds',
      (c) =>
        twoPartBet(c, {
          bets: [
            { betType: 'win', odds: 2, amount: 5 },
            { betType: 'place', amount: 5 },
          ],
        }),
      'Odds are required for second bet',
    ],
    [
      'a second bet without amount',
      (c) =>
        twoPartBet(c, {
          bets: [
            { betType: 'win', odds: 2, amount: 5 },
            { betType: 'place', odds: 2 },
          ],
        }),
      'Amount is required for second bet',
    ],
    [
      'a second bet with negative odds',
      (c) =>
        twoPartBet(c, {
          bets: [
            { betType: 'win', odds: 2, amount: 5 },
            { betType: 'place', odds: -1, amount: 5 },
          ],
        }),
      'Odds must be a positive number',
    ],
    [
      'a first part without odds',
      (c) =>
        twoPartBet(c, {
          bets: [
            { betType: 'win', amount: 5 },
            { betType: 'place', odds: 2, amount: 5 },
          ],
        }),
      'Odds are required',
    ],
  ];
  it.each(invalid)('refuses %s with the spec message and stores nothing', async (_what, body, message) => {
    const c = await crew(t);
    const res = await c.admin.post('/api/bets', body(c));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect(await listBets(c.admin)).toEqual([]);
  });

  it('reports every missing field at once (the form shows them all)', async () => {
    const c = await crew(t);
    const res = await c.admin.post('/api/bets', { horseName: '' });
    expect(res.json<ErrorBody>().errors?.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Please select a member',
        'Horse name is required',
        'Odds are required',
        'Amount is required',
      ]),
    );
  });

  it('refuses another syndicate’s member or race, and an archived member, with 400; stores nothing', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const cases: [object, string][] = [
      [singleBet(c, { memberId: other.adminMemberId }), 'Member not found'],
      [singleBet(c, { raceId: other.raceId }), 'Race not found'],
      [twoPartBet(c, { raceId: other.raceId }), 'Race not found'],
      [singleBet(c, { raceId: 2147483647 }), 'Race not found'],
      // Both wrong: the member is checked first.
      [singleBet(c, { memberId: other.adminMemberId, raceId: other.raceId }), 'Member not found'],
      [singleBet(c, { memberId: other.adminMemberId, raceId: null }), 'Member not found'],
    ];
    for (const [body, message] of cases) {
      const res = await c.admin.post('/api/bets', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    await t.database.db
      .update(members)
      .set({ archivedAt: new Date() })
      .where(eq(members.id, c.memberMemberId));
    const archived = await c.admin.post('/api/bets', singleBet(c, { memberId: c.memberMemberId }));
    expect(archived.statusCode).toBe(400);
    expect(archived.json()).toEqual({ message: 'Member not found' });
    expect(await listBets(c.admin)).toEqual([]);
    expect(await listBets(other.admin)).toEqual([]);
    const events = await t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.syndicateId, c.syndicateId), eq(auditEvents.action, 'bet.created')));
    expect(events).toEqual([]);
  });

  it('writes a two-part bet in one transaction: a failing second part leaves nothing behind', async () => {
    const c = await crew(t);
    // Past validation (called directly), the second part breaks the CHECK amount_cents > 0.
    const attempt = createBets(
      t.database.db,
      c.syndicateId,
      { memberId: c.adminMemberId, role: 'admin' },
      {
        memberId: c.adminMemberId,
        horseName: 'Half Written',
        raceId: c.raceId,
        oddsType: 'fixed',
        placeTerms: null,
        placeOdds: null,
        bets: [
          { betType: 'win', odds: 2, amount: 10 },
          { betType: 'place', odds: 1.5, amount: -1 },
        ],
        horseNumber: null,
        jockey: null,
        trainer: null,
        weight: null,
        barrier: null,
        silkColor: null,
      },
      new Date(),
    );
    // 23514 = check_violation: the first part was inserted, the second refused, all rolled back.
    await expect(attempt).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'bets_amount_check' },
    });
    const rows = await t.database.db.select().from(bets).where(eq(bets.horseName, 'Half Written'));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/bets', () => {
  it('lists only the syndicate’s bets, newest first (date, then id)', async () => {
    const c = await crew(t);
    const other = await crew(t);
    await placeBet(other.admin, singleBet(other));
    const old = await placeBet(c.admin, singleBet(c, { date: '2030-01-01T00:00:00.000Z' }));
    const sameA = await placeBet(c.admin, singleBet(c, { date: '2030-02-01T00:00:00.000Z' }));
    const sameB = await placeBet(
      c.member,
      singleBet(c, { memberId: c.memberMemberId, date: '2030-02-01T00:00:00.000Z' }),
    );
    const list = await listBets(c.admin);
    expect(list.map((b) => b.id)).toEqual([sameB.id, sameA.id, old.id]);
  });

  it('one query per 1000 bets, not one per bet (paging and filters: bets-list.test.ts)', async () => {
    const c = await crew(t);
    const many = Array.from({ length: 2000 }, (_, i) => ({
      syndicateId: c.syndicateId,
      memberId: i % 2 ? c.adminMemberId : c.memberMemberId,
      raceId: i % 3 ? c.raceId : null,
      horseName: `Horse ${i}`,
      oddsHundredths: 200 + i,
      amountCents: 1000 + i,
      date: new Date(Date.UTC(2030, 0, 1) + i * 60_000),
    }));
    await t.database.db.insert(bets).values(many);
    const queries = vi.spyOn(t.database.pool, 'query');
    const planned = vi.spyOn(t.database.planned, 'query');
    const list = await listBets(c.admin);
    // The session lookup (unless reused) plus one statement per 1000 bets (list-json.ts
    // STREAM_CHUNK), the unfiltered pages on the pool of statements planned once (db/client.ts).
    expect(planned.mock.calls.length).toBe(2);
    expect(queries.mock.calls.length).toBeLessThanOrEqual(1);
    queries.mockRestore();
    planned.mockRestore();
    expect(list).toHaveLength(2000);
    expect(list[0]).toMatchObject({ horseName: 'Horse 1999', member: { id: c.adminMemberId } });
    expect(list.at(-1)).toMatchObject({ horseName: 'Horse 0', race: null });
  });

  it('needs a session (401) and a syndicate (403)', async () => {
    const c = await crew(t);
    c.admin.cookie = undefined;
    expect((await c.admin.get('/api/bets')).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.get('/api/bets')).statusCode).toBe(403);
    expect((await loner.post('/api/bets', singleBet(c))).statusCode).toBe(403);
  });
});
