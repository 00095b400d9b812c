import { expect, type Page, test } from '@playwright/test';
import { api, settledBet } from './support/dashboard';
import {
  expectNoSeriousA11yViolations,
  newAccount,
  setUpSyndicateViaApi,
  snap,
  uniqueSyndicateName,
} from './support/helpers';

// axe-core is injected as a script; the server's CSP would block it.
test.use({ bypassCSP: true });

const rowNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Complete Rankings' })
    .getByTestId('ranking-row')
    .getByTestId('performer-name');

async function sortBy(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: label }).click();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(label);
}

test('with no settled bets the rankings explain what will appear', async ({ page, baseURL }, testInfo) => {
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Eve Empty'),
    uniqueSyndicateName('Rank Club'),
  );
  const seed = api(page.request, baseURL!);
  const me = await seed.myMember();
  // A pending bet does not rank anyone.
  await seed.addBet({ memberId: me.id, horseName: 'Not Yet', odds: 2, amount: 10 });

  await page.goto('/rankings');
  await expect(page.getByRole('heading', { name: 'Punter Rankings', level: 1 })).toBeVisible();
  await expect(page.getByText('See how syndicate members rank by performance')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Total Winnings');
  await expect(page.getByText('No betting data available yet')).toBeVisible();
  await expect(page.getByText('Rankings will appear once members start placing bets')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Podium' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'rankings-empty');
});

test('the podium shows 2nd, 1st, 3rd and the sort select re-ranks the complete list', async ({
  page,
  baseURL,
}, testInfo) => {
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Max Mover'),
    uniqueSyndicateName('Rank Club'),
  );
  const seed = api(page.request, baseURL!);
  const me = await seed.myMember();
  const bella = await seed.addMember('Bella Bettor');
  const carl = await seed.addMember('Carl Caller');
  const dora = await seed.addMember('Dora Departed');
  // me: 1 of 1, +10.   Bella: 2 of 4, +100 +10 −20 −10 = +80.   Carl: 3 of 6, 3 × +5 − 30 = −15.   Dora: 0 of 1, −5.
  await settledBet(seed, me.id, 'M1', 'win', 2, 10);
  await settledBet(seed, bella.id, 'B1', 'win', 3, 50);
  await settledBet(seed, bella.id, 'B2', 'win', 2, 10);
  await settledBet(seed, bella.id, 'B3', 'loss', 2, 20);
  await settledBet(seed, bella.id, 'B4', 'loss', 2, 10);
  for (const horse of ['C1', 'C2', 'C3']) await settledBet(seed, carl.id, horse, 'win', 1.5, 10);
  for (const horse of ['C4', 'C5', 'C6']) await settledBet(seed, carl.id, horse, 'loss', 2, 10);
  await settledBet(seed, dora.id, 'D1', 'loss', 2, 5);
  await seed.removeMember(dora.id);

  await page.goto('/rankings');
  // Total Winnings (default): Bella, me, Dora, Carl. The podium reads 2nd, 1st, 3rd.
  const podium = page.getByRole('region', { name: 'Podium' }).getByTestId('podium-place');
  await expect(podium).toHaveCount(3);
  expect(await podium.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
    `2nd: ${me.name}`,
    '1st: Bella Bettor',
    '3rd: Dora Departed',
  ]);
  await expect(podium.nth(1)).toContainText('+$80');
  await expect(rowNames(page)).toHaveText(['Bella Bettor', me.name, 'Dora Departed', 'Carl Caller']);

  const rows = page.getByTestId('ranking-row');
  await expect(rows.nth(0)).toContainText('1st');
  await expect(rows.nth(1)).toContainText('2nd');
  await expect(rows.nth(2)).toContainText('3rd');
  await expect(rows.nth(3)).not.toContainText(/1st|2nd|3rd/);
  // Rank, win rate, wins, total bets and signed earnings.
  await expect(rows.nth(0)).toContainText('1');
  await expect(rows.nth(0).getByRole('definition')).toHaveText(['50%', '2', '4', '+$80']);
  await expect(rows.nth(3).getByRole('definition')).toHaveText(['50%', '3', '6', '-$15']);
  await expect(rows.nth(2)).toContainText('(former member)');
  await expect(rows.nth(2).getByRole('definition')).toHaveText(['0%', '0', '1', '-$5']);
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'rankings');

  // Win Rate: me 100%; Bella and Carl 50% (Bella earned more); Dora 0%.
  await sortBy(page, 'Win Rate');
  await expect(rowNames(page)).toHaveText([me.name, 'Bella Bettor', 'Carl Caller', 'Dora Departed']);
  await expect(podium.nth(1)).toContainText('100% win rate');

  // Number of Wins: Carl 3, Bella 2, me 1, Dora 0.
  await sortBy(page, 'Number of Wins');
  await expect(rowNames(page)).toHaveText(['Carl Caller', 'Bella Bettor', me.name, 'Dora Departed']);
  expect(await podium.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
    '2nd: Bella Bettor',
    '1st: Carl Caller',
    `3rd: ${me.name}`,
  ]);
  await expect(podium.nth(1)).toContainText('3 wins');
});

test('with fewer than three ranked members there is no podium', async ({ page, baseURL }) => {
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Pat Pair'),
    uniqueSyndicateName('Rank Club'),
  );
  const seed = api(page.request, baseURL!);
  const me = await seed.myMember();
  const bella = await seed.addMember('Bella Bettor');
  await settledBet(seed, me.id, 'M1', 'loss', 2, 10);
  await settledBet(seed, bella.id, 'B1', 'win', 4, 10);

  await page.goto('/rankings');
  await expect(rowNames(page)).toHaveText(['Bella Bettor', me.name]);
  await expect(page.getByRole('region', { name: 'Podium' })).toHaveCount(0);
  await expect(page.getByTestId('ranking-row').nth(1).getByRole('definition')).toHaveText([
    '0%',
    '0',
    '1',
    '-$10',
  ]);
});
