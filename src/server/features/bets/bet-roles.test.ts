// Members fabricating money (issue 13, item 5), attacked through the API: bets under another
// member, editing or deleting one's own settled bet, client-sent results, other members' bets,
// other syndicates' bet ids. After every write the stats (kept by a trigger) must still agree
// with the bets, and every settled bet's result must be `settle` of its amount, odds and status.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bet } from '../../../shared/bet';
import { fromCents, settle, toCents, toHundredths } from '../../../shared/money';
import type { SyndicateStats, TopPerformer } from '../../../shared/stats';
import { bets } from '../../db/schema';
import { type Client, createTestApp, type TestApp } from '../../test/harness';
import { crew, joinPeer, listBets, placeBet, singleBet, twoPartBet } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NOT_OWN_MEMBER = 'Members can only add bets under their own member';
const NOT_YOUR_BET = 'Only an admin or the member who placed this bet can change it';
const SETTLED_ADMIN_ONLY = 'Only an admin can change a settled bet';

const edit = (overrides: Record<string, unknown> = {}) => ({
  horseName: 'Phar Lap',
  betType: 'win',
  odds: 3.25,
  amount: 10,
  oddsType: 'fixed',
  ...overrides,
});

/** The result the server must hold: `settle` of the bet's own amount and odds; null while pending. */
function expectedResult(bet: Pick<Bet, 'amount' | 'odds' | 'status'>): number | null {
  if (bet.status === 'pending') return null;
  if (bet.status !== 'win' && bet.status !== 'loss') throw new Error(`unexpected ${bet.status}`);
  return fromCents(settle(toCents(bet.amount), toHundredths(bet.odds), bet.status));
}

async function getBet(client: Client, id: number): Promise<Bet> {
  const res = await client.get(`/api/bets/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<Bet>();
}

/** Stats and rankings agree with a recount of the bets, and every result is the settled one. */
async function expectBooksAgree(client: Client) {
  const all = await listBets(client);
  for (const bet of all) expect(bet.result, `result of bet ${bet.id}`).toBe(expectedResult(bet));
  const settled = all.filter((b) => b.status !== 'pending');
  const cents = (bs: Bet[]) => bs.reduce((sum, b) => sum + toCents(b.result ?? 0), 0);
  const stats = (await client.get('/api/stats/syndicate')).json<SyndicateStats>();
  expect(stats.currentBalance).toBe(fromCents(cents(settled)));
  expect(stats.totalWins).toBe(settled.filter((b) => b.status === 'win').length);
  const top = (await client.get('/api/stats/top-performers?limit=100')).json<TopPerformer[]>();
  const byMember = new Map<number, Bet[]>();
  for (const b of settled) byMember.set(b.memberId, [...(byMember.get(b.memberId) ?? []), b]);
  const expected = [...byMember].map(([id, bs]) => ({
    id,
    earnings: fromCents(cents(bs)),
    wins: bs.filter((b) => b.status === 'win').length,
    bets: bs.length,
  }));
  const kept = top.map((p) => ({ id: p.member.id, earnings: p.earnings, wins: p.wins, bets: p.bets }));
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  expect(kept.sort(byId)).toEqual(expected.sort(byId));
}

describe('members add bets under their own member only', () => {
  it('refuses another member’s id, single or two-part, with 403 {message}; nothing is written', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const peer = await joinPeer(t, c);
    const attempts = [
      singleBet(c, { memberId: c.adminMemberId }),
      twoPartBet(c, { memberId: c.adminMemberId }),
      singleBet(c, { memberId: peer.memberId }),
      twoPartBet(c, { memberId: peer.memberId }),
      // Ids that are not this syndicate's: the same 403, so nothing about them leaks.
      singleBet(c, { memberId: other.adminMemberId }),
      singleBet(c, { memberId: 2147483647 }),
    ];
    for (const body of attempts) {
      const res = await c.member.post('/api/bets', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ message: NOT_OWN_MEMBER });
    }
    const rows = await t.database.db.select().from(bets).where(eq(bets.syndicateId, c.syndicateId));
    expect(rows).toEqual([]);
    expect(await listBets(other.admin)).toEqual([]);
  });

  it('lets a member add under their own member, and an admin under anyone', async () => {
    const c = await crew(t);
    const peer = await joinPeer(t, c);
    const own = await c.member.post('/api/bets', twoPartBet(c, { memberId: c.memberMemberId }));
    expect(own.statusCode).toBe(201);
    expect(own.json<{ bets: Bet[] }>().bets.map((b) => b.memberId)).toEqual([
      c.memberMemberId,
      c.memberMemberId,
    ]);
    for (const memberId of [c.adminMemberId, c.memberMemberId, peer.memberId]) {
      expect((await placeBet(c.admin, singleBet(c, { memberId }))).memberId).toBe(memberId);
    }
  });
});

describe('a settled bet is changed by admins only', () => {
  it('refuses a member editing their own won bet to bigger odds and amount (403); bet and books unchanged', async () => {
    const c = await crew(t);
    const bet = await placeBet(
      c.member,
      singleBet(c, { memberId: c.memberMemberId, amount: 10, odds: 3.25 }),
    );
    const won = await c.member.put(`/api/bets/${bet.id}/status`, { status: 'win' });
    expect(won.statusCode).toBe(200);
    const settled = won.json<Bet>();
    expect(settled.result).toBe(22.5);

    for (const body of [
      edit({ odds: 500, amount: 10000 }),
      edit({ odds: 3.25, amount: 10, result: 999999 }),
      edit({ horseName: 'Renamed' }),
    ]) {
      const res = await c.member.put(`/api/bets/${bet.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ message: SETTLED_ADMIN_ONLY });
    }
    expect(await getBet(c.member, bet.id)).toEqual(settled);
    await expectBooksAgree(c.member);
    const stats = (await c.member.get('/api/stats/syndicate')).json<SyndicateStats>();
    expect(stats.currentBalance).toBe(22.5);
  });

  it('refuses a member deleting their own settled bet (a loss would vanish from the books)', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, amount: 40 }));
    expect((await c.member.put(`/api/bets/${bet.id}/status`, { status: 'loss' })).statusCode).toBe(200);
    const res = await c.member.delete(`/api/bets/${bet.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SETTLED_ADMIN_ONLY });
    expect(await getBet(c.member, bet.id)).toMatchObject({ status: 'loss', result: -40 });
    expect((await c.member.get('/api/stats/syndicate')).json<SyndicateStats>().currentBalance).toBe(-40);
    // An admin may delete it; the books follow.
    expect((await c.admin.delete(`/api/bets/${bet.id}`)).statusCode).toBe(204);
    await expectBooksAgree(c.admin);
  });

  it('still lets a member edit, settle and delete their own pending bets', async () => {
    const c = await crew(t);
    const a = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    const b = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    const edited = await c.member.put(`/api/bets/${a.id}`, edit({ odds: 4, amount: 25 }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Bet>()).toMatchObject({ odds: 4, amount: 25, status: 'pending', result: null });
    const won = await c.member.put(`/api/bets/${a.id}/status`, { status: 'win' });
    expect(won.json<Bet>()).toMatchObject({ status: 'win', result: 75 });
    expect((await c.member.delete(`/api/bets/${b.id}`)).statusCode).toBe(204);
    await expectBooksAgree(c.member);
  });
});

describe('the server computes every result from amount, odds and status', () => {
  it('ignores a client result when settling: the stored cents are settle() of the stake', async () => {
    const c = await crew(t);
    const bet = await placeBet(
      c.member,
      singleBet(c, { memberId: c.memberMemberId, amount: 0.29, odds: 3.1 }),
    );
    const res = await c.member.put(`/api/bets/${bet.id}/status`, { status: 'win', result: 1_000_000 });
    expect(res.json<Bet>().result).toBe(0.61);
    const [row] = await t.database.db
      .select({ resultCents: bets.resultCents })
      .from(bets)
      .where(eq(bets.id, bet.id));
    expect(row).toEqual({ resultCents: 61 });
    await expectBooksAgree(c.admin);
  });

  it('keeps a pending bet pending with no result whatever status or result an edit sends', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    const res = await c.member.put(`/api/bets/${bet.id}`, edit({ status: 'win', result: 5000 }));
    expect(res.statusCode).toBe(200);
    expect(res.json<Bet>()).toMatchObject({ status: 'pending', result: null });
    await expectBooksAgree(c.admin);
  });

  it('recomputes when an admin edits a settled bet’s odds or amount, ignoring a client result', async () => {
    const c = await crew(t);
    const win = await placeBet(
      c.member,
      singleBet(c, { memberId: c.memberMemberId, amount: 10, odds: 3.25 }),
    );
    const loss = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, amount: 15 }));
    await c.member.put(`/api/bets/${win.id}/status`, { status: 'win' });
    await c.member.put(`/api/bets/${loss.id}/status`, { status: 'loss' });
    await expectBooksAgree(c.admin);

    const a = await c.admin.put(`/api/bets/${win.id}`, edit({ amount: 20, odds: 2.1, result: 1 }));
    expect(a.statusCode).toBe(200);
    expect(a.json<Bet>()).toMatchObject({ status: 'win', amount: 20, odds: 2.1, result: 22 });
    await expectBooksAgree(c.admin);

    const b = await c.admin.put(`/api/bets/${loss.id}`, edit({ amount: 7.5, result: 100 }));
    expect(b.json<Bet>()).toMatchObject({ status: 'loss', amount: 7.5, result: -7.5 });
    await expectBooksAgree(c.admin);
    expect((await c.admin.get('/api/stats/syndicate')).json<SyndicateStats>().currentBalance).toBe(14.5);
  });

  it('repairs a stored result that disagrees with the stake on any admin edit', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 3.25 }));
    await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win' });
    // A row written behind the app's back (an old import, a hand-made fix) with a wrong result.
    await t.database.db.update(bets).set({ resultCents: 99_999_00 }).where(eq(bets.id, bet.id));
    const res = await c.admin.put(`/api/bets/${bet.id}`, edit({ horseName: 'Renamed only' }));
    expect(res.statusCode).toBe(200);
    expect(res.json<Bet>()).toMatchObject({ horseName: 'Renamed only', status: 'win', result: 22.5 });
    await expectBooksAgree(c.admin);
  });
});

describe('members change only their own bets', () => {
  it('refuses settling, editing and deleting the admin’s or a peer’s bet (403, unchanged); an admin may', async () => {
    const c = await crew(t);
    const peer = await joinPeer(t, c);
    const admins = await placeBet(c.admin, singleBet(c));
    const peers = await placeBet(peer.client, singleBet(c, { memberId: peer.memberId }));
    for (const bet of [admins, peers]) {
      const attempts = [
        await c.member.put(`/api/bets/${bet.id}/status`, { status: 'win' }),
        await c.member.put(`/api/bets/${bet.id}`, edit({ odds: 99 })),
        await c.member.delete(`/api/bets/${bet.id}`),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: NOT_YOUR_BET });
      }
      expect(await getBet(c.admin, bet.id)).toEqual(bet);
    }
    await expectBooksAgree(c.admin);

    expect((await c.admin.put(`/api/bets/${peers.id}/status`, { status: 'win' })).statusCode).toBe(200);
    expect((await c.admin.put(`/api/bets/${peers.id}`, edit({ odds: 5 }))).json<Bet>()).toMatchObject({
      memberId: peer.memberId,
      result: 40,
    });
    await expectBooksAgree(c.admin);
    expect((await c.admin.delete(`/api/bets/${peers.id}`)).statusCode).toBe(204);
    await expectBooksAgree(c.admin);
  });

  it('never moves a bet to another member through an edit (memberId is kept, spec §4)', async () => {
    const c = await crew(t);
    const own = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    const res = await c.member.put(`/api/bets/${own.id}`, edit({ memberId: c.adminMemberId }));
    expect(res.statusCode).toBe(200);
    expect(res.json<Bet>().memberId).toBe(c.memberMemberId);
    // Nor by the admin's edit: a bet stays under the member who placed it.
    const byAdmin = await c.admin.put(`/api/bets/${own.id}`, edit({ memberId: c.adminMemberId }));
    expect(byAdmin.json<Bet>().memberId).toBe(c.memberMemberId);
  });
});

describe('another syndicate’s bet', () => {
  it('answers 404 on every bet route, to a member as to an admin, before any role check', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const pending = await placeBet(other.member, singleBet(other, { memberId: other.memberMemberId }));
    const settled = await placeBet(other.admin, singleBet(other));
    await other.admin.put(`/api/bets/${settled.id}/status`, { status: 'win' });
    const before = await listBets(other.admin);
    for (const client of [c.member, c.admin]) {
      for (const bet of [pending, settled]) {
        const answers = [
          await client.get(`/api/bets/${bet.id}`),
          await client.put(`/api/bets/${bet.id}`, edit()),
          await client.put(`/api/bets/${bet.id}/status`, { status: 'loss' }),
          await client.delete(`/api/bets/${bet.id}`),
        ];
        for (const res of answers) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: 'Bet not found' });
        }
      }
    }
    expect(await listBets(other.admin)).toEqual(before);
    await expectBooksAgree(other.admin);
  });
});
