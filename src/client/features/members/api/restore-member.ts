import type { Member } from '@shared/member';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

/** POST /api/members/:id/restore → 200 the member, current and active again (role member). */
export const restoreMember = (id: number) => apiRequest<Member>('POST', `/api/members/${id}/restore`);

export function useRestoreMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreMember,
    // The members key prefixes the former members' key: both lists refresh.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.memberSubscriptions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.topPerformers.all }),
        invalidateRotation(queryClient),
      ]),
  });
}
