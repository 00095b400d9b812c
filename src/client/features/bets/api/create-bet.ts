import type { Bet, CreateBetInput } from '@shared/bet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAfterBetChange } from '@/lib/query-keys';

/**
 * POST /api/bets → 201 {bets}: one bet, or two sharing a betGroupId when the body carries
 * `bets: [{betType, odds, amount}, {…}]` instead of betType/odds/amount. The dialog's
 * Idempotency-Key makes a retry (a lost answer, a second tap) add nothing (lib/idempotency-key.ts).
 */
export const createBet = ({ input, idempotencyKey }: { input: CreateBetInput; idempotencyKey: string }) =>
  apiRequest<{ bets: Bet[] }>('POST', '/api/bets', input, { 'Idempotency-Key': idempotencyKey });

export function useCreateBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBet,
    onSuccess: () => invalidateAfterBetChange(queryClient),
  });
}
