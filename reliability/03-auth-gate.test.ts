// Item 3. Every protected route, called without a session, or with a cookie that names no session,
// answers 401 (the routes are walked from the app's own route list, so new ones are covered).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../src/server/test/harness';
import { figure } from './support/figures';
import { apiRoutes, PUBLIC_ROUTES } from './support/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('authentication gate', () => {
  it('answers 401 on every protected route without a valid session', async () => {
    const routes = apiRoutes(t.app).filter((r) => r.url !== '/ws' && !PUBLIC_ROUTES.has(r.key));
    const anonymous = new Client(t.app);
    const forged = new Client(t.app);
    forged.cookie = 'A'.repeat(43); // well-formed, but no such session
    const failures: string[] = [];
    let calls = 0;
    for (const client of [anonymous, forged]) {
      for (const r of routes) {
        const res = await client.request(
          r.method as 'GET',
          concrete(r.url),
          r.method === 'GET' ? undefined : {},
        );
        calls++;
        if (res.statusCode !== 401) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    figure(3, 'protected routes (from the route list)', routes.length);
    figure(3, 'calls without a session / with a forged cookie', calls);
    figure(3, 'answers other than 401', failures.length, failures.length === 0);
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(failures).toEqual([]);
  });
});
