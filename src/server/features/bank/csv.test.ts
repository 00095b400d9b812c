import { describe, expect, it } from 'vitest';
import type { Statement } from '../../../shared/bank';
import { csvCell } from '../../lib/csv';
import { statementCsv, statementFileName } from './csv';

const entry = (over: Partial<Statement['entries'][number]>): Statement['entries'][number] => ({
  id: 1,
  type: 'contribution',
  memberId: 1,
  amount: 10,
  date: '2030-06-01',
  note: null,
  betId: null,
  reversesId: null,
  reversedById: null,
  batchId: null,
  createdAt: '2030-06-01T00:00:00.000Z',
  createdBy: 1,
  runningBalance: 10,
  ...over,
});

describe('statement CSV', () => {
  it('quotes cells as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('writes the header, CRLF rows, two-decimal amounts, and defuses formulas in text', () => {
    const csv = statementCsv({
      entries: [
        entry({ note: 'Cash, at the track' }),
        entry({ id: 2, type: 'adjustment', amount: -14.5, runningBalance: -4.5, note: '=HYPERLINK("x")' }),
        entry({ id: 3, type: 'payout', amount: -0.1, runningBalance: -4.6 }),
      ],
    });
    expect(csv).toBe(
      '\uFEFFdate,type,description,amount,balance\r\n' +
        '2030-06-01,contribution,"Cash, at the track",10.00,10.00\r\n' +
        '2030-06-01,adjustment,"\'=HYPERLINK(""x"")",-14.50,-4.50\r\n' +
        '2030-06-01,payout,Payout,-0.10,-4.60\r\n',
    );
  });

  it('names the file from the member and the day, ASCII only', () => {
    expect(statementFileName("Zoë O'Brien-Smith", '2030-06-15')).toBe(
      'statement-zoe-o-brien-smith-2030-06-15.csv',
    );
    expect(statementFileName('李雷', '2030-06-15')).toBe('statement-member-2030-06-15.csv');
  });
});
