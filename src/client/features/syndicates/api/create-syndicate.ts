import type { CreateSyndicateInput, Syndicate } from '@shared/syndicate';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { resetClientData } from '@/lib/reset-client-data';

export const createSyndicate = (input: CreateSyndicateInput) =>
  apiRequest<Syndicate>('POST', '/api/syndicates', input);

/**
 * Create a syndicate (also while in another one). It becomes the active one, so every cached query
 * is dropped and the app remounts (resetClientData) before the promise settles.
 */
export function useCreateSyndicate() {
  return useMutation({
    mutationFn: createSyndicate,
    onSuccess: () => resetClientData(),
  });
}
