import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, get, promisifyRequest, type UseStore } from 'idb-keyval';

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

/**
 * What is kept: every answer the user could see. A query whose latest fetch failed still holds its
 * last answer, and that is kept too (as that answer: `asLastAnswers`). Leaving a page aborts the
 * reads still out, and their queries fail just as the kept copy is written; skipping them then
 * wrote a copy without most of the page (found when the copy was first written on leaving).
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const { status, data } = query.state;
  const answered = status === 'success' || (status === 'error' && data !== undefined);
  return answered && !NOT_PERSISTED.has(String(query.queryKey[0]));
}

/** The kept copy with each failed query's last answer kept as a success: restored, it shows that answer. */
export function asLastAnswers(client: PersistedClient): PersistedClient {
  const { queries } = client.clientState;
  if (!queries.some((q) => q.state.status === 'error')) return client;
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: queries.map((q) =>
        q.state.status === 'error'
          ? {
              ...q,
              state: {
                ...q.state,
                status: 'success',
                error: null,
                fetchFailureCount: 0,
                fetchFailureReason: null,
              },
            }
          : q,
      ),
    },
  };
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
  /**
   * Leaves the store holding `entries` and nothing else, in one transaction started before this
   * returns' microtasks end: a page being left still gets it written (its later callbacks never run).
   */
  keepOnly(entries: [string, string][]): Promise<void>;
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
    setItem(_key: string, value: string): Promise<void> {
      const current = scope();
      if (!current) return store.clear();
      // Another scope's entry goes in the same transaction: one user's data never meets another's.
      return store.keepOnly([
        [current, value],
        [LAST_SCOPE, current],
      ]);
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
  keepOnly: (entries) => {
    flag.set(true);
    // idb-keyval's store opens its transaction a microtask later: still inside the page's event.
    return idb()('readwrite', (store) => {
      store.clear();
      for (const [key, value] of entries) store.put(value, key);
      const done = promisifyRequest(store.transaction);
      // Committed now, not when this task ends: a page being unloaded aborts what is still open.
      store.transaction.commit?.();
      return done;
    });
  },
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

/** The kept copy is written at most this often while the data changes (the library's throttle). */
export const PERSIST_THROTTLE_MS = 1000;

/** The storage calls the persister makes (the kept copy is one serialised entry). */
export interface PersistStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * The library's persister (writes at most once a second, the latest copy handed to it), plus
 * `writeWhenLeft`: called when the page is hidden or left, it writes at once the copy last handed
 * over if the library has not written it yet. Without it, a page read and left within that second
 * (the phone locked, the tab closed) opened offline without its data: the timer never fired.
 * It writes nothing before the restore (nothing handed yet), signed out, or for another scope than
 * the copy was made under (a syndicate switched in between).
 */
export function keptPersister(
  storage: PersistStorage,
  scope: () => string | null,
  throttleTime = PERSIST_THROTTLE_MS,
): Persister & { writeWhenLeft(): void } {
  let handed: { client: PersistedClient; scope: string | null } | undefined;
  let written: PersistedClient | undefined;
  const inner = createAsyncStoragePersister({
    storage,
    key: 'queries',
    throttleTime,
    serialize: (client) => {
      written = client;
      return JSON.stringify(client);
    },
  });
  return {
    persistClient(client) {
      const kept = asLastAnswers(client);
      handed = { client: kept, scope: scope() };
      return inner.persistClient(kept);
    },
    restoreClient: inner.restoreClient,
    removeClient() {
      handed = undefined;
      written = undefined;
      return inner.removeClient();
    },
    writeWhenLeft() {
      if (!handed || handed.client === written) return;
      const current = scope();
      if (!current || current !== handed.scope) return;
      written = handed.client;
      // A failed write (storage full, private mode) leaves the previous copy.
      storage.setItem('queries', JSON.stringify(handed.client)).catch(() => undefined);
    },
  };
}

/** Without IndexedDB (the server's first paint, tests) nothing is kept. */
const noPersister: Persister = {
  persistClient: () => undefined,
  restoreClient: () => undefined,
  removeClient: () => undefined,
};

let leaving: (() => void) | undefined;
/** One listener pair for the page's life: the latest persister's copy is written when it is left. */
function writeWhenLeft(write: () => void) {
  if (typeof document === 'undefined') return;
  if (!leaving) {
    const onLeave = () => leaving?.();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') onLeave();
    });
    window.addEventListener('pagehide', onLeave);
  }
  leaving = write;
}

export function persistOptions(queryClient: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> {
  let persister = noPersister;
  if (typeof indexedDB !== 'undefined') {
    const scope = () => cacheScope(queryClient);
    const kept = keptPersister(scopedStorage(indexedDbStore, scope), scope);
    writeWhenLeft(kept.writeWhenLeft);
    persister = kept;
  }
  return {
    persister,
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
