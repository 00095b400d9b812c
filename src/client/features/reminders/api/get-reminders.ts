import type { Reminder } from '@shared/reminder';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getReminders = () => apiGet<Reminder[]>('/api/reminders');

/** Every reminder, active and completed (date and completedAt are ISO instants). */
export const remindersQueryOptions = queryOptions({ queryKey: queryKeys.reminders, queryFn: getReminders });

export const useReminders = () => useQuery(remindersQueryOptions);
