import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRace } from '../features/stats/test-fixtures';
import { createTestApp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { pickEncoding } from './compress-json';

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

describe('JSON answers in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are compressed as asked, the same JSON in every encoding', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    for (let i = 0; i < 20; i++) {
      await addRace(t.database.db, syndicate.id, new Date(Date.now() + (i + 1) * 86_400_000), {
        name: `Race number ${i}`,
      });
    }
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

  it('sends a small answer as it is, whatever was asked', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const res = await client.get('/api/auth/user', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ name: 'Alice Admin' });
  });
});
