// The bank's invariants (issue 14, docs/bank.md) over random sequences of operations through the
// API: contributions, payouts, adjustments, reversals, bets placed, settled, edited and deleted,
// distributions (dry run and real) and share-basis changes. After every operation:
//   balance = contributed − paid out + adjustments + betting result = Σ members' balances
//           = Σ bank_entries (and each member's line = Σ their entries);
//   betting result = Σ results of settled bets, and each bet's live allocations = its result;
//   in play = Σ stakes of pending bets; available = balance − in play;
// and every payout the API made was at most the member's balance and the available cash just
// before it, while a refusal (409) or a dry run wrote nothing.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankEntry, BankSummary, DistributionPreview, EntriesPage } from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Crew, crew, joinPeer, placeBet, singleBet } from '../bets/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2030-06-15T10:00:00.000Z');
});
afterAll(async () => t.close());

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => c / 100;

// ---- Operations ---------------------------------------------------------------------------------

const who = fc.nat({ max: 3 }); // an index into the syndicate's members (modulo their number)
const pick = fc.nat({ max: 1000 }); // an index into whatever the operation picks from

const opArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('contribution' as const),
      who,
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      who,
      /** Percent of the member's balance (over 100: refused); a fixed 1.00 when it is not positive. */
      percent: fc.integer({ min: 1, max: 130 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjustment' as const),
      who: fc.option(who, { nil: null }),
      cents: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      who,
      cents: fc.integer({ min: 100, max: 20_000 }),
      oddsHundredths: fc.integer({ min: 101, max: 1_500 }),
      /** Settled at once (so that later operations find settled bets to edit). */
      settle: fc.constantFrom(null, 'win' as const, 'loss' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick, win: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick,
      cents: fc.integer({ min: 100, max: 20_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('distribution' as const),
      /** Percent of the available cash to pay (null: the default amount). */
      percent: fc.option(fc.integer({ min: 1, max: 120 }), { nil: null }),
      /** Only this member (null: the default members). */
      only: fc.option(who, { nil: null }),
      real: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('shareBasis' as const),
      basis: fc.constantFrom('equal', 'capital') as fc.Arbitrary<'equal' | 'capital'>,
    }),
  },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

// ---- The syndicate under test ---------------------------------------------------------------------

interface World {
  c: Crew;
  memberIds: number[];
  bets: Map<number, Bet>;
}

async function summary(w: World): Promise<BankSummary> {
  const res = await w.c.member.get('/api/bank');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BankSummary>();
}

async function entryCount(w: World): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from bank_entries where syndicate_id = ${w.c.syndicateId}`,
  );
  return rows[0]!.n;
}

const balanceOf = (s: BankSummary, memberId: number) =>
  cents(s.members.find((m) => m.memberId === memberId)?.balance ?? 0);

/** Every invariant, from the API and from the tables. */
async function expectInvariants(w: World, s: BankSummary) {
  const total = cents(s.balance);
  expect(total, 'balance = contributed − paid out + adjustments + betting').toBe(
    cents(s.contributed) - cents(s.paidOut) + cents(s.adjustments) + cents(s.bettingResult),
  );
  const sumOf = (f: (m: BankSummary['members'][number]) => number) =>
    s.members.reduce((acc, m) => acc + cents(f(m)), 0);
  expect(
    sumOf((m) => m.balance),
    'balance = Σ members',
  ).toBe(total);
  expect(sumOf((m) => m.contributed)).toBe(cents(s.contributed));
  expect(sumOf((m) => m.paidOut)).toBe(cents(s.paidOut));
  expect(sumOf((m) => m.adjustments)).toBe(cents(s.adjustments));
  expect(sumOf((m) => m.bettingResult)).toBe(cents(s.bettingResult));
  for (const m of s.members) {
    expect(cents(m.balance), `member ${m.memberId}`).toBe(
      cents(m.contributed) - cents(m.paidOut) + cents(m.adjustments) + cents(m.bettingResult),
    );
  }

  const id = w.c.syndicateId;
  const { rows } = await t.database.db.execute<{ settled: string; pending: string; entries: string }>(sql`
    select (select coalesce(sum(result_cents), 0) from bets where syndicate_id = ${id} and status <> 'pending') as settled,
           (select coalesce(sum(amount_cents), 0) from bets where syndicate_id = ${id} and status = 'pending') as pending,
           (select coalesce(sum(amount_cents), 0) from bank_entries where syndicate_id = ${id}) as entries`);
  expect(cents(s.bettingResult), 'betting result = Σ settled results').toBe(Number(rows[0]!.settled));
  expect(cents(s.inPlay), 'in play = Σ pending stakes').toBe(Number(rows[0]!.pending));
  expect(total, 'balance = Σ bank_entries').toBe(Number(rows[0]!.entries));
  expect(cents(s.available), 'available = balance − in play').toBe(total - cents(s.inPlay));

  const { rows: perMember } = await t.database.db.execute<{ member_id: number; sum: string }>(sql`
    select member_id, sum(amount_cents) as sum from bank_entries where syndicate_id = ${id} group by member_id`);
  for (const r of perMember)
    expect(balanceOf(s, r.member_id), `member ${r.member_id} = Σ entries`).toBe(Number(r.sum));

  // Each bet's live allocation lines add up to its result (0 when pending or deleted).
  const { rows: perBet } = await t.database.db.execute<{
    bet_id: number;
    lines: string;
    result: string | null;
  }>(sql`
    select e.bet_id, sum(e.amount_cents) as lines,
           (select case when b.status = 'pending' then 0 else b.result_cents end from bets b where b.id = e.bet_id) as result
      from bank_entries e
     where e.syndicate_id = ${id} and e.bet_id is not null
     group by e.bet_id`);
  for (const r of perBet) expect(Number(r.lines), `bet ${r.bet_id}`).toBe(Number(r.result ?? 0));
  const { rows: unshared } = await t.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from bets b
     where b.syndicate_id = ${id} and b.status <> 'pending' and b.result_cents <> 0
       and not exists (select 1 from bank_entries e where e.bet_id = b.id)`);
  expect(unshared[0]!.n, 'every settled bet with a result is shared').toBe(0);
}

/** Expects a refusal that wrote nothing. */
async function expectRefused(w: World, res: { statusCode: number; body: string }, before: number) {
  expect(res.statusCode, res.body).toBe(409);
  expect(await entryCount(w)).toBe(before);
}

/** The payouts the API reports, each at most the member's balance before, in total at most the cash. */
function expectPayoutsCovered(before: BankSummary, payouts: { memberId: number; amount: number }[]) {
  let sum = 0;
  for (const p of payouts) {
    expect(cents(p.amount)).toBeGreaterThan(0);
    expect(cents(p.amount), `payout to ${p.memberId}`).toBeLessThanOrEqual(balanceOf(before, p.memberId));
    sum += cents(p.amount);
  }
  expect(sum, 'payouts ≤ available').toBeLessThanOrEqual(cents(before.available));
}

async function apply(w: World, op: Op, before: BankSummary): Promise<void> {
  const { admin } = w.c;
  const memberOf = (i: number) => w.memberIds[i % w.memberIds.length]!;
  const count = await entryCount(w);
  switch (op.kind) {
    case 'contribution': {
      const res = await admin.post('/api/bank/contributions', {
        memberId: memberOf(op.who),
        amount: dollars(op.cents),
      });
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    case 'payout': {
      const memberId = memberOf(op.who);
      const balance = balanceOf(before, memberId);
      const amount = balance > 0 ? Math.max(1, Math.floor((balance * op.percent) / 100)) : 100;
      const res = await admin.post('/api/bank/payouts', { memberId, amount: dollars(amount) });
      if (amount > balance || amount > cents(before.available)) return expectRefused(w, res, count);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<BankEntry>()).toMatchObject({ type: 'payout', memberId, amount: -dollars(amount) });
      return expectPayoutsCovered(before, [{ memberId, amount: dollars(amount) }]);
    }
    case 'adjustment': {
      const res = await admin.post('/api/bank/adjustments', {
        amount: dollars(op.cents),
        note: 'Random adjustment',
        ...(op.who === null ? {} : { memberId: memberOf(op.who) }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const lines = res.json<{ entries: BankEntry[] }>().entries;
      expect(lines.reduce((acc, e) => acc + cents(e.amount), 0)).toBe(op.cents);
      if (op.who === null) expect(new Set(lines.map((e) => e.batchId)).size).toBe(1);
      return;
    }
    case 'reverse': {
      const page = (await admin.get('/api/bank/entries?limit=200')).json<EntriesPage>();
      if (page.entries.length === 0) return;
      const entry = page.entries[op.pick % page.entries.length]!;
      const res = await admin.post(`/api/bank/entries/${entry.id}/reverse`, { reason: 'Random reversal' });
      const reversible =
        entry.type !== 'reversal' && entry.type !== 'allocation' && entry.reversedById === null;
      if (!reversible) return expectRefused(w, res, count);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<BankEntry>()).toMatchObject({
        type: 'reversal',
        reversesId: entry.id,
        amount: -entry.amount,
      });
      return;
    }
    case 'bet': {
      const bet = await placeBet(
        admin,
        singleBet(w.c, {
          memberId: memberOf(op.who),
          amount: dollars(op.cents),
          odds: op.oddsHundredths / 100,
        }),
      );
      w.bets.set(bet.id, bet);
      if (op.settle === null) return;
      const res = await admin.put(`/api/bets/${bet.id}/status`, { status: op.settle });
      expect(res.statusCode, res.body).toBe(200);
      w.bets.set(bet.id, res.json<Bet>());
      return;
    }
    case 'settle': {
      const pending = [...w.bets.values()].filter((b) => b.status === 'pending');
      if (pending.length === 0) return;
      const bet = pending[op.pick % pending.length]!;
      const res = await admin.put(`/api/bets/${bet.id}/status`, { status: op.win ? 'win' : 'loss' });
      expect(res.statusCode, res.body).toBe(200);
      w.bets.set(bet.id, res.json<Bet>());
      return;
    }
    case 'edit': {
      const settled = [...w.bets.values()].filter((b) => b.status !== 'pending');
      const pool = settled.length > 0 ? settled : [...w.bets.values()];
      if (pool.length === 0) return;
      const bet = pool[op.pick % pool.length]!;
      const res = await admin.put(`/api/bets/${bet.id}`, {
        horseName: bet.horseName,
        betType: bet.betType,
        odds: bet.odds,
        amount: dollars(op.cents),
        oddsType: bet.oddsType,
      });
      expect(res.statusCode, res.body).toBe(200);
      w.bets.set(bet.id, res.json<Bet>());
      return;
    }
    case 'delete': {
      const all = [...w.bets.values()];
      if (all.length === 0) return;
      const bet = all[op.pick % all.length]!;
      const res = await admin.delete(`/api/bets/${bet.id}`);
      expect(res.statusCode, res.body).toBe(204);
      w.bets.delete(bet.id);
      return;
    }
    case 'distribution': {
      const memberIds = op.only === null ? null : [memberOf(op.only)];
      const chosen = memberIds ?? w.memberIds;
      const positive = chosen.reduce((acc, id) => acc + Math.max(0, balanceOf(before, id)), 0);
      const available = cents(before.available);
      const amountCents =
        op.percent === null ? null : Math.max(1, Math.floor((Math.max(0, available) * op.percent) / 100));
      const body = {
        ...(amountCents === null ? {} : { amount: dollars(amountCents) }),
        ...(memberIds === null ? {} : { memberIds }),
      };
      const refused =
        positive === 0 ||
        (amountCents === null
          ? Math.min(available, positive) <= 0
          : amountCents > positive || amountCents > available);
      const dry = await admin.post('/api/bank/distributions', { ...body, dryRun: true });
      if (refused) return expectRefused(w, dry, count);
      expect(dry.statusCode, dry.body).toBe(200);
      const preview = dry.json<DistributionPreview>();
      expect(cents(preview.total)).toBe(amountCents ?? Math.min(available, positive));
      expect(preview.payouts.reduce((acc, p) => acc + cents(p.amount), 0)).toBe(cents(preview.total));
      expect(preview.payouts.every((p) => chosen.includes(p.memberId))).toBe(true);
      expectPayoutsCovered(before, preview.payouts);
      expect(await entryCount(w), 'a dry run writes nothing').toBe(count);
      if (!op.real) return;
      const res = await admin.post('/api/bank/distributions', body);
      expect(res.statusCode, res.body).toBe(201);
      const result = res.json<DistributionPreview & { entries: BankEntry[] }>();
      expect({ total: result.total, payouts: result.payouts }).toEqual(preview);
      expect(result.entries.map((e) => [e.type, e.memberId, e.amount])).toEqual(
        preview.payouts.map((p) => ['payout', p.memberId, -p.amount]),
      );
      return;
    }
    case 'shareBasis': {
      const current = (await admin.get('/api/settings')).json<Record<string, unknown>>();
      const res = await admin.put('/api/settings', {
        syndicateName: current.syndicateName,
        defaultBetAmount: current.defaultBetAmount,
        currency: current.currency,
        rotationStrategy: current.rotationStrategy,
        shareBasis: op.basis,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(count).toBe(await entryCount(w));
      return;
    }
  }
}

/** More runs for a deeper search: BANK_PROPERTY_RUNS=200 (then the outcomes are tallied too). */
const RUNS = Number(process.env.BANK_PROPERTY_RUNS ?? 15);
const tally = new Map<string, number>();

describe('bank invariants (property)', () => {
  it(
    'hold after every operation of random sequences',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: 2 }),
          fc.array(opArb, { minLength: 4, maxLength: 12 }),
          async (peers, ops) => {
            const c = await crew(t);
            const memberIds = [c.adminMemberId, c.memberMemberId];
            for (let i = 0; i < peers; i++) memberIds.push((await joinPeer(t, c, `Peer ${i + 1}`)).memberId);
            const w: World = { c, memberIds, bets: new Map() };
            let before = await summary(w);
            for (const [i, op] of ops.entries()) {
              try {
                const written = await entryCount(w);
                await apply(w, op, before);
                const key = `${op.kind} ${(await entryCount(w)) > written ? 'wrote' : 'wrote nothing'}`;
                tally.set(key, (tally.get(key) ?? 0) + 1);
                before = await summary(w);
                await expectInvariants(w, before);
              } catch (error) {
                throw new Error(`after op ${i} ${JSON.stringify(op)}: ${(error as Error).message}`, {
                  cause: error,
                });
              }
            }
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (process.env.BANK_PROPERTY_RUNS)
        console.info(
          [...tally]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n'),
        );
    },
    RUNS * 8_000 + 60_000,
  );
});
