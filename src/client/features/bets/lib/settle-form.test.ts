import { SETTLEMENT_MESSAGES } from '@shared/settlement';
import { describe, expect, it } from 'vitest';
import {
  outcomeOptions,
  readSettleForm,
  type SettleFormValues,
  settleFields,
  settleFormDefaults,
} from './settle-form';
import { testBet } from './test-bet';

const blank: SettleFormValues = {
  outcome: '',
  position: '',
  deadHeat: '',
  dividend: '',
  placeDividend: '',
  rule4: '',
};
const THREE_AT_FIFTH = { places: 3, divisor: 5 };

function ready(reading: ReturnType<typeof readSettleForm>) {
  if (reading.kind !== 'ready') throw new Error(`not ready: ${JSON.stringify(reading)}`);
  return reading;
}
function settled(reading: ReturnType<typeof readSettleForm>) {
  const outcome = ready(reading).outcome;
  if (!outcome?.ok) throw new Error(`not settled: ${JSON.stringify(outcome)}`);
  return outcome.settlement;
}

describe('Settle dialog: outcomes and fields', () => {
  it('offers Placed only for each-way bets and Back to pending only to an admin re-settling', () => {
    const labels = (o: ReturnType<typeof outcomeOptions>) => o.map((x) => x.label);
    expect(labels(outcomeOptions(testBet(), true))).toEqual(['Won', 'Lost', 'Non-runner (void)']);
    expect(labels(outcomeOptions(testBet({ betType: 'each-way', status: 'win' }), true))).toEqual([
      'Won',
      'Placed',
      'Lost',
      'Non-runner (void)',
      'Back to pending',
    ]);
    expect(labels(outcomeOptions(testBet({ status: 'win' }), false))).not.toContain('Back to pending');
    // Win-only terms (1 place) have no place to be placed in.
    const winOnly = testBet({ betType: 'each-way', placeTerms: { places: 1, divisor: 1 } });
    expect(labels(outcomeOptions(winOnly, false))).toEqual(['Won', 'Lost', 'Non-runner (void)']);
    const twoPlaces = testBet({ betType: 'each-way', placeTerms: { places: 2, divisor: 4 } });
    expect(labels(outcomeOptions(twoPlaces, false))).toContain('Placed');
  });

  it('shows dividends for tote bets and Rule 4 for fixed odds, only on a paying outcome', () => {
    const tote = testBet({ oddsType: 'tote', betType: 'each-way' });
    expect(settleFields(tote, 'win')).toEqual({
      position: true,
      deadHeat: true,
      dividend: true,
      placeDividend: true,
      rule4: false,
    });
    expect(settleFields(tote, 'placed')).toMatchObject({ dividend: false, placeDividend: true });
    expect(settleFields(testBet(), 'win')).toMatchObject({ dividend: false, rule4: true });
    expect(settleFields(testBet(), 'loss')).toMatchObject({ position: true, rule4: false });
    expect(settleFields(testBet(), 'void')).toEqual({
      position: false,
      deadHeat: false,
      dividend: false,
      placeDividend: false,
      rule4: false,
    });
  });

  it('starts a settled bet as it was settled', () => {
    const bet = testBet({ status: 'placed', betType: 'each-way', position: 3, deadHeat: 2, rule4: 10 });
    expect(settleFormDefaults(bet)).toEqual({
      ...blank,
      outcome: 'placed',
      position: '3',
      deadHeat: '2',
      rule4: '10',
    });
    expect(settleFormDefaults(testBet())).toEqual(blank);
  });
});

describe('Settle dialog: reading and preview (docs/settlement.md worked example)', () => {
  const eachWay = testBet({
    betType: 'each-way',
    odds: 5,
    amount: 10,
    placeTerms: { places: 3, divisor: 4 },
  });

  it('asks for an outcome first', () => {
    expect(readSettleForm(testBet(), blank, THREE_AT_FIFTH)).toEqual({
      kind: 'incomplete',
      message: 'Choose how the bet ended',
    });
  });

  it('settles an each-way bet placed 2nd: the place half returns 10.00', () => {
    const reading = readSettleForm(eachWay, { ...blank, outcome: 'placed', position: '2' }, THREE_AT_FIFTH);
    expect(ready(reading).request).toEqual({ status: 'placed', position: 2 });
    expect(settled(reading)).toMatchObject({ status: 'placed', returned: 1000, result: 0 });
  });

  it('says why a position contradicts the outcome', () => {
    const reading = readSettleForm(eachWay, { ...blank, outcome: 'win', position: '2' }, THREE_AT_FIFTH);
    expect(ready(reading).outcome).toEqual({ ok: false, message: SETTLEMENT_MESSAGES.mismatch(2, 'placed') });
  });

  it('pays a two-way dead heat for 1st on half the stake', () => {
    const reading = readSettleForm(testBet(), { ...blank, outcome: 'win', deadHeat: '2' }, THREE_AT_FIFTH);
    expect(ready(reading).request).toEqual({ status: 'win', deadHeat: 2 });
    expect(settled(reading)).toMatchObject({ returned: 1500, result: 500 });
  });

  it('uses a tote dividend and takes Rule 4 off fixed-odds winnings only', () => {
    const tote = testBet({ oddsType: 'tote', odds: 3 });
    const toteReading = readSettleForm(
      tote,
      { ...blank, outcome: 'win', dividend: '4.7', rule4: '20' },
      THREE_AT_FIFTH,
    );
    expect(ready(toteReading).request).toEqual({ status: 'win', dividend: 4.7 }); // Rule 4 not shown, not sent
    expect(settled(toteReading)).toMatchObject({ result: 3700 });
    const fixed = readSettleForm(testBet(), { ...blank, outcome: 'win', rule4: '20' }, THREE_AT_FIFTH);
    expect(settled(fixed)).toMatchObject({ result: 1600, rule4Applied: true }); // 20 × 0.80
  });

  it('voids a non-runner and sends nothing else', () => {
    const reading = readSettleForm(testBet(), { ...blank, outcome: 'void', position: '4' }, THREE_AT_FIFTH);
    expect(ready(reading).request).toEqual({ status: 'void' });
    expect(settled(reading)).toMatchObject({ status: 'void', returned: 1000, result: 0 });
  });

  it('takes a bet back to pending without a preview', () => {
    const reading = readSettleForm(
      testBet({ status: 'win' }),
      { ...blank, outcome: 'pending' },
      THREE_AT_FIFTH,
    );
    expect(reading).toEqual({ kind: 'ready', request: { status: 'pending' }, outcome: null });
  });

  it("shows the server's messages for bad input", () => {
    const reading = readSettleForm(
      testBet(),
      { ...blank, outcome: 'win', position: 'abc', deadHeat: '1.5', rule4: '95' },
      THREE_AT_FIFTH,
    );
    expect(reading).toEqual({
      kind: 'invalid',
      errors: {
        position: 'Position must be a whole number from 1 to 99',
        deadHeat: 'Dead heat must be a whole number from 1 to 20 horses',
        rule4: 'Rule 4 must be a whole number from 5 to 90 cents in the dollar',
      },
    });
  });
});
