import type { Reminder } from '@shared/reminder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/reminders/:id/complete with no body → the reminder (already completed: unchanged, 200). */
export const completeReminder = (id: number) => apiRequest<Reminder>('PUT', `/api/reminders/${id}/complete`);

export function useCompleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
}
