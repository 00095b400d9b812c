// Bookmaker settlement (docs/settlement.md): worked examples for each rule, then properties over
// random stakes, odds, terms and dead heats, checked against exact BigInt arithmetic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cents, type Hundredths, settle } from './money';
import {
  defaultPlaceTerms,
  isHandicap,
  ordinal,
  type PlaceTerms,
  runnersCount,
  type SettleableBet,
  type SettlementInput,
  settleBet,
  statusForPosition,
  tiedPlacesWithin,
  WIN_ONLY,
} from './settlement';

function settled(bet: SettleableBet, input: SettlementInput, terms?: PlaceTerms) {
  const out = settleBet(bet, input, terms);
  if (!out.ok) throw new Error(out.message);
  return out.settlement;
}
const win = (amount: number, odds: number, extra: Partial<SettleableBet> = {}): SettleableBet => ({
  betType: 'win',
  oddsType: 'fixed',
  amount,
  odds,
  ...extra,
});
const eachWay = (amount: number, odds: number, extra: Partial<SettleableBet> = {}): SettleableBet => ({
  ...win(amount, odds, extra),
  betType: 'each-way',
  placeTerms: extra.placeTerms ?? { places: 3, divisor: 4 },
});

describe('default place terms (UK rules)', () => {
  it.each([
    [1, false, WIN_ONLY],
    [4, false, WIN_ONLY],
    [5, false, { places: 2, divisor: 4 }],
    [7, true, { places: 2, divisor: 4 }],
    [8, false, { places: 3, divisor: 5 }],
    [11, true, { places: 3, divisor: 5 }],
    [12, false, { places: 3, divisor: 5 }],
    [12, true, { places: 3, divisor: 4 }],
    [15, true, { places: 3, divisor: 4 }],
    [16, true, { places: 4, divisor: 4 }],
    [24, false, { places: 3, divisor: 5 }],
    [null, false, { places: 3, divisor: 5 }],
  ])('%s runners, handicap %s', (runners, handicap, expected) => {
    expect(defaultPlaceTerms(runners, handicap)).toEqual(expected);
  });

  it('recognises handicaps and counts runners', () => {
    expect(isHandicap('BM68 Hcp')).toBe(true);
    expect(isHandicap(null, 'Melbourne Cup Handicap')).toBe(true);
    expect(isHandicap('Maiden', 'Chapeau')).toBe(false);
    expect(runnersCount({ runners: [1, 2, 3], customFields: { runners: '12' } })).toBe(3);
    expect(runnersCount({ runners: [], customFields: { runners: ' 12 ' } })).toBe(12);
    expect(runnersCount({ customFields: { runners: 'twelve' } })).toBeNull();
    expect(runnersCount({})).toBeNull();
  });
});

describe('worked examples', () => {
  it('a win bet: the mark buttons keep the spec’s rule', () => {
    expect(settled(win(1000, 325), { status: 'win' })).toMatchObject({
      status: 'win',
      result: 2250,
      returned: 3250,
    });
    expect(settled(win(1000, 325), { status: 'loss' })).toMatchObject({
      status: 'loss',
      result: -1000,
      returned: 0,
    });
    expect(settled(win(1000, 325), { status: 'win', position: 1 }).result).toBe(2250);
    expect(settled(win(1000, 325), { status: 'loss', position: 2 }).result).toBe(-1000);
  });

  it('an each-way winner: $5 at 5.00 to win and $5 at 1 + 4/4 = 2.00 to place', () => {
    const s = settled(eachWay(1000, 500), { status: 'win', position: 1 });
    expect(s.status).toBe('win');
    expect(s.parts).toEqual([
      { part: 'win', stake: 500, odds: 5, share: 1, returns: 2500 },
      { part: 'place', stake: 500, odds: 2, share: 1, returns: 1000 },
    ]);
    expect(s.returned).toBe(3500);
    expect(s.result).toBe(2500);
  });

  it('the worked example of docs/settlement.md', () => {
    const bet = eachWay(1000, 500);
    const row = (input: SettlementInput) => {
      const s = settled(bet, input);
      return [s.returned, s.result, s.status];
    };
    expect(row({ status: 'win', position: 1 })).toEqual([3500, 2500, 'win']);
    expect(row({ status: 'placed', position: 3 })).toEqual([1000, 0, 'placed']);
    expect(row({ status: 'loss', position: 4 })).toEqual([0, -1000, 'loss']);
    expect(row({ status: 'win', position: 1, deadHeat: 2 })).toEqual([2250, 1250, 'win']);
    expect(row({ status: 'placed', position: 3, deadHeat: 3 })).toEqual([333, -667, 'placed']);
    expect(row({ status: 'win', position: 1, rule4: 10 })).toEqual([3250, 2250, 'win']);
    expect(row({ status: 'void' })).toEqual([1000, 0, 'void']);
  });

  it('an each-way bet placed second: the win half lost, the place half paid', () => {
    const s = settled(eachWay(1000, 500), { status: 'placed', position: 2 });
    expect(s).toMatchObject({ status: 'placed', returned: 1000, result: 0 });
    expect(settled(eachWay(1000, 500), { status: 'placed' }).result).toBe(0);
    expect(
      settled(eachWay(1000, 900, { placeTerms: { places: 3, divisor: 5 } }), {
        status: 'placed',
        position: 3,
      }).result,
    ).toBe(
      // 5 × (1 + 8/5) = 13.00 back on a 10.00 stake
      300,
    );
  });

  it('an each-way bet with its own fixed place price', () => {
    const s = settled(eachWay(2000, 700, { placeOdds: 210 }), { status: 'placed', position: 2 });
    expect(s.returned).toBe(2100);
    expect(s.result).toBe(100);
  });

  it('an each-way bet under win-only terms is all on the win', () => {
    const bet = eachWay(1000, 400, { placeTerms: WIN_ONLY });
    expect(settled(bet, { status: 'win', position: 1 }).result).toBe(
      settle(1000 as Cents, 400 as Hundredths, 'win'),
    );
    expect(settled(bet, { status: 'loss', position: 2 }).result).toBe(-1000);
  });

  it('a place bet pays its own (place) odds within the places', () => {
    const bet: SettleableBet = { ...win(1000, 180), betType: 'place', placeTerms: { places: 3, divisor: 5 } };
    expect(settled(bet, { status: 'win', position: 3 })).toMatchObject({ status: 'win', result: 800 });
    expect(settled(bet, { status: 'loss', position: 4 }).result).toBe(-1000);
    expect(settled(bet, { status: 'win' }).result).toBe(800);
  });

  it('tote bets pay the declared dividends, not the estimate', () => {
    const bet = win(1000, 400, { oddsType: 'tote' });
    expect(settled(bet, { status: 'win', dividend: 470 }).result).toBe(3700);
    expect(settled(bet, { status: 'win' }).result).toBe(3000);
    const ew = eachWay(1000, 400, { oddsType: 'tote' });
    expect(settled(ew, { status: 'win', position: 1, dividend: 470, placeDividend: 160 }).returned).toBe(
      2350 + 800,
    );
    const place: SettleableBet = { ...bet, betType: 'place', placeTerms: { places: 3, divisor: 4 } };
    expect(settled(place, { status: 'win', position: 2, placeDividend: 230, dividend: 999 }).result).toBe(
      1300,
    );
  });

  it('a dead heat for first between two halves the stake', () => {
    const s = settled(win(1000, 600), { status: 'win', position: 1, deadHeat: 2 });
    expect(s.returned).toBe(3000);
    expect(s.result).toBe(2000);
    expect(settled(win(1000, 600), { status: 'win', deadHeat: 2 }).result).toBe(2000);
  });

  it('a dead heat for the last paid place pays the tied places within the terms', () => {
    // Three tie for 3rd with 3 places paid: places 3, 4 and 5, one of which is paid → a third of the stake.
    const bet: SettleableBet = { ...win(900, 400), betType: 'place', placeTerms: { places: 3, divisor: 5 } };
    expect(settled(bet, { status: 'win', position: 3, deadHeat: 3 })).toMatchObject({
      returned: 1200,
      result: 300,
    });
    expect(tiedPlacesWithin(3, 3, 3)).toBe(1);
    expect(tiedPlacesWithin(2, 2, 3)).toBe(2);
    expect(tiedPlacesWithin(4, 2, 3)).toBe(0);
  });

  it('a tote dividend already shares the pool among dead-heaters: it is paid in full', () => {
    // $10 on the tote, a dead heat for first, the win dividend declared 3.40: $34.00 back.
    const bet = win(1000, 500, { oddsType: 'tote' });
    expect(settled(bet, { status: 'win', position: 1, deadHeat: 2, dividend: 340 }).result).toBe(2400);
    // Without a declared dividend the estimate is settled as fixed odds are: the stake is shared.
    expect(settled(bet, { status: 'win', position: 1, deadHeat: 2 }).result).toBe(1500);
    // Each-way, three dead-heat for first: win 2.20 and place 1.50 declared → 5 × 2.20 + 5 × 1.50.
    const ew = eachWay(1000, 500, { oddsType: 'tote' });
    expect(
      settled(ew, { status: 'win', position: 1, deadHeat: 3, dividend: 220, placeDividend: 150 }).result,
    ).toBe(850);
    // A tie for the last place paid: each tied horse gets the place dividend declared for it.
    expect(settled(ew, { status: 'placed', position: 3, deadHeat: 2, placeDividend: 180 }).result).toBe(-100);
    // A tie wholly outside the places is still lost.
    expect(settled(ew, { status: 'loss', position: 4, deadHeat: 2, placeDividend: 180 }).result).toBe(-1000);
  });

  it('Rule 4 only reduces winnings: odds below evens are not paid more for it', () => {
    // The spec accepts any positive odds; at 0.50 a "win" returns half the stake, Rule 4 or not.
    expect(settled(win(1000, 50), { status: 'win', rule4: 50 }).result).toBe(-500);
    expect(settled(win(1000, 50), { status: 'win' }).result).toBe(-500);
  });

  it('a non-runner is void: the stake comes back', () => {
    expect(settled(eachWay(1000, 900), { status: 'void' })).toMatchObject({
      status: 'void',
      result: 0,
      returned: 1000,
    });
  });

  it('Rule 4 comes off the winnings of fixed-odds bets only', () => {
    // 10.00 at 5.00 wins 40.00; 25c in the dollar leaves 30.00.
    expect(settled(win(1000, 500), { status: 'win', rule4: 25 }).result).toBe(3000);
    expect(settled(win(1000, 500, { oddsType: 'tote' }), { status: 'win', rule4: 25 }).result).toBe(4000);
    expect(settled(win(1000, 500), { status: 'loss', rule4: 25 }).result).toBe(-1000);
    // Each part's winnings are reduced; stakes are not.
    expect(settled(eachWay(1000, 500), { status: 'win', position: 1, rule4: 10 }).returned).toBe(
      500 + 1800 + 500 + 450,
    );
  });

  it('rounds once: halves of odd cents and place fractions do not round on their own', () => {
    // 0.03 each-way at 3.50 (1/4): win half 0.015 × 3.50 = 0.0525, place half 0.015 × 1.625 = 0.024375;
    // 0.076875 rounds to 0.08 (rounding each part first would give 0.05 + 0.02 = 0.07).
    const s = settled(eachWay(3, 350, { placeTerms: { places: 3, divisor: 4 } }), {
      status: 'win',
      position: 1,
    });
    expect(s.parts.map((p) => p.returns)).toEqual([5.25, 2.4375]);
    expect(s.returned).toBe(8);
  });

  it('refuses a contradiction', () => {
    expect(settleBet(win(1000, 300), { status: 'win', position: 2 })).toEqual({
      ok: false,
      message: 'A horse finishing 2nd settles this bet as loss',
    });
    expect(settleBet(win(1000, 300), { status: 'placed' })).toEqual({
      ok: false,
      message: 'Only an each-way bet can be placed',
    });
    expect(settleBet(eachWay(1000, 300), { status: 'placed', deadHeat: 2 }).ok).toBe(false);
    // Win-only terms have no place to be placed in (found by probing: it paid the place half at the
    // full odds), whether the bet's own or the race's default for a field under 5.
    const winOnly = 'These place terms pay a winner only, so this bet cannot be placed';
    expect(
      settleBet(eachWay(1000, 500, { placeTerms: { places: 1, divisor: 1 } }), { status: 'placed' }),
    ).toEqual({ ok: false, message: winOnly });
    expect(
      settleBet({ ...eachWay(1000, 500), placeTerms: null }, { status: 'placed' }, { places: 1, divisor: 1 }),
    ).toEqual({ ok: false, message: winOnly });
    expect(
      settleBet(eachWay(1000, 500, { placeTerms: { places: 2, divisor: 4 } }), { status: 'placed' }).ok,
    ).toBe(true);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal).join(' ')).toBe(
      '1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th',
    );
  });

  it('tells the status a position gives', () => {
    const ew = eachWay(1000, 500);
    expect([1, 2, 3, 4].map((p) => statusForPosition(ew, p, null))).toEqual([
      'win',
      'placed',
      'placed',
      'loss',
    ]);
    expect(statusForPosition(win(100, 200), 1, 2)).toBe('win');
    expect(statusForPosition(win(100, 200), null, null)).toBe('loss');
  });
});

// ---- properties --------------------------------------------------------------------------------

const amountArb = fc.integer({ min: 1, max: 100_000_000 });
const oddsArb = fc.oneof(fc.integer({ min: 101, max: 1_000_000 }), fc.integer({ min: 1, max: 2_000 }));
const termsArb = fc.record({
  places: fc.integer({ min: 1, max: 8 }),
  divisor: fc.integer({ min: 1, max: 6 }),
});
const oddsTypeArb = fc.constantFrom('fixed' as const, 'tote' as const);
const betArb: fc.Arbitrary<SettleableBet> = fc.record({
  betType: fc.constantFrom('win' as const, 'place' as const, 'each-way' as const),
  oddsType: oddsTypeArb,
  amount: amountArb,
  odds: oddsArb,
  placeTerms: fc.option(termsArb, { nil: null }),
  placeOdds: fc.option(fc.integer({ min: 101, max: 100_000 }), { nil: null }),
});
const inputArb = (bet: SettleableBet) =>
  fc
    .record({
      position: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      deadHeat: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      dividend: fc.option(fc.integer({ min: 100, max: 100_000 }), { nil: null }),
      placeDividend: fc.option(fc.integer({ min: 100, max: 10_000 }), { nil: null }),
      rule4: fc.option(fc.integer({ min: 5, max: 90 }), { nil: null }),
    })
    .map((input) => ({
      ...input,
      // The status the position gives (or any status without a position).
      status:
        input.position === null ? ('loss' as const) : statusForPosition(bet, input.position, input.deadHeat),
    }));

describe('properties', () => {
  it('plain win and loss equal money.ts settle', () => {
    fc.assert(
      fc.property(
        amountArb,
        oddsArb,
        fc.constantFrom('win' as const, 'loss' as const),
        (amount, odds, outcome) => {
          const s = settled(win(amount, odds), { status: outcome });
          expect(s.result).toBe(settle(amount as Cents, odds as Hundredths, outcome));
        },
      ),
    );
  });

  it('a dead heat of k on the win returns the full win return ÷ k (rounded once)', () => {
    fc.assert(
      fc.property(amountArb, oddsArb, fc.integer({ min: 1, max: 20 }), (amount, odds, k) => {
        const s = settled(win(amount, odds), { status: 'win', position: 1, deadHeat: k });
        const exact = BigInt(amount) * BigInt(odds); // full return × 100
        const den = 100n * BigInt(k);
        expect(s.returned).toBe(Number((2n * exact + den) / (2n * den)));
      }),
    );
  });

  it('an each-way winner returns the win part plus the place part', () => {
    fc.assert(
      fc.property(amountArb, oddsArb, termsArb, (amount, odds, terms) => {
        const bet = eachWay(amount, odds, { placeTerms: terms });
        const s = settled(bet, { status: 'win', position: 1 });
        // Exact: amount/2 × odds/100 + amount/2 × (100·d + odds − 100)/(100·d), over 200·d.
        const d = BigInt(terms.divisor);
        const num = BigInt(amount) * BigInt(odds) * d + BigInt(amount) * (100n * d + BigInt(odds) - 100n);
        const den = 200n * d;
        expect(s.returned).toBe(Number((2n * num + den) / (2n * den)));
        expect(s.parts.map((p) => p.part)).toEqual(['win', 'place']);
        expect(Math.abs(s.parts[0]!.returns + s.parts[1]!.returns - s.returned)).toBeLessThanOrEqual(
          0.5 + 1e-6,
        );
      }),
    );
  });

  it('void returns exactly the stake, whatever else is entered', () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 1, max: 20 }), (bet, position) => {
        const s = settled(bet, { status: 'void', position, rule4: 50, dividend: 900 });
        expect(s.result).toBe(0);
        expect(s.returned).toBe(bet.amount);
      }),
    );
  });

  it('results are whole cents, never worse than losing the stake, and settling twice agrees', () => {
    fc.assert(
      fc.property(
        betArb.chain((bet) => fc.tuple(fc.constant(bet), inputArb(bet))),
        ([bet, input]) => {
          const first = settleBet(bet, input);
          const again = settleBet({ ...bet }, { ...input });
          expect(again).toEqual(first);
          if (!first.ok) return;
          const s = first.settlement;
          expect(Number.isSafeInteger(s.result)).toBe(true);
          expect(Number.isSafeInteger(s.returned)).toBe(true);
          expect(s.result).toBeGreaterThanOrEqual(-bet.amount);
          expect(s.returned - bet.amount).toBe(s.result);
          if (s.status === 'loss') expect(s.result).toBe(-bet.amount);
        },
      ),
    );
  });

  it('Rule 4 never touches the stake: a deduction only lowers the winnings', () => {
    fc.assert(
      fc.property(
        amountArb,
        fc.integer({ min: 101, max: 100_000 }),
        fc.integer({ min: 5, max: 90 }),
        (amount, odds, d) => {
          const plain = settled(win(amount, odds), { status: 'win' });
          const ruled = settled(win(amount, odds), { status: 'win', rule4: d });
          expect(ruled.returned).toBeGreaterThanOrEqual(amount);
          expect(ruled.returned).toBeLessThanOrEqual(plain.returned);
          const exact = BigInt(amount) * 100n * 100n + BigInt(amount) * BigInt(odds - 100) * BigInt(100 - d);
          const den = 10_000n;
          expect(ruled.returned).toBe(Number((2n * exact + den) / (2n * den)));
        },
      ),
    );
  });
});
