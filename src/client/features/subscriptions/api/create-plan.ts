import type { Plan, PlanInput } from '@shared/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/subscriptions {name, price, duration, description, features} → 201 the plan. Admin only. */
export const createPlan = (input: PlanInput) => apiRequest<Plan>('POST', '/api/subscriptions', input);

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
  });
}
