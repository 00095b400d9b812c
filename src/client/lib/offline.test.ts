// Offline support (issue 17 §3): the kept cache's scoping, what is kept, the banner's time, and
// writes failing with a clear message when there is no connection.
import {
  dehydrate,
  hydrate,
  InfiniteQueryObserver,
  onlineManager,
  QueryClient,
  QueryObserver,
} from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest, OfflineError, readApiErrorBody } from './api';
import { isOffline, OFFLINE_MESSAGE, offlineText, setBrowserOnline } from './connectivity';
import {
  asLastAnswers,
  cacheScope,
  type KeyValueStore,
  keepFirstPages,
  keptPersister,
  newestDataAt,
  PERSIST_MAX_PAGES,
  persistOptions,
  scopedStorage,
  shouldPersistQuery,
  waitingForConnection,
} from './persist';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get: async (key) => map.get(key),
    keepOnly: async (entries) => {
      map.clear();
      for (const [key, value] of entries) map.set(key, value);
    },
    clear: async () => map.clear(),
  };
}

describe('the kept query cache', () => {
  it('keeps one entry, the current user and syndicate’s, and restores it at start', async () => {
    const store = memoryStore();
    let scope: string | null = 'user:1:member:10';
    const storage = scopedStorage(store, () => scope);
    expect(await storage.getItem()).toBeNull();
    await storage.setItem('queries', 'A1');
    expect(await storage.getItem()).toBe('A1');
    // Another syndicate (another member id) of the same user: the first syndicate's data goes.
    scope = 'user:1:member:11';
    await storage.setItem('queries', 'A2');
    expect([...store.map.keys()].sort()).toEqual(['last-scope', 'user:1:member:11']);
    expect(await storage.getItem()).toBe('A2');
    // Another user signs in on this device: nothing of the first user is left.
    scope = 'user:2:member:20';
    await storage.setItem('queries', 'B');
    expect([...store.map.values()]).not.toContain('A2');
    expect(await storage.getItem()).toBe('B');
  });

  it('keeps nothing when signed out, and forgets everything on remove', async () => {
    const store = memoryStore();
    let scope: string | null = 'user:1';
    const storage = scopedStorage(store, () => scope);
    await storage.setItem('queries', 'A');
    scope = null;
    await storage.setItem('queries', 'signed out');
    expect(store.map.size).toBe(0);
    scope = 'user:1';
    await storage.setItem('queries', 'A');
    await storage.removeItem();
    expect(store.map.size).toBe(0);
    expect(await storage.getItem()).toBeNull();
  });

  it('is scoped by the signed-in user and, once known, their member (per syndicate)', () => {
    const client = new QueryClient();
    expect(cacheScope(client)).toBeNull();
    client.setQueryData(['/api/auth/user'], null);
    expect(cacheScope(client)).toBeNull();
    client.setQueryData(['/api/auth/user'], { id: 7, name: 'Ann', email: null });
    expect(cacheScope(client)).toBe('user:7');
    client.setQueryData(['/api/members/me'], { id: 42 });
    expect(cacheScope(client)).toBe('user:7:member:42');
  });

  it('keeps answers but not the private calendar feed URL, nor a query that never had an answer', () => {
    const ok = { status: 'success', data: [] } as never;
    expect(shouldPersistQuery({ queryKey: ['/api/bets'], state: ok })).toBe(true);
    expect(shouldPersistQuery({ queryKey: ['/api/calendar/feed'], state: ok })).toBe(false);
    expect(shouldPersistQuery({ queryKey: ['/api/bets'], state: { status: 'error' } as never })).toBe(false);
    // Its latest fetch failed (aborted as the page was left), but it still holds the last answer.
    const failedWithData = { status: 'error', data: [] } as never;
    expect(shouldPersistQuery({ queryKey: ['/api/bets'], state: failedWithData })).toBe(true);
  });

  it('keeps a query whose refetch failed as its last answer, and restores it as that answer', async () => {
    const source = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    source.setQueryData(['/api/stats/top-performers'], [{ name: 'Quinn' }]);
    await source
      .fetchQuery({
        queryKey: ['/api/stats/top-performers'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => undefined);
    await source
      .fetchQuery({ queryKey: ['/api/races'], queryFn: () => Promise.reject(new Error('no answer ever')) })
      .catch(() => undefined);
    expect(source.getQueryState(['/api/stats/top-performers'])?.status).toBe('error');

    const persisted = {
      timestamp: Date.now(),
      buster: 'b',
      clientState: dehydrate(source, persistOptions(source).dehydrateOptions),
    };
    const kept = asLastAnswers(persisted);
    expect(kept.clientState.queries.map((q) => [q.queryKey[0], q.state.status])).toEqual([
      ['/api/stats/top-performers', 'success'],
    ]);
    const restored = new QueryClient();
    hydrate(restored, JSON.parse(JSON.stringify(kept.clientState)));
    expect(restored.getQueryState(['/api/stats/top-performers'])).toMatchObject({
      status: 'success',
      data: [{ name: 'Quinn' }],
      error: null,
    });
    // Nothing failed: the copy is passed on as it is.
    const fine = { ...persisted, clientState: { mutations: [], queries: [] } };
    expect(asLastAnswers(fine)).toBe(fine);
  });

  it('writes the copy last handed over at once when the page is left, unless written, signed out or another scope’s', async () => {
    const store = memoryStore();
    let scope: string | null = 'user:1:member:10';
    const storage = scopedStorage(store, () => scope);
    let writes = 0;
    const counted = {
      ...storage,
      setItem: (key: string, value: string) => {
        writes++;
        return storage.setItem(key, value);
      },
    };
    const persister = keptPersister(counted, () => scope, 300);
    const copy = (label: string) => ({
      timestamp: Date.now(),
      buster: label,
      clientState: { mutations: [], queries: [] },
    });
    const kept = async () => JSON.parse((await storage.getItem()) ?? '{}').buster;
    const settle = () => new Promise((done) => setTimeout(done, 0));

    // Before the restore nothing has been handed over: nothing to write.
    persister.writeWhenLeft();
    await settle();
    expect(writes).toBe(0);
    // The first copy after a quiet spell is written at once by the library's throttle.
    void persister.persistClient(copy('A'));
    await settle();
    expect(await kept()).toBe('A');
    // The next waits for the throttle's interval; the page is left first: written now.
    void persister.persistClient(copy('B'));
    await settle();
    expect(await kept()).toBe('A');
    persister.writeWhenLeft();
    await settle();
    expect(await kept()).toBe('B');
    expect(writes).toBe(2);
    // Hidden again with nothing new: no second write.
    persister.writeWhenLeft();
    await settle();
    expect(writes).toBe(2);
    // A copy made under another syndicate's scope, or signed out by now, is not written on leaving.
    void persister.persistClient(copy('C'));
    scope = 'user:1:member:11';
    persister.writeWhenLeft();
    scope = null;
    persister.writeWhenLeft();
    await settle();
    expect(writes).toBe(2);
    expect(await kept()).toBe('B');
    // The library's own write still comes when its interval is up (signed out: it clears).
    await new Promise((done) => setTimeout(done, 400));
    expect(writes).toBe(3);
    expect(store.map.size).toBe(0);
  });

  it('keeps the first pages of a list scrolled deep, and the list goes on from the last one kept', async () => {
    const page = (n: number) => ({ bets: [{ id: n }], next: `/api/bets?limit=50&cursor=${n + 1}` });
    const source = new QueryClient();
    const asked: string[] = [];
    const options = {
      queryKey: ['/api/bets', 'pages'],
      queryFn: ({ pageParam }: { pageParam: string }) => {
        asked.push(pageParam);
        return Promise.resolve(page(Number(new URL(pageParam, 'http://x').searchParams.get('cursor') ?? 0)));
      },
      initialPageParam: '/api/bets?limit=50',
      getNextPageParam: (last: { next: string | null }) => last.next ?? undefined,
    };
    await source.fetchInfiniteQuery(options);
    for (let i = 0; i < 9; i++) await source.fetchInfiniteQuery({ ...options, pages: i + 2 });
    expect(source.getQueryData<{ pages: unknown[] }>(options.queryKey)?.pages).toHaveLength(10);

    const kept = dehydrate(source, persistOptions(source).dehydrateOptions);
    const restored = new QueryClient();
    hydrate(restored, kept);
    const data = restored.getQueryData<{ pages: { bets: { id: number }[] }[]; pageParams: string[] }>(
      options.queryKey,
    );
    expect(data?.pages.map((p) => p.bets[0]?.id)).toEqual([0, 1, 2, 3]);
    expect(data?.pageParams).toHaveLength(PERSIST_MAX_PAGES);
    // The cache in memory keeps all ten; scrolling on from the restored pages asks for the fifth.
    expect(source.getQueryData<{ pages: unknown[] }>(options.queryKey)?.pages).toHaveLength(10);
    asked.length = 0;
    const observer = new InfiniteQueryObserver(restored, { ...options, staleTime: Number.POSITIVE_INFINITY });
    const more = await observer.fetchNextPage();
    expect(asked).toEqual(['/api/bets?limit=50&cursor=4']);
    expect(more.data?.pages.map((p) => p.bets[0]?.id)).toEqual([0, 1, 2, 3, 4]);
    // Anything else passes through as it is.
    const plain = { pages: 'not a list' };
    expect(keepFirstPages(plain)).toBe(plain);
    expect(keepFirstPages([1, 2])).toEqual([1, 2]);
  });

  it('knows the time of its newest data', () => {
    const client = new QueryClient();
    expect(newestDataAt(client)).toBeNull();
    client.setQueryData(['/api/bets'], [], { updatedAt: 1_000 });
    client.setQueryData(['/api/members'], [], { updatedAt: 5_000 });
    client.setQueryData(['/api/races'], [], { updatedAt: 3_000 });
    expect(newestDataAt(client)).toBe(5_000);
  });

  it('knows when a query on screen has nothing kept and waits for the network', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/bets'], [], { updatedAt: 1_000 });
    onlineManager.setOnline(false);
    try {
      const waiting = new QueryObserver(client, { queryKey: ['/api/rankings'], queryFn: async () => [] });
      const kept = new QueryObserver(client, { queryKey: ['/api/bets'], queryFn: async () => [] });
      const unsubscribeKept = kept.subscribe(() => {});
      // Kept data, even paused for a refetch, is on screen: nothing waits.
      expect(waitingForConnection(client)).toBe(false);
      const unsubscribe = waiting.subscribe(() => {});
      expect(client.getQueryState(['/api/rankings'])?.fetchStatus).toBe('paused');
      expect(waitingForConnection(client)).toBe(true);
      // Off screen (no observer), it no longer counts.
      unsubscribe();
      expect(waitingForConnection(client)).toBe(false);
      unsubscribeKept();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('the offline banner', () => {
  it('says when the data on screen is from, on the user’s clock', () => {
    const at = new Date(2026, 10, 25, 10, 42).getTime();
    expect(offlineText(at, 'en-GB')).toBe('Offline — showing data from 10:42');
    expect(offlineText(at, 'en-US')).toBe('Offline — showing data from 10:42 AM');
    const evening = new Date(2026, 10, 25, 17, 30).getTime();
    expect(offlineText(evening, 'en-US')).toBe('Offline — showing data from 5:30 PM');
    expect(offlineText(evening, 'en-GB')).toBe('Offline — showing data from 17:30');
    expect(offlineText(null, 'en-GB')).toBe('Offline — no saved data yet');
  });
});

describe('requests without a connection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setBrowserOnline(true);
  });

  it('refuses a write at once when the browser is offline, with a message every form shows', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setBrowserOnline(false);
    expect(isOffline()).toBe(true);
    const error = await apiRequest('POST', '/api/bets', { horseName: 'Winx' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(OFFLINE_MESSAGE);
    expect(readApiErrorBody(error)).toEqual({ message: OFFLINE_MESSAGE });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a write that gets no answer into OfflineError, and counts as offline until an answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(isOffline()).toBe(false);
    await expect(apiRequest('PUT', '/api/bets/1/status', { status: 'win' })).rejects.toBeInstanceOf(
      OfflineError,
    );
    expect(isOffline()).toBe(true);
    // A read keeps the network error (the query keeps its data and the banner explains).
    await expect(apiGet('/api/bets')).rejects.toBeInstanceOf(TypeError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
    await expect(apiGet('/api/bets')).resolves.toEqual([]);
    expect(isOffline()).toBe(false);
  });

  it('leaves HTTP errors as they were: the server answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Nope"}', { status: 503 })),
    );
    const error = await apiRequest('POST', '/api/bets', {}).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(OfflineError);
    expect(readApiErrorBody(error)).toEqual({ message: 'Nope' });
    expect(isOffline()).toBe(false);
  });
});
