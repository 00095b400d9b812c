import type { CreateReminderInput, Reminder } from '@shared/reminder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/reminders {text, date, memberId: number|null, completed: false} → 201 the reminder.
 * date: 'YYYY-MM-DD' (a day in the syndicate's zone) or an ISO date-time.
 */
export const createReminder = (input: CreateReminderInput) =>
  apiRequest<Reminder>('POST', '/api/reminders', input);

export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
}
