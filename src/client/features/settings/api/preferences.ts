import type { Preferences } from '@shared/preferences';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/me/preferences → the signed-in user's own preferences (every syndicate, every device). */
export const preferencesQueryOptions = queryOptions({
  queryKey: queryKeys.preferences,
  queryFn: () => apiGet<Preferences>('/api/me/preferences'),
});

export const usePreferences = () => useQuery(preferencesQueryOptions);

/** PUT /api/me/preferences; the answer replaces the cached preferences. Not a syndicate write: no event. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Preferences) => apiRequest<Preferences>('PUT', '/api/me/preferences', input),
    onSuccess: (prefs) => queryClient.setQueryData(queryKeys.preferences, prefs),
    meta: { recordsEvent: false },
  });
}
