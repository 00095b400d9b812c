import type { BreakdownBy, InsightsBreakdown, InsightsSummary, InsightsTimeline } from '@shared/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { type Range, rangeQuery } from '../lib/period';

/** GET /api/insights/summary for the range (and one member); not sent while `enabled` is false. */
export const useInsightsSummary = (range: Range, memberId?: number, { enabled = true } = {}) =>
  useQuery({
    queryKey: [...queryKeys.insights.all, 'summary', range, memberId ?? null],
    queryFn: () => apiGet<InsightsSummary>(`/api/insights/summary${rangeQuery(range, { memberId })}`),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/insights/breakdown by one dimension for the range. */
export const useInsightsBreakdown = (by: BreakdownBy, range: Range) =>
  useQuery({
    queryKey: [...queryKeys.insights.all, 'breakdown', by, range],
    queryFn: () => apiGet<InsightsBreakdown>(`/api/insights/breakdown${rangeQuery(range, { by })}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/insights/timeline for the range, by day, week or month. */
export const timelineQueryOptions = (interval: 'day' | 'week' | 'month', range: Range) =>
  queryOptions({
    queryKey: [...queryKeys.insights.all, 'timeline', interval, range],
    queryFn: () => apiGet<InsightsTimeline>(`/api/insights/timeline${rangeQuery(range, { interval })}`),
  });

export const useInsightsTimeline = (interval: 'day' | 'week' | 'month', range: Range) =>
  useQuery({ ...timelineQueryOptions(interval, range), placeholderData: keepPreviousData });
