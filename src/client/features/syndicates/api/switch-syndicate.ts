import type { Syndicate } from '@shared/syndicate';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { resetClientData } from '@/lib/reset-client-data';

export const switchSyndicate = (syndicateId: number) =>
  apiRequest<Syndicate>('PUT', '/api/syndicates/active', { syndicateId });

/**
 * Make another of the user's syndicates the session's active one: every cached query is dropped
 * and the app remounts (resetClientData) before the promise settles; the caller then goes to the
 * dashboard. It records no audit event.
 */
export function useSwitchSyndicate() {
  return useMutation({
    mutationFn: switchSyndicate,
    meta: { recordsEvent: false },
    onSuccess: () => resetClientData(),
  });
}
