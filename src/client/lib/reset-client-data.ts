import { useSyncExternalStore } from 'react';
import { clearPersistedQueries } from './persist';
import { queryClient } from './query-client';

let generation = 0;
const listeners = new Set<() => void>();

/**
 * Forgets every answer of the current session: the in-memory query cache and the copy kept on
 * the device for offline use. Called on sign-out and when the active syndicate changes, so no
 * other user's or syndicate's data is ever shown. It also remounts the app (App keys its router
 * on useClientDataGeneration): queryClient.clear() alone leaves mounted screens holding what they
 * had. Navigate right after it (same tick) so the new screens mount at the new address.
 */
export async function resetClientData(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  await clearPersistedQueries();
  generation += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Bumped by every resetClientData: the key that remounts the app on an empty cache. */
export function useClientDataGeneration(): number {
  return useSyncExternalStore(
    subscribe,
    () => generation,
    () => generation,
  );
}
