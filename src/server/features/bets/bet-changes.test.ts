// Editing, settling and deleting bets: preserved fields (spec §4), server-side settlement,
// one winner among concurrent settlements, roles, tenancy, unchanged state after bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bet } from '../../../shared/bet';
import { createTestApp, type TestApp } from '../../test/harness';
import { crew, type ErrorBody, listBets, placeBet, singleBet, twoPartBet } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const edit = (overrides: Record<string, unknown> = {}) => ({
  horseName: 'Winx',
  betType: 'place',
  odds: 2.5,
  amount: 40,
  oddsType: 'tote',
  jockey: 'H. Bowman',
  ...overrides,
});

async function getBet(client: Parameters<typeof listBets>[0], id: number): Promise<Bet> {
  const res = await client.get(`/api/bets/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<Bet>();
}

describe('PUT /api/bets/:id', () => {
  it('edits the bet and preserves memberId, raceId, status, date and result whatever is sent', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { trainer: 'C. Waller', barrier: 3 }));
    const res = await c.admin.put(
      `/api/bets/${bet.id}`,
      edit({
        memberId: c.memberMemberId,
        raceId: null,
        status: 'win',
        date: '2000-01-01T00:00:00Z',
        result: 500,
      }),
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json<Bet>();
    expect(edited).toEqual({
      ...bet,
      horseName: 'Winx',
      betType: 'place',
      odds: 2.5,
      amount: 40,
      oddsType: 'tote',
      jockey: 'H. Bowman',
      // Advanced fields are sent only when filled, so an omitted one is cleared.
      trainer: null,
      barrier: null,
    });
    expect(await getBet(c.admin, bet.id)).toEqual(edited);
  });

  it('recomputes the result of a settled bet whose odds or amount change', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 3.25 }));
    await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win' });
    const res = await c.admin.put(`/api/bets/${bet.id}`, edit({ amount: 20, odds: 2.1 }));
    expect(res.json<Bet>()).toMatchObject({ status: 'win', result: 22, amount: 20, odds: 2.1 });
  });

  it('lets a member edit bets placed under their own member, not others’ (403, unchanged)', async () => {
    const c = await crew(t);
    const own = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    expect((await c.member.put(`/api/bets/${own.id}`, edit())).statusCode).toBe(200);

    const admins = await placeBet(c.admin, singleBet(c));
    const refused = await c.member.put(`/api/bets/${admins.id}`, edit());
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe(
      'Only an admin or the member who placed this bet can change it',
    );
    expect(await getBet(c.admin, admins.id)).toEqual(admins);
    // The admin edits anyone's bet.
    expect((await c.admin.put(`/api/bets/${own.id}`, edit({ horseName: 'Admin edit' }))).statusCode).toBe(
      200,
    );
  });

  it.each([
    [{ horseName: '' }, 'Horse name is required'],
    [{ odds: undefined }, 'Odds are required'],
    [{ odds: 0 }, 'Odds must be a positive number'],
    [{ amount: undefined }, 'Amount is required'],
    [{ amount: -1 }, 'Amount must be a positive number'],
    [{ amount: 2.555 }, 'Use at most 2 decimals'],
    [{ betType: 'quinella' }, 'Bet type must be win, place or each-way'],
    [{ barrier: 0 }, 'Barrier must be at least 1'],
  ])('refuses %j with "%s" and changes nothing', async (overrides, message) => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c));
    const res = await c.admin.put(`/api/bets/${bet.id}`, edit(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect(await getBet(c.admin, bet.id)).toEqual(bet);
  });

  it('answers 404 for another syndicate’s bet, a missing and a huge id; theirs is unchanged', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const theirs = await placeBet(other.admin, singleBet(other));
    for (const id of [theirs.id, 2147483647, 1e15]) {
      const res = await c.admin.put(`/api/bets/${id}`, edit());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Bet not found' });
    }
    expect((await c.admin.get(`/api/bets/${theirs.id}`)).statusCode).toBe(404);
    expect(await getBet(other.admin, theirs.id)).toEqual(theirs);
  });
});

describe('PUT /api/bets/:id/status', () => {
  it('settles a win as amount × odds − amount and a loss as −amount, ignoring a client result', async () => {
    const c = await crew(t);
    const a = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 3.25 }));
    const b = await placeBet(c.admin, singleBet(c, { amount: 12.5, odds: 2 }));
    const won = await c.admin.put(`/api/bets/${a.id}/status`, { status: 'win', result: 1_000_000 });
    expect(won.statusCode).toBe(200);
    expect(won.json<Bet>()).toMatchObject({ id: a.id, status: 'win', result: 22.5 });
    const lost = await c.admin.put(`/api/bets/${b.id}/status`, { status: 'loss', result: 50 });
    expect(lost.json<Bet>()).toMatchObject({ status: 'loss', result: -12.5 });
  });

  it('a member settles only a pending bet: their second settlement answers 409 and changes nothing', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    await c.member.put(`/api/bets/${bet.id}/status`, { status: 'loss' });
    const again = await c.member.put(`/api/bets/${bet.id}/status`, { status: 'win' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Bet is already settled' });
    expect(await getBet(c.admin, bet.id)).toMatchObject({ status: 'loss', result: -10 });
  });

  it('lets exactly one of a member’s two concurrent settlements succeed', async () => {
    const c = await crew(t);
    for (let round = 0; round < 5; round++) {
      const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
      const results = await Promise.all([
        c.member.put(`/api/bets/${bet.id}/status`, { status: 'win' }),
        c.member.put(`/api/bets/${bet.id}/status`, { status: 'loss' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json<Bet>();
      expect(await getBet(c.admin, bet.id)).toEqual(winner);
    }
  });

  it('lets an admin re-settle a settled bet or set it back to pending; concurrent ones queue', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { amount: 10, odds: 3.25 }));
    await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'loss' });
    const won = await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win' });
    expect(won.statusCode).toBe(200);
    expect(won.json<Bet>()).toMatchObject({ status: 'win', result: 22.5 });
    const back = await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'pending' });
    expect(back.json<Bet>()).toMatchObject({ status: 'pending', result: null, position: null });
    const results = await Promise.all([
      c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win' }),
      c.admin.put(`/api/bets/${bet.id}/status`, { status: 'loss' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = await getBet(c.admin, bet.id);
    expect([22.5, -10]).toContain(final.result);
  });

  it('settles each part of a two-part bet on its own', async () => {
    const c = await crew(t);
    const res = await c.admin.post('/api/bets', twoPartBet(c));
    const [win, place] = res.json<{ bets: Bet[] }>().bets;
    if (!win || !place) throw new Error('two bets expected');
    await c.admin.put(`/api/bets/${win.id}/status`, { status: 'loss' });
    expect(await getBet(c.admin, place.id)).toMatchObject({ status: 'pending', result: null });
  });

  it('refuses a member settling another member’s bet (403); their own is fine', async () => {
    const c = await crew(t);
    const admins = await placeBet(c.admin, singleBet(c));
    expect((await c.member.put(`/api/bets/${admins.id}/status`, { status: 'win' })).statusCode).toBe(403);
    expect(await getBet(c.admin, admins.id)).toEqual(admins);
    const own = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    expect((await c.member.put(`/api/bets/${own.id}/status`, { status: 'win' })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Status must be win, loss, placed, void or pending'],
    [{ status: 'lost' }, 'Status must be win, loss, placed, void or pending'],
    [{ status: 'placed' }, 'Only an each-way bet can be placed'],
    [{ status: 'win', position: 2 }, 'A horse finishing 2nd settles this bet as loss'],
    [{ status: 'win', position: 0 }, 'Position must be a whole number from 1 to 99'],
    [{ status: 'win', deadHeat: 1.5 }, 'Dead heat must be a whole number from 1 to 20 horses'],
    [{ status: 'win', rule4: 95 }, 'Rule 4 must be a whole number from 5 to 90 cents in the dollar'],
    [{ status: 'win', dividend: -2 }, 'Dividend must be a positive number'],
    [{ status: 'loss', placeDividend: 1.234 }, 'Use at most 2 decimals'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c));
    const res = await c.admin.put(`/api/bets/${bet.id}/status`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect(await getBet(c.admin, bet.id)).toEqual(bet);
  });

  it('answers 404 for another syndicate’s bet and leaves it pending', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const theirs = await placeBet(other.admin, singleBet(other));
    const res = await c.admin.put(`/api/bets/${theirs.id}/status`, { status: 'win' });
    expect(res.statusCode).toBe(404);
    expect(await getBet(other.admin, theirs.id)).toEqual(theirs);
  });
});

describe('DELETE /api/bets/:id', () => {
  it('deletes a bet (204)', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c));
    const keep = await placeBet(c.admin, singleBet(c, { horseName: 'Keeper' }));
    expect((await c.admin.delete(`/api/bets/${bet.id}`)).statusCode).toBe(204);
    expect((await listBets(c.admin)).map((b) => b.id)).toEqual([keep.id]);
    expect((await c.admin.delete(`/api/bets/${bet.id}`)).statusCode).toBe(404);
  });

  it('lets a member delete their own bet but not another member’s (403, kept)', async () => {
    const c = await crew(t);
    const admins = await placeBet(c.admin, singleBet(c));
    expect((await c.member.delete(`/api/bets/${admins.id}`)).statusCode).toBe(403);
    const own = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    expect((await c.member.delete(`/api/bets/${own.id}`)).statusCode).toBe(204);
    expect((await listBets(c.admin)).map((b) => b.id)).toEqual([admins.id]);
  });

  it('answers 404 for another syndicate’s bet and a huge id, 400 for a non-id; nothing is deleted', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const theirs = await placeBet(other.admin, singleBet(other));
    expect((await c.admin.delete(`/api/bets/${theirs.id}`)).statusCode).toBe(404);
    expect((await c.admin.delete('/api/bets/99999999999')).statusCode).toBe(404);
    expect((await c.admin.delete('/api/bets/1.5')).statusCode).toBe(400);
    expect(await listBets(other.admin)).toEqual([theirs]);
  });
});
