import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { api, settledBet } from './support/dashboard';
import { newAccount, setUpSyndicateViaApi, snap, toasts, uniqueSyndicateName } from './support/helpers';

// Installable and offline (issue 17 §3): the manifest, the service worker, the app shell and the
// last data served with the network switched off, and writes that say they need a connection.

const OFFLINE_MESSAGE = "You're offline — this needs a connection.";

// A first visit installs the worker (it precaches the whole app beside the page's own loads) and
// these journeys load the app two or three times: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });
// Blocked for the other journeys (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Whether the kept query cache (IndexedDB, lib/persist.ts) holds the answer of the query `key`,
 * with `text` in it. One query at a time: the cache is written at most once a second, so a copy
 * can hold the first answers of a screen and not yet the rest (the activity feed names the horse
 * too, and answered first).
 */
function persistedQueryHas(page: Page, key: readonly string[], text: string) {
  return page.evaluate(
    ({ key, text }) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('racing-syndicate');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve(false);
          const all = db.transaction('query-cache').objectStore('query-cache').getAll();
          all.onsuccess = () =>
            resolve(
              all.result.some((value) => {
                if (typeof value !== 'string' || !value.startsWith('{')) return false;
                const kept = JSON.parse(value) as {
                  clientState?: { queries?: { queryKey: unknown; state: { data?: unknown } }[] };
                };
                return (kept.clientState?.queries ?? []).some(
                  (q) =>
                    JSON.stringify(q.queryKey) === JSON.stringify(key) &&
                    JSON.stringify(q.state.data ?? null).includes(text),
                );
              }),
            );
          all.onerror = () => resolve(false);
        };
      }),
    { key, text },
  );
}

/** Waits until a service worker controls the page (clientsClaim: no reload needed); its scope and script. */
function workerInControl(page: Page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
    return { scope: reg.scope, script: navigator.serviceWorker.controller?.scriptURL };
  });
}

/** A new syndicate whose admin has one settled bet on a horse named `prefix` and a random tag. */
async function syndicateWithSettledBet(
  page: Page,
  baseURL: string,
  admin: string,
  club: string,
  prefix: string,
) {
  await setUpSyndicateViaApi(page.request, baseURL, newAccount(admin), uniqueSyndicateName(club));
  const seed = api(page.request, baseURL);
  const me = await seed.myMember();
  const horse = `${prefix} ${Math.random().toString(36).slice(2, 6)}`;
  await settledBet(seed, me.id, horse, 'win', 3.5, 20);
  return { seed, horse };
}

const RECENT_BETS_KEY = ['/api/bets', 'recent'];

test('the manifest describes an installable app with its icons', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Racing Syndicate',
    short_name: 'Syndicate',
    start_url: '/',
    display: 'standalone',
    theme_color: '#14532d',
    background_color: '#f6f7f4',
  });
  const sizes = new Set<string>();
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    sizes.add(`${icon.sizes} ${icon.purpose ?? 'any'}`);
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test("Chrome's installability check finds nothing missing", async ({ browser, launchOptions, baseURL }) => {
  // A profile on disk: Playwright's usual contexts are incognito, which Chrome never installs from.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-pwa-profile-'));
  const context = await browser.browserType().launchPersistentContext(dir, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Racing Syndicate', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
      )
      .toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('installs, opens offline with the last data, refuses writes offline, and recovers', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const { seed, horse } = await syndicateWithSettledBet(
    page,
    baseURL!,
    'Olive Offline',
    'Signal Club',
    'Signal Drop',
  );
  const reminder = await seed.addReminder('Pay the trainer', new Date().toISOString().slice(0, 10));

  await page.goto('/');
  // The first visit also installs the worker, which precaches the app beside the page's own loads.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  const recentBets = page.getByRole('region', { name: 'Recent Bets', exact: true });
  await expect(recentBets).toContainText(horse);

  // The worker is registered and controls the page (clientsClaim: no reload needed).
  const sw = await workerInControl(page);
  expect(sw).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

  // The answers are kept on the device (written at most a second after they change).
  await expect.poll(() => persistedQueryHas(page, RECENT_BETS_KEY, horse)).toBe(true);
  await expect.poll(() => persistedQueryHas(page, ['/api/reminders'], 'Pay the trainer')).toBe(true);
  await expect(page.getByText(/^Offline/)).toHaveCount(0);

  // Signal gone: the reload's shell comes from the worker, the data from the kept cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(recentBets).toContainText(horse);
  const banner = page.getByRole('status').filter({ hasText: /^Offline — showing data from \d{1,2}:\d{2}/ });
  await expect(banner).toBeVisible();
  await snap(page, testInfo, 'pwa-offline-banner');

  // A write says it needs a connection instead of failing silently, and changes nothing.
  const reminders = page.getByRole('region', { name: 'Reminders', exact: true });
  const box = reminders.getByRole('checkbox', { name: /Pay the trainer/ });
  await box.click();
  await expect(toasts(page)).toContainText(OFFLINE_MESSAGE);
  await expect(box).not.toBeChecked();
  await snap(page, testInfo, 'pwa-offline-write');
  // Add Bet's member list was never read on this device: the field says it needs a connection
  // (it said "Loading members..." for ever before).
  await page.getByRole('main').getByRole('button', { name: 'Add Bet', exact: true }).first().click();
  const addBet = page.getByRole('dialog', { name: 'Add New Bet' });
  await expect(addBet.getByLabel('Member', { exact: true })).toHaveText('Members need a connection');
  await page.keyboard.press('Escape');
  await expect(addBet).toBeHidden();
  // A page never opened on this device: its code is kept, its data is not. The banner says so
  // (its placeholders pulsed under "showing data from" before, as if the data were coming).
  await page.goto('/rankings');
  await expect(page.getByRole('heading', { name: 'Rankings', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText(
    'Some of this page was not kept on this device: it loads when you are back online.',
  );
  await snap(page, testInfo, 'pwa-offline-page-not-kept');
  await page.goto('/');
  await expect(recentBets).toContainText(horse);
  await expect(banner).not.toContainText('not kept');

  // Back online: the banner goes, and the same write goes through.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await box.click();
  await expect(toasts(page)).toContainText('Reminder completed');
  const saved = (await (await page.request.get('/api/reminders')).json()) as {
    id: number;
    completed: boolean;
  }[];
  expect(saved.find((r) => r.id === reminder.id)?.completed).toBe(true);
});

test('with signal bars but nothing getting through, the app opens with the last data', async ({
  page,
  baseURL,
}, testInfo) => {
  const { horse } = await syndicateWithSettledBet(
    page,
    baseURL!,
    'Liam Liefi',
    'Trackside Club',
    'Weak Signal',
  );

  await page.goto('/');
  const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const recentBets = page.getByRole('region', { name: 'Recent Bets', exact: true });
  await expect(recentBets).toContainText(horse);
  await workerInControl(page);
  await expect.poll(() => persistedQueryHas(page, RECENT_BETS_KEY, horse)).toBe(true);

  // The browser still says it is online (navigator.onLine), but no request gets an answer: a
  // phone at the track with signal bars and no data. The reads fail instead of pausing; what
  // was kept shows anyway, with the offline banner, not an error screen.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(recentBets).toContainText(horse);
  await expect(page.getByText('Could not load your syndicates')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: /^Offline — showing data from \d{1,2}:\d{2}/ }),
  ).toBeVisible();
  await snap(page, testInfo, 'pwa-lie-fi');
});

test('a page read and left within the second the kept copy waits opens offline with its data', async ({
  page,
  context,
  baseURL,
}) => {
  const { horse } = await syndicateWithSettledBet(page, baseURL!, 'Quinn Quick', 'Dash Club', 'Last Look');
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recent Bets', exact: true })).toContainText(horse, {
    timeout: 30_000,
  });
  await workerInControl(page);
  await expect.poll(() => persistedQueryHas(page, RECENT_BETS_KEY, horse)).toBe(true);

  // The rankings are opened and read, and the page is left at once (the phone locked, the tab
  // closed, the signal gone and the app reloaded): well inside the second the kept copy is
  // written at most once in. Found by probing (2026-12-02): the rankings' answer was lost.
  await page.getByRole('navigation').getByRole('link', { name: 'Rankings' }).first().click();
  const heading = page.getByRole('heading', { name: 'Punter Rankings', level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Quinn Quick1st');
  await context.setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main')).toContainText('Quinn Quick1st');
  await expect(page.getByText('Some of this page was not kept on this device')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: /^Offline — showing data from \d{1,2}:\d{2}/ }),
  ).toBeVisible();
});

/**
 * Holds an exclusive lock file until the returned release is called: the first to create it wins,
 * the others wait. One left by a killed run is taken over after a minute.
 */
async function lockFile(file: string): Promise<() => void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return () => fs.rmSync(file, { force: true });
}

test('a session that ends without Sign out leaves none of its data on the device', async ({
  page,
  baseURL,
}) => {
  const { horse } = await syndicateWithSettledBet(
    page,
    baseURL!,
    'Ezra Expired',
    'Lapse Club',
    'Lapsed Horse',
  );
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recent Bets', exact: true })).toContainText(horse, {
    timeout: 30_000,
  });
  await expect.poll(() => persistedQueryHas(page, RECENT_BETS_KEY, horse)).toBe(true);
  // The session ends outside this page (as an expiry, another device or an admin would end it).
  const ended = await page.request.post('/api/logout', { headers: { Origin: baseURL! } });
  expect(ended.status()).toBe(204);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  // Found by probing (2026-12-02): the members, bets and bank of the user before stayed kept.
  await expect.poll(() => persistedQueryHas(page, RECENT_BETS_KEY, horse), { timeout: 3000 }).toBe(false);
});

test('a new deployment is offered with "A new version is available — Reload"', async ({
  page,
  baseURL,
}, testInfo) => {
  // The desktop and mobile runs of this test may overlap, and each changes the served worker for
  // a moment: one holds the lock for the whole test (the other's page installed the changed
  // worker, or found the first put back, and saw no new version).
  const release = await lockFile(path.join(os.tmpdir(), 'rs-e2e-sw-js.lock'));
  try {
    await setUpSyndicateViaApi(
      page.request,
      baseURL!,
      newAccount('Nia Newbuild'),
      uniqueSyndicateName('Update Club'),
    );
    await page.goto('/');
    // The first visit also installs the worker, which precaches the app beside the page's own loads.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
    const firstWorker = (await workerInControl(page)).script;
    expect(firstWorker).toBe(`${baseURL}/sw.js`);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toHaveCount(0);

    // The next deployment: the served worker script changes by a byte (the file the e2e server
    // serves, put back once offered: only this page asks for an update meanwhile). The user comes
    // back to the open tab; the app asks for a new worker by itself (no reload: found by probing,
    // 2026-12-02, a tab open across a deployment was offered nothing), and the browser installs it
    // beside the running one, where it waits.
    const swFile = fileURLToPath(new URL('../dist/client/sw.js', import.meta.url));
    const current = fs.readFileSync(swFile, 'utf8');
    try {
      fs.writeFileSync(swFile, `${current}\n// next deployment: ${testInfo.project.name} ${Date.now()}\n`);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(prompt).toBeVisible();
    } finally {
      fs.writeFileSync(swFile, current);
    }
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    await snap(page, testInfo, 'pwa-update-prompt');

    // Reload activates the waiting worker and reloads the page under it; nothing is offered then.
    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toHaveCount(0);
    expect(
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting ?? null, active: reg?.active?.state };
      }),
    ).toEqual({ waiting: null, active: 'activated' });
  } finally {
    release();
  }
});
