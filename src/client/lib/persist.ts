import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The last data a user saw, kept in IndexedDB so the app opens with it offline (issue 17 §3).
 * Each user and syndicate has its own entry (the scope: user id and their member id, which is
 * per syndicate); only the current scope's is kept. Signed out, nothing is kept.
 */

/** Restored data older than this is dropped; queries are kept in memory as long (query-client.ts). */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Changes a build makes to data shapes must not meet an older build's cache. */
// undefined env: the server's first paint (features/bets/first-paint.tsx)
export const PERSIST_BUSTER: string = import.meta.env?.VITE_BUILD_ID ?? 'dev';

/**
 * Not kept on the device: the calendar feed answer carries a private subscription URL (a read
 * token). Passwords and the racing API key never reach the client (settings shows its last 4
 * digits only); the assistant's chat lives on its socket, not in the query cache.
 */
const NOT_PERSISTED = new Set(['/api/calendar/feed']);

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && !NOT_PERSISTED.has(String(query.queryKey[0]));
}

/**
 * An infinite list (the bets page's keyset pages) keeps only its first pages on the device. The
 * whole cache is serialised on the main thread at every save (once a second while data changes),
 * and a member who scrolled deep into 100,000 bets would otherwise make each save bigger than the
 * last; opened offline, the list starts at its top anyway. The pages kept still end with the
 * address of the next one, so the list goes on from there once online.
 */
export const PERSIST_MAX_PAGES = 4;

export function keepFirstPages(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const { pages, pageParams } = data as { pages?: unknown; pageParams?: unknown };
  if (!Array.isArray(pages) || !Array.isArray(pageParams) || pages.length <= PERSIST_MAX_PAGES) return data;
  return {
    ...data,
    pages: pages.slice(0, PERSIST_MAX_PAGES),
    pageParams: pageParams.slice(0, PERSIST_MAX_PAGES),
  };
}

/** Whose data the cache holds: null when signed out. */
export function cacheScope(queryClient: QueryClient): string | null {
  const user = queryClient.getQueryData<{ id: number } | null>(['/api/auth/user']);
  if (!user) return null;
  const member = queryClient.getQueryData<{ id: number }>(['/api/members/me']);
  return member ? `user:${user.id}:member:${member.id}` : `user:${user.id}`;
}

/** The few key-value calls the cache needs (IndexedDB in the browser, a Map in tests). */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** Which scope was written last: its entry is the one restored at start, before anyone is known. */
const LAST_SCOPE = 'last-scope';

/** The persister's storage: its one key is mapped to the current scope's entry. */
export function scopedStorage(store: KeyValueStore, scope: () => string | null) {
  return {
    async getItem(): Promise<string | null> {
      const last = await store.get(LAST_SCOPE);
      return (last && (await store.get(last))) ?? null;
    },
    async setItem(_key: string, value: string): Promise<void> {
      const current = scope();
      if (!current) return store.clear();
      const last = await store.get(LAST_SCOPE);
      if (last && last !== current) await store.del(last);
      await store.set(current, value);
      await store.set(LAST_SCOPE, current);
    },
    removeItem: (): Promise<void> => store.clear(),
  };
}

let idbStore: UseStore | undefined;
// Opened on first use: importing this module must not touch IndexedDB (tests, private modes).
const idb = () => {
  idbStore ??= createStore('racing-syndicate', 'query-cache');
  return idbStore;
};
/**
 * Set while IndexedDB holds a cache. Every start waits for the restore before its first query, and
 * opening IndexedDB can take a while (seconds on a busy phone): without the flag nothing is opened.
 */
const HAS_CACHE_FLAG = 'racing-syndicate:query-cache';
const flag = {
  get: () => {
    try {
      return localStorage.getItem(HAS_CACHE_FLAG) !== null;
    } catch {
      return true; // storage blocked: let IndexedDB answer
    }
  },
  set: (on: boolean) => {
    try {
      if (on) localStorage.setItem(HAS_CACHE_FLAG, '1');
      else localStorage.removeItem(HAS_CACHE_FLAG);
    } catch {
      // storage blocked: the flag is only a shortcut
    }
  },
};
const indexedDbStore: KeyValueStore = {
  get: async (key) => (flag.get() ? get<string>(key, idb()) : undefined),
  set: async (key, value) => {
    flag.set(true);
    await set(key, value, idb());
  },
  del: (key) => del(key, idb()),
  clear: async () => {
    flag.set(false);
    await clear(idb());
  },
};

/** Drops everything kept on this device (sign-out, switching syndicates). */
export async function clearPersistedQueries(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await indexedDbStore.clear().catch(() => undefined);
}

export function persistOptions(queryClient: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createAsyncStoragePersister({
      storage:
        typeof indexedDB === 'undefined'
          ? undefined
          : scopedStorage(indexedDbStore, () => cacheScope(queryClient)),
      key: 'queries',
      throttleTime: 1000,
    }),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, serializeData: keepFirstPages },
  };
}

/** The time of the newest data in the cache (restored or fetched), or null when there is none. */
export function newestDataAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.data !== undefined && query.state.dataUpdatedAt > newest)
      newest = query.state.dataUpdatedAt;
  }
  return newest || null;
}

/**
 * Whether a query on screen has no data and waits for the network (paused offline): a page or a
 * part of one that was never read on this device.
 */
export function waitingForConnection(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.state.data === undefined &&
        query.state.fetchStatus === 'paused' &&
        query.getObserversCount() > 0,
    );
}
