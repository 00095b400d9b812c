import type { FormerMember } from '@shared/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Removed members, most recent first (admins only). The key sits under the members list's key, so
 * every invalidation of the members list (a removal, say) refreshes it too.
 */
export const formerMembersQueryOptions = queryOptions({
  queryKey: [...queryKeys.members, 'former'] as const,
  queryFn: () => apiGet<FormerMember[]>('/api/members/former'),
});

export const useFormerMembers = (enabled: boolean) => useQuery({ ...formerMembersQueryOptions, enabled });
