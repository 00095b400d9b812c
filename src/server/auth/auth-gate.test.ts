// Walks every registered route: without a session each protected one answers 401 and a
// signed-in user without a syndicate gets 403 from every tenant-scoped one. A route added
// later is covered automatically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness';

/** Routes that answer without a session (DESIGN.md: auth and health). */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'POST /api/logout',
  'GET /api/calendar/:token.ics',
]);
/** Routes that need a session but not a syndicate. */
const SESSION_ONLY = new Set([
  'GET /api/auth/user',
  'GET /api/syndicates',
  'POST /api/syndicates',
  'POST /api/syndicates/join',
  'PUT /api/syndicates/active',
  'POST /api/members/claim',
  'GET /api/me/preferences',
  'PUT /api/me/preferences',
  'PUT /api/auth/password',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
function protectedRoutes() {
  return t.app.routeList.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !PUBLIC.has(`${r.method} ${r.url}`),
  );
}

describe('authentication gate', () => {
  it('answers 401 on every protected route without a session', async () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const anonymous = new Client(t.app);
    const failures: string[] = [];
    for (const r of routes) {
      const res = await anonymous.request(
        r.method as 'GET',
        concrete(r.url),
        r.method === 'GET' ? undefined : {},
      );
      if (res.statusCode !== 401) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 "Join or create a syndicate first" on every tenant route for a user without one', async () => {
    const c = await signUp(t.app);
    const failures: string[] = [];
    for (const r of protectedRoutes().filter((r) => !SESSION_ONLY.has(`${r.method} ${r.url}`))) {
      const res = await c.request(r.method as 'GET', concrete(r.url), r.method === 'GET' ? undefined : {});
      if (
        res.statusCode !== 403 ||
        res.json<{ message: string }>().message !== 'Join or create a syndicate first'
      ) {
        failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('unknown API paths answer 404 JSON', async () => {
    const res = await new Client(t.app).get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
