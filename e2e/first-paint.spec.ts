// Signed in, /bets and the dashboard arrive drawn by the server (issue 17 §3, §4): they show before the
// page's code has run, and once it has, the page itself takes over (the picture is removed).
import { type Browser, expect, type Page, test } from '@playwright/test';
import { betRow, createBet, createRace, settleBet, setUpAdmin, uniqueHorse } from './support/bets';

/** `path` opened in the same session with JavaScript off: only the server's picture can show anything. */
async function withoutScript(page: Page, browser: Browser, path: string) {
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const still = await noScript.newPage();
  await still.goto(path);
  return { noScript, still };
}

test('the first rows show without the page’s code, and the page takes over once it runs', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Fiona First');
  const race = await createRace(page.request, baseURL!, { name: 'Paint Stakes', venue: 'Caulfield' });
  const horse = uniqueHorse('Painted');
  await createBet(page.request, baseURL!, { memberId: me.id, raceId: race.id, horseName: horse });

  // The same session with JavaScript off: only the server's picture can show the bet.
  const { noScript, still } = await withoutScript(page, browser, '/bets');
  await expect(still.locator('#first-paint')).toBeVisible();
  await expect(still.getByText(horse, { exact: true })).toBeVisible();
  await expect(still.getByText('Paint Stakes', { exact: true })).toBeVisible();
  // The member's name on the card (phones) or in the table's Member column (wider screens).
  await expect(still.getByText('Fiona First').filter({ visible: true }).first()).toBeVisible();
  await still.screenshot({ path: `test-results/screens/first-paint-${testInfo.project.name}.png` });
  await noScript.close();

  // With its code, the page replaces the picture: one list, the real one, and it works.
  await page.goto('/bets');
  await expect(betRow(page, horse)).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.locator('#first-paint-data')).toHaveCount(0);
  await expect(page.getByText(horse, { exact: true })).toHaveCount(1);
  // The mark the bench reads was set once, by the picture.
  expect(await page.evaluate(() => performance.getEntriesByName('bets-first-rows').length)).toBe(1);
  await page.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Bet' })).toBeVisible();
});

test('the dashboard shows its cards without its code, and the page takes over without reading them again', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Dora Drawn');
  const race = await createRace(page.request, baseURL!, { name: 'Drawn Plate', venue: 'Flemington' });
  const horse = uniqueHorse('Drawn');
  const [bet] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: horse,
  });
  await settleBet(page.request, baseURL!, bet!.id, 'win');

  // JavaScript off: the server's picture is all there is, with its cards' data.
  const { noScript, still } = await withoutScript(page, browser, '/');
  await expect(still.locator('#first-paint')).toBeVisible();
  // (The picture is aria-hidden: no roles in it, so it is found by its text.)
  await expect(still.locator('#first-paint h1')).toHaveText('Dashboard');
  await expect(still.getByText('Recent Bets', { exact: true })).toBeVisible();
  await expect(still.getByText(horse, { exact: true }).first()).toBeVisible();
  await expect(still.getByText('Dora Drawn').filter({ visible: true }).first()).toBeVisible();
  await still.screenshot({ path: `test-results/screens/first-paint-dashboard-${testInfo.project.name}.png` });
  await noScript.close();

  // With its code: the page renders from the answers that came with it (no read of its own for
  // them), then replaces the picture.
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recent Bets' })).toBeVisible();
  // The page's code was asked for only once the whole picture was in the document (at the frame
  // after: first-paint.ts), not beside it, where it arrived and ran before the picture was painted.
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const code = performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => r.startTime);
    return { parsed: nav.domInteractive, firstCode: Math.min(...code), count: code.length };
  });
  expect(timing.count).toBeGreaterThan(0);
  expect(timing.firstCode).toBeGreaterThan(timing.parsed);
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.locator('#first-paint-data')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(1);
  await expect(page.getByText(horse, { exact: true }).first()).toBeVisible();
  for (const read of ['/api/auth/user', '/api/settings', '/api/stats/syndicate', '/api/bank', '/api/races']) {
    expect(reads).not.toContain(read);
  }
  await page.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Bet' })).toBeVisible();
});
