import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { duesMessage } from './dues-message';

const usd = (amount: number) => formatMoney(amount, 'usd');

describe('duesMessage', () => {
  it('lists each member who owes with the amount, then the exact total', () => {
    expect(
      duesMessage(
        [
          { name: 'Ann', duesOwed: 50 },
          { name: 'Bob', duesOwed: 0.1 },
          { name: 'Cy', duesOwed: 0.2 },
        ],
        'Turf Club',
        usd,
      ),
    ).toBe(
      [
        'Dues owed to Turf Club:',
        '- Ann: $50.00',
        '- Bob: $0.10',
        '- Cy: $0.20',
        'Total: $50.30. Please pay into the syndicate bank. Thank you!',
      ].join('\n'),
    );
  });

  it("uses the syndicate's currency", () => {
    expect(duesMessage([{ name: 'Ann', duesOwed: 1234.5 }], 'Club', (a) => formatMoney(a, 'gbp'))).toContain(
      '- Ann: £1,234.50',
    );
  });
});
