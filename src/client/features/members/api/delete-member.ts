import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

/** DELETE /api/members/:id → 204. The member is archived (history kept); the last admin → 409. */
export const deleteMember = (id: number) => apiRequest<void>('DELETE', `/api/members/${id}`);

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: (_data, id) => {
      // The removed member's own subscriptions are gone with them (a refetch would answer 404).
      queryClient.removeQueries({ queryKey: queryKeys.memberSubscriptions.byMember(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.memberSubscriptions.all,
          predicate: (query) => query.queryKey[1] !== id,
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
        // A former member stays in the bank only while their balance is not zero.
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.topPerformers.all }),
        invalidateRotation(queryClient),
      ]);
    },
  });
}
