import type { Bet, UpdateBetInput } from '@shared/bet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfterBetChange } from '@/lib/query-keys';

export interface UpdateBetVariables {
  id: number;
  /** The editable fields (omitted advanced fields become null); memberId, raceId, status, date, result stay. */
  data: UpdateBetInput;
}

export const updateBet = ({ id, data }: UpdateBetVariables) =>
  apiRequest<Bet>('PUT', `/api/bets/${id}`, data);

export function useUpdateBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBet,
    onSuccess: () => invalidateAfterBetChange(queryClient),
  });
}
