// The Import CSV dialog's rules (docs/csv.md): which files to send, what a dry run's answer means
// for the screen, and the words for the server's refusals.
import { type ImportDryRun, type ImportRowError, importErrorSchema } from '@shared/csv-io';
import { ApiError } from '@/lib/api';

/** The server refuses bodies over 5 MB (413); checked here first so a huge file is never read. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const MESSAGES = {
  tooLarge: 'The file is larger than 5 MB',
  notCsv: 'Choose a .csv file',
  empty: 'The file is empty',
  failed: 'The import failed. Please try again.',
} as const;

const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];

/** Why a chosen or dropped file cannot be sent, or null when it can (a .csv name or a CSV type). */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  const csv = /\.csv$/i.test(file.name) || CSV_TYPES.includes(file.type.toLowerCase());
  if (!csv) return MESSAGES.notCsv;
  if (file.size > IMPORT_MAX_BYTES) return MESSAGES.tooLarge;
  if (file.size === 0) return MESSAGES.empty;
  return null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface DryRunSummary {
  /** Data rows in the file (the header is row 1, so data rows are 2…rows + 1). */
  rows: number;
  valid: number;
  /** Distinct rows with at least one error. */
  rowsWithErrors: number;
  errors: ImportRowError[];
  /** Rows skipped as duplicates, in file order. */
  duplicates: number[];
  /** Bets a real import would create: the valid rows that are not duplicates. */
  toImport: number;
  /** Bets beyond the preview (the server shows the first 20). */
  notPreviewed: number;
  /** "Import" is allowed only with no errors and something to import (the import is all or nothing). */
  canImport: boolean;
  /** One line: "12 rows: 10 valid, 2 with errors, 1 duplicate (skipped)". */
  headline: string;
  confirmLabel: string;
}

/** What the dialog shows for a dry run's answer. */
export function summariseDryRun(dryRun: ImportDryRun): DryRunSummary {
  const errors = [...dryRun.errors].sort((a, b) => a.row - b.row);
  const duplicates = [...dryRun.duplicates].sort((a, b) => a - b);
  const rowsWithErrors = new Set(errors.map((e) => e.row)).size;
  const toImport = Math.max(0, dryRun.valid - duplicates.length);
  const parts = [`${dryRun.valid} valid`];
  if (rowsWithErrors > 0) parts.push(`${rowsWithErrors} with errors`);
  if (duplicates.length > 0) parts.push(`${plural(duplicates.length, 'duplicate')} (skipped)`);
  return {
    rows: dryRun.rows,
    valid: dryRun.valid,
    rowsWithErrors,
    errors,
    duplicates,
    toImport,
    notPreviewed: Math.max(0, toImport - dryRun.preview.length),
    canImport: errors.length === 0 && toImport > 0,
    headline: `${plural(dryRun.rows, 'row')}: ${parts.join(', ')}`,
    confirmLabel: toImport > 0 ? `Import ${plural(toImport, 'bet')}` : 'Nothing to import',
  };
}

/** The toast after a real import: "Imported 3 bets", with the skipped duplicates named. */
export function importedToast(result: { imported: number; duplicates: number[] }): {
  title: string;
  description?: string;
} {
  const title = `Imported ${plural(result.imported, 'bet')}`;
  const skipped = result.duplicates.length;
  return skipped > 0 ? { title, description: `${plural(skipped, 'duplicate row')} skipped.` } : { title };
}

export interface ImportFailure {
  message: string;
  /** Per-row errors ({row, column, message}) when the server listed them. */
  errors: ImportRowError[];
}

/**
 * The server's refusal as the dialog shows it: a 400's message and row errors, a 413's or 415's
 * message, or a general failure. Only row errors that name a row and a column are listed.
 */
export function importFailure(error: unknown): ImportFailure {
  if (!(error instanceof ApiError)) return { message: MESSAGES.failed, errors: [] };
  let parsed: ReturnType<typeof importErrorSchema.safeParse> | undefined;
  try {
    parsed = importErrorSchema.safeParse(JSON.parse(error.bodyText));
  } catch {
    parsed = undefined;
  }
  const fallback =
    error.status === 413
      ? MESSAGES.tooLarge
      : error.status === 415
        ? 'Send the file as text/csv'
        : MESSAGES.failed;
  if (!parsed?.success) return { message: fallback, errors: [] };
  const errors: ImportRowError[] = [];
  for (const e of parsed.data.errors ?? []) {
    if (e.row !== undefined && e.column !== undefined)
      errors.push({ row: e.row, column: e.column, message: e.message });
  }
  errors.sort((a, b) => a.row - b.row);
  return { message: parsed.data.message.trim() || fallback, errors };
}
