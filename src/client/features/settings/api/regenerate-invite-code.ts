import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/syndicates/invite-code → {inviteCode}; the old code stops working. Admin only. */
export const regenerateInviteCode = () =>
  apiRequest<{ inviteCode: string }>('POST', '/api/syndicates/invite-code');

/** The invite code is read from the syndicates list (useSyndicates), which is refetched. */
export function useRegenerateInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateInviteCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.syndicates }),
  });
}
