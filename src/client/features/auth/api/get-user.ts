import type { User } from '@shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetOrNullOn401 } from '@/lib/api';
import { clearPersistedQueries } from '@/lib/persist';
import { forgetSignedInHint } from '@/lib/signed-in-hint';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

async function getUser(): Promise<User | null> {
  const user = await apiGetOrNullOn401<User>('/api/auth/user');
  if (user === null) {
    forgetSignedInHint();
    // Signed out without Sign out (the session expired, or ended on another device or by an
    // admin): the copy kept on this device for offline use goes now, as Sign out drops it. Found by
    // probing (2026-12-02): the previous user's members and bank stayed in IndexedDB, drawn again
    // for the signed-out browser until this answer came.
    await clearPersistedQueries();
  }
  return user;
}

/** The signed-in user, or null when signed out (401). Never retried (spec §4). */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getUser,
  retry: false,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null, isSignedIn: Boolean(query.data) };
}
