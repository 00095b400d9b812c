// The harness's contract check (contract.ts) catches an answer the API document does not
// describe: an undocumented status, a body that does not match, an answer from no route that
// is not an error; and a test app's `inject` throws on one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, toDraft7 } from './contract';
import { createTestApp, signUpWithSyndicate, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const answer = (overrides: Partial<Answer>): Answer => ({
  method: 'GET',
  route: '/api/health',
  url: '/api/health',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"status":"ok"}',
  ...overrides,
});

describe('the contract check', () => {
  it('checks the answers tests receive, and passes documented ones', async () => {
    const before = t.contract.checked;
    const { client } = await signUpWithSyndicate(t.app);
    expect((await client.get('/api/members')).statusCode).toBe(200);
    expect((await client.get('/api/races/999999')).statusCode).toBe(404);
    expect(t.contract.checked - before).toBeGreaterThanOrEqual(4);
    expect(t.contract.takeNew()).toEqual([]);
  });

  it('flags an undocumented status', () => {
    expect(t.contract.check(answer({ status: 418 }))).toMatch(/status 418 is not documented/);
    t.contract.takeNew();
  });

  it('flags a body that does not match the documented schema', () => {
    expect(t.contract.check(answer({ body: '{"status":"maybe"}' }))).toMatch(/does not match/);
    expect(t.contract.check(answer({ status: 404, route: '/api/races/:id', body: '{"error":"x"}' }))).toMatch(
      /does not match/,
    );
    t.contract.takeNew();
  });

  it('flags an operation missing from the document, and a non-error answer from no route', () => {
    expect(t.contract.check(answer({ route: '/api/undocumented' }))).toMatch(/not in the API document/);
    expect(t.contract.check(answer({ route: undefined, status: 200 }))).toMatch(/must be a 4xx/);
    expect(
      t.contract.check(answer({ route: undefined, status: 404, body: '{"message":"Not found"}' })),
    ).toBeNull();
    t.contract.takeNew();
  });

  it("turns OpenAPI 3.0's boolean exclusive bounds into draft-07 numbers", () => {
    expect(toDraft7({ properties: { a: { minimum: 0, exclusiveMinimum: true, maximum: 5 } } })).toEqual({
      properties: { a: { exclusiveMinimum: 0, maximum: 5 } },
    });
  });
});

describe('a test app', () => {
  it('throws from inject when the app answers a status its document does not declare', async () => {
    const broken = await createTestApp();
    try {
      // With its pool ended the app can only answer 500, which no operation documents.
      await broken.database.close();
      await expect(broken.app.inject({ method: 'GET', url: '/api/health' })).rejects.toThrow(
        /not as the API document says[\s\S]*status 500 is not documented/,
      );
    } finally {
      await broken.app.close();
    }
  });
});
