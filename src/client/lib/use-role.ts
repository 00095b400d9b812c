import { useMyMember } from '@/features/members/api/get-my-member';

/** True when the signed-in user's member is an admin; false while loading or on failure (hide, don't flash). */
export function useIsAdmin(): boolean {
  const { data } = useMyMember();
  return data?.role === 'admin';
}
