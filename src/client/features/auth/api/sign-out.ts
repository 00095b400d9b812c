import { useMutation } from '@tanstack/react-query';
import { apiRequest, OfflineError } from '@/lib/api';
import { resetClientData } from '@/lib/reset-client-data';

export const signOut = () => apiRequest<void>('POST', '/api/logout');

/**
 * Sign out, forget this user's data (in memory and kept on the device for offline use), then
 * reload at /. Offline the session cannot be ended: nothing is dropped (the app says it needs a
 * connection) and the user stays signed in.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: async (_data, error) => {
      if (error instanceof OfflineError) return;
      await resetClientData();
      window.location.assign('/');
    },
  });
}
