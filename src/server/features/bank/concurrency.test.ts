// Concurrent writes that lock rows in different orders (found by probing with bursts of writes,
// 2026-12-02): a member deactivated while their bets are added and settled and money is paid to
// them, and a race's result while bets of another race settle. PostgreSQL broke the deadlocks by
// aborting one transaction, which answered 500; the transaction is now run again
// (db/client.ts retryTransientConflicts). No 5xx, and the books still add up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankSummary, EntriesPage } from '../../../shared/bank';
import type { Bet } from '../../../shared/bet';
import { createTestApp, type TestApp } from '../../test/harness';
import { crew, placeBet, singleBet } from '../bets/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  // The server's own pool size: with the suite's usual 5 the writes queue for a connection instead.
  t = await createTestApp({}, { poolMax: 20 });
});
afterAll(async () => t.close());

const ROUNDS = 8;

describe('bursts of writes in one syndicate', () => {
  it('deactivating a member while their bets and money move, and race results beside other settlements: no 5xx', async () => {
    const c = await crew(t);
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const added = await c.admin.post('/api/members', {
        name: `Burst Member ${round}`,
        email: `burst-${round}-${c.syndicateId}@example.test`,
        role: 'member',
        isActive: true,
      });
      expect(added.statusCode, added.body).toBe(201);
      const memberId = added.json<{ id: number }>().id;
      const money = { memberId, amount: 100, date: '2030-03-01' };
      expect((await c.admin.post('/api/bank/contributions', money)).statusCode).toBe(201);
      const race = await c.admin.post('/api/races', {
        name: `Burst Race ${round}`,
        venue: 'Rosehill',
        date: '2030-03-22T06:00:00.000Z',
      });
      const raceId = race.json<{ id: number }>().id;
      const day = (d: number) => `2030-02-0${d}T10:00:00.000Z`;
      const own: Bet[] = [];
      for (let k = 1; k <= 4; k++)
        own.push(
          await placeBet(c.admin, singleBet(c, { memberId, raceId, horseName: `H${k}`, date: day(k) })),
        );
      const other = await placeBet(
        c.admin,
        singleBet(c, { memberId: c.memberMemberId, horseName: 'Other', date: day(2) }),
      );
      await c.admin.put(`/api/bets/${own[3]!.id}/status`, { status: 'win' });
      const answers = await Promise.all([
        round % 2
          ? c.admin.delete(`/api/members/${memberId}`)
          : c.admin.put(`/api/members/${memberId}`, { isActive: false }),
        c.admin.put(`/api/bets/${own[0]!.id}/status`, { status: 'win' }),
        c.admin.put(`/api/bets/${own[1]!.id}/status`, { status: 'loss' }),
        c.admin.put(`/api/bets/${own[3]!.id}/status`, { status: 'pending' }),
        c.admin.post('/api/bank/payouts', { ...money, amount: 5 }),
        c.admin.post('/api/bank/contributions', { ...money, amount: 5 }),
        c.admin.post(
          '/api/bets',
          singleBet(c, { memberId, raceId: null, horseName: 'NV', status: 'win', date: day(3) }),
        ),
        c.admin.post('/api/bets', singleBet(c, { memberId, raceId, horseName: 'NP', date: day(4) })),
        c.admin.put(`/api/bets/${other.id}/status`, { status: 'win' }),
        c.admin.post('/api/bank/distributions', { amount: 3 }),
        c.admin.post(`/api/races/${raceId}/result`, { finishers: [{ position: 1, horseName: 'H2' }] }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);

    // The books: the bank's betting result is the settled bets' results, and its balance the ledger's sum.
    const bets = (await c.admin.get('/api/bets')).json<Bet[]>();
    const bank = (await c.admin.get('/api/bank')).json<BankSummary>();
    expect(bank.bettingResult).toBeCloseTo(
      bets.reduce((sum, b) => sum + (b.result ?? 0), 0),
      2,
    );
    let total = 0;
    let cursor: string | null = null;
    do {
      const page: EntriesPage = (
        await c.admin.get(`/api/bank/entries?limit=200${cursor ? `&cursor=${cursor}` : ''}`)
      ).json<EntriesPage>();
      total += page.entries.reduce((sum, e) => sum + e.amount, 0);
      cursor = page.nextCursor;
    } while (cursor);
    expect(bank.balance).toBeCloseTo(total, 2);
  });
});
