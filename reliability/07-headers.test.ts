// Item 7. Security headers on every kind of answer (API, SPA, static asset, error): a CSP with
// object-src, base-uri and frame-ancestors 'none'; nosniff; HSTS only behind HTTPS; no CORS
// headers for foreign origins. Then the production build in Chromium: landing, login,
// onboarding, dashboard and every page, collecting CSP violations and console errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { connect } from '../src/server/db/client';
import { readEnv } from '../src/server/env';
import { FIRST_PAINT_SCRIPT_HASHES } from '../src/server/first-paint';
import { figure } from './support/figures';
import { root, type Server, startServer, waitHealthy } from './support/server';

async function ensureBuild(): Promise<string> {
  const { sourceHash } = (await import(path.join(root, 'scripts/source-hash.mjs'))) as {
    sourceHash: (root: string) => string;
  };
  const stamp = path.join(root, 'dist/build-hash');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === sourceHash(root)) return 'current';
  const { build } = (await import(path.join(root, 'scripts/build.mjs'))) as {
    build: (o: { quiet: boolean }) => Promise<void>;
  };
  await build({ quiet: true });
  return 'rebuilt';
}

/**
 * Directives every page and API answer must carry, with their exact values. Scripts: the app's
 * own files, and one inline script known by its hash (the bets page's first-paint mark,
 * src/server/first-paint.ts); nothing else inline.
 */
const REQUIRED: [directive: string, value: string][] = [
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
  ['default-src', "'self'"],
  ['script-src', `'self' ${FIRST_PAINT_SCRIPT_HASHES.join(' ')}`],
];

function cspDirectives(header: unknown): Map<string, string> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0] ?? '', d.split(/\s+/).slice(1).join(' ')]),
  );
}

describe('headers', () => {
  let build = 'current';
  beforeAll(async () => {
    build = await ensureBuild();
  });

  it('sends the CSP, nosniff and no CORS on every kind of answer; HSTS only over HTTPS', async () => {
    const database = connect(inject('databaseUrl'), { max: 3 });
    const apps = [] as Awaited<ReturnType<typeof buildApp>>[];
    try {
      const make = async (publicUrl: string) => {
        const app = await buildApp({
          env: readEnv({ PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }),
          db: database.db,
          sessionSecret: 'reliability-secret-reliability-secret-0',
          clientDir: path.join(root, 'dist/client'),
        });
        apps.push(app);
        return app;
      };
      const http = await make('http://localhost:5000');
      const https = await make('https://rs.example.test');
      const asset = fs.readdirSync(path.join(root, 'dist/client/assets')).find((f) => f.endsWith('.js'));
      const urls = [
        '/',
        '/login',
        '/bets',
        '/api/health',
        '/api/auth/user',
        '/api/nope',
        `/assets/${asset}`,
        '/api/docs',
      ];
      const problems: string[] = [];
      let answers = 0;
      for (const [label, app] of [
        ['http', http],
        ['https', https],
      ] as const) {
        for (const url of urls) {
          for (const method of ['GET', 'OPTIONS'] as const) {
            const res = await app.inject({
              method,
              url,
              headers: {
                origin: 'https://evil.example',
                'access-control-request-method': 'POST',
                ...(label === 'https' ? { 'x-forwarded-proto': 'https', host: 'rs.example.test' } : {}),
              },
            });
            answers++;
            const h = res.headers;
            if (Object.keys(h).some((k) => k.startsWith('access-control-')))
              problems.push(`${label} ${method} ${url}: CORS header`);
            if (method === 'OPTIONS') continue;
            const csp = cspDirectives(h['content-security-policy']);
            if (url !== '/api/docs') {
              for (const [d, v] of REQUIRED)
                if (csp.get(d) !== v) problems.push(`${label} ${url}: ${d} is ${csp.get(d)}`);
            }
            if (h['x-content-type-options'] !== 'nosniff') problems.push(`${label} ${url}: no nosniff`);
            const hsts = String(h['strict-transport-security'] ?? '');
            if (label === 'https' && !/max-age=31536000/.test(hsts))
              problems.push(`${label} ${url}: no HSTS`);
            if (label === 'http' && hsts) problems.push(`${label} ${url}: HSTS over plain HTTP`);
          }
        }
      }
      const sample = (await http.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
      figure(7, 'Content-Security-Policy', String(sample));
      figure(7, 'answers checked (8 URLs × GET/OPTIONS × http/https, foreign Origin)', answers);
      figure(7, 'header problems (CSP, nosniff, HSTS, CORS)', problems.length, problems.length === 0);
      expect(problems).toEqual([]);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });

  describe('in Chromium', () => {
    let server: Server;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-csp-'));
    beforeAll(async () => {
      server = await startServer({
        from: 'build',
        env: { DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir },
      });
      await waitHealthy(server);
    });
    afterAll(async () => {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs the production build without CSP violations or console errors', async () => {
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
        ],
      });
      const violations: string[] = [];
      const consoleErrors: string[] = [];
      const visited: string[] = [];
      try {
        const context = await browser.newContext({ baseURL: server.origin });
        await context.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) => {
            const w = window as unknown as { __csp?: string[] };
            w.__csp = [...(w.__csp ?? []), `${e.violatedDirective} ${e.blockedURI}`];
          });
        });
        const page = await context.newPage();
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
        const visit = async (url: string) => {
          await page.goto(url);
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
          const found = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
          violations.push(...found.map((v) => `${url}: ${v}`));
          visited.push(url);
        };
        const api = (url: string, body: object) =>
          page.evaluate(
            async ([u, b]) => {
              const res = await fetch(u as string, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(b),
              });
              return res.status;
            },
            [url, body] as const,
          );

        await visit('/'); // landing
        await visit('/login');
        expect(
          await api('/api/auth/register', {
            name: 'Csp Check',
            email: `csp-${Date.now()}@example.test`,
            password: 'headers check pw 1',
          }),
        ).toBe(201);
        await visit('/'); // onboarding
        expect(await api('/api/syndicates', { name: 'CSP Club' })).toBe(201);
        // A bet, so /bets comes drawn by the server, with its one inline script.
        const me = await page.evaluate(
          async () => (await (await fetch('/api/members/me')).json()) as { id: number },
        );
        expect(
          await api('/api/bets', {
            memberId: me.id,
            horseName: 'Csp Runner',
            status: 'pending',
            date: new Date().toISOString(),
            betType: 'win',
            odds: 3.5,
            amount: 20,
          }),
        ).toBe(201);
        for (const url of [
          '/',
          '/members',
          '/bets',
          '/rankings',
          '/calendar',
          '/reminders',
          '/subscriptions',
          '/settings',
          '/no-such-page',
        ])
          await visit(url);
        // /bets was drawn, and its inline script ran (the mark is its).
        await page.goto('/bets');
        expect(await page.locator('#first-paint-data').count()).toBe(0);
        // The script sets it in a task after the picture's first frame, which can come after 'load'.
        await page.waitForFunction(() => performance.getEntriesByName('bets-first-rows').length > 0, null, {
          timeout: 10_000,
        });
        expect(await page.evaluate(() => performance.getEntriesByName('bets-first-rows').length)).toBe(1);
      } finally {
        await browser.close();
      }
      // Anonymous pages ask who is signed in; Chromium logs the expected 401 as a failed load.
      const unexpected = consoleErrors.filter((e) => !/status of 401/.test(e));
      figure(7, `Chromium pages loaded (production build, ${build})`, visited.length);
      figure(
        7,
        'CSP violations (securitypolicyviolation events)',
        violations.length,
        violations.length === 0,
      );
      figure(
        7,
        'console errors (besides the anonymous 401 from /api/auth/user)',
        unexpected.length,
        unexpected.length === 0,
      );
      expect(violations).toEqual([]);
      expect(unexpected).toEqual([]);
    });
  });
});
