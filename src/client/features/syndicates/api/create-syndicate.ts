import type { CreateSyndicateInput, Syndicate } from '@shared/syndicate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const createSyndicate = (input: CreateSyndicateInput) =>
  apiRequest<Syndicate>('POST', '/api/syndicates', input);

/**
 * Create a syndicate. It becomes the active one, so every cached query (syndicates, member, settings)
 * is refreshed before the promise settles.
 */
export function useCreateSyndicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSyndicate,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
