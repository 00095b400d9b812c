// GET /api/insights/share: the week or month so far as plain text, checked line by line against
// bets placed around a fixed clock (Wednesday 20 March 2030, UTC).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from '../../../shared/insights';
import { createTestApp, type TestApp } from '../../test/harness';
import { crew, placeBet, singleBet } from '../bets/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2030-03-20T12:00:00Z');
});
afterAll(async () => t.close());

describe('periodStart', () => {
  it('is the Monday of the week, or the first of the month', () => {
    expect(periodStart('2030-03-20', 'week')).toBe('2030-03-18');
    expect(periodStart('2030-03-18', 'week')).toBe('2030-03-18');
    expect(periodStart('2030-03-24', 'week')).toBe('2030-03-18');
    expect(periodStart('2030-03-03', 'week')).toBe('2030-02-25');
    expect(periodStart('2030-03-20', 'month')).toBe('2030-03-01');
  });
});

describe('GET /api/insights/share', () => {
  it("sums up the week and the month: bets, profit, best winner, top punter, who's next, the bank", async () => {
    const c = await crew(t);
    const syndicate = (await c.admin.get('/api/settings')).json<{ syndicateName: string }>().syndicateName;
    const settle = async (id: number, status: string) =>
      expect((await c.admin.put(`/api/bets/${id}/status`, { status })).statusCode).toBe(200);
    const monday = await placeBet(
      c.admin,
      singleBet(c, { horseName: 'Winx', odds: 3, amount: 10, date: '2030-03-18T03:00:00Z' }),
    );
    await settle(monday.id, 'win');
    const tuesday = await placeBet(
      c.member,
      singleBet(c, {
        memberId: c.memberMemberId,
        horseName: 'Slow Joe',
        odds: 4,
        amount: 5,
        date: '2030-03-19T03:00:00Z',
      }),
    );
    await settle(tuesday.id, 'loss');
    const lastWeek = await placeBet(
      c.member,
      singleBet(c, {
        memberId: c.memberMemberId,
        horseName: 'Black Caviar',
        odds: 11,
        amount: 10,
        date: '2030-03-16T03:00:00Z',
      }),
    );
    await settle(lastWeek.id, 'win');
    const balance = (await c.admin.get('/api/bank')).json<{ balance: number }>().balance;
    const next = (await c.admin.get('/api/next-bet')).json<{ member: { name: string } }>();

    const week = await c.member.get('/api/insights/share');
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json<{ text: string }>().text.split('\n')).toEqual([
      `${syndicate} — this week (18 Mar to 20 Mar)`,
      '2 bets, 2 settled: profit +$15.00 (ROI 100%)',
      'Best winner: Winx +$20.00 (Alice Admin)',
      'Top punter: Alice Admin +$20.00',
      `Next to bet: ${next.member.name}`,
      `Bank balance: $${balance.toFixed(2)}`,
    ]);

    const month = (await c.admin.get('/api/insights/share?period=month')).json<{ text: string }>().text;
    expect(month.split('\n').slice(0, 4)).toEqual([
      `${syndicate} — this month (1 Mar to 20 Mar)`,
      '3 bets, 3 settled: profit +$115.00 (ROI 460%)',
      'Best winner: Black Caviar +$100.00 (Mia Member)',
      'Top punter: Mia Member +$95.00',
    ]);
  });

  it('says so when there are no bets, and refuses another period', async () => {
    const c = await crew(t);
    const text = (await c.admin.get('/api/insights/share')).json<{ text: string }>().text;
    expect(text.split('\n')[1]).toBe('No bets yet this week.');
    expect(text).not.toContain('Best winner');
    const bad = await c.admin.get('/api/insights/share?period=year');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('period must be week or month');
  });
});
