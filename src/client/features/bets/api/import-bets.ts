import type { ImportDryRun } from '@shared/csv-io';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSendText } from '@/lib/api';
import { invalidateAfterBetChange, queryKeys } from '@/lib/query-keys';

export interface ImportResult {
  imported: number;
  /** Rows skipped as duplicates. */
  duplicates: number[];
}

/** POST /api/import/bets?dryRun=true (admins): what the file would import; nothing is written. */
export const dryRunImport = (csv: string) =>
  apiSendText<ImportDryRun>('POST', '/api/import/bets?dryRun=true', csv, 'text/csv; charset=utf-8');

/** POST /api/import/bets: every valid row that is not a duplicate, all or nothing (201). */
export const importBets = (csv: string) =>
  apiSendText<ImportResult>('POST', '/api/import/bets?dryRun=false', csv, 'text/csv; charset=utf-8');

export const useDryRunImport = () => useMutation({ mutationFn: dryRunImport });

/** The import; afterwards everything a bet change moves refreshes, and the races (new ones are added). */
export function useImportBets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBets,
    onSuccess: () =>
      Promise.all([
        invalidateAfterBetChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.races }),
      ]),
  });
}
