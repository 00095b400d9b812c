import type { SyndicateWithRole } from '@shared/syndicate';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const SYNDICATES_QUERY_KEY = ['/api/syndicates'] as const;

export const syndicatesQueryOptions = queryOptions({
  queryKey: SYNDICATES_QUERY_KEY,
  queryFn: () => apiGet<SyndicateWithRole[]>('/api/syndicates'),
});

/** The signed-in user's syndicates; only fetched once signed in. */
export function useSyndicates(enabled: boolean) {
  return useQuery({ ...syndicatesQueryOptions, enabled });
}
