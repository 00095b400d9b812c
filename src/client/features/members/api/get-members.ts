import type { Member } from '@shared/member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getMembers = () => apiGet<Member[]>('/api/members');

/** The syndicate's current members (removed ones are archived and not listed), in join order. */
export const membersQueryOptions = queryOptions({ queryKey: queryKeys.members, queryFn: getMembers });

export const useMembers = () => useQuery(membersQueryOptions);
