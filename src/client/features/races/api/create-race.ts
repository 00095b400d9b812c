import type { CreateRaceInput, Race } from '@shared/race';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

/** POST /api/races → 201 the race with its id (the Add Bet flow creates the race, then the bet). */
export const createRace = (input: CreateRaceInput) => apiRequest<Race>('POST', '/api/races', input);

export function useCreateRace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRace,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.races }),
        invalidateRotation(queryClient),
      ]),
  });
}
