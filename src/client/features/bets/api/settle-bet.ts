import type { Bet, SettleBetInput } from '@shared/bet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfterBetChange } from '@/lib/query-keys';

export type SettleBetVariables = SettleBetInput & { id: number };

/** PUT /api/bets/:id/status {status: 'win'|'loss'} → the bet; the server computes result. Settled → 409. */
export const settleBet = ({ id, ...body }: SettleBetVariables) =>
  apiRequest<Bet>('PUT', `/api/bets/${id}/status`, body);

/** Settle one bet. For All Win / All Loss call mutateAsync once per pending bet of the group (spec §4). */
export function useSettleBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleBet,
    onSuccess: () => invalidateAfterBetChange(queryClient),
  });
}
