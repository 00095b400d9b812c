import type { ImportDryRun, ImportPreviewBet } from '@shared/csv-io';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { fileProblem, IMPORT_MAX_BYTES, importedToast, importFailure, summariseDryRun } from './import-csv';

const bet = (row: number): ImportPreviewBet => ({
  row,
  date: '2025-03-01T00:00:00.000Z',
  memberId: 1,
  member: 'Alice',
  horseName: `Horse ${row}`,
  race: 'Cup',
  venue: 'Ascot',
  betType: 'win',
  odds: 3,
  oddsType: 'fixed',
  amount: 10,
  status: 'pending',
  result: null,
});

const dryRun = (over: Partial<ImportDryRun>): ImportDryRun => ({
  rows: 0,
  valid: 0,
  errors: [],
  duplicates: [],
  preview: [],
  ...over,
});

describe('fileProblem', () => {
  it('takes a .csv name or a CSV type', () => {
    expect(fileProblem({ name: 'bets.CSV', type: '', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'export', type: 'text/csv', size: 10 })).toBeNull();
    // Windows labels .csv files as Excel's.
    expect(fileProblem({ name: 'bets.csv', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
  });

  it('refuses another kind of file, an empty one, and one over 5 MB', () => {
    expect(fileProblem({ name: 'bets.xlsx', type: 'application/octet-stream', size: 10 })).toBe(
      'Choose a .csv file',
    );
    expect(fileProblem({ name: 'bets.csv', type: 'text/csv', size: 0 })).toBe('The file is empty');
    expect(fileProblem({ name: 'bets.csv', type: 'text/csv', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(fileProblem({ name: 'bets.csv', type: 'text/csv', size: IMPORT_MAX_BYTES + 1 })).toBe(
      'The file is larger than 5 MB',
    );
  });
});

describe('summariseDryRun', () => {
  it('a clean file: every valid row is imported', () => {
    const s = summariseDryRun(dryRun({ rows: 2, valid: 2, preview: [bet(2), bet(3)] }));
    expect(s).toMatchObject({ toImport: 2, canImport: true, notPreviewed: 0, rowsWithErrors: 0 });
    expect(s.headline).toBe('2 rows: 2 valid');
    expect(s.confirmLabel).toBe('Import 2 bets');
  });

  it('errors block the import; rows with several errors count once, listed by row', () => {
    const s = summariseDryRun(
      dryRun({
        rows: 3,
        valid: 1,
        errors: [
          { row: 4, column: 'odds', message: 'Odds must be a positive number' },
          { row: 2, column: 'member', message: 'No member named "Zed"' },
          { row: 4, column: 'stake', message: 'Amount is required' },
        ],
        preview: [bet(3)],
      }),
    );
    expect(s.canImport).toBe(false);
    expect(s.rowsWithErrors).toBe(2);
    expect(s.errors.map((e) => e.row)).toEqual([2, 4, 4]);
    expect(s.headline).toBe('3 rows: 1 valid, 2 with errors');
    expect(s.confirmLabel).toBe('Import 1 bet');
  });

  it('duplicates are skipped and not counted in the import', () => {
    const s = summariseDryRun(dryRun({ rows: 3, valid: 3, duplicates: [4, 3], preview: [bet(2)] }));
    expect(s).toMatchObject({ toImport: 1, canImport: true, duplicates: [3, 4] });
    expect(s.headline).toBe('3 rows: 3 valid, 2 duplicates (skipped)');
  });

  it('nothing to import when every row is a duplicate (the same file twice)', () => {
    const s = summariseDryRun(dryRun({ rows: 1, valid: 1, duplicates: [2] }));
    expect(s).toMatchObject({ toImport: 0, canImport: false, confirmLabel: 'Nothing to import' });
    expect(s.headline).toBe('1 row: 1 valid, 1 duplicate (skipped)');
  });

  it('counts the bets beyond the 20 previewed', () => {
    const preview = Array.from({ length: 20 }, (_, i) => bet(i + 2));
    expect(summariseDryRun(dryRun({ rows: 25, valid: 25, preview })).notPreviewed).toBe(5);
  });
});

describe('importedToast', () => {
  it('names the bets imported and the duplicates skipped', () => {
    expect(importedToast({ imported: 3, duplicates: [] })).toEqual({ title: 'Imported 3 bets' });
    expect(importedToast({ imported: 1, duplicates: [5] })).toEqual({
      title: 'Imported 1 bet',
      description: '1 duplicate row skipped.',
    });
  });
});

describe('importFailure', () => {
  const api = (status: number, body: unknown) =>
    new ApiError(status, 'x', typeof body === 'string' ? body : JSON.stringify(body));

  it("a 400 import: the server's message and its row errors", () => {
    const failure = importFailure(
      api(400, {
        message: 'The file has errors; nothing was imported',
        rows: 2,
        errors: [
          { row: 3, column: 'odds', message: 'Odds are required' },
          { path: 'dryRun', message: 'dryRun must be true or false' },
        ],
      }),
    );
    expect(failure).toEqual({
      message: 'The file has errors; nothing was imported',
      errors: [{ row: 3, column: 'odds', message: 'Odds are required' }],
    });
  });

  it("413 and 415: the server's message, or ours when the body is not JSON", () => {
    expect(importFailure(api(413, { message: 'The file is larger than 5 MB' })).message).toBe(
      'The file is larger than 5 MB',
    );
    expect(importFailure(api(413, '<html>')).message).toBe('The file is larger than 5 MB');
    expect(importFailure(api(415, { message: 'Send the file as text/csv' })).message).toBe(
      'Send the file as text/csv',
    );
  });

  it('anything else is a general failure', () => {
    expect(importFailure(new TypeError('Failed to fetch'))).toEqual({
      message: 'The import failed. Please try again.',
      errors: [],
    });
    expect(importFailure(api(500, '')).message).toBe('The import failed. Please try again.');
  });
});
