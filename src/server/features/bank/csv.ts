// A member's statement as CSV (RFC 4180): date,type,description,amount,balance. Text cells that a
// spreadsheet would read as a formula (= + - @ and the like) are prefixed with an apostrophe.
import type { Statement } from '../../../shared/bank';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 cell: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const textCell = (value: string) => csvCell(FORMULA_START.test(value) ? `'${value}` : value);

const TYPE_LABELS: Record<string, string> = {
  contribution: 'Contribution',
  payout: 'Payout',
  adjustment: 'Adjustment',
  allocation: 'Betting result',
  reversal: 'Reversal',
};

export function statementCsv(statement: Statement): string {
  const lines = ['date,type,description,amount,balance'];
  for (const e of statement.entries) {
    const description = e.note ?? TYPE_LABELS[e.type] ?? e.type;
    lines.push(
      [e.date, e.type, textCell(description), e.amount.toFixed(2), e.runningBalance.toFixed(2)].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** statement-carol-smith-2026-11-23.csv: ASCII letters, digits and dashes only. */
export function statementFileName(name: string, today: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `statement-${slug || 'member'}-${today}.csv`;
}
