import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/subscriptions/:id → 204; a plan members hold → 409 {message: "Plan has active members"}. */
export const deletePlan = (id: number) => apiRequest<void>('DELETE', `/api/subscriptions/${id}`);

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memberSubscriptions.all }),
      ]),
  });
}
