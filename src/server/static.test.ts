// The built SPA: hashed assets cached for a year, the shell revalidated, client-side routes
// answered with the shell, unknown API paths with JSON 404s, security headers everywhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { connect, type Database } from './db/client';
import { readEnv } from './env';

let app: FastifyInstance;
let database: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>shell</title><script type="module" src="/assets/index-abc123.js"></script></head>',
  );
  // Vite's manifest: the entry, and the bets page with a chunk of its own and one it shares
  // with the entry (which the shell already loads).
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_api-1.js'] },
      '_api-1.js': { file: 'assets/api-1.js' },
      '_common-2.js': { file: 'assets/common-2.js', imports: ['_api-1.js'] },
      'features/bets/bets-page.tsx': {
        file: 'assets/bets-page-3.js',
        isDynamicEntry: true,
        imports: ['index.html', '_common-2.js', '_api-1.js'],
      },
    }),
  );
  // What vite-plugin-pwa writes beside the shell: the worker, its Workbox runtime and the manifest.
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'workbox-1a2b3c4d.js'), 'self.workbox = {};');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Racing Syndicate' }));
  fs.writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  database = connect(inject('databaseUrl'), { max: 2 });
  app = await buildApp({
    env: readEnv({ LOG_LEVEL: 'silent' }),
    db: database.db,
    sessionSecret: 'static-test-secret-static-test-secret',
    clientDir: dir,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('caches hashed assets as immutable and compresses them', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers client-side routes (GET and HEAD) with the shell, revalidated every time', async () => {
    for (const url of ['/', '/bets', '/join?code=ABCD2345', '/no/such/page']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ method: 'HEAD', url: '/calendar' })).statusCode).toBe(200);
  });

  it("names a page's files in the shell of its address when the browser has signed in", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const signedIn = await app.inject({ url: '/bets?status=pending', headers: { cookie: 'rs_signed_in=2' } });
    expect(signedIn.statusCode).toBe(200);
    // The page's chunk and what it imports, not what the shell already loads.
    expect(preloads(signedIn.body).sort()).toEqual(['/assets/bets-page-3.js', '/assets/common-2.js']);
    expect(signedIn.body).toContain('<title>shell</title>');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    // Signed out (no hint), another page, or no such page: the plain shell.
    expect(preloads((await app.inject({ url: '/bets' })).body)).toEqual([]);
    for (const url of ['/members', '/no/such/page']) {
      const res = await app.inject({ url, headers: { cookie: 'rs_signed_in=1' } });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual([]);
    }
  });

  it('keeps unknown API paths, missing assets and non-GET methods as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
    expect((await app.inject({ method: 'DELETE', url: '/bets' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/index-old999.js' })).statusCode).toBe(404);
  });

  it('serves the service worker and the manifest revalidated every time (never immutable), with their types', async () => {
    for (const [url, type] of [
      ['/sw.js', /^(text|application)\/javascript/],
      ['/workbox-1a2b3c4d.js', /^(text|application)\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-type']), url).toMatch(type);
    }
    expect((await app.inject({ url: '/manifest.webmanifest' })).json()).toEqual({ name: 'Racing Syndicate' });
  });

  it('lets the page register its worker and read its manifest (CSP worker-src and manifest-src self)', async () => {
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('sends the security headers: CSP with object-src/base-uri/frame-ancestors none, nosniff; no HSTS over http', async () => {
    const res = await app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the same security headers on every answer: a page, an API answer, an error, a missing asset', async () => {
    const expected = {
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
    };
    const csp = (await app.inject({ url: '/' })).headers['content-security-policy'];
    for (const url of ['/', '/api/health', '/api/no-such-route', '/assets/missing.js']) {
      const res = await app.inject({ url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['content-security-policy'], url).toBe(csp);
    }
  });
});
