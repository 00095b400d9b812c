import type { Bet, CreateBetInput } from '@shared/bet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfterBetChange } from '@/lib/query-keys';

/**
 * POST /api/bets → 201 {bets}: one bet, or two sharing a betGroupId when the body carries
 * `bets: [{betType, odds, amount}, {…}]` instead of betType/odds/amount.
 */
export const createBet = (input: CreateBetInput) => apiRequest<{ bets: Bet[] }>('POST', '/api/bets', input);

export function useCreateBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBet,
    onSuccess: () => invalidateAfterBetChange(queryClient),
  });
}
