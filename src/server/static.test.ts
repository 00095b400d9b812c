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
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
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
});
