// Front end: initial JS/CSS (gzip) from the built files, the caching and compression headers the
// server sends, and Lighthouse (mobile preset) with Debian's Chromium.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags';
import { BETS_FIRST_ROWS_MARK } from '../../src/shared/first-paint';

export interface BundleSizes {
  /** gzip bytes */
  landingJs: number;
  landingCss: number;
  dashboardJs: number;
  dashboardCss: number;
  /** the route chunk followed for the dashboard (file name), or null when none was found */
  dashboardChunk: string | null;
  landingFiles: string[];
  dashboardFiles: string[];
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Static imports of a built ES module (`import … from "./x.js"`, `import "./x.js"`, re-exports). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re =
    /\b(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) if (m[1]) out.push(m[1]);
  return out;
}

/** The module graph reached from `entries` by static imports (absolute file paths). */
function graph(clientDir: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop();
    if (!file || seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) {
      stack.push(spec.startsWith('/') ? path.join(clientDir, spec) : path.resolve(path.dirname(file), spec));
    }
  }
  return seen;
}

const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);

/**
 * Landing: index.html's module script, modulepreloads and stylesheets, plus their static imports.
 * Dashboard: that, plus the dashboard route chunk (assets/dashboard-page-*.js, loaded by the
 * router's dynamic import) and its static imports and CSS.
 */
export function bundleSizes(clientDir: string): BundleSizes {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => path.join(clientDir, m[1] ?? ''));
  const entryJs = [
    ...attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const entryCss = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const landing = graph(clientDir, entryJs);
  const assets = fs.readdirSync(path.join(clientDir, 'assets'));
  const chunk = assets.find((f) => /^dashboard-page[-.].*\.js$/.test(f)) ?? null;
  const dashboard = new Set(landing);
  if (chunk) for (const f of graph(clientDir, [path.join(clientDir, 'assets', chunk)])) dashboard.add(f);
  const chunkCss = chunk
    ? assets
        .filter((f) => f.endsWith('.css') && f.startsWith(chunk.split('-').slice(0, -1).join('-')))
        .map((f) => path.join(clientDir, 'assets', f))
    : [];
  const rel = (files: Iterable<string>) => [...files].map((f) => path.relative(clientDir, f)).sort();
  return {
    landingJs: sum(landing),
    landingCss: sum(entryCss),
    dashboardJs: sum(dashboard),
    dashboardCss: sum([...entryCss, ...chunkCss]),
    dashboardChunk: chunk,
    landingFiles: rel(landing),
    dashboardFiles: rel(dashboard),
  };
}

/** gzip bytes of the given built files (paths relative to dist/client, e.g. from Lighthouse). */
export const gzipOf = (clientDir: string, files: string[]) =>
  sum(files.map((f) => path.join(clientDir, f)).filter((f) => fs.existsSync(f)));

export interface HeaderCheck {
  name: string;
  pass: boolean;
  detail: string;
}

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

/** Compression, immutable hashed assets and a revalidated SPA shell, as served. */
export async function headerChecks(
  origin: string,
  clientDir: string,
  cookie: string,
): Promise<HeaderCheck[]> {
  const enc = { 'accept-encoding': 'gzip, deflate, br' };
  const assets = fs.readdirSync(path.join(clientDir, 'assets'));
  const js = assets
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => fileSize(clientDir, b) - fileSize(clientDir, a))[0];
  const css = assets.find((f) => f.endsWith('.css'));
  const checks: HeaderCheck[] = [];
  const check = async (
    name: string,
    url: string,
    extra: Record<string, string>,
    ok: (h: http.IncomingHttpHeaders, s: number) => boolean,
  ) => {
    const { status, headers } = await rawGet(`${origin}${url}`, { ...enc, ...extra });
    const detail = `${status}; content-encoding: ${headers['content-encoding'] ?? '-'}; cache-control: ${headers['cache-control'] ?? '-'}`;
    checks.push({ name, pass: ok(headers, status), detail });
  };
  const compressed = (h: http.IncomingHttpHeaders) =>
    /^(br|gzip|deflate)$/.test(String(h['content-encoding']));
  const immutable = (h: http.IncomingHttpHeaders) =>
    /max-age=31536000/.test(String(h['cache-control'])) && /immutable/.test(String(h['cache-control']));
  const revalidated = (h: http.IncomingHttpHeaders) => /no-cache|max-age=0/.test(String(h['cache-control']));
  await check(
    'API JSON compressed (GET /api/bets)',
    '/api/bets',
    { cookie },
    (h, s) => s === 200 && compressed(h),
  );
  if (js)
    await check(
      `hashed JS immutable + compressed (/assets/${js})`,
      `/assets/${js}`,
      {},
      (h, s) => s === 200 && immutable(h) && compressed(h),
    );
  if (css)
    await check(
      `hashed CSS immutable + compressed (/assets/${css})`,
      `/assets/${css}`,
      {},
      (h, s) => s === 200 && immutable(h) && compressed(h),
    );
  await check('SPA shell revalidated (GET /)', '/', {}, (h, s) => s === 200 && revalidated(h));
  await check('SPA deep link revalidated (GET /bets)', '/bets', {}, (h, s) => s === 200 && revalidated(h));
  // Installable (issue 17 §3; Lighthouse 12 no longer audits it: e2e/pwa.spec.ts asks Chrome's own
  // check): the worker and the manifest are revalidated, or a new deployment would go unseen.
  await check('service worker revalidated (GET /sw.js)', '/sw.js', {}, (h, s) => s === 200 && revalidated(h));
  await check(
    'web app manifest revalidated (GET /manifest.webmanifest)',
    '/manifest.webmanifest',
    {},
    (h, s) => s === 200 && revalidated(h) && /^application\/manifest\+json/.test(String(h['content-type'])),
  );
  return checks;
}

const fileSize = (clientDir: string, f: string) => fs.statSync(path.join(clientDir, 'assets', f)).size;

/** The project's Chromium flags (scripts/chromium-flags.ts), for Lighthouse and the page loads. */
export const CHROME_FLAGS = CHROMIUM_FLAGS;

export interface LighthouseScore {
  /** 0–100 */
  performance: number;
  accessibility: number;
  /** Scripts the page loaded (paths, e.g. assets/x.js). */
  scripts: string[];
  /**
   * The lab metrics behind the score: FCP, LCP, TBT, CLS, Speed Index, as Lighthouse shows them,
   * and the host's CPU as Lighthouse measured it (labMetrics).
   */
  metrics: string;
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

/** What Lighthouse's JSON report holds that the bench reads; `Item` is an audit's detail row. */
interface LighthouseReport<Item> {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string; details?: { items?: Item[] } }>;
  environment?: { benchmarkIndex?: number };
}

/**
 * The lab metrics, then the host's `benchmarkIndex` (Lighthouse's own measure of the CPU it ran
 * on). Its 4× CPU slowdown assumes a fast desktop host; below 1,000 Lighthouse warns that the host
 * is too slow for its default throttling, and the same build's TBT grows with the host's
 * slowness (bench/performance-notes.md, 2026-12-01 late morning: a build that scored 100 on a
 * fast host scored 74-79 on one with half its bare node:http figure, the next day's build 73-80).
 */
const labMetrics = (lhr: LighthouseReport<unknown>) => {
  const index = lhr.environment?.benchmarkIndex;
  const host =
    index === undefined
      ? ''
      : `; host benchmarkIndex ${Math.round(index)}${index <= 1000 ? ' (Lighthouse: slower than it expects)' : ''}`;
  return `${METRICS.map(([label, id]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}${host}`;
};

/** Runs the Lighthouse CLI with `args` (writing its JSON to `out`) and reads the report back. */
async function runLighthouse<Item>(args: string[], out: string): Promise<LighthouseReport<Item>> {
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        timeout: 180_000,
      },
      (err, _stdout, stderr) =>
        err ? reject(new Error(`lighthouse failed: ${stderr || err.message}`)) : resolve(),
    );
  });
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport<Item> & {
    runtimeError?: { message: string };
  };
  fs.rmSync(out, { force: true });
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * Lighthouse signed in as a browser is: the session and hint cookies in the browser's cookie jar
 * (the page's script reads the hint, app/start-early.ts), not only sent as a header. Chromium is
 * started with a debugging port and the cookies; Lighthouse's CLI drives it through that port
 * (it clears the origin's storage and caches between runs, not its cookies).
 */
async function signedInChrome<T>(
  origin: string,
  cookie: string | undefined,
  run: (lighthouseArgs: string[]) => Promise<T>,
): Promise<T> {
  if (!cookie) return run([`--chrome-flags=${CHROME_FLAGS.join(' ')}`]);
  const { chromium } = await import('@playwright/test');
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-lh-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROME_FLAGS.filter((f) => f !== '--headless'), `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: origin };
      }),
    );
    return await run([`--port=${port}`]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** A free loopback port (listened on, then closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * One Lighthouse run (default config: mobile, simulated throttling) through its CLI. `cpuSlowdown`
 * other than Lighthouse's 4 stands in, by hand, for a slower machine (8: one about half as fast).
 */
export async function lighthouse(
  root: string,
  url: string,
  cookie?: string,
  cpuSlowdown?: number,
): Promise<LighthouseScore> {
  const out = path.join(os.tmpdir(), `rs-lh-${process.pid}-${Date.now()}.json`);
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
  ];
  const lhr = await signedInChrome(new URL(url).origin, cookie, (browser) =>
    runLighthouse<{ url?: string; resourceType?: string }>([...args, ...browser], out),
  );
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const scripts = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((i) => i.resourceType === 'Script' && i.url)
    .map((i) => new URL(i.url ?? '').pathname.replace(/^\//, ''));
  const metrics = labMetrics(lhr);
  return { performance: score('performance'), accessibility: score('accessibility'), scripts, metrics };
}

/**
 * Lighthouse `runs` times (a run that fails to record is tried once more); the run with the
 * median performance score, as Lighthouse's docs advise for simulated throttling's variance,
 * and every run's score.
 */
export async function lighthouseMedian(
  root: string,
  url: string,
  cookie: string | undefined,
  runs: number,
): Promise<LighthouseScore & { all: number[] }> {
  const results: LighthouseScore[] = [];
  for (let i = 0; i < runs; i++) {
    results.push(await lighthouse(root, url, cookie).catch(() => lighthouse(root, url, cookie)));
  }
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return { ...median, all: results.map((r) => r.performance) };
}

// ── The bets page at 100,000 bets (issue 17 §4) ──

export interface BetsPageLoad {
  /** When the first rows were on screen (the page's mark), ms from navigation; null if never. */
  firstRowsMs: number | null;
  /** Lighthouse's performance score and lab metrics for the run. */
  performance: number;
  metrics: string;
}

/**
 * Lighthouse's mobile preset on /bets, with the throttling applied to the page (devtools: 4× CPU
 * slowdown, slow 4G) rather than simulated afterwards, so the page's own mark of its first rows
 * is taken under the mobile profile. The mark is read from the `user-timings` audit.
 */
export async function betsPageLighthouse(
  root: string,
  origin: string,
  cookie: string,
): Promise<BetsPageLoad> {
  const out = path.join(os.tmpdir(), `rs-lh-bets-${process.pid}-${Date.now()}.json`);
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    `${origin}/bets`,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance',
    '--throttling-method=devtools',
  ];
  const lhr = await signedInChrome(origin, cookie, (browser) =>
    runLighthouse<{ name?: string; startTime?: number }>([...args, ...browser], out),
  );
  const mark = lhr.audits['user-timings']?.details?.items?.find((i) => i.name === BETS_FIRST_ROWS_MARK);
  return {
    firstRowsMs: mark?.startTime ?? null,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    metrics: labMetrics(lhr),
  };
}

export interface BetsPageScroll {
  /** Bet rows (or cards) the page had loaded when the scrolling stopped. */
  loaded: number;
  /** Keyset pages fetched while scrolling (after the first). */
  pages: number;
  /** Long tasks (over 50 ms) from the first scroll to the end, and the longest (ms). */
  longTasks: number;
  longestMs: number;
  /** The first rows' mark (ms from navigation) in this run. */
  firstRowsMs: number | null;
}

/**
 * Scrolls the bets page in Chromium (Playwright) at 4× CPU slowdown, as Lighthouse's mobile
 * profile throttles the CPU, and counts the long tasks (PerformanceObserver 'longtask') while it
 * scrolls: `steps` wheel turns of `stepPx`, one every 100 ms, loading pages as it goes.
 */
export async function betsPageScroll(
  origin: string,
  cookie: string,
  viewport: { width: number; height: number; mobile: boolean },
  steps = 60,
  stepPx = 800,
  /** Chrome's CPU slow-down (the bench's budget is at 4x; a higher one stands in for a slower machine). */
  cpuRate = 4,
): Promise<BetsPageScroll> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.mobile,
      hasTouch: viewport.mobile,
      deviceScaleFactor: viewport.mobile ? 2 : 1,
    });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: origin };
      }),
    );
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    let pages = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/bets' && r.url().includes('cursor=')) pages++;
    });
    await page.goto(`${origin}/bets`);
    await page.locator('[data-testid="bet-item"]').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const scrollStart = await page.evaluate(() => performance.now());
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(0, stepPx);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(1000);
    const result = await page.evaluate(
      ([start, mark]) => {
        const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
        const during = w.__longTasks.filter((t) => t.start >= start);
        const first = performance.getEntriesByName(mark)[0];
        return {
          longTasks: during.length,
          longestMs: Math.round(Math.max(0, ...during.map((t) => t.duration))),
          firstRowsMs: first ? Math.round(first.startTime) : null,
        };
      },
      [scrollStart, BETS_FIRST_ROWS_MARK] as const,
    );
    // Rows loaded = the position of the last item rendered (aria-rowindex / aria-posinset).
    const loaded = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[aria-rowindex], [aria-posinset]')];
      return Math.max(
        0,
        ...rows.map((r) =>
          Number(r.getAttribute('aria-posinset') ?? Number(r.getAttribute('aria-rowindex')) - 1),
        ),
      );
    });
    await context.close();
    return {
      loaded,
      pages,
      longTasks: result.longTasks,
      longestMs: result.longestMs,
      firstRowsMs: result.firstRowsMs,
    };
  } finally {
    await browser.close();
  }
}
