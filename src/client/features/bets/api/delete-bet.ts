import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfterBetChange } from '@/lib/query-keys';

/** DELETE /api/bets/:id → 204. */
export const deleteBet = (id: number) => apiRequest<void>('DELETE', `/api/bets/${id}`);

export function useDeleteBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBet,
    onSuccess: () => invalidateAfterBetChange(queryClient),
  });
}
