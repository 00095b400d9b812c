import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { findNul, NUL_MESSAGE } from './nul-guard';

describe('findNul', () => {
  it('finds U+0000 in nested strings and keys, and nothing in clean values', () => {
    expect(findNul({ a: 'ok', b: [1, { c: 'x\u0000y' }] })).toEqual(['b', '1', 'c']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul({ a: 'fine', b: [null, 2, true] })).toBeNull();
    expect(findNul(undefined)).toBeNull();
  });
});

describe('bodies with NUL characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answer 400 (not 500) and create nothing', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const res = await client.post('/api/races', {
      name: 'Cup\u0000',
      venue: 'V',
      date: '2031-01-01T03:00:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NUL_MESSAGE, errors: [{ path: 'name', message: NUL_MESSAGE }] });
    expect((await client.get('/api/races')).json()).toEqual([]);
  });
});
