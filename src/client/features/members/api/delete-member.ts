import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

/** DELETE /api/members/:id → 204. The member is archived (history kept); the last admin → 409. */
export const deleteMember = (id: number) => apiRequest<void>('DELETE', `/api/members/${id}`);

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memberSubscriptions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
        // A former member stays in the bank only while their balance is not zero.
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.topPerformers.all }),
        invalidateRotation(queryClient),
      ]),
  });
}
