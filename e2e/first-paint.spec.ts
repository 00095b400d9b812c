// Signed in, /bets arrives drawn by the server (issue 17 §4): the first rows show before the
// page's code has run, and once it has, the page itself takes over (the picture is removed).
import { expect, test } from '@playwright/test';
import { betRow, createBet, createRace, setUpAdmin, uniqueHorse } from './support/bets';

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
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const still = await noScript.newPage();
  await still.goto('/bets');
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
