import type { Settings, UpdateSettingsInput } from '@shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

/** PUT /api/settings {syndicateName, defaultBetAmount, currency, rotationStrategy, timezone?, shareBasis?} → the settings. Admin only. */
export const updateSettings = (input: UpdateSettingsInput) =>
  apiRequest<Settings>('PUT', '/api/settings', input);

/**
 * The answer replaces the cached settings at once (title, currency, zone); the rotation may change
 * with the strategy, the bank summary carries the share basis, and a new zone moves each reminder's
 * instant so it stays on its day (server: settings/service.ts).
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.settings, settings);
      return Promise.all([
        invalidateRotation(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.summary }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
      ]);
    },
  });
}
