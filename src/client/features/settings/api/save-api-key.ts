import type { ApiKeyInput } from '@shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/settings/api-key {apiKey} → {configured: true, last4}. Admin only. */
export const saveApiKey = (input: ApiKeyInput) =>
  apiRequest<{ configured: true; last4: string }>('POST', '/api/settings/api-key', input);

export function useSaveApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.racingStatus }),
  });
}
