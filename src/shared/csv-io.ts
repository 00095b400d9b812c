// Bets, members and rankings as CSV, and bets back in from CSV (docs/csv.md). The export's bet
// columns are the import's, so a file the app wrote imports back to the same bets.
import { z } from 'zod';
import { BET_STATUSES, BETS_SEARCH_MAX, LIST_BETS_MESSAGES } from './bet';
import { dayRangeFields, INSIGHT_MESSAGES, inOrder } from './insights';
import { MAX_ID } from './race';

/** The bets file's header, in order. `time`, `result` and `place terms` are extras the import reads or ignores. */
export const BET_CSV_COLUMNS = [
  'date',
  'time',
  'member',
  'horse',
  'horse number',
  'race',
  'venue',
  'bet type',
  'odds',
  'odds type',
  'stake',
  'status',
  'result',
  'jockey',
  'trainer',
  'place terms',
] as const;

export const MEMBER_CSV_COLUMNS = [
  'name',
  'initials',
  'email',
  'role',
  'status',
  'joined',
  'settled bets',
  'wins',
  'win rate',
  'earnings',
] as const;
export const RANKING_CSV_COLUMNS = ['rank', 'member', 'bets', 'wins', 'win rate', 'earnings'] as const;

const STATUS_MESSAGE = `status must be one of ${BET_STATUSES.join(', ')}`;

/** GET /api/export/bets.csv?status&memberId&from&to&q (the bets page's filters and search). */
export const exportBetsQuerySchema = z
  .object({
    ...dayRangeFields,
    status: z.enum(BET_STATUSES, { error: STATUS_MESSAGE }).optional(),
    memberId: z.coerce
      .number({ error: INSIGHT_MESSAGES.memberId })
      .int(INSIGHT_MESSAGES.memberId)
      .positive(INSIGHT_MESSAGES.memberId)
      .max(MAX_ID, INSIGHT_MESSAGES.memberId)
      .optional(),
    q: z.string({ error: LIST_BETS_MESSAGES.q }).max(BETS_SEARCH_MAX, LIST_BETS_MESSAGES.q).optional(),
  })
  .refine(inOrder, { message: INSIGHT_MESSAGES.order });
export type ExportBetsQuery = z.infer<typeof exportBetsQuerySchema>;

/** Each-way terms in a cell: "3 at 1/4". */
export const placeTermsCell = (places: number, divisor: number): string => `${places} at 1/${divisor}`;
export function parsePlaceTermsCell(cell: string): { places: number; divisor: number } | null {
  const m = /^\s*(\d+)\s*at\s*1\s*\/\s*(\d+)\s*$/i.exec(cell);
  return m ? { places: Number(m[1]), divisor: Number(m[2]) } : null;
}

/** POST /api/import/bets?dryRun=true|false (false when omitted). */
export const importBetsQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const importRowErrorSchema = z.object({
  /** The file's line (the header is row 1). */
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewBetSchema = z.object({
  row: z.number().int(),
  /** ISO 8601 date-time (UTC). */
  date: z.string(),
  memberId: z.number().int(),
  member: z.string(),
  horseName: z.string(),
  race: z.string().nullable(),
  venue: z.string().nullable(),
  betType: z.enum(['win', 'place', 'each-way']),
  odds: z.number(),
  oddsType: z.enum(['fixed', 'tote']),
  amount: z.number(),
  status: z.enum(BET_STATUSES),
  /** Recomputed by the settlement rules; null while pending. */
  result: z.number().nullable(),
});
export type ImportPreviewBet = z.infer<typeof importPreviewBetSchema>;

/** A dry run: what a real import would do. Duplicates (rows) are skipped by a real import. */
export const importDryRunSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(importRowErrorSchema),
  duplicates: z.array(z.number().int()),
  preview: z.array(importPreviewBetSchema),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const importResultSchema = z.object({
  imported: z.number().int(),
  /** Rows skipped as duplicates of bets already kept (or of an earlier row). */
  duplicates: z.array(z.number().int()),
});

/**
 * A failed import: 400 with the file's row count and the rows' errors ({row, column, message}, as
 * a dry run lists them; nothing written), or a parameter's validation error ({path, message}).
 */
export const importErrorSchema = z.object({
  message: z.string(),
  /** Data rows in the file (when it could be read). */
  rows: z.number().int().optional(),
  errors: z
    .array(
      z.object({
        row: z.number().int().optional(),
        column: z.string().optional(),
        path: z.string().optional(),
        message: z.string(),
      }),
    )
    .optional(),
});
