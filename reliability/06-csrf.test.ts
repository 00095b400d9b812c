// Item 6. CSRF: every state-changing route, called with a valid session cookie but a foreign,
// missing, "null" or foreign-Referer origin, answers 403 and changes nothing. And no GET changes
// state: the database is digested around calling every GET route (GET /api/logout, which DESIGN
// requires to end the session, is the documented exception and is tried last, on its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/test/harness';
import { figure } from './support/figures';
import { apiRoutes, changedTables, digest, isWrite, syndicateWithMember } from './support/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('CSRF', () => {
  it('refuses every state-changing route from a foreign or missing origin (403), changing nothing', async () => {
    const A = await syndicateWithMember(t.app, 'Csrf');
    const writes = apiRoutes(t.app).filter(isWrite);
    const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, String(A.ids.bet));
    const origins: [string, Record<string, string>][] = [
      ['foreign Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['foreign Referer, no Origin', { origin: '', referer: 'https://evil.example/page' }],
      ['no Origin, no Referer', { origin: '' }],
      ['look-alike Origin', { origin: 'http://localhost:5000.evil.example' }],
    ];
    const before = await digest(t.database.db);
    const failures: string[] = [];
    let attempts = 0;
    for (const caller of [A.admin, A.member]) {
      for (const r of writes) {
        for (const [label, headers] of origins) {
          // inject drops empty headers: '' means "not sent".
          const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: concrete(r.url),
            headers: { cookie: `sid=${caller.cookie}`, 'content-type': 'application/json', ...clean },
            payload: '{}',
          });
          attempts++;
          if (res.statusCode !== 403) failures.push(`${label}: ${r.method} ${r.url} → ${res.statusCode}`);
        }
      }
    }
    const changed = changedTables(before, await digest(t.database.db));
    // The same session from our own origin still works.
    const sameOrigin = await A.admin.post('/api/races', {
      name: 'Own',
      venue: 'Home',
      date: '2031-06-01T00:00:00.000Z',
    });

    figure(6, 'state-changing routes', writes.length);
    figure(6, `attempts (routes × ${origins.length} origin cases × admin/member)`, attempts);
    figure(6, 'answers other than 403', failures.length, failures.length === 0);
    figure(6, 'tables changed by refused requests', changed.length, changed.length === 0);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('no GET route changes state (GET /api/logout excepted, as documented)', async () => {
    const A = await syndicateWithMember(t.app, 'Safe');
    const gets = apiRoutes(t.app).filter((r) => r.method === 'GET' && r.url !== '/ws');
    const idFor = (url: string) =>
      url.startsWith('/api/members/')
        ? A.ids.member
        : url.startsWith('/api/races/')
          ? A.ids.race
          : url.startsWith('/api/bets/')
            ? A.ids.bet
            : 1;
    const QUERIES: Record<string, string> = {
      '/api/rotation': '?count=5',
      '/api/stats/top-performers': '?limit=100',
      '/api/members': '?active=true',
      '/api/races': '?from=2030-01-01T00:00:00.000Z',
    };
    const EXCEPTIONS = new Set(['GET /api/logout']);
    const before = await digest(t.database.db);
    let calls = 0;
    const errors: string[] = [];
    for (const caller of [A.admin, A.member]) {
      for (const r of gets) {
        if (EXCEPTIONS.has(r.key)) continue;
        const url = r.url.replace(/:[A-Za-z]+/g, String(idFor(r.url))) + (QUERIES[r.url] ?? '');
        const res = await caller.get(url);
        calls++;
        if (res.statusCode >= 500) errors.push(`${url} → ${res.statusCode}`);
      }
    }
    const changed = changedTables(before, await digest(t.database.db));
    // The exception: GET /api/logout ends the session (a navigation link in the spec), nothing else.
    const out = await A.member.get('/api/logout');
    const changedByLogout = changedTables(before, await digest(t.database.db));

    figure(
      6,
      'GET routes called (admin + member), excluding GET /api/logout',
      `${gets.length - 1} routes, ${calls} calls`,
    );
    figure(6, 'tables changed by GETs', changed.length, changed.length === 0);
    figure(
      6,
      'GET /api/logout (documented exception) changes',
      changedByLogout.join(', ') || 'nothing',
      changedByLogout.join() === 'sessions',
    );
    expect(errors).toEqual([]);
    expect(changed).toEqual([]);
    expect(out.statusCode).toBe(302);
    expect(changedByLogout).toEqual(['sessions']);
  });
});
