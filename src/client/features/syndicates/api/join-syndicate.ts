import type { JoinSyndicateInput, Syndicate } from '@shared/syndicate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const joinSyndicate = (input: JoinSyndicateInput) =>
  apiRequest<Syndicate>('POST', '/api/syndicates/join', input);

/** Join by invite code; refreshes every cached query (the active syndicate may change). */
export function useJoinSyndicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinSyndicate,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
