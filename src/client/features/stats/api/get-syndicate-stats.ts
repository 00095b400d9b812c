import type { SyndicateStats } from '@shared/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getSyndicateStats = () => apiGet<SyndicateStats>('/api/stats/syndicate');

export const syndicateStatsQueryOptions = queryOptions({
  queryKey: queryKeys.syndicateStats,
  queryFn: getSyndicateStats,
});

/**
 * {totalWins, currentBalance (dollars), winRate (exact percent), trends: {wins, balance}} where a
 * trend is the % change over the last 30 days against the 30 before, null without a base.
 */
export const useSyndicateStats = () => useQuery(syndicateStatsQueryOptions);
