import type { JoinSyndicateInput, Syndicate } from '@shared/syndicate';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { resetClientData } from '@/lib/reset-client-data';

export const joinSyndicate = (input: JoinSyndicateInput) =>
  apiRequest<Syndicate>('POST', '/api/syndicates/join', input);

/** Join by invite code; it becomes the active syndicate, so every cached query is dropped (resetClientData). */
export function useJoinSyndicate() {
  return useMutation({
    mutationFn: joinSyndicate,
    onSuccess: () => resetClientData(),
  });
}
