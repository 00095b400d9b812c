import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const signOut = () => apiRequest<void>('POST', '/api/logout');

/** Sign out, then reload at / so no cached data of this user survives. */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      window.location.assign('/');
    },
  });
}
