import { describe, expect, it } from 'vitest';
import { bindFormat } from '@/lib/format';
import { type ChangeContext, changeLines, fieldLabel, humaniseField, lineText, showValue } from './changes';

const usd: ChangeContext = { format: bindFormat('usd', 'Australia/Sydney') };
const texts = (changes: Record<string, unknown[]>, ctx: ChangeContext = usd) =>
  changeLines(changes, ctx).map(lineText);

describe('changeLines', () => {
  it('shows an odds and stake edit as the issue does: "Odds 5.00 → 6.00"', () => {
    expect(texts({ odds: [5, 6], amount: [10, 20.5] })).toEqual([
      'Odds 5.00 → 6.00',
      'Stake $10.00 → $20.50',
    ]);
  });

  it("formats money in the syndicate's currency", () => {
    const gbp: ChangeContext = { format: bindFormat('gbp', 'Europe/London') };
    expect(texts({ amount: [10, 12], price: [5, 7.5] }, gbp)).toEqual([
      'Stake £10.00 → £12.00',
      'Price £5.00 → £7.50',
    ]);
    expect(texts({ defaultBetAmount: [10, 20] }, gbp)).toEqual(['Default bet £10.00 → £20.00']);
  });

  it('shows null (and an empty text or list) as "none"', () => {
    expect(texts({ jockey: [null, 'R. Moore'], trainer: ['C. Waller', null] })).toEqual([
      'Jockey none → R. Moore',
      'Trainer C. Waller → none',
    ]);
    expect(texts({ features: [[], ['Tips', 'Form guide']] })).toEqual(['Features none → Tips, Form guide']);
  });

  it('shows a settlement: status words, the result signed, the dividends as decimals', () => {
    expect(
      texts({ status: ['pending', 'win'], result: [null, 40], dividend: [null, 4.5], rule4: [null, 15] }),
    ).toEqual([
      'Status Pending → Win',
      'Result none → +$40.00',
      'Tote dividend none → 4.50',
      'Rule 4 none → 15c in the dollar',
    ]);
    expect(texts({ result: [40, -10] })).toEqual(['Result +$40.00 → -$10.00']);
  });

  it('humanises labels: amount → Stake, horseName → Horse, and the enums', () => {
    expect(
      texts({ horseName: ['Winx', 'Winx II'], betType: ['win', 'each-way'], oddsType: ['fixed', 'tote'] }),
    ).toEqual(['Horse Winx → Winx II', 'Bet type Win → Each-way', 'Odds type Fixed → Tote']);
    expect(texts({ role: ['member', 'admin'], isActive: [true, false] })).toEqual([
      'Role Member → Admin',
      'Active yes → no',
    ]);
    expect(texts({ currency: ['usd', 'aud'] })).toEqual(['Currency USD → AUD']);
    expect(texts({ duration: [1, 3] })).toEqual(['Duration 1 month → 3 months']);
    expect(texts({ placeTerms: [null, { places: 3, divisor: 4 }] })).toEqual([
      'Place terms none → 3 places at 1/4',
    ]);
  });

  it("reads a race's start in the syndicate's time zone", () => {
    expect(texts({ date: ['2026-03-01T03:00:00.000Z', '2026-03-02T04:30:00.000Z'] })).toEqual([
      'Date Mar 1, 2026 2:00 PM → Mar 2, 2026 3:30 PM',
    ]);
  });

  it('names the member of a rotation pick, or its id when unknown', () => {
    const ctx: ChangeContext = { ...usd, memberName: (id) => (id === 7 ? 'Mia' : undefined) };
    expect(texts({ nextMemberId: [null, 7] }, ctx)).toEqual(['Next to bet none → Mia']);
    expect(texts({ nextMemberId: [7, 9] }, ctx)).toEqual(['Next to bet Mia → Member #9']);
  });

  it('orders the lines by field (jsonb keeps no order), unknown fields last and humanised', () => {
    expect(texts({ someNewField: ['a', 'b'], odds: [2, 3] })).toEqual([
      'Odds 2.00 → 3.00',
      'Some new field a → b',
    ]);
    // As PostgreSQL's jsonb hands them back: shorter keys first.
    expect(texts({ result: [null, 40], status: ['pending', 'win'] })).toEqual([
      'Status Pending → Win',
      'Result none → +$40.00',
    ]);
    expect(texts({ zeta: [1, 2], alpha: [1, 2], amount: [1, 2], horseName: ['A', 'B'] })).toEqual([
      'Horse A → B',
      'Stake $1.00 → $2.00',
      'Alpha 1 → 2',
      'Zeta 1 → 2',
    ]);
  });

  it('cuts long text and shows objects as pairs', () => {
    const long = 'x'.repeat(100);
    const [line] = changeLines({ description: [null, long] }, usd);
    expect(line!.after).toHaveLength(40);
    expect(line!.after.endsWith('…')).toBe(true);
    expect(texts({ customFields: [{}, { going: 'Soft', rail: 'True' }] })).toEqual([
      'Custom fields none → going: Soft, rail: True',
    ]);
  });

  it('answers no lines for an event without changes', () => {
    expect(changeLines(null, usd)).toEqual([]);
    expect(changeLines(undefined, usd)).toEqual([]);
  });
});

describe('field labels', () => {
  it('humanises camelCase and snake_case', () => {
    expect(humaniseField('silkColor')).toBe('Silk color');
    expect(humaniseField('share_basis')).toBe('Share basis');
    expect(humaniseField('x')).toBe('X');
  });

  it('uses the known labels first', () => {
    expect(fieldLabel('amount')).toBe('Stake');
    expect(fieldLabel('horseName')).toBe('Horse');
    expect(fieldLabel('silkColor')).toBe('Silk colour');
  });

  it('still shows a value of an unexpected shape', () => {
    expect(showValue('odds', 'n/a', usd)).toBe('n/a');
    expect(showValue('amount', '12', usd)).toBe('12');
    expect(showValue('placeTerms', 'odd', usd)).toBe('odd');
    expect(showValue('placeTerms', { places: 3 }, usd)).toBe('places: 3');
  });
});
