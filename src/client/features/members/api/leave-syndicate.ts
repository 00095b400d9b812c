import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/members/me/leave → 204; the last admin → 409. */
export const leaveSyndicate = () => apiRequest<void>('POST', '/api/members/me/leave');

/**
 * Leave the active syndicate. Every cached query is refreshed: the syndicates list then decides
 * whether the user lands on onboarding.
 */
export function useLeaveSyndicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSyndicate,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
