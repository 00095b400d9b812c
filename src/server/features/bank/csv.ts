// A member's statement as CSV (RFC 4180): date,type,description,amount,balance. Text cells that a
// spreadsheet would read as a formula (= + - @ and the like) are prefixed with an apostrophe; the
// file starts with a byte order mark (lib/csv.ts).
import type { StatementEntry } from '../../../shared/bank';
import { CSV_BOM, fileSlug, textCell } from '../../lib/csv';

export const TYPE_LABELS: Record<string, string> = {
  contribution: 'Contribution',
  payout: 'Payout',
  adjustment: 'Adjustment',
  allocation: 'Betting result',
  reversal: 'Reversal',
};

/** A line of the statement: what the CSV needs of an entry. */
export type StatementLine = Pick<StatementEntry, 'date' | 'type' | 'note' | 'amount' | 'runningBalance'>;

/** The header and the lines (statementCsv's; the route's are written by PostgreSQL: service.ts). */
export const STATEMENT_CSV_HEADER = 'date,type,description,amount,balance';

/**
 * The statement's CSV written in TypeScript: the reference the route's file is held to. The route
 * streams lines PostgreSQL writes (statementCsvLines in service.ts), so a member with years of
 * entries never passes through JSON; bank.test.ts proves the two agree for any note.
 */
export function statementCsv(statement: { entries: readonly StatementLine[] }): string {
  const lines = [STATEMENT_CSV_HEADER];
  for (const e of statement.entries) {
    const description = e.note ?? TYPE_LABELS[e.type] ?? e.type;
    lines.push(
      [e.date, e.type, textCell(description), e.amount.toFixed(2), e.runningBalance.toFixed(2)].join(','),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** statement-carol-smith-2026-11-23.csv: ASCII letters, digits and dashes only. */
export function statementFileName(name: string, today: string): string {
  return `statement-${fileSlug(name, 'member')}-${today}.csv`;
}
