import type { TopPerformer } from '@shared/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getTopPerformers = (limit: number) =>
  apiGet<TopPerformer[]>(`/api/stats/top-performers?limit=${limit}`);

export const topPerformersQueryOptions = (limit: number) =>
  queryOptions({ queryKey: queryKeys.topPerformers.byLimit(limit), queryFn: () => getTopPerformers(limit) });

/**
 * Members with a settled bet, by earnings then win rate: {member: {id, name, initials, archived},
 * winRate, earnings, wins, bets}. limit 1–100 (the dashboard uses 5, the rankings page 100).
 */
// The server's default (TOP_PERFORMERS_DEFAULT in @shared/stats), repeated here so the dashboard
// does not load that module's zod schemas just for a number.
export const useTopPerformers = (limit = 5) => useQuery(topPerformersQueryOptions(limit));
