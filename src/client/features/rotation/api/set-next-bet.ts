import type { NextBet } from '@shared/rotation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/next-bet {memberId | null} → the next bet. The manual pick; null clears it. Admin only. */
export const setNextBet = (input: { memberId: number | null }) =>
  apiRequest<NextBet>('PUT', '/api/next-bet', input);

export function useSetNextBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNextBet,
    onSuccess: (nextBet) => {
      queryClient.setQueryData(queryKeys.nextBet, nextBet);
      return queryClient.invalidateQueries({ queryKey: queryKeys.rotation.all });
    },
  });
}
