import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addRace } from '../features/stats/test-fixtures';
import { Client, createTestApp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { type Entry, pickEncoding, READ_CACHE_MS, ReadCache } from './read-cache';

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['BR;q=0.5', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('ReadCache', () => {
  const json = (s: string) => Buffer.from(JSON.stringify(s));
  const text = (e: Entry | undefined) => e?.bodies.identity?.toString();

  it('keeps an answer for READ_CACHE_MS, then forgets it', () => {
    const cache = new ReadCache();
    cache.store('k', cache.ticket(), json('a'), 1000, 'br');
    expect(text(cache.get('k', 1000 + READ_CACHE_MS - 1))).toBe('"a"');
    expect(cache.get('k', 1000 + READ_CACHE_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('lets go of expired answers nobody asks for again', () => {
    const cache = new ReadCache();
    cache.store('once', cache.ticket(), json('a'), 0, 'identity');
    cache.store('twice', cache.ticket(), json('b'), 10, 'identity');
    cache.store('later', cache.ticket(), json('c'), READ_CACHE_MS + 5, 'identity');
    expect(cache.size).toBe(2);
    expect(text(cache.get('twice', READ_CACHE_MS + 6))).toBe('"b"');
  });

  it('does not store a read that a write overtook, or one that ran during a write', () => {
    const cache = new ReadCache();
    const before = cache.ticket();
    cache.writeStarted();
    cache.store('raced', before, json('old'), 0, 'identity');
    const during = cache.ticket();
    cache.store('during', during, json('old'), 0, 'identity');
    cache.writeEnded();
    cache.store('during', during, json('old'), 0, 'identity');
    expect(cache.get('raced', 1)).toBeUndefined();
    expect(cache.get('during', 1)).toBeUndefined();
    cache.store('after', cache.ticket(), json('new'), 0, 'identity');
    expect(text(cache.get('after', 1))).toBe('"new"');
  });

  it('empties on invalidate and stays within its bounds, oldest first', () => {
    const cache = new ReadCache();
    const big = Buffer.alloc(5 * 2 ** 20, 'x');
    for (const key of ['a', 'b', 'c', 'd']) cache.store(key, cache.ticket(), big, 0, 'identity');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBeDefined();
    expect(cache.size).toBe(3);
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('keeps only the encoding it sent, and makes the others from it once', () => {
    const cache = new ReadCache();
    const source = Buffer.from(JSON.stringify({ a: 'x'.repeat(5000) }));
    const entry = cache.store('k', cache.ticket(), source, 0, 'br');
    expect(Object.keys(entry.bodies)).toEqual(['br']);
    const br = cache.body('k', entry, 'br');
    expect(zlib.brotliDecompressSync(br).equals(source)).toBe(true);
    const gzip = cache.body('k', entry, 'gzip');
    expect(zlib.gunzipSync(gzip).equals(source)).toBe(true);
    expect(cache.body('k', entry, 'gzip')).toBe(gzip);
    expect(cache.body('k', entry, 'identity').equals(source)).toBe(true);
    expect(entry.bytes).toBe(br.length + gzip.length + source.length);
  });

  it('sends a small answer as it is, whatever was asked', () => {
    const cache = new ReadCache();
    const entry = cache.store('k', cache.ticket(), json('tiny'), 0, 'br');
    expect(cache.body('k', entry, 'br').toString()).toBe('"tiny"');
  });
});

describe('read cache in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    t.clock.now = new Date();
  });

  const raceNames = async (client: Client) =>
    (await client.get('/api/races'))
      .json<{ name: string }[]>()
      .map((r) => r.name)
      .sort();

  it('answers a repeated GET from the cache until READ_CACHE_MS has passed', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    expect(await raceNames(client)).toEqual([]);
    // Written with SQL, behind the app's back: the cached answer stands…
    await addRace(t.database.db, syndicate.id, new Date(Date.now() + 86_400_000), { name: 'Behind Cup' });
    expect(await raceNames(client)).toEqual([]);
    // …until it ages out,
    t.clock.now = new Date(t.clock.now.getTime() + READ_CACHE_MS);
    expect(await raceNames(client)).toEqual(['Behind Cup']);
    // or until something says the data changed.
    await addRace(t.database.db, syndicate.id, new Date(Date.now() + 86_400_000), { name: 'Second Cup' });
    t.app.invalidateReads();
    expect(await raceNames(client)).toEqual(['Behind Cup', 'Second Cup']);
  });

  it('never answers from before a write made through the API, by anyone', async () => {
    const admin = await signUpWithSyndicate(t.app);
    const other = await signUpWithSyndicate(t.app);
    expect(await raceNames(admin.client)).toEqual([]);
    const date = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await admin.client.post('/api/races', { name: 'Fresh Plate', venue: 'Ascot', date })).statusCode,
    ).toBe(201);
    expect(await raceNames(admin.client)).toEqual(['Fresh Plate']);
    // A write in another syndicate empties the cache as well (it cannot know whose data moved).
    await addRace(t.database.db, admin.syndicate.id, new Date(Date.now() + 86_400_000), { name: 'Sneaky' });
    await other.client.post('/api/races', { name: 'Theirs', venue: 'York', date });
    expect(await raceNames(admin.client)).toEqual(['Fresh Plate', 'Sneaky']);
  });

  it("keeps one session's answers from another's", async () => {
    const a = await signUpWithSyndicate(t.app, 'Ann A');
    const b = await signUpWithSyndicate(t.app, 'Bob B');
    const userA = (await a.client.get('/api/auth/user')).json<{ name: string }>();
    const userB = (await b.client.get('/api/auth/user')).json<{ name: string }>();
    expect([userA.name, userB.name]).toEqual(['Ann A', 'Bob B']);
    const membersA = (await a.client.get('/api/members')).json<{ name: string }[]>();
    const membersB = (await b.client.get('/api/members')).json<{ name: string }[]>();
    expect(membersA.map((m) => m.name)).toEqual(['Ann A']);
    expect(membersB.map((m) => m.name)).toEqual(['Bob B']);
  });

  it('stops answering a session the moment it signs out', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    expect((await client.get('/api/bets')).statusCode).toBe(200);
    const cookie = client.cookie;
    expect((await client.post('/api/logout')).statusCode).toBeLessThan(400);
    const stale = new Client(t.app);
    stale.cookie = cookie;
    expect((await stale.get('/api/bets')).statusCode).toBe(401);
  });

  it('sends hits compressed as asked, the same JSON in every encoding', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    for (let i = 0; i < 20; i++) {
      await addRace(t.database.db, syndicate.id, new Date(Date.now() + (i + 1) * 86_400_000), {
        name: `Race number ${i}`,
      });
    }
    t.app.invalidateReads();
    const plain = await client.get('/api/races', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/races',
        headers: { cookie: `sid=${client.cookie}`, 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(unpack(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('answers a burst of identical misses with one query', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    expect((await client.get('/api/members/me')).statusCode).toBe(200); // the session, resolved
    const queries = vi.spyOn(t.database.pool, 'query');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.get('/api/stats/syndicate')));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      const statsQueries = queries.mock.calls.filter(
        ([q]) => (q as { name?: string }).name === 'stats_syndicate',
      );
      expect(statsQueries).toHaveLength(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('lets the next read query again when the leading read failed', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    expect((await client.get('/api/members/me')).statusCode).toBe(200);
    const queries = vi.spyOn(t.database.pool, 'query');
    queries.mockImplementationOnce(() => Promise.reject(new Error('connection lost')) as never);
    try {
      const [first, second] = await Promise.all([
        client.get('/api/stats/syndicate'),
        client.get('/api/stats/syndicate'),
      ]);
      expect(first.statusCode).toBe(500);
      expect(second.statusCode).toBe(200);
    } finally {
      queries.mockRestore();
    }
  });

  it('keeps no refusal: a 404 answered once is looked up again', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const id = await addRace(t.database.db, syndicate.id, new Date(Date.now() + 86_400_000));
    await t.database.db.$client.query('delete from races where id = $1', [id]);
    t.app.invalidateReads();
    expect((await client.get(`/api/races/${id}`)).statusCode).toBe(404);
    await t.database.db.$client.query(
      `insert into races (id, syndicate_id, name, venue, date) values ($1, $2, 'Back Again', 'Ascot', now())`,
      [id, syndicate.id],
    );
    expect((await client.get(`/api/races/${id}`)).statusCode).toBe(200);
  });
});
