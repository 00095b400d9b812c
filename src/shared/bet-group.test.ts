import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetStatus } from './bet';
import { groupBets, groupResult, groupStatus } from './bet-group';
import { type Cents, fromCents, type Hundredths, settle, toCents, toHundredths } from './money';

type B = { id: number; betGroupId: string | null; status: BetStatus; result: number | null };
const bet = (id: number, status: BetStatus, result: number | null, betGroupId: string | null = 'g'): B => ({
  id,
  betGroupId,
  status,
  result,
});

describe('group status', () => {
  it('is win when all parts win', () => {
    expect(groupStatus([bet(1, 'win', 5), bet(2, 'win', 1)])).toBe('win');
  });
  it('is loss when all parts lose', () => {
    expect(groupStatus([bet(1, 'loss', -5), bet(2, 'loss', -5)])).toBe('loss');
  });
  it('is pending when any part is pending, even beside a win and a loss', () => {
    expect(groupStatus([bet(1, 'win', 5), bet(2, 'pending', null)])).toBe('pending');
    expect(groupStatus([bet(1, 'win', 5), bet(2, 'loss', -5), bet(3, 'pending', null)])).toBe('pending');
  });
  it('is mixed when settled parts disagree', () => {
    expect(groupStatus([bet(1, 'win', 5), bet(2, 'loss', -5)])).toBe('mixed');
  });
  it('counts a placed part as a win and ignores void parts', () => {
    expect(groupStatus([bet(1, 'placed', 0), bet(2, 'win', 5)])).toBe('win');
    expect(groupStatus([bet(1, 'void', 0), bet(2, 'loss', -5)])).toBe('loss');
    expect(groupStatus([bet(1, 'void', 0), bet(2, 'placed', 2)])).toBe('win');
    expect(groupStatus([bet(1, 'void', 0), bet(2, 'void', 0)])).toBe('void');
    expect(groupStatus([bet(1, 'void', 0), bet(2, 'pending', null)])).toBe('pending');
    expect(groupStatus([bet(1, 'placed', 0), bet(2, 'loss', -5)])).toBe('mixed');
    expect(groupResult([bet(1, 'void', 0), bet(2, 'placed', 2.5)])).toBe(2.5);
  });
  it('treats an empty group as pending', () => {
    expect(groupStatus([])).toBe('pending');
  });
});

describe('group result', () => {
  it('is the sum of the results once nothing is pending', () => {
    // Win $10 at 4.50 (+35) and place $20 at 1.80 lost (−20): +15.
    expect(groupResult([bet(1, 'win', 35), bet(2, 'loss', -20)])).toBe(15);
  });
  it('is null (shown as Pending) while any part is pending', () => {
    expect(groupResult([bet(1, 'win', 35), bet(2, 'pending', null)])).toBeNull();
  });
  it('adds in cents, so 0.1 + 0.2 is exactly 0.3', () => {
    expect(groupResult([bet(1, 'win', 0.1), bet(2, 'win', 0.2)])).toBe(0.3);
  });

  it('property: a settled group’s result is exactly the sum of its parts’ settlements, in cents', () => {
    const part = fc.record({
      amount: fc.integer({ min: 1, max: 100_000_000 }),
      odds: fc.integer({ min: 101, max: 1_000_000 }),
      outcome: fc.constantFrom('win' as const, 'loss' as const),
    });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => {
        const cents = parts.map((p) => settle(p.amount as Cents, p.odds as Hundredths, p.outcome));
        const group = parts.map((p, i) => bet(i, p.outcome, fromCents(cents[i] ?? 0)));
        const total = cents.reduce((sum, c) => sum + c, 0);
        expect(groupResult(group)).toBe(fromCents(total));
        expect(toCents(groupResult(group) ?? Number.NaN)).toBe(total);
      }),
    );
  });

  it('property: any pending part makes the result null', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<BetStatus>('win', 'loss', 'pending'), { minLength: 1, maxLength: 5 }),
        (statuses) => {
          const group = statuses.map((s, i) => bet(i, s, s === 'pending' ? null : s === 'win' ? 1 : -1));
          expect(groupResult(group) === null).toBe(statuses.includes('pending'));
        },
      ),
    );
  });
});

describe('grouping the bets list', () => {
  it('folds bets sharing a betGroupId into one row at the first one’s place; others stay single', () => {
    const rows = groupBets([
      bet(5, 'pending', null, null),
      bet(4, 'win', 35, 'a'),
      bet(3, 'pending', null, 'b'),
      bet(2, 'loss', -20, 'a'),
      bet(1, 'pending', null, null),
    ]);
    expect(rows.map((r) => (r.kind === 'single' ? r.bet.id : r.bets.map((b) => b.id)))).toEqual([
      5,
      [4, 2],
      3,
      1,
    ]);
    expect(rows[1]).toMatchObject({ kind: 'group', betGroupId: 'a', status: 'mixed', result: 15 });
  });

  it('shows a pending group with result null', () => {
    const [row] = groupBets([bet(1, 'win', 35, 'g'), bet(2, 'pending', null, 'g')]);
    expect(row).toMatchObject({ kind: 'group', status: 'pending', result: null });
  });

  it('property: every bet appears exactly once, and the order of first appearances is kept', () => {
    const arb = fc.array(
      fc.record({
        betGroupId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
        status: fc.constantFrom<BetStatus>('win', 'loss', 'pending'),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const list = specs.map((s, id) => ({ id, ...s, result: s.status === 'pending' ? null : 1 }));
        const rows = groupBets(list);
        const ids = rows.flatMap((r) => (r.kind === 'single' ? [r.bet.id] : r.bets.map((b) => b.id)));
        expect([...ids].sort((x, y) => x - y)).toEqual(list.map((b) => b.id));
        const firsts = rows.map((r) => (r.kind === 'single' ? r.bet.id : (r.bets[0]?.id ?? -1)));
        expect(firsts).toEqual([...firsts].sort((x, y) => x - y));
        for (const r of rows) if (r.kind === 'group') expect(r.bets.length).toBeGreaterThan(1);
      }),
    );
  });

  it('uses the money helpers the server uses (settled results are whole cents)', () => {
    const win = settle(toCents(10), toHundredths(4.5), 'win');
    const loss = settle(toCents(20), toHundredths(1.8), 'loss');
    expect(groupResult([bet(1, 'win', fromCents(win)), bet(2, 'loss', fromCents(loss))])).toBe(15);
  });
});
