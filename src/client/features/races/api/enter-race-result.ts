import type { RaceResultInput, RaceResultResponse } from '@shared/race-result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfterBetChange, queryKeys } from '@/lib/query-keys';

export interface EnterRaceResultVariables {
  raceId: number;
  result: RaceResultInput;
}

/**
 * POST /api/races/:id/result (admins) → {settled: [{betId, status, result}], unmatched: [betId]}.
 * The server settles the race's bets by the shared plan (shared/race-result.ts planRaceResult).
 */
export const enterRaceResult = ({ raceId, result }: EnterRaceResultVariables) =>
  apiRequest<RaceResultResponse>('POST', `/api/races/${raceId}/result`, result);

/** A result moves the race (it keeps the result) and every bet it settles: stats, rankings, bank. */
export function useEnterRaceResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterRaceResult,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.races }),
        invalidateAfterBetChange(queryClient),
      ]),
  });
}
