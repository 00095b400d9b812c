import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import {
  betGroups,
  betRow,
  createBet,
  createRace,
  groupParts,
  horseColumn,
  joinAsMember,
  settleBet,
  setUpAdmin,
  toastArea,
  uniqueHorse,
} from './support/bets';
import { expectNoSeriousA11yViolations, snap } from './support/helpers';

// The server's CSP (script-src 'self') would block the injected axe-core script; the check needs it.
test.use({ bypassCSP: true });

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function openAddBet(page: Page) {
  return page.getByRole('button', { name: 'Add Bet', exact: true }).click();
}

test('add a single bet on a custom race; it appears in the table', async ({ page, baseURL }, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Single');
  await page.goto('/bets');
  await expect(page.getByRole('heading', { level: 1, name: 'Bets' })).toBeVisible();
  await expect(page.getByText('No bets found.')).toBeVisible();

  await openAddBet(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await expect(dialog).toBeVisible();
  // Defaults: custom race on, type win, odds type fixed, amount = the syndicate's default (100).
  await expect(dialog.getByRole('switch', { name: 'Custom race' })).toBeChecked();
  await expect(dialog.getByLabel('Bet Type', { exact: true })).toHaveText('Win');
  await expect(dialog.getByLabel('Odds Type', { exact: true })).toHaveText('Fixed');
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('100');
  await expect(dialog.getByRole('button', { name: 'Add Second Bet' })).toBeVisible();

  const horse = uniqueHorse('Winx');
  await pick(page, dialog, 'Member', me.name);
  await dialog.getByLabel('Venue').fill('Randwick');
  await dialog.getByLabel('Race Number').fill('5');
  await dialog.getByLabel('Horse Name').fill(horse);
  await dialog.getByLabel('Odds', { exact: true }).fill('4.5');
  await dialog.getByLabel('Amount', { exact: true }).fill('25');
  await dialog.getByRole('button', { name: 'Show Advanced Options' }).click();
  await dialog.getByLabel('Horse Number').fill('4');
  await dialog.getByLabel('Barrier').fill('7');
  await dialog.getByLabel('Jockey').fill('J. McDonald');
  await expect(dialog.getByRole('button', { name: 'Hide Advanced Options' })).toBeVisible();
  await snap(page, testInfo, 'bets-add-dialog');
  await expectNoSeriousA11yViolations(page);

  const raceRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/races'));
  const betRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bets'));
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  const race = (await raceRequest).postDataJSON() as Record<string, unknown>;
  expect(race).toMatchObject({
    name: 'Randwick - Race 5',
    venue: 'Randwick',
    description: 'Race 5 at Randwick',
  });
  const bet = (await betRequest).postDataJSON() as Record<string, unknown>;
  expect(bet).toMatchObject({
    memberId: me.id,
    horseName: horse,
    status: 'pending',
    betType: 'win',
    odds: 4.5,
    amount: 25,
    oddsType: 'fixed',
    horseNumber: 4,
    barrier: 7,
    jockey: 'J. McDonald',
  });
  expect(typeof bet.raceId).toBe('number');
  expect(bet).not.toHaveProperty('bets');

  await expect(toastArea(page).getByText('Bet created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = betRow(page, horse);
  await expect(row).toContainText('Randwick - Race 5');
  await expect(row).toContainText('4.50');
  await expect(row).toContainText('$25.00');
  await expect(row).toContainText('Win');
  await expect(row).toContainText('Pending');

  // The form was reset: reopening shows the defaults again.
  await openAddBet(page);
  await expect(dialog.getByLabel('Horse Name')).toHaveValue('');
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('100');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a two-part bet shows as one group; All Win settles both', async ({ page, baseURL }, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Group');
  const raceName = `Cup ${Math.random().toString(36).slice(2, 6)}`;
  await createRace(page.request, baseURL!, { name: raceName, venue: 'Flemington' });
  await page.goto('/bets');

  await openAddBet(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  const horse = uniqueHorse('Verry Elleegant');
  await pick(page, dialog, 'Member', me.name);
  await dialog.getByRole('switch', { name: 'Custom race' }).click();
  await expect(dialog.getByLabel('Venue')).toBeHidden();
  await dialog.getByLabel('Race', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${raceName} · Flemington`) }).click();

  await dialog.getByLabel('Horse Name').fill(horse);
  await dialog.getByLabel('Odds', { exact: true }).fill('3');
  await dialog.getByLabel('Amount', { exact: true }).fill('20');
  await dialog.getByRole('button', { name: 'Add Second Bet' }).click();
  await expect(dialog.getByLabel('Second Bet Type')).toHaveText('Place');
  await dialog.getByLabel('Second Bet Odds').fill('1.8'); // amount left empty → the first bet's 20

  const betRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bets'));
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  const body = (await betRequest).postDataJSON() as Record<string, unknown>;
  expect(body.bets).toEqual([
    { betType: 'win', odds: 3, amount: 20 },
    { betType: 'place', odds: 1.8, amount: 20 },
  ]);
  expect(body).not.toHaveProperty('betType');
  await expect(toastArea(page).getByText('Bets created', { exact: true })).toBeVisible();
  await expect(
    toastArea(page).getByText('Win + Place bets created successfully (2 bets)', { exact: true }),
  ).toBeVisible();

  const group = betGroups(page).filter({ hasText: horse });
  await expect(group).toHaveCount(1);
  await expect(group).toContainText('Win + Place');
  await expect(group).toContainText('2 bets');
  await expect(group).toContainText('Pending');
  await expect(group).toContainText('$40.00'); // total stake

  await group.getByRole('button', { name: /^Show bets:/ }).click();
  const parts = groupParts(page);
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0).getByRole('button', { name: /^Mark as win/ })).toBeVisible();
  await expect(parts.nth(1).getByRole('button', { name: /^Mark as loss/ })).toBeVisible();
  await expect(parts.nth(0).getByRole('button', { name: /^Edit bet/ })).toBeVisible();
  await expect(parts.nth(1).getByRole('button', { name: /^Delete bet/ })).toBeVisible();
  await snap(page, testInfo, 'bets-page-group');

  await group.getByRole('button', { name: /^All Win/ }).click();
  // win: 20×3−20 = 40; place: 20×1.8−20 = 16 → +$56.00.
  await expect(group).toContainText('+$56.00');
  await expect(group.getByText('Win', { exact: true }).first()).toBeVisible(); // the group's status
  await expect(group.getByRole('button', { name: /^All Win/ })).toHaveCount(0);
  await expect(group.getByRole('button', { name: /^All Loss/ })).toHaveCount(0);
  await expect(parts.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
  await expect(parts.nth(0)).toContainText('+$40.00');
  await expect(parts.nth(1)).toContainText('+$16.00');
});

test('mark a single bet win or loss; Result and Status change', async ({ page, baseURL }) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Settle');
  const race = await createRace(page.request, baseURL!, { name: 'Settle Stakes', venue: 'Rosehill' });
  const winner = uniqueHorse('Winner');
  const loser = uniqueHorse('Loser');
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: winner,
    odds: 3,
    amount: 10,
  });
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: loser,
    odds: 5,
    amount: 12.5,
  });
  await page.goto('/bets');

  const w = betRow(page, winner);
  await expect(w).toContainText('Pending');
  await w.getByRole('button', { name: /^Mark as win/ }).click();
  await expect(w).toContainText('+$20.00');
  await expect(w.getByText('Win', { exact: true }).last()).toBeVisible();
  await expect(w.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
  await expect(w.getByRole('button', { name: /^Edit bet/ })).toBeVisible(); // edit/delete stay

  const l = betRow(page, loser);
  await l.getByRole('button', { name: /^Mark as loss/ }).click();
  await expect(l).toContainText('-$12.50');
  await expect(l.getByText('Loss', { exact: true })).toBeVisible();
  await expect(l.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
});

test('edit a bet: the advanced panel opens by itself; the change shows', async ({
  page,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Edit');
  const race = await createRace(page.request, baseURL!, { name: 'Edit Handicap', venue: 'Caulfield' });
  const horse = uniqueHorse('Nature Strip');
  const plain = uniqueHorse('Plain');
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: horse,
    jockey: 'J. Kah',
  });
  await createBet(page.request, baseURL!, { memberId: me.id, raceId: race.id, horseName: plain });
  await page.goto('/bets');

  // Without advanced values the panel stays closed.
  await betRow(page, plain)
    .getByRole('button', { name: /^Edit bet/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bet' });
  await expect(dialog.getByLabel('Horse Name')).toHaveValue(plain);
  await expect(dialog.getByRole('button', { name: 'Show Advanced Options' })).toBeVisible();
  await expect(dialog.getByLabel('Jockey')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await betRow(page, horse)
    .getByRole('button', { name: /^Edit bet/ })
    .click();
  await expect(dialog.getByLabel('Jockey')).toHaveValue('J. Kah');
  await expect(dialog.getByRole('button', { name: 'Hide Advanced Options' })).toBeVisible();
  await expect(dialog.getByLabel('Odds', { exact: true })).toHaveValue('3');
  await snap(page, testInfo, 'bets-edit-dialog');
  await expectNoSeriousA11yViolations(page);

  // Validation uses the add form's messages.
  await dialog.getByLabel('Horse Name').fill('');
  await dialog.getByLabel('Odds', { exact: true }).fill('0');
  await dialog.getByLabel('Amount', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Horse name is required')).toBeVisible();
  await expect(dialog.getByText('Odds must be a positive number')).toBeVisible();
  await expect(dialog.getByText('Amount is required')).toBeVisible();

  const renamed = uniqueHorse('Renamed');
  await dialog.getByLabel('Horse Name').fill(renamed);
  await dialog.getByLabel('Odds', { exact: true }).fill('6.5');
  await dialog.getByLabel('Amount', { exact: true }).fill('15');
  await pick(page, dialog, 'Bet Type', 'Each-way');
  const put = page.waitForRequest((r: Request) => r.method() === 'PUT' && /\/api\/bets\/\d+$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const body = (await put).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    memberId: me.id,
    raceId: race.id,
    status: 'pending',
    jockey: 'J. Kah',
    odds: 6.5,
  });
  await expect(toastArea(page).getByText('Bet updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = betRow(page, renamed);
  await expect(row).toContainText('6.50');
  await expect(row).toContainText('$15.00');
  await expect(row).toContainText('Each-way');
  await expect(betRow(page, horse)).toHaveCount(0);
});

test('delete a bet after confirming', async ({ page, baseURL }) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Delete');
  const race = await createRace(page.request, baseURL!, { name: 'Delete Plate', venue: 'Doomben' });
  const horse = uniqueHorse('Goner');
  await createBet(page.request, baseURL!, { memberId: me.id, raceId: race.id, horseName: horse });
  await page.goto('/bets');

  await betRow(page, horse)
    .getByRole('button', { name: /^Delete bet/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Bet' });
  await expect(confirm).toContainText(horse);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(betRow(page, horse)).toBeVisible();

  await betRow(page, horse)
    .getByRole('button', { name: /^Delete bet/ })
    .click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastArea(page).getByText('Bet deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No bets found.')).toBeVisible();
});

test('an empty submit shows the validation messages', async ({ page, baseURL }, testInfo) => {
  await setUpAdmin(page, baseURL!, 'Alice Validate');
  await page.goto('/bets');
  await openAddBet(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await dialog.getByLabel('Amount', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  for (const message of [
    'Please select a member',
    'Please provide venue and race number',
    'Horse name is required',
    'Odds are required',
    'Amount is required',
  ])
    await expect(dialog.getByText(message)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Venue and Race Number share one message (on Venue): filling the second clears it.
  await dialog.getByLabel('Venue').fill('Randwick');
  await expect(dialog.getByText('Please provide venue and race number')).toBeVisible();
  await dialog.getByLabel('Race Number').fill('5');
  await expect(dialog.getByText('Please provide venue and race number')).toHaveCount(0);
  // And emptying the venue brings it back, with no stale message left on Race Number.
  await dialog.getByLabel('Race Number').fill('0');
  await expect(dialog.getByText('Race number must be a whole number from 1 to 999')).toBeVisible();
  await dialog.getByLabel('Venue').fill('');
  await expect(dialog.getByText('Please provide venue and race number')).toBeVisible();
  await expect(dialog.getByText('Race number must be a whole number from 1 to 999')).toHaveCount(0);

  await dialog.getByLabel('Odds', { exact: true }).fill('-2');
  await dialog.getByLabel('Amount', { exact: true }).fill('0');
  await dialog.getByRole('button', { name: 'Add Second Bet' }).click();
  await pick(page, dialog, 'Second Bet Type', 'Win');
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  await expect(dialog.getByText('Odds must be a positive number').first()).toBeVisible();
  await expect(dialog.getByText('Amount must be a positive number').first()).toBeVisible();
  await expect(dialog.getByText('Second bet type must be different from the first')).toBeVisible();
  await snap(page, testInfo, 'bets-add-dialog-errors');

  // Remove clears the second bet.
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByLabel('Second Bet Type')).toHaveCount(0);
  await expect(dialog.getByText('Second bet type must be different from the first')).toHaveCount(0);

  // With an existing race chosen but none picked: toast 'Please select a race'.
  await dialog.getByRole('switch', { name: 'Custom race' }).click();
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  await expect(toastArea(page).getByText('Please select a race', { exact: true })).toBeVisible();
});

test('a failing race creation shows "Error creating race" and sends no bet', async ({ page, baseURL }) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Failure');
  // Simulate a server failure of POST /api/races (the only mock in these journeys).
  await page.route('**/api/races', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Internal Server Error' }),
        })
      : route.fallback(),
  );
  const betPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/bets')) betPosts.push(r.url());
  });
  await page.goto('/bets');
  await openAddBet(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await pick(page, dialog, 'Member', me.name);
  await dialog.getByLabel('Venue').fill('Eagle Farm');
  await dialog.getByLabel('Race Number').fill('3');
  await dialog.getByLabel('Horse Name').fill(uniqueHorse('Never Sent'));
  await dialog.getByLabel('Odds', { exact: true }).fill('2.5');
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  await expect(toastArea(page).getByText('Error creating race', { exact: true })).toBeVisible();
  await expect(
    toastArea(page).getByText('Failed to create race: 500 Internal Server Error', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeVisible(); // nothing lost; the user can retry
  await page.waitForTimeout(500);
  expect(betPosts).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByText('No bets found.')).toBeVisible();
});

test('an answer lost on its way back, then Add Bet pressed again: the bet is added once', async ({
  page,
  baseURL,
}) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Retry');
  const race = await createRace(page.request, baseURL!, { name: 'Retry Stakes', venue: 'Flemington' });
  // The first POST reaches the server (the bet is added), then its answer is lost on the way back.
  const posts: { key: string | undefined; body: string | null }[] = [];
  await page.route('**/api/bets', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.fallback();
    posts.push({ key: req.headers()['idempotency-key'], body: req.postData() });
    if (posts.length > 1) return route.fallback();
    await route.fetch();
    return route.abort('failed');
  });
  await page.goto('/bets');
  await openAddBet(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await dialog.getByRole('switch', { name: 'Custom race' }).click();
  await dialog.getByLabel('Race', { exact: true }).click();
  await page.getByRole('option', { name: /^Retry Stakes/ }).click();
  await pick(page, dialog, 'Member', me.name);
  const horse = uniqueHorse('Once Only');
  await dialog.getByLabel('Horse Name').fill(horse);
  await dialog.getByLabel('Odds', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  await expect(toastArea(page).getByText('No connection', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Bet' }).click();
  await expect(toastArea(page).getByText('Bet created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The retry was the same request under the same key, and the server answered it with the first.
  expect(posts).toHaveLength(2);
  expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posts[1]).toEqual(posts[0]);
  const listed = (await (await page.request.get(`/api/bets?raceId=${race.id}`)).json()) as {
    horseName: string;
  }[];
  expect(listed.map((b) => b.horseName)).toEqual([horse]);
  await expect(betRow(page, horse)).toHaveCount(1);
});

test('sort by column and filter by status', async ({ page, baseURL }, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Sort');
  const race = await createRace(page.request, baseURL!, { name: 'Sort Sprint', venue: 'Ascot' });
  const tag = Math.random().toString(36).slice(2, 6);
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const [bravo] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: `Bravo ${tag}`,
    amount: 50,
    date: day(3),
  });
  const [alpha] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: `Alpha ${tag}`,
    amount: 30,
    date: day(1),
  });
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: `Charlie ${tag}`,
    amount: 40,
    date: day(2),
  });
  await settleBet(page.request, baseURL!, alpha!.id, 'win');
  await settleBet(page.request, baseURL!, bravo!.id, 'loss');
  await page.goto('/bets');

  const order = (...names: string[]) => names.map((n) => `${n} ${tag}`);
  // Default: date, newest first.
  await expect.poll(() => horseColumn(page)).toEqual(order('Alpha', 'Charlie', 'Bravo'));

  if (testInfo.project.name === 'desktop') {
    const table = page.getByRole('table', { name: 'Bets' });
    const header = (name: string) => table.getByRole('columnheader', { name });
    await expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    await header('Horse').getByRole('button').click();
    await expect(header('Horse')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Date')).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => horseColumn(page)).toEqual(order('Alpha', 'Bravo', 'Charlie'));
    await header('Horse').getByRole('button').click(); // the active column toggles
    await expect(header('Horse')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => horseColumn(page)).toEqual(order('Charlie', 'Bravo', 'Alpha'));
    await header('Amount').getByRole('button').click(); // a new column starts ascending
    await expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => horseColumn(page)).toEqual(order('Alpha', 'Charlie', 'Bravo'));
    // Statuses in their own order: pending, win, loss.
    await header('Status').getByRole('button').click();
    await expect.poll(() => horseColumn(page)).toEqual(order('Charlie', 'Alpha', 'Bravo'));
  } else {
    // Cards: a Sort by select and a direction button.
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sortBy).toHaveText('Sort by Date');
    await sortBy.click();
    await page.getByRole('option', { name: 'Sort by Horse' }).click();
    await expect.poll(() => horseColumn(page)).toEqual(order('Alpha', 'Bravo', 'Charlie'));
    await page.getByRole('button', { name: /^Sorted ascending/ }).click();
    await expect.poll(() => horseColumn(page)).toEqual(order('Charlie', 'Bravo', 'Alpha'));
    await sortBy.click();
    await page.getByRole('option', { name: 'Sort by Amount' }).click();
    await expect.poll(() => horseColumn(page)).toEqual(order('Alpha', 'Charlie', 'Bravo'));
    await sortBy.click();
    await page.getByRole('option', { name: 'Sort by Status' }).click();
    await expect.poll(() => horseColumn(page)).toEqual(order('Charlie', 'Alpha', 'Bravo'));
  }

  const filter = page.getByRole('combobox', { name: 'Filter by status' });
  await expect(filter).toHaveText('All Statuses');
  for (const [option, expected] of [
    ['Win', order('Alpha')],
    ['Loss', order('Bravo')],
    ['Pending', order('Charlie')],
  ] as const) {
    await filter.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => horseColumn(page)).toEqual(expected);
  }
  await filter.click();
  await page.getByRole('option', { name: 'All Statuses' }).click();
  await expect.poll(() => horseColumn(page)).toHaveLength(3);
});

test('a member adds bets only as themselves and changes only their own pending bets', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  const { me: admin, syndicate } = await setUpAdmin(page, baseURL!, 'Alice Owner');
  const race = await createRace(page.request, baseURL!, { name: 'Role Cup', venue: 'Morphettville' });
  const adminHorse = uniqueHorse('Admins');
  await createBet(page.request, baseURL!, { memberId: admin.id, raceId: race.id, horseName: adminHorse });
  await createBet(page.request, baseURL!, {
    memberId: admin.id,
    raceId: race.id,
    horseName: `${adminHorse} Pair`,
    bets: [
      { betType: 'win', odds: 4, amount: 10 },
      { betType: 'place', odds: 1.5, amount: 10 },
    ],
  });

  const use = testInfo.project.use;
  const member = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Max Member', {
    viewport: use.viewport ?? null,
    isMobile: use.isMobile ?? false,
    hasTouch: use.hasTouch ?? false,
  });
  try {
    const ownHorse = uniqueHorse('Mine');
    await createBet(member.page.request, baseURL!, {
      memberId: member.me.id,
      raceId: race.id,
      horseName: ownHorse,
    });
    const mp = member.page;
    await mp.goto('/bets');
    const theirs = betRow(mp, adminHorse);
    await expect(theirs).toContainText('Pending');
    // No actions: the race's name (it opens the race) is the row's only button.
    await expect(theirs.getByRole('button')).toHaveText(['Role Cup']);
    const group = betGroups(mp);
    await expect(group.getByRole('button', { name: /^All (Win|Loss)/ })).toHaveCount(0);
    await group.getByRole('button', { name: /^Show bets:/ }).click();
    await expect(groupParts(mp).getByRole('button')).toHaveCount(0);

    const mine = betRow(mp, ownHorse);
    await expect(mine.getByRole('button', { name: /^Mark as win/ })).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Edit bet/ })).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Delete bet/ })).toBeVisible();
    await mine.getByRole('button', { name: /^Mark as loss/ }).click();
    await expect(mine).toContainText('-$10.00');
    // Settled: the money is in the books, so only an admin may edit or delete it now.
    await expect(mine.getByRole('button')).toHaveText(['Role Cup']);

    // The Add Bet dialog: the member select shows the member, locked, with a hint saying why.
    await openAddBet(mp);
    const dialog = mp.getByRole('dialog', { name: 'Add New Bet' });
    const memberSelect = dialog.getByLabel('Member', { exact: true });
    await expect(memberSelect).toHaveText(member.me.name);
    await expect(memberSelect).toBeDisabled();
    await expect(memberSelect).toHaveAccessibleDescription('Members add bets under their own name.');
    const horse = uniqueHorse('Own Add');
    await dialog.getByLabel('Venue').fill('Morphettville');
    await dialog.getByLabel('Race Number').fill('3');
    await dialog.getByLabel('Horse Name').fill(horse);
    await dialog.getByLabel('Odds', { exact: true }).fill('5');
    // (No axe scan here: behind the modal's dimming overlay the table's avatars fail contrast,
    // which is the overlay's doing; the locked select's name and hint are asserted above.)
    await snap(mp, testInfo, 'bets-add-dialog-member');
    const betRequest = mp.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/bets'));
    await dialog.getByRole('button', { name: 'Add Bet' }).click();
    expect((await betRequest).postDataJSON()).toMatchObject({ memberId: member.me.id, horseName: horse });
    await expect(dialog).toBeHidden();
    await expect(betRow(mp, horse)).toBeVisible();
    await expect(betRow(mp, horse).getByRole('button', { name: /^Edit bet/ })).toBeVisible();

    // The admin still edits the member's settled bet.
    await page.goto('/bets');
    await expect(betRow(page, ownHorse).getByRole('button', { name: /^Edit bet/ })).toBeVisible();
    await expect(betRow(page, ownHorse).getByRole('button', { name: /^Delete bet/ })).toBeVisible();
  } finally {
    await member.context.close();
  }
});

test('the Bets page with data has no serious accessibility violations', async ({
  page,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Alice Access');
  const race = await createRace(page.request, baseURL!, { name: 'Golden Slipper', venue: 'Rosehill' });
  const race2 = await createRace(page.request, baseURL!, { name: 'Doncaster Mile', venue: 'Randwick' });
  const [a] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: 'Anamoe',
    odds: 2.4,
    amount: 50,
  });
  const [b] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race2.id,
    horseName: 'Zaaki',
    odds: 6,
    amount: 20,
  });
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race2.id,
    horseName: 'Fangirl',
    odds: 9,
    amount: 15,
  });
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: 'Lost Reef',
    bets: [
      { betType: 'each-way', odds: 8, amount: 10 },
      { betType: 'win', odds: 8, amount: 10 },
    ],
  });
  await settleBet(page.request, baseURL!, a!.id, 'win');
  await settleBet(page.request, baseURL!, b!.id, 'loss');
  await page.goto('/bets');
  await expect(betGroups(page)).toHaveCount(1);
  await page.getByRole('button', { name: /^Show bets:/ }).click();
  if (testInfo.project.name === 'desktop') {
    // At 1440 px every column fits: the table does not need to scroll sideways.
    const overflow = await page
      .getByRole('table', { name: 'Bets' })
      .evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0));
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await snap(page, testInfo, 'bets-page');
  await expectNoSeriousA11yViolations(page);
});

/**
 * Where each of a row's cells (and the header's) shows, with the table scrolled sideways to `left`
 * (0, half-way or the end): whether the cell lies inside the scrolling box and is what a pointer at
 * its middle meets (not covered by another column's cell).
 */
function cellsInView(table: Locator, horse: string, where: 'start' | 'middle' | 'end') {
  return table.evaluate(
    (t, [horse, where]) => {
      const box = t.parentElement!;
      const max = box.scrollWidth - box.clientWidth;
      box.scrollLeft = where === 'start' ? 0 : where === 'end' ? max : Math.round(max / 2);
      const edge = box.getBoundingClientRect();
      const seen = (cell: Element) => {
        const r = cell.getBoundingClientRect();
        const inside = r.left >= edge.left - 1 && r.right <= edge.right + 1;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return inside && !!hit && cell.contains(hit);
      };
      const row = [...t.querySelectorAll('[data-testid="bet-item"]')].find(
        (r) => r.querySelector('[data-testid="bet-horse"]')?.textContent === horse,
      )!;
      const heads = [...t.querySelectorAll('thead th')];
      const cells = [...row.querySelectorAll('td')];
      // A row's box (and so its bottom border) reaches its last column.
      const spans = [t.querySelector('thead tr')!, row].every(
        (tr) => tr.getBoundingClientRect().right >= tr.lastElementChild!.getBoundingClientRect().right - 1,
      );
      return {
        scrolls: max > 0,
        spans,
        shown: heads.map((h, i) => (seen(h) && seen(cells[i]!) ? h.textContent?.trim() : null)),
      };
    },
    [horse, where] as const,
  );
}

/** How many lines each word of an element's text is drawn on (1 where it is not broken). */
function linesOfEachWord(element: Locator) {
  return element.evaluate((el) => {
    const text = el.firstChild!;
    const lines: number[] = [];
    for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      lines.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
    }
    return lines;
  });
}

test('where the table scrolls sideways, Result, Status and Actions stay in view', async ({
  page,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Christopher Montgomery');
  const race = await createRace(page.request, baseURL!, { name: 'Caulfield Cup', venue: 'Caulfield' });
  const [won] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: 'Verry Elleegant',
    odds: 12,
    amount: 25,
  });
  await settleBet(page.request, baseURL!, won!.id, 'win');
  const table = page.getByRole('table', { name: 'Bets' });
  // A tablet held upright (768 px, no sidebar), and a laptop's 1024 and 1280 px beside the sidebar.
  const widths = testInfo.project.name === 'mobile' ? [768] : [1024, 1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/bets');
    await expect(betRow(page, 'Verry Elleegant')).toBeVisible();
    for (const where of ['start', 'middle', 'end'] as const) {
      const { scrolls, spans, shown } = await cellsInView(table, 'Verry Elleegant', where);
      expect(scrolls, `${width} px: the table scrolls sideways`).toBe(true);
      expect(spans, `${width} px: the rows reach the Actions column`).toBe(true);
      // The three last columns wherever the table is scrolled; what scrolls beneath them is reachable.
      expect(shown.slice(-3), `${width} px, scrolled to the ${where}`).toEqual([
        'Result',
        'Status',
        'Actions',
      ]);
      if (where === 'start') expect(shown[0], `${width} px`).toBe('Member');
      if (where === 'end') expect(shown[6], `${width} px`).toBe('Bet Type');
    }
    await expect(betRow(page, 'Verry Elleegant').getByRole('cell').nth(7)).toHaveText('+$275.00');
    // The Member column at its narrowest wraps a name between its words, never inside one.
    const name = betRow(page, 'Verry Elleegant').getByText('Christopher Montgomery', { exact: true });
    expect(await linesOfEachWord(name), `${width} px`).toEqual([1, 1]);
    if (width === 1024) await snap(page, testInfo, 'bets-page-scrolled-1024');
  }
  if (testInfo.project.name === 'mobile') return;
  // Where the table fits beside the sidebar (1440 px, and wider, where the content stops growing),
  // a long word of a name is not broken either.
  for (const width of [1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/bets');
    const { scrolls } = await cellsInView(table, 'Verry Elleegant', 'start');
    expect(scrolls, `${width} px: the table fits`).toBe(false);
    const name = betRow(page, 'Verry Elleegant').getByText('Christopher Montgomery', { exact: true });
    expect(await linesOfEachWord(name), `${width} px`).toEqual([1, 1]);
  }
});

test('a race with a long name keeps the Add Bet form inside its dialog', async ({
  page,
  baseURL,
}, testInfo) => {
  await setUpAdmin(page, baseURL!, 'Alice Long');
  const raceName = `Golden Slipper Stakes Extraordinarily Long Race Name For Overflow ${Math.random().toString(36).slice(2, 6)}`;
  await createRace(page.request, baseURL!, { name: raceName, venue: 'Rosehill Gardens' });
  await page.goto('/bets');
  await openAddBet(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await dialog.getByRole('switch', { name: 'Custom race' }).click();
  await dialog.getByLabel('Race', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${raceName}`) }).click();
  await pick(page, dialog, 'Bet Type', 'Each-way');
  // Found at 390 px (2026-12-01): the race's name widened the form to 897 px inside a 356 px
  // dialog, and Odds Type, Amount and the each-way terms went off its right edge.
  const box = (await dialog.boundingBox())!;
  for (const label of ['Race', 'Odds Type', 'Amount', 'Odds']) {
    const field = (await dialog.getByLabel(label, { exact: true }).boundingBox())!;
    expect(field.x, label).toBeGreaterThanOrEqual(box.x);
    expect(field.x + field.width, label).toBeLessThanOrEqual(box.x + box.width);
  }
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
  await snap(page, testInfo, 'bets-add-long-race');
});
