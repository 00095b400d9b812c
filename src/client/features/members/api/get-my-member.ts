import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export interface MyMember {
  id: number;
  name: string;
  email: string | null;
  initials: string;
  role: 'admin' | 'member';
  isActive: boolean;
}

export const MY_MEMBER_QUERY_KEY = ['/api/members/me'] as const;

/** The signed-in user's own member in the active syndicate (shown in the sidebar profile). */
export const myMemberQueryOptions = queryOptions({
  queryKey: MY_MEMBER_QUERY_KEY,
  queryFn: () => apiGet<MyMember>('/api/members/me'),
});

export const useMyMember = () => useQuery(myMemberQueryOptions);
