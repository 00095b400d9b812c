// The syndicate bank's API (docs/bank.md): every rule and every refusal, against a real database.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BANK_MESSAGES,
  type BankEntry,
  type BankSummary,
  bankMemberSchema,
  bankSummarySchema,
  type EntriesPage,
  STATEMENT_MAX_ENTRIES,
  type Statement,
} from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import { type Client, createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { type Crew, crew, joinPeer, placeBet, singleBet } from '../bets/test-fixtures';
import { statementCsv } from './csv';

const NOW = new Date('2030-06-15T10:00:00.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.now = NOW;
});

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

const bank = async (c: Client) => {
  const res = await c.get('/api/bank');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BankSummary>();
};
const line = (s: BankSummary, memberId: number) => s.members.find((m) => m.memberId === memberId)!;

async function contribute(c: Client, memberId: number, amount: number, extra: object = {}) {
  const res = await c.post('/api/bank/contributions', { memberId, amount, date: '2030-06-01', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BankEntry>();
}

/** A one-month plan at `price` dollars; its id. */
async function planOf(admin: Client, name: string, price: number) {
  const res = await admin.post('/api/subscriptions', { name, price, duration: 1, features: [] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function settleBet(c: Client, id: number, status: 'win' | 'loss') {
  const res = await c.put(`/api/bets/${id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Bet>();
}

/** The invariants, read from the API and the tables. */
async function expectInvariants(c: Crew) {
  const s = await bank(c.admin);
  const cents = (n: number) => Math.round(n * 100);
  expect(cents(s.balance)).toBe(
    cents(s.contributed) - cents(s.paidOut) + cents(s.adjustments) + cents(s.bettingResult),
  );
  const { rows } = await t.database.db.execute<{ settled: number; pending: number; members: number }>(sql`
    select (select coalesce(sum(result_cents), 0) from bets where syndicate_id = ${c.syndicateId} and status <> 'pending') as settled,
           (select coalesce(sum(amount_cents), 0) from bets where syndicate_id = ${c.syndicateId} and status = 'pending') as pending,
           (select coalesce(sum(amount_cents), 0) from bank_entries where syndicate_id = ${c.syndicateId}) as members`);
  expect(cents(s.bettingResult)).toBe(Number(rows[0]!.settled));
  expect(cents(s.inPlay)).toBe(Number(rows[0]!.pending));
  expect(cents(s.balance)).toBe(Number(rows[0]!.members));
  expect(cents(s.available)).toBe(cents(s.balance) - cents(s.inPlay));
}

describe('bank', () => {
  it('records contributions and payouts; the summary and statement follow', async () => {
    const c = await crew(t);
    const empty = await bank(c.member);
    expect(empty).toMatchObject({ balance: 0, inPlay: 0, available: 0, shareBasis: 'equal', duesOwed: 0 });
    expect(empty.members.map((m) => m.memberId)).toEqual([c.adminMemberId, c.memberMemberId]);

    const entry = await contribute(c.admin, c.memberMemberId, 100.5, { note: 'Cash at the track' });
    expect(entry).toMatchObject({
      type: 'contribution',
      memberId: c.memberMemberId,
      amount: 100.5,
      date: '2030-06-01',
      note: 'Cash at the track',
      betId: null,
      reversesId: null,
      reversedById: null,
      createdBy: c.adminMemberId,
    });
    await contribute(c.admin, c.adminMemberId, 50);
    const paid = await c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 20.25 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<BankEntry>()).toMatchObject({ type: 'payout', amount: -20.25, date: '2030-06-15' });

    const s = await bank(c.member);
    expect(s).toMatchObject({ balance: 130.25, contributed: 150.5, paidOut: 20.25, available: 130.25 });
    expect(line(s, c.memberMemberId)).toMatchObject({
      contributed: 100.5,
      paidOut: 20.25,
      balance: 80.25,
      share: 61.6,
    });
    expect(line(s, c.adminMemberId)).toMatchObject({ balance: 50, share: 38.4 });

    const statement = (
      await c.member.get(`/api/bank/members/${c.memberMemberId}/statement`)
    ).json<Statement>();
    expect(statement.balance).toBe(80.25);
    expect(statement.entries.map((e) => [e.type, e.amount, e.runningBalance])).toEqual([
      ['contribution', 100.5, 100.5],
      ['payout', -20.25, 80.25],
    ]);
    const csv = await c.member.get(`/api/bank/members/${c.memberMemberId}/statement?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-mia-member-2030-06-15\.csv"$/,
    );
    expect(csv.body).toBe(
      '\uFEFFdate,type,description,amount,balance\r\n2030-06-01,contribution,Cash at the track,100.50,100.50\r\n2030-06-15,payout,Payout,-20.25,80.25\r\n',
    );
    await expectInvariants(c);
  });

  it('writes its summary as JSON that holds any name, in the schema, members in id order', async () => {
    const c = await crew(t);
    const name = 'Quote " back\\slash 🐎 </script> Ó';
    const added = await c.admin.post('/api/members', {
      name,
      email: `json-${Date.now()}@example.test`,
      role: 'member',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: number }>().id;
    await contribute(c.admin, id, 12.34);
    const res = await c.admin.get('/api/bank');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const s = bankSummarySchema.strict().parse(res.json());
    for (const m of s.members) bankMemberSchema.strict().parse(m);
    expect(line(s, id)).toMatchObject({ name, contributed: 12.34, balance: 12.34, share: 100 });
    const ids = s.members.map((m) => m.memberId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('shares a settled bet equally among active members (largest remainder), and follows its changes', async () => {
    const c = await crew(t);
    const peer = await joinPeer(t, c);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 2 }));
    expect((await bank(c.admin)).inPlay).toBe(10);
    await settleBet(c.admin, bet.id, 'loss');
    let s = await bank(c.admin);
    // −10.00 among three: −3.34 to the earliest-joined, −3.33 each to the others.
    expect([c.adminMemberId, c.memberMemberId, peer.memberId].map((id) => line(s, id).bettingResult)).toEqual(
      [-3.34, -3.33, -3.33],
    );
    expect(s.bettingResult).toBe(-10);
    expect(s.inPlay).toBe(0);

    // An admin edits the settled bet: its lines are reversed and the new result shared by the same weights.
    const peerLater = await joinPeer(t, c, 'Late Larry');
    const edit = await c.admin.put(`/api/bets/${bet.id}`, {
      horseName: 'Phar Lap',
      betType: 'win',
      odds: 2,
      amount: 20,
      oddsType: 'fixed',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    s = await bank(c.admin);
    expect(s.bettingResult).toBe(-20);
    expect(line(s, peerLater.memberId).bettingResult).toBe(0);
    expect([c.adminMemberId, c.memberMemberId, peer.memberId].map((id) => line(s, id).bettingResult)).toEqual(
      [-6.67, -6.67, -6.66],
    );
    const page = (await c.admin.get('/api/bank/entries?type=reversal')).json<EntriesPage>();
    expect(page.entries).toHaveLength(3);
    expect(page.entries.every((e) => e.betId === bet.id)).toBe(true);

    // Deleting the bet reverses its lines; history stays.
    expect((await c.admin.delete(`/api/bets/${bet.id}`)).statusCode).toBe(204);
    s = await bank(c.admin);
    expect(s.bettingResult).toBe(0);
    const all = (await c.admin.get('/api/bank/entries?limit=200')).json<EntriesPage>();
    expect(all.entries.filter((e) => e.type === 'allocation')).toHaveLength(6);
    expect(all.entries.filter((e) => e.type === 'allocation').every((e) => e.reversedById !== null)).toBe(
      true,
    );
    await expectInvariants(c);
  });

  it('shares by capital when the setting says so', async () => {
    const c = await crew(t);
    const put = await c.admin.put('/api/settings', {
      syndicateName: 'Capital Club',
      defaultBetAmount: 100,
      currency: 'aud',
      rotationStrategy: 'sequential',
      shareBasis: 'capital',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ shareBasis: 'capital' });
    await contribute(c.admin, c.adminMemberId, 300);
    await contribute(c.admin, c.memberMemberId, 100);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 5 }));
    await settleBet(c.admin, bet.id, 'win');
    const s = await bank(c.admin);
    expect(s.shareBasis).toBe('capital');
    expect(line(s, c.adminMemberId).bettingResult).toBe(30);
    expect(line(s, c.memberMemberId).bettingResult).toBe(10);
    await expectInvariants(c);
  });

  it('refuses a payout over the balance or the available cash (409, nothing written)', async () => {
    const c = await crew(t);
    await contribute(c.admin, c.memberMemberId, 100);
    const over = await c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 100.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>().message).toBe(
      "The payout is more than Mia Member's balance ($100.00) by $0.01",
    );
    // 60 in play leaves 40 available.
    await placeBet(c.admin, singleBet(c, { amount: 60 }));
    const cash = await c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 50 });
    expect(cash.statusCode).toBe(409);
    expect(cash.json<ErrorBody>().message).toBe(
      'The payout is more than the available cash ($40.00) by $10.00',
    );
    expect((await bank(c.admin)).paidOut).toBe(0);
  });

  it('adjusts one member or everyone by the share basis, in one batch', async () => {
    const c = await crew(t);
    const peer = await joinPeer(t, c);
    const one = await c.admin.post('/api/bank/adjustments', {
      amount: -5,
      note: 'Card fee',
      memberId: c.memberMemberId,
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json<{ entries: BankEntry[] }>().entries).toMatchObject([
      { amount: -5, note: 'Card fee', batchId: null },
    ]);
    const all = await c.admin.post('/api/bank/adjustments', { amount: 1, note: 'Interest' });
    expect(all.statusCode, all.body).toBe(201);
    const entries = all.json<{ entries: BankEntry[] }>().entries;
    expect(entries.map((e) => [e.memberId, e.amount])).toEqual([
      [c.adminMemberId, 0.34],
      [c.memberMemberId, 0.33],
      [peer.memberId, 0.33],
    ]);
    expect(new Set(entries.map((e) => e.batchId)).size).toBe(1);
    expect(entries[0]!.batchId).toMatch(/^[0-9a-f-]{36}$/);
    const zero = await c.admin.post('/api/bank/adjustments', { amount: 0, note: 'Nothing' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ErrorBody>().message).toBe('Amount must not be zero');
    const noNote = await c.admin.post('/api/bank/adjustments', { amount: 3 });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json<ErrorBody>().message).toBe('A note is required');
  });

  it('reverses an entry once; reversals and allocations cannot be reversed', async () => {
    const c = await crew(t);
    const entry = await contribute(c.admin, c.memberMemberId, 40);
    const noReason = await c.admin.post(`/api/bank/entries/${entry.id}/reverse`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorBody>().message).toBe('A reason is required');
    const rev = await c.admin.post(`/api/bank/entries/${entry.id}/reverse`, { reason: 'Bounced' });
    expect(rev.statusCode, rev.body).toBe(201);
    expect(rev.json<BankEntry>()).toMatchObject({
      type: 'reversal',
      amount: -40,
      reversesId: entry.id,
      note: 'Bounced',
    });
    const again = await c.admin.post(`/api/bank/entries/${entry.id}/reverse`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe('This entry has already been reversed');
    const ofReversal = await c.admin.post(`/api/bank/entries/${rev.json<BankEntry>().id}/reverse`, {
      reason: 'x',
    });
    expect(ofReversal.statusCode).toBe(409);
    const bet = await placeBet(c.admin, singleBet(c));
    await settleBet(c.admin, bet.id, 'loss');
    const alloc = (await c.admin.get('/api/bank/entries?type=allocation')).json<EntriesPage>().entries[0]!;
    const ofAllocation = await c.admin.post(`/api/bank/entries/${alloc.id}/reverse`, { reason: 'x' });
    expect(ofAllocation.statusCode).toBe(409);
    const s = await bank(c.admin);
    expect(line(s, c.memberMemberId).contributed).toBe(0);
    await expectInvariants(c);
  });

  it('distributes the available cash in proportion to balances; a dry run writes nothing', async () => {
    const c = await crew(t);
    const peer = await joinPeer(t, c);
    await contribute(c.admin, c.adminMemberId, 100);
    await contribute(c.admin, c.memberMemberId, 200);
    await contribute(c.admin, peer.memberId, 0.01);
    await placeBet(c.admin, singleBet(c, { amount: 100.01 }));
    const dry = await c.admin.post('/api/bank/distributions', { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      total: 200,
      payouts: [
        // 200 × 100/300.01 = 66.664…, × 200/300.01 = 133.328…, × 0.01/300.01 = 0.0066…: the two
        // leftover cents go to the largest remainders (.89 and .67), not to the largest part.
        { memberId: c.adminMemberId, name: 'Alice Admin', amount: 66.66 },
        { memberId: c.memberMemberId, name: 'Mia Member', amount: 133.33 },
        { memberId: peer.memberId, name: 'Pat Peer', amount: 0.01 },
      ],
    });
    expect((await bank(c.admin)).paidOut).toBe(0);
    const real = await c.admin.post('/api/bank/distributions', {});
    expect(real.statusCode, real.body).toBe(201);
    const body = real.json<{ total: number; entries: BankEntry[] }>();
    expect(body.total).toBe(200);
    expect(body.entries.map((e) => [e.type, e.amount])).toEqual([
      ['payout', -66.66],
      ['payout', -133.33],
      ['payout', -0.01],
    ]);
    expect(new Set(body.entries.map((e) => e.batchId)).size).toBe(1);
    const s = await bank(c.admin);
    expect(s.available).toBe(0);
    await contribute(c.admin, peer.memberId, 3);
    const tooMuch = await c.admin.post('/api/bank/distributions', { amount: 5, memberIds: [peer.memberId] });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<ErrorBody>().message).toBe(
      "The distribution is more than the members' balances ($3.00) by $2.00",
    );
    await expectInvariants(c);
  });

  it('charges dues from plan assignments once the start date arrives, at the price then', async () => {
    const c = await crew(t);
    const plan = await c.admin.post('/api/subscriptions', {
      name: 'Season',
      price: 120,
      duration: 12,
      features: [],
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const planId = plan.json<{ id: number }>().id;
    const assign = await c.admin.post(`/api/members/${c.memberMemberId}/subscriptions`, {
      subscriptionId: planId,
      startDate: '2030-06-10',
    });
    expect(assign.statusCode, assign.body).toBe(201);
    const future = await c.admin.post(`/api/members/${c.adminMemberId}/subscriptions`, {
      subscriptionId: planId,
      startDate: '2030-06-16',
    });
    expect(future.statusCode, future.body).toBe(201);
    // The plan's price changes later: history keeps 120.
    expect(
      (
        await c.admin.put(`/api/subscriptions/${planId}`, {
          name: 'Season',
          price: 200,
          duration: 12,
          features: [],
        })
      ).statusCode,
    ).toBe(200);
    await contribute(c.admin, c.memberMemberId, 20);
    let s = await bank(c.admin);
    expect(line(s, c.memberMemberId)).toMatchObject({ duesCharged: 120, duesOwed: 100 });
    expect(line(s, c.adminMemberId)).toMatchObject({ duesCharged: 0, duesOwed: 0 });
    expect(s.duesOwed).toBe(100);
    t.clock.now = new Date('2030-06-16T00:00:00.000Z');
    s = await bank(c.admin);
    expect(line(s, c.adminMemberId)).toMatchObject({ duesCharged: 120, duesOwed: 120 });
    expect(s.duesOwed).toBe(220);
  });

  it('a plan replaced before its start date never charges; one replaced on or after it still does', async () => {
    const c = await crew(t);
    const assign = async (memberId: number, subscriptionId: number, startDate: string) => {
      const res = await c.admin.post(`/api/members/${memberId}/subscriptions`, { subscriptionId, startDate });
      expect(res.statusCode, res.body).toBe(201);
    };
    const [gold, silver, bronze] = [
      await planOf(c.admin, 'Gold', 100),
      await planOf(c.admin, 'Silver', 50),
      await planOf(c.admin, 'Bronze', 10),
    ];
    // The wrong plan, noticed before it starts: the member pays only the one that replaced it.
    await assign(c.memberMemberId, gold, '2030-06-20');
    await assign(c.memberMemberId, silver, '2030-06-20');
    // Started today (2030-06-15), then replaced: that day's dues were already charged.
    await assign(c.adminMemberId, bronze, '2030-06-15');
    await assign(c.adminMemberId, silver, '2030-06-15');
    let s = await bank(c.admin);
    expect(line(s, c.memberMemberId)).toMatchObject({ duesCharged: 0 });
    expect(line(s, c.adminMemberId)).toMatchObject({ duesCharged: 60 });
    t.clock.now = new Date('2030-06-21T10:00:00.000Z');
    s = await bank(c.admin);
    expect(line(s, c.memberMemberId)).toMatchObject({ duesCharged: 50, duesOwed: 50 });
    expect(line(s, c.adminMemberId)).toMatchObject({ duesCharged: 60, duesOwed: 60 });
    // Replacing the started plan later changes nothing of what it charged.
    await assign(c.memberMemberId, bronze, '2030-07-01');
    s = await bank(c.admin);
    expect(line(s, c.memberMemberId)).toMatchObject({ duesCharged: 50 });
    t.clock.now = new Date('2030-07-01T10:00:00.000Z');
    expect(line(await bank(c.admin), c.memberMemberId)).toMatchObject({ duesCharged: 60 });
  });

  it('a plan deleted before an assignment of it starts never charges it, even once that member gets another plan', async () => {
    const c = await crew(t);
    const gold = await planOf(c.admin, 'Gold', 100);
    const silver = await planOf(c.admin, 'Silver', 50);
    const assigned = await c.admin.post(`/api/members/${c.memberMemberId}/subscriptions`, {
      subscriptionId: gold,
      startDate: '2030-06-20',
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    // Deleted before the assignment starts (today is 2030-06-15): it never starts.
    expect((await c.admin.delete(`/api/subscriptions/${gold}`)).statusCode).toBe(204);
    t.clock.now = new Date('2030-06-21T10:00:00.000Z');
    expect(line(await bank(c.admin), c.memberMemberId)).toMatchObject({ duesCharged: 0 });
    // A new plan afterwards replaces what is left of it: the deleted plan still charges nothing.
    const silverFrom = await c.admin.post(`/api/members/${c.memberMemberId}/subscriptions`, {
      subscriptionId: silver,
      startDate: '2030-06-21',
    });
    expect(silverFrom.statusCode, silverFrom.body).toBe(201);
    expect(line(await bank(c.admin), c.memberMemberId)).toMatchObject({ duesCharged: 50, duesOwed: 50 });
  });

  it('a long statement shows its latest entries with their running balances; the CSV has every one', async () => {
    const c = await crew(t);
    // 1,203 contributions of 1¢ … 1,203¢ over a few years, through the ledger's own triggers.
    const total = STATEMENT_MAX_ENTRIES + 203;
    await t.database.db.execute(sql`
      insert into bank_entries (syndicate_id, member_id, type, amount_cents, date, note)
      select ${c.syndicateId}, ${c.memberMemberId}, 'contribution', n, date '2027-01-01' + (n % 1000), 'n' || n
        from generate_series(1, ${total}) n`);
    const res = await c.member.get(`/api/bank/members/${c.memberMemberId}/statement`);
    expect(res.statusCode).toBe(200);
    const s = res.json<Statement>();
    const sum = (total * (total + 1)) / 2;
    expect(s.balance).toBe(sum / 100);
    expect(s.totalEntries).toBe(total);
    expect(s.entries).toHaveLength(STATEMENT_MAX_ENTRIES);
    // Oldest first among the latest: each running balance is everything up to it, the last is the balance.
    const all = Array.from({ length: total }, (_, i) => i + 1).sort(
      (a, b) => (a % 1000) - (b % 1000) || a - b,
    );
    const shown = all.slice(-STATEMENT_MAX_ENTRIES);
    expect(s.entries.map((e) => e.note)).toEqual(shown.map((n) => `n${n}`));
    const before = all.slice(0, -STATEMENT_MAX_ENTRIES).reduce((a, b) => a + b, 0);
    expect(s.entries[0]?.runningBalance).toBe((before + (shown[0] ?? 0)) / 100);
    expect(s.entries.at(-1)?.runningBalance).toBe(sum / 100);
    const csv = (await c.member.get(`/api/bank/members/${c.memberMemberId}/statement?format=csv`)).body;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`,${(sum / 100).toFixed(2)}$`));
  });

  it('writes the statement CSV in PostgreSQL exactly as statementCsv writes the statement (any note)', async () => {
    const c = await crew(t);
    let n = 0;
    const note = fc.option(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom(
          '=SUM(A1)',
          '+1',
          '-fee',
          '@x',
          '\tx',
          '\rx',
          'a,b',
          'say "hi"',
          'two\r\nlines',
          "'q",
        ),
      ),
      { nil: null },
    );
    const line = fc.record({
      type: fc.constantFrom('contribution', 'adjustment'),
      cents: fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((x) => x !== 0),
      day: fc.integer({ min: 0, max: 400 }),
      note: note.map((s) => (s === null ? null : s.replaceAll('\0', ''))),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 8 }), async (lines) => {
        const added = await c.admin.post('/api/members', {
          name: `Csv Member ${++n}`,
          email: `csv-${n}-${Date.now()}@example.test`,
          role: 'member',
        });
        expect(added.statusCode, added.body).toBe(201);
        const memberId = added.json<{ id: number }>().id;
        for (const l of lines) {
          await t.database.db.execute(sql`
            insert into bank_entries (syndicate_id, member_id, type, amount_cents, date, note)
            values (${c.syndicateId}, ${memberId}, ${l.type}, ${l.type === 'contribution' ? Math.abs(l.cents) : l.cents},
                    date '2030-01-01' + ${l.day}::int, ${l.note})`);
        }
        const statement = (await c.member.get(`/api/bank/members/${memberId}/statement`)).json<Statement>();
        const csv = await c.member.get(`/api/bank/members/${memberId}/statement?format=csv`);
        expect(csv.body).toBe(statementCsv(statement));
      }),
      { numRuns: 40 },
    );
  });

  it("a payout never takes the member's balance below zero on any day from its value date on", async () => {
    const c = await crew(t);
    await contribute(c.admin, c.memberMemberId, 100, { date: '2030-01-01' });
    await contribute(c.admin, c.memberMemberId, 50, { date: '2030-06-10' });
    const payout = (amount: number, date: string) =>
      c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount, date });
    // On 2030-03-01 only $100 had been paid in: the statement would go to −$20 until June.
    const early = await payout(120, '2030-03-01');
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().message).toBe(
      "The payout is more than Mia Member's balance from 2030-03-01 on ($100.00) by $20.00",
    );
    expect((await payout(120, '2030-06-10')).statusCode).toBe(201);
    await contribute(c.admin, c.memberMemberId, 100, { date: '2030-06-14' });
    // Back-dated before that payout: $100 then and $130 now, but only $30 left after the payout.
    const backDated = await payout(50, '2030-02-01');
    expect(backDated.statusCode).toBe(409);
    expect(backDated.json<ErrorBody>().message).toBe(
      "The payout is more than Mia Member's balance from 2030-02-01 on ($30.00) by $20.00",
    );
    expect((await payout(30, '2030-02-01')).statusCode).toBe(201);
    const s = (await c.admin.get(`/api/bank/members/${c.memberMemberId}/statement`)).json<Statement>();
    expect(s.entries.map((e) => e.runningBalance)).toEqual([100, 70, 120, 0, 100]);
    expect(Math.min(...s.entries.map((e) => e.runningBalance))).toBeGreaterThanOrEqual(0);
    await expectInvariants(c);
  });

  it("a distribution, like a payout, never takes a member's statement below zero from its value date on", async () => {
    const c = await crew(t);
    await contribute(c.admin, c.adminMemberId, 100, { date: '2030-01-01' });
    await contribute(c.admin, c.memberMemberId, 20, { date: '2030-01-01' });
    await contribute(c.admin, c.memberMemberId, 80, { date: '2030-06-10' });
    // On 2030-03-01 Mia had $20 in the bank, Alice $100: only that much may go out dated then.
    const dry = await c.admin.post('/api/bank/distributions', { date: '2030-03-01', dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      total: 120,
      payouts: [
        { memberId: c.adminMemberId, name: 'Alice Admin', amount: 100 },
        { memberId: c.memberMemberId, name: 'Mia Member', amount: 20 },
      ],
    });
    const tooMuch = await c.admin.post('/api/bank/distributions', {
      amount: 50,
      memberIds: [c.memberMemberId],
      date: '2030-03-01',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<ErrorBody>().message).toBe(
      "The distribution is more than the members' balances from 2030-03-01 on ($20.00) by $30.00",
    );
    const real = await c.admin.post('/api/bank/distributions', { date: '2030-03-01' });
    expect(real.statusCode, real.body).toBe(201);
    for (const memberId of [c.adminMemberId, c.memberMemberId]) {
      const s = (await c.admin.get(`/api/bank/members/${memberId}/statement`)).json<Statement>();
      expect(Math.min(...s.entries.map((e) => e.runningBalance))).toBeGreaterThanOrEqual(0);
    }
    await expectInvariants(c);
  });

  it('replays an Idempotency-Key: same answer, nothing written twice; another body → 422', async () => {
    const c = await crew(t);
    const headers = { 'idempotency-key': 'dialog-1' };
    const body = { memberId: c.memberMemberId, amount: 25, date: '2030-06-01' };
    const first = await c.admin.post('/api/bank/contributions', body, headers);
    expect(first.statusCode).toBe(201);
    const second = await c.admin.post(
      '/api/bank/contributions',
      { date: '2030-06-01', amount: 25, memberId: c.memberMemberId },
      headers,
    );
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await bank(c.admin)).contributed).toBe(25);
    const other = await c.admin.post('/api/bank/contributions', { ...body, amount: 26 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json<ErrorBody>().message).toBe(
      'This Idempotency-Key was already used with a different request',
    );
    // A refused payout is replayed as refused even once money arrives.
    const payoutKey = { 'idempotency-key': 'payout-1' };
    const refused = await c.admin.post(
      '/api/bank/payouts',
      { memberId: c.adminMemberId, amount: 10 },
      payoutKey,
    );
    expect(refused.statusCode).toBe(409);
    await contribute(c.admin, c.adminMemberId, 50);
    const retry = await c.admin.post(
      '/api/bank/payouts',
      { memberId: c.adminMemberId, amount: 10 },
      payoutKey,
    );
    expect(retry.statusCode).toBe(409);
    expect((await bank(c.admin)).paidOut).toBe(0);
    // After 24 hours the key is free again.
    t.clock.now = new Date(NOW.getTime() + 24 * 3_600_000 + 1);
    const later = await c.admin.post('/api/bank/contributions', body, headers);
    expect(later.statusCode).toBe(201);
    expect(later.json<BankEntry>().id).not.toBe(first.json<BankEntry>().id);
    const badKey = await c.admin.post('/api/bank/contributions', body, {
      'idempotency-key': 'k'.repeat(101),
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('members read the books but cannot write (403); another syndicate answers 404', async () => {
    const c = await crew(t);
    const entry = await contribute(c.admin, c.memberMemberId, 10);
    expect((await c.member.get('/api/bank')).statusCode).toBe(200);
    expect((await c.member.get('/api/bank/entries')).statusCode).toBe(200);
    expect((await c.member.get(`/api/bank/members/${c.adminMemberId}/statement`)).statusCode).toBe(200);
    const writes: [string, object][] = [
      ['/api/bank/contributions', { memberId: c.memberMemberId, amount: 1 }],
      ['/api/bank/payouts', { memberId: c.memberMemberId, amount: 1 }],
      ['/api/bank/adjustments', { amount: 1, note: 'x' }],
      [`/api/bank/entries/${entry.id}/reverse`, { reason: 'x' }],
      ['/api/bank/distributions', { dryRun: true }],
    ];
    for (const [url, body] of writes) expect((await c.member.post(url, body)).statusCode, url).toBe(403);

    const { client: stranger } = await signUpWithSyndicate(t.app, 'Sam Stranger');
    expect((await stranger.get(`/api/bank/members/${c.memberMemberId}/statement`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/bank/entries/${entry.id}/reverse`, { reason: 'mine' })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.post('/api/bank/contributions', { memberId: c.memberMemberId, amount: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.post('/api/bank/distributions', { memberIds: [c.memberMemberId] })).statusCode,
    ).toBe(404);
    // Another syndicate's member as a filter: 404, as on /api/bets and the exports.
    const strangerEntries = await stranger.get(`/api/bank/entries?memberId=${c.memberMemberId}`);
    expect(strangerEntries.statusCode).toBe(404);
    expect(strangerEntries.json<{ message: string }>().message).toBe(BANK_MESSAGES.memberNotFound);
    expect((await bank(c.admin)).contributed).toBe(10);
  });

  it('pages the ledger newest first with a keyset cursor and filters by member, type and dates', async () => {
    const c = await crew(t);
    for (let day = 1; day <= 5; day++)
      await contribute(c.admin, c.memberMemberId, day, { date: `2030-06-0${day}` });
    await contribute(c.admin, c.adminMemberId, 9, { date: '2030-06-03' });
    const first = (
      await c.admin.get(`/api/bank/entries?memberId=${c.memberMemberId}&limit=2`)
    ).json<EntriesPage>();
    expect(first.entries.map((e) => e.amount)).toEqual([5, 4]);
    const second = (
      await c.admin.get(`/api/bank/entries?memberId=${c.memberMemberId}&limit=2&cursor=${first.nextCursor}`)
    ).json<EntriesPage>();
    expect(second.entries.map((e) => e.amount)).toEqual([3, 2]);
    const ranged = (await c.admin.get('/api/bank/entries?from=2030-06-02&to=2030-06-03')).json<EntriesPage>();
    expect(ranged.entries.map((e) => e.amount).sort()).toEqual([2, 3, 9]);
    for (const q of ['limit=0', 'limit=201', 'type=bogus', 'cursor=abc', 'from=yesterday']) {
      expect((await c.admin.get(`/api/bank/entries?${q}`)).statusCode, q).toBe(400);
    }
    // Days no calendar has, and years outside 1900–2100: 400, never PostgreSQL's refusal (a 500).
    for (const cursor of ['2023-02-31_5', '2023-02-29_5', '2023-04-31_2147483647', '0000-01-01_5']) {
      const res = await c.admin.get(`/api/bank/entries?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json<{ message: string }>().message, cursor).toBe(BANK_MESSAGES.cursor);
    }
    // An entry's day in the syndicate's zone may fall just past 2100: its cursor still pages.
    expect((await c.admin.get('/api/bank/entries?cursor=2101-01-01_5')).statusCode).toBe(200);
    for (const q of ['from=0000-01-01', 'to=2101-01-01']) {
      expect((await c.admin.get(`/api/bank/entries?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('keeps bank_entries append-only: UPDATE, DELETE and TRUNCATE raise', async () => {
    const c = await crew(t);
    const entry = await contribute(c.admin, c.memberMemberId, 10);
    const refusal = (query: ReturnType<typeof sql>) =>
      t.database.db.execute(query).then(
        () => 'written',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update bank_entries set amount_cents = 1 where id = ${entry.id}`)).toBe(
      'bank_entries is append-only: UPDATE is not allowed',
    );
    expect(await refusal(sql`delete from bank_entries where id = ${entry.id}`)).toBe(
      'bank_entries is append-only: DELETE is not allowed',
    );
    expect(await refusal(sql`truncate bank_entries`)).toBe(
      'bank_entries is append-only: TRUNCATE is not allowed',
    );
    expect(
      await refusal(sql`
        insert into bank_entries (syndicate_id, member_id, type, amount_cents, date, reverses_id)
        values (${c.syndicateId}, ${c.memberMemberId}, 'reversal', -5, '2030-06-01', ${entry.id})`),
    ).toBe('a reversal must exactly undo one earlier entry');
    expect((await bank(c.admin)).contributed).toBe(10);
  });

  it('serialises concurrent writes: 50 parallel contributions are exact; parallel payouts never overdraw', async () => {
    const c = await crew(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.admin.post('/api/bank/contributions', { memberId: c.memberMemberId, amount: (101 + i) / 100 }),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    const expected = Array.from({ length: 50 }, (_, i) => 101 + i).reduce((a, b) => a + b, 0) / 100;
    expect((await bank(c.admin)).contributed).toBe(expected);
    const payouts = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 12.55 }),
      ),
    );
    // 62.75 in: five payouts of 12.55 fit exactly, the other five are refused.
    expect(expected).toBe(62.75);
    expect(payouts.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(payouts.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await bank(c.admin)).balance).toBe(0);
    // One key sent twice at once pays once.
    await contribute(c.admin, c.memberMemberId, 10);
    const twice = await Promise.all(
      [1, 2].map(() =>
        c.admin.post(
          '/api/bank/payouts',
          { memberId: c.memberMemberId, amount: 10 },
          { 'idempotency-key': 'dbl' },
        ),
      ),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(twice[0]!.body).toBe(twice[1]!.body);
    expect((await bank(c.admin)).balance).toBe(0);
    await expectInvariants(c);
  });

  it('serialises concurrent settlements: each bet is shared once, by the capital committed before it', async () => {
    const c = await crew(t);
    const put = await c.admin.put('/api/settings', {
      syndicateName: 'Capital Race',
      defaultBetAmount: 10,
      currency: 'aud',
      rotationStrategy: 'sequential',
      shareBasis: 'capital',
    });
    expect(put.statusCode, put.body).toBe(200);
    await contribute(c.admin, c.adminMemberId, 400);
    await contribute(c.admin, c.memberMemberId, 600);
    const bets = [];
    for (let i = 0; i < 8; i++) {
      bets.push(await placeBet(c.admin, singleBet(c, { horseName: `Race ${i}`, amount: 10 + i, odds: 3 })));
    }
    const [first, ...rest] = bets;
    const answers = await Promise.all([
      // The same bet settled three ways at once, the others once each, money moving beside them.
      c.admin.put(`/api/bets/${first!.id}/status`, { status: 'win' }),
      c.admin.put(`/api/bets/${first!.id}/status`, { status: 'loss' }),
      c.admin.put(`/api/bets/${first!.id}/status`, { status: 'win' }),
      ...rest.map((b, i) => c.admin.put(`/api/bets/${b.id}/status`, { status: i % 2 ? 'loss' : 'win' })),
      ...[1, 2, 3].map(() => c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 25 })),
      ...[1, 2, 3].map(() =>
        c.admin.post('/api/bank/contributions', { memberId: c.adminMemberId, amount: 7 }),
      ),
    ]);
    expect(answers.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.slice(10, 13).every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(answers.slice(13).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const { rows } = await t.database.db.execute<{
      id: number;
      result: number;
      live: number;
      first: number;
    }>(sql`
      select b.id, b.result_cents as result,
             (select coalesce(sum(e.amount_cents), 0) from bank_entries e
               where e.bet_id = b.id and e.type = 'allocation'
                 and not exists (select 1 from bank_entries r where r.reverses_id = e.id)) as live,
             (select min(e.id) from bank_entries e where e.bet_id = b.id and e.type = 'allocation') as first
        from bets b where b.syndicate_id = ${c.syndicateId}`);
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      // Its live lines add up to its result...
      expect(Number(r.live), `bet ${r.id}`).toBe(Number(r.result));
      // ...and it was shared once, by each member's positive balance of everything committed
      // before its first line (money writes are serialised, so ids rise in commit order).
      const { rows: weights } = await t.database.db.execute<{
        member_id: number;
        weight: number;
        balance: number;
      }>(sql`
        select w.member_id, w.weight,
               (select coalesce(sum(e.amount_cents), 0) from bank_entries e
                 where e.member_id = w.member_id and e.syndicate_id = ${c.syndicateId} and e.id < ${r.first}) as balance
          from bet_allocation_weights w where w.bet_id = ${r.id} order by w.member_id`);
      expect(
        weights.map((w) => w.member_id),
        `bet ${r.id}`,
      ).toEqual([c.adminMemberId, c.memberMemberId].sort((a, b) => a - b));
      for (const w of weights) expect(Number(w.weight), `bet ${r.id}`).toBe(Number(w.balance));
    }
    await expectInvariants(c);
  });

  it('reproduces the worked example of docs/bank.md to the cent', async () => {
    const c = await crew(t); // Alice (admin) and Mia stand in for Alice and Bob
    const carol = await joinPeer(t, c, 'Carol Third');
    const [alice, bob] = [c.adminMemberId, c.memberMemberId];
    await contribute(c.admin, alice, 100);
    await contribute(c.admin, bob, 100);
    await contribute(c.admin, carol.memberId, 50);
    const lucky = await placeBet(
      c.admin,
      singleBet(c, { memberId: bob, horseName: 'Lucky Star', amount: 30, odds: 3.5 }),
    );
    expect((await bank(c.admin)).available).toBe(220);
    await settleBet(c.admin, lucky.id, 'win');
    const dark = await placeBet(c.admin, singleBet(c, { horseName: 'Dark Horse', amount: 10, odds: 4 }));
    await settleBet(c.admin, dark.id, 'loss');
    let s = await bank(c.admin);
    expect([alice, bob, carol.memberId].map((id) => line(s, id).balance)).toEqual([121.66, 121.67, 71.67]);
    const edit = await c.admin.put(`/api/bets/${lucky.id}`, {
      horseName: 'Lucky Star',
      betType: 'win',
      odds: 3,
      amount: 30,
      oddsType: 'fixed',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    s = await bank(c.admin);
    expect([alice, bob, carol.memberId].map((id) => line(s, id).balance)).toEqual([116.66, 116.67, 66.67]);
    expect(s.balance).toBe(300);
    const paid = await c.admin.post('/api/bank/distributions', { amount: 150 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<{ payouts: { amount: number }[] }>().payouts.map((p) => p.amount)).toEqual([
      58.33, 58.34, 33.33,
    ]);
    const csv = (await c.member.get(`/api/bank/members/${bob}/statement?format=csv`)).body.split('\r\n');
    expect(csv.map((row) => row.split(',').slice(1).join(','))).toEqual([
      'type,description,amount,balance',
      'contribution,Contribution,100.00,100.00',
      'allocation,Lucky Star (win),25.00,125.00',
      'allocation,Dark Horse (win),-3.33,121.67',
      'reversal,Bet changed: Lucky Star (win),-25.00,96.67',
      'allocation,Lucky Star (win),20.00,116.67',
      'payout,Distribution,-58.34,58.33',
      '',
    ]);
    await expectInvariants(c);
  });

  it('answers bad input with 400 and the field message, and writes nothing', async () => {
    const c = await crew(t);
    const m = c.memberMemberId;
    const cases: [string, unknown, string][] = [
      ['/api/bank/contributions', { amount: 5 }, 'Please select a member'],
      ['/api/bank/contributions', { memberId: 'me', amount: 5 }, 'Please select a member'],
      ['/api/bank/contributions', { memberId: m }, 'Amount is required'],
      ['/api/bank/contributions', { memberId: m, amount: -5 }, 'Amount must be positive'],
      ['/api/bank/contributions', { memberId: m, amount: 0 }, 'Amount must be positive'],
      ['/api/bank/contributions', { memberId: m, amount: 1.005 }, 'Use at most 2 decimals'],
      ['/api/bank/contributions', { memberId: m, amount: 1_000_001 }, 'Amount must be at most 1,000,000'],
      ['/api/bank/contributions', { memberId: m, amount: '5' }, 'Amount must be positive'],
      [
        '/api/bank/contributions',
        { memberId: m, amount: 5, date: 'tomorrow' },
        'Date must be a valid date (YYYY-MM-DD)',
      ],
      [
        '/api/bank/contributions',
        { memberId: m, amount: 5, date: '2030-02-30' },
        'Date must be a valid date (YYYY-MM-DD)',
      ],
      [
        '/api/bank/contributions',
        { memberId: m, amount: 5, note: 'x'.repeat(501) },
        'Note must be at most 500 characters',
      ],
      ['/api/bank/contributions', { memberId: m, amount: 5, note: 42 }, 'Note must be text'],
      ['/api/bank/payouts', { memberId: m, amount: -1 }, 'Amount must be positive'],
      ['/api/bank/adjustments', { amount: 5, note: '   ' }, 'A note is required'],
      ['/api/bank/adjustments', { amount: 'x', note: 'n' }, 'Amount must not be zero'],
      ['/api/bank/distributions', { memberIds: [] }, 'Members must be a list of member ids'],
      ['/api/bank/distributions', { memberIds: 'all' }, 'Members must be a list of member ids'],
      ['/api/bank/distributions', { dryRun: 'yes' }, 'dryRun must be true or false'],
    ];
    for (const [url, body, message] of cases) {
      const res = await c.admin.post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json<ErrorBody>().message, `${url} ${JSON.stringify(body)}`).toBe(message);
    }
    const s = await bank(c.admin);
    expect([s.contributed, s.paidOut, s.adjustments]).toEqual([0, 0, 0]);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bank_entries where syndicate_id = ${c.syndicateId}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('leaves inactive and removed members out of an equal split; former members stay listed while owed', async () => {
    const c = await crew(t);
    const peer = await joinPeer(t, c);
    const gone = await joinPeer(t, c, 'Gone Gary');
    await contribute(c.admin, gone.memberId, 10);
    const deactivate = await c.admin.put(`/api/members/${peer.memberId}`, { isActive: false });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect((await c.admin.delete(`/api/members/${gone.memberId}`)).statusCode).toBe(204);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 2 }));
    await settleBet(c.admin, bet.id, 'win');
    const s = await bank(c.admin);
    expect(line(s, c.adminMemberId).bettingResult).toBe(5);
    expect(line(s, c.memberMemberId).bettingResult).toBe(5);
    expect(line(s, peer.memberId).bettingResult).toBe(0);
    expect(line(s, gone.memberId)).toMatchObject({ active: false, balance: 10 });
    // Paid out, the former member leaves the list.
    const paid = await c.admin.post('/api/bank/payouts', { memberId: gone.memberId, amount: 10 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await bank(c.admin)).members.some((x) => x.memberId === gone.memberId)).toBe(false);
    await expectInvariants(c);
  });
});
