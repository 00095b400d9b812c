import type { Plan, PlanInput } from '@shared/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface UpdatePlanVariables {
  id: number;
  /** Every field (PUT replaces the plan). */
  data: PlanInput;
}

export const updatePlan = ({ id, data }: UpdatePlanVariables) =>
  apiRequest<Plan>('PUT', `/api/subscriptions/${id}`, data);

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
        // Member subscriptions carry the plan's name and price.
        queryClient.invalidateQueries({ queryKey: queryKeys.memberSubscriptions.all }),
      ]),
  });
}
