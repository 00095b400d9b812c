// The bets page with a few hundred bets (issue 17 §4): it loads 50 at a time as the user scrolls
// (keyset pages, the next one from the Link header), renders only the rows near the viewport, and
// sends the status filter and the search (accents ignored) to the server.

import path from 'node:path';
import { expect, type Page, type Request, type TestInfo, test } from '@playwright/test';
import { betRow, horseColumn, importBetsCsv, joinAsMember, setUpAdmin } from './support/bets';
import { expectNoSeriousA11yViolations } from './support/helpers';

test.use({ bypassCSP: true });

const BETS = 300;
/** The accented horse, far down the list (bet 240 of 300, newest first). */
const ACCENTED = 'Élan Vîtal';
const ACCENTED_AT = 240;

/** YYYY-MM-DD, `n` days ago (each bet its own day, so the newest-first order is known). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Bet i (0 = newest): every 10th a win, every 10th (offset 5) a loss, the rest pending. */
const statusOf = (i: number) => (i % 10 === 3 ? 'win' : i % 10 === 8 ? 'loss' : 'pending');
const horseOf = (i: number) => (i === ACCENTED_AT ? ACCENTED : `Runner ${String(i).padStart(3, '0')}`);

async function seed(page: Page, baseURL: string, member: string) {
  const lines = ['date,member,horse,race,venue,bet type,odds,stake,status,jockey'];
  for (let i = 0; i < BETS; i++)
    lines.push(
      `${daysAgo(i + 1)},${member},${horseOf(i)},Scroll Cup ${i % 12},Flemington,win,3,10,${statusOf(i)},J. Kah`,
    );
  const { imported } = await importBetsCsv(page.request, baseURL, lines);
  expect(imported).toBe(BETS);
}

/** A screenshot of what is in view (a full-page one would be the whole virtual list's height). */
const snapView = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: path.join('test-results', 'screens', `${name}-${testInfo.project.name}.png`) });

const betsRequest = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/bets';

/** The first read the server made for a drawn /bets page (the answers it sent beside the picture). */
function drawnFor(html: string): string | undefined {
  const json = /<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) return undefined;
  // TanStack Query's dehydrated cache: the bets page's list is under ['/api/bets', 'pages', first].
  const { queries } = (JSON.parse(json) as { state: { queries: { queryKey: unknown[] }[] } }).state;
  const key = queries.find((q) => q.queryKey[0] === '/api/bets' && q.queryKey[1] === 'pages')?.queryKey;
  return typeof key?.[2] === 'string' ? key[2] : undefined;
}

/**
 * Scrolls to the bottom until `horse` is in view (each scroll may load the next page). Rows that
 * scroll into range are drawn a few a frame (lib/use-window-list.ts), so after each turn it looks,
 * as a reader would, once the rows in range are drawn: a row passed over as a placeholder would be
 * missed. A turn moves less than the window's height, so no row can be scrolled past unseen
 * (only the rows near the viewport are rendered).
 */
async function scrollUntil(page: Page, horse: string) {
  const step = Math.round((page.viewportSize()?.height ?? 800) * 0.75);
  for (let i = 0; i < 120; i++) {
    await expect(page.locator('[data-placeholder]')).toHaveCount(0);
    if (await betRow(page, horse).isVisible()) return;
    await page.mouse.wheel(0, step);
    await page.waitForTimeout(200);
  }
  await expect(betRow(page, horse)).toBeVisible();
}

test('a few hundred bets: scrolling loads more, the search ignores accents, a status narrows', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { me } = await setUpAdmin(page, baseURL!, 'Sally Scroll');
  await seed(page, baseURL!, me.name);
  const requests: URL[] = [];
  page.on('request', (r) => {
    if (betsRequest(r)) requests.push(new URL(r.url()));
  });

  const documentAnswer = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await page.goto('/bets');
  // (A generous first wait: the journeys share a busy machine.)
  await expect(betRow(page, 'Runner 000')).toBeVisible({ timeout: 30_000 });
  // The first page, 50 bets (limit=50 and nothing else), came drawn with the page and its answers
  // (src/server/first-paint.ts): the page made no read of its own.
  expect(drawnFor(await (await documentAnswer).text())).toBe('/api/bets?limit=50');
  expect(requests.map((u) => u.search)).toEqual([]);
  const desktop = testInfo.project.name === 'desktop';
  if (desktop) await expect(page.getByRole('table', { name: 'Bets' })).toHaveAttribute('aria-rowcount', '-1');
  await snapView(page, testInfo, 'bets-scroll-first-page');

  // Scrolling down follows the Link header (the cursor it carries) page after page.
  await scrollUntil(page, 'Runner 170');
  const pages = requests.filter((u) => u.searchParams.has('cursor'));
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const u of pages) expect(u.searchParams.get('limit')).toBe('50');
  // Rows that scroll into range are drawn a few a frame (lib/use-window-list.ts, stageItems):
  // once the scrolling stops, none is left a placeholder.
  await expect(page.locator('[data-placeholder]')).toHaveCount(0);
  // Only the rows near the viewport are in the page, not every bet loaded so far.
  const rendered = await page.locator('[data-testid="bet-item"]').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(100);
  if (desktop) {
    const row = betRow(page, 'Runner 170');
    await expect(row).toHaveAttribute('aria-rowindex', '172'); // the header row is 1
  }
  await snapView(page, testInfo, 'bets-scroll-deep');

  // The search goes to the server (debounced): accents and case are ignored.
  await page.evaluate(() => window.scrollTo(0, 0));
  const search = page.getByRole('searchbox', { name: 'Search bets' });
  await expect(search).toHaveAttribute('placeholder', 'Horse, race, venue or jockey');
  const searched = page.waitForRequest((r) => betsRequest(r) && new URL(r.url()).searchParams.has('q'));
  await search.fill('elan VITAL');
  expect(new URL((await searched).url()).searchParams.get('q')).toBe('elan VITAL');
  await expect.poll(() => horseColumn(page)).toEqual([ACCENTED]);
  if (desktop) await expect(page.getByRole('table', { name: 'Bets' })).toHaveAttribute('aria-rowcount', '2');
  await snapView(page, testInfo, 'bets-scroll-search');
  await expectNoSeriousA11yViolations(page);

  await search.fill('no such horse anywhere');
  await expect(page.getByText('No bets found.')).toBeVisible();
  await search.fill('');
  await expect(betRow(page, 'Runner 000')).toBeVisible();

  // A status filter narrows on the server: 30 wins, one page, every row a win.
  const filtered = page.waitForRequest((r) => betsRequest(r) && new URL(r.url()).searchParams.has('status'));
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Win', exact: true }).click();
  expect(new URL((await filtered).url()).searchParams.get('status')).toBe('win');
  await expect(betRow(page, 'Runner 003')).toBeVisible();
  await expect(betRow(page, 'Runner 000')).toHaveCount(0);
  const wins = Array.from({ length: BETS }, (_, i) => i).filter((i) => statusOf(i) === 'win');
  await scrollUntil(page, horseOf(wins.at(-1)!));
  const shown = await horseColumn(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const horse of shown) expect(wins.map(horseOf)).toContain(horse);
  if (desktop)
    await expect(page.getByRole('table', { name: 'Bets' })).toHaveAttribute(
      'aria-rowcount',
      String(wins.length + 1),
    );
  // The export takes the same status filter.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/export/bets.csv?status=win',
  );
});

test('sorting, the member and the days reach bets not loaded yet', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { me, syndicate } = await setUpAdmin(page, baseURL!, 'Sam Sorter');
  const mia = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Mia Member');
  await mia.context.close();
  // 120 bets, one a day: bet 110 (far past the first page of 50) has the largest stake and the
  // first name; bets 100–104 are Mia's.
  const n = 120;
  const deep = 110;
  const horse = (i: number) => (i === deep ? 'Aardvark Deep' : `Runner ${String(i).padStart(3, '0')}`);
  const lines = ['date,member,horse,race,venue,bet type,odds,stake,status'];
  for (let i = 0; i < n; i++) {
    const member = i >= 100 && i <= 104 ? mia.me.name : me.name;
    lines.push(
      `${daysAgo(i + 1)},${member},${horse(i)},Sort Cup,Ascot,win,3,${i === deep ? 500 : 10},pending`,
    );
  }
  expect((await importBetsCsv(page.request, baseURL!, lines)).imported).toBe(n);
  const requests: URL[] = [];
  page.on('request', (r) => {
    if (betsRequest(r)) requests.push(new URL(r.url()));
  });
  await page.goto('/bets');
  await expect(betRow(page, 'Runner 000')).toBeVisible({ timeout: 30_000 });
  await expect(betRow(page, horse(deep))).toHaveCount(0); // not loaded: the first page is 50 bets

  const desktop = testInfo.project.name === 'desktop';
  /** Sorts by a column, ascending or descending, with the headers or the small screen's control. */
  async function sortBy(label: string, direction: 'ascending' | 'descending') {
    if (desktop) {
      const header = page.getByRole('table', { name: 'Bets' }).getByRole('columnheader', { name: label });
      for (let i = 0; i < 2 && (await header.getAttribute('aria-sort')) !== direction; i++)
        await header.getByRole('button').click();
      await expect(header).toHaveAttribute('aria-sort', direction);
    } else {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: `Sort by ${label}` }).click();
      const flip = page.getByRole('button', {
        name: direction === 'ascending' ? /^Sorted descending/ : /^Sorted ascending/,
      });
      if (await flip.isVisible()) await flip.click();
    }
  }
  const firstHorses = async (k: number) => (await horseColumn(page)).slice(0, k);

  // The server sorts every bet: the deep bet comes first by horse and by amount, descending.
  await sortBy('Horse', 'ascending');
  await expect.poll(() => firstHorses(2)).toEqual(['Aardvark Deep', 'Runner 000']);
  expect(requests.at(-1)?.searchParams.get('sort')).toBe('horse');
  await sortBy('Horse', 'descending');
  await expect.poll(() => firstHorses(2)).toEqual(['Runner 119', 'Runner 118']);
  await sortBy('Amount', 'descending');
  await expect.poll(() => firstHorses(1)).toEqual(['Aardvark Deep']);
  expect(requests.at(-1)?.searchParams.get('sort')).toBe('-amount');

  // One member's bets, from the server, in the chosen order (equal stakes: the id breaks the tie).
  await page.getByRole('combobox', { name: 'Filter by member' }).click();
  await page.getByRole('option', { name: 'Mia Member' }).click();
  await expect
    .poll(() => horseColumn(page))
    .toEqual(['Runner 100', 'Runner 101', 'Runner 102', 'Runner 103', 'Runner 104'].reverse());
  expect(requests.at(-1)?.searchParams.get('memberId')).toBe(String(mia.me.id));
  await page.getByRole('combobox', { name: 'Filter by member' }).click();
  await page.getByRole('option', { name: 'All Members' }).click();

  // Days: the deep bet's day alone; then a range that ends before it starts is not asked for.
  await page.getByLabel('From', { exact: true }).fill(daysAgo(deep + 1));
  await page.getByLabel('To', { exact: true }).fill(daysAgo(deep + 1));
  await expect.poll(() => horseColumn(page)).toEqual([horse(deep)]);
  const asked = requests.at(-1)!;
  expect([asked.searchParams.get('from'), asked.searchParams.get('to')]).toEqual([
    daysAgo(deep + 1),
    daysAgo(deep + 1),
  ]);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/export/bets.csv?from=${daysAgo(deep + 1)}&to=${daysAgo(deep + 1)}`,
  );
  await snapView(page, testInfo, 'bets-sort-filters');
  // The view is in the address: a reload (or a shared link) opens the same list, asked for once:
  // by the server, which sends the page drawn with its answers (src/server/first-paint.ts).
  const day = daysAgo(deep + 1);
  await expect(page).toHaveURL(new RegExp(`/bets\\?from=${day}&to=${day}&sort=-amount$`));
  const reloaded = requests.length;
  const documentAnswer = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await page.reload();
  expect(drawnFor(await (await documentAnswer).text())).toBe(
    `/api/bets?limit=50&from=${day}&to=${day}&sort=-amount`,
  );
  await expect.poll(() => horseColumn(page)).toEqual([horse(deep)]);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day);
  expect(requests.slice(reloaded)).toEqual([]);
  if (desktop)
    await expect(
      page.getByRole('table', { name: 'Bets' }).getByRole('columnheader', { name: 'Amount' }),
    ).toHaveAttribute('aria-sort', 'descending');
  const before = requests.length;
  await page.getByLabel('To', { exact: true }).fill(daysAgo(deep + 5));
  await expect(page.getByRole('alert').filter({ hasText: 'The end is before the start' })).toBeVisible();
  await page.waitForTimeout(600);
  expect(requests.slice(before).filter((u) => u.searchParams.get('to') === daysAgo(deep + 5))).toEqual([]);
  await expect.poll(() => horseColumn(page)).toEqual([horse(deep)]);
  await expectNoSeriousA11yViolations(page);
});
