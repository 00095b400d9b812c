// Insights (issue 16): the summary cards, the two charts and their table view, the breakdown
// tabs with sortable columns, and the period picker, on a phone and on a desktop.
import { expect, type Page, test } from '@playwright/test';
import { createBet, createRace, settleBet, setUpAdmin } from './support/bets';
import { expectNoSeriousA11yViolations, snap, toasts } from './support/helpers';

// axe is injected as a script tag (the app's CSP allows only its own scripts).
test.use({ bypassCSP: true });

const card = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true }).getByTestId('stat-value');

test('insights: summary, charts with a table view, sortable breakdowns and the period', async ({
  page,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Ivy Insight');
  const race = await createRace(page.request, baseURL!, { name: 'Insight Cup', venue: 'Ascot' });
  const bet = (horseName: string, odds: number, amount: number, jockey: string) =>
    createBet(page.request, baseURL!, { memberId: me.id, raceId: race.id, horseName, odds, amount, jockey });
  const [won] = await bet('Alpha', 3, 10, 'R. Moore');
  const [lost] = await bet('Bravo', 5, 5, 'F. Dettori');
  await bet('Charlie', 2, 10, 'R. Moore');
  await settleBet(page.request, baseURL!, won!.id, 'win'); // +$20
  await settleBet(page.request, baseURL!, lost!.id, 'loss'); // −$5

  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(card(page, 'Profit')).toHaveText('+$15.00');
  await expect(card(page, 'ROI')).toHaveText('100%');
  await expect(card(page, 'Strike rate')).toHaveText('50%');
  await expect(card(page, 'Staked')).toHaveText('$15.00');
  await expect(
    page.getByRole('img', {
      name: /^Line chart of the cumulative profit over \d+ periods, ending at \+\$15\.00$/,
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Bar chart of the profit in each of \d+ months: 1 up, 0 down$/ }),
  ).toBeVisible();

  // The breakdown: by venue first, then by jockey, sorted by profit and then the other way.
  const breakdown = page.getByRole('region', { name: 'Breakdown' });
  await expect(breakdown.getByRole('row', { name: /Ascot/ })).toContainText('+$15.00');
  // Its columns fit the card without scrolling sideways, on a phone too (Staked and Strike rate
  // show from 768 px).
  const venues = breakdown.getByRole('region', { name: 'Breakdown by venue' });
  expect(await venues.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await breakdown.getByRole('tab', { name: 'Jockey' }).click();
  const jockeys = breakdown.getByRole('table');
  await expect(jockeys.getByRole('row').nth(1)).toContainText('R. Moore');
  await expect(jockeys.getByRole('row').nth(1)).toContainText('+$20.00');
  await expect(jockeys.getByRole('row').nth(2)).toContainText('F. Dettori');
  await jockeys.getByRole('button', { name: 'Profit' }).click();
  await expect(jockeys.getByRole('columnheader', { name: 'Profit' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(jockeys.getByRole('row').nth(1)).toContainText('F. Dettori');
  await expect(jockeys.getByRole('row').nth(1)).toContainText('-$5.00');
  await snap(page, testInfo, '60-insights');
  await expectNoSeriousA11yViolations(page);

  // The charts as tables.
  await page.getByLabel('Show as table').click();
  const cumulative = page.getByRole('region', { name: 'Cumulative profit by period, newest first' });
  await expect(cumulative.getByRole('row').nth(1)).toContainText('+$15.00');
  await expect(
    page.getByRole('region', { name: 'Profit by month, newest first' }).getByRole('row').nth(1),
  ).toContainText('+$15.00');
  await snap(page, testInfo, '61-insights-tables');

  // One member's summary, and a period with no bets.
  await page.getByRole('combobox', { name: 'Summary for' }).click();
  await page.getByRole('option', { name: 'Ivy Insight' }).click();
  await expect(card(page, 'Profit')).toHaveText('+$15.00');
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-12-31');
  await page.getByRole('combobox', { name: 'Summary for' }).click();
  await page.getByRole('option', { name: 'All members' }).click();
  await expect(page.getByText('No bets in this period')).toBeVisible();

  // A removed member keeps their bets, and their figures can still be looked at.
  const formerRes = await page.request.post('/api/members', {
    data: { name: 'Fred Former', email: `fred.${Date.now()}@example.test`, role: 'member' },
    headers: { Origin: baseURL! },
  });
  expect(formerRes.status()).toBe(201);
  const former = (await formerRes.json()) as { id: number };
  const [fredsBet] = await createBet(page.request, baseURL!, {
    memberId: former.id,
    raceId: race.id,
    horseName: 'Delta',
    odds: 4,
    amount: 5,
  });
  await settleBet(page.request, baseURL!, fredsBet!.id, 'win'); // +$15
  const removed = await page.request.delete(`/api/members/${former.id}`, { headers: { Origin: baseURL! } });
  expect(removed.status()).toBe(204);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'All time' }).click();
  await page.getByRole('combobox', { name: 'Summary for' }).click();
  await page.getByRole('option', { name: 'Fred Former (former)' }).click();
  await expect(card(page, 'Profit')).toHaveText('+$15.00');
  await expect(card(page, 'Staked')).toHaveText('$5.00');
});

test('the dashboard shares the week or the month as text for a group chat', async ({
  page,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Sam Share');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const race = await createRace(page.request, baseURL!, { name: 'Share Stakes', venue: 'Flemington' });
  const [won] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: 'Sharer',
    odds: 4,
    amount: 10,
  });
  await settleBet(page.request, baseURL!, won!.id, 'win'); // +$30

  await page.goto('/');
  await page.getByRole('button', { name: 'Share summary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share summary' });
  const text = dialog.getByLabel('Summary');
  await expect(text).toHaveValue(/— this week \(/);
  await expect(text).toHaveValue(/^1 bet, 1 settled: profit \+\$30\.00 \(ROI 300%\)$/m);
  await expect(text).toHaveValue(/^Best winner: Sharer \+\$30\.00 \(Sam Share\)$/m);
  await dialog.getByRole('tab', { name: 'This month' }).click();
  await expect(text).toHaveValue(/— this month \(/);
  await snap(page, testInfo, '62-share-summary');
  const shown = await text.inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('Summary copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
});
