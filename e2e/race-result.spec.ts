// Race detail and Enter result (issue 15): an admin opens a race from the bets table, enters a result
// with a dead heat for first, a non-runner and 4 places paid, checks the preview of every bet it
// settles (each-way placed, place bet, dead heat, void, loss, one left pending), confirms, and sees
// the statuses in the bets table and the result on the race (the calendar too). A plain member sees
// the result but cannot enter one.
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { betRow, createBet, createRace, joinAsMember, setUpAdmin, toastArea } from './support/bets';
import { daysFromNowAtNoonUtc } from './support/dashboard';
import { expectNoSeriousA11yViolations } from './support/helpers';

// The server's CSP (script-src 'self') would block the injected axe-core script; the check needs it.
test.use({ bypassCSP: true });

const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();

/** A screenshot of what the screen shows now, for a person to look at (/tmp/shots/<name>-<project>.png). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `/tmp/shots/${name}-${testInfo.project.name}.png` });
}

/**
 * Nothing wider than the screen: the page does not scroll sideways. Measured against the screen's
 * width, as a phone's browser (the mobile project) widens its layout to fit what overflows.
 */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    (screen) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen,
    page.viewportSize()!.width,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every dialog's content fits the screen's width. */
async function expectDialogFits(page: Page, dialog: Locator) {
  const box = await dialog.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  const inner = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(inner).toBeLessThanOrEqual(0);
}

interface Seeded {
  raceName: string;
  inviteCode: string;
}

/**
 * A race today (field size unknown: 3 places at 1/5 by default) with seven pending bets: two win
 * bets on horses that will dead-heat for first, an each-way bet, a place bet, a non-runner, a loser
 * and a horse the result will not name.
 */
async function seed(page: Page, baseURL: string): Promise<Seeded> {
  const { syndicate, me } = await setUpAdmin(page, baseURL, 'Rita Results');
  const raceName = `Result Stakes ${suffix()}`;
  const race = await createRace(page.request, baseURL, {
    name: raceName,
    venue: 'Flemington',
    date: daysFromNowAtNoonUtc(0),
    raceNumber: 7,
    distance: '1600m',
    raceType: 'Group 2',
    trackCondition: 'Good 4',
  });
  const bet = (horseName: string, over: Partial<Parameters<typeof createBet>[2]>) =>
    createBet(page.request, baseURL, { memberId: me.id, raceId: race.id, horseName, amount: 10, ...over });
  await bet('Zeta Typo', { odds: 3 });
  await bet('Golf Course', { odds: 8 });
  await bet('Echo Point', { odds: 5 });
  await bet('Delta Queen', { betType: 'place', odds: 2.5, amount: 20 });
  await bet('Ocean Park', { betType: 'each-way', odds: 11 });
  await bet('Beta Dancer', { odds: 6 });
  await bet('Alpha Dancer', { odds: 4 });
  return { raceName, inviteCode: syndicate.inviteCode };
}

/** Fill a finisher row of the Enter result form. */
async function finisher(form: Locator, n: number, position: string, horse: string) {
  const row = form.getByRole('group', { name: `Finisher ${n}`, exact: true });
  await row.getByLabel('Position', { exact: true }).fill(position);
  await row.getByLabel('Horse name', { exact: true }).fill(horse);
}

const previewBet = (dialog: Locator, horse: string) =>
  dialog.getByTestId('preview-bet').filter({ hasText: horse });

test('an admin enters a result with a dead heat from the bets table; the preview is what it settles', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  const { raceName, inviteCode } = await seed(page, baseURL!);
  await page.goto('/bets');

  // The race's name on a bet opens the race.
  await betRow(page, 'Ocean Park').getByRole('button', { name: raceName }).click();
  const detail = page.getByRole('dialog', { name: raceName });
  await expect(detail).toBeVisible();
  await expect(detail.getByText(/^Flemington · /)).toBeVisible();
  const facts = detail.getByRole('definition');
  await expect(facts.filter({ hasText: 'Race 7' })).toBeVisible();
  await expect(facts.filter({ hasText: '1600m' })).toBeVisible();
  await expect(facts.filter({ hasText: 'Group 2' })).toBeVisible();
  await expect(facts.filter({ hasText: 'Good 4' })).toBeVisible();
  await expect(detail.getByText('No result yet.')).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Bets on this race (7)' })).toBeVisible();
  await expect(detail.getByTestId('race-bet')).toHaveCount(7);
  await expectDialogFits(page, detail);
  await shot(page, testInfo, 'race-detail');
  await expectNoSeriousA11yViolations(page);

  // Enter result: keyboard-reachable, focus moves into the form's dialog.
  await detail.getByRole('button', { name: 'Enter result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Result' });
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole('form', { name: 'Enter Result' });
  // Three blank rows (3 places by default) at 1, 2, 3.
  await expect(form.getByRole('group', { name: /^Finisher \d$/ })).toHaveCount(3);
  await expect(dialog.getByText('Enter the finishing order', { exact: false })).toBeVisible();
  await shot(page, testInfo, 'result-form-empty');

  // A dead heat for first: two finishers at position 1.
  await finisher(form, 1, '1', 'Alpha Dancer');
  await finisher(form, 2, '1', 'Beta Dancer');
  await finisher(form, 3, '3', 'Ocean Park');
  await form.getByRole('button', { name: 'Add finisher' }).click();
  await expect(
    form.getByRole('group', { name: 'Finisher 4' }).getByLabel('Position', { exact: true }),
  ).toHaveValue('4');
  await finisher(form, 4, '4', 'Delta Queen');
  await form.getByRole('button', { name: 'Add finisher' }).click();
  await finisher(form, 5, '5', 'Golf Course');
  await form.getByRole('button', { name: 'Add non-runner' }).click();
  await form
    .getByRole('group', { name: 'Non-runner 1' })
    .getByLabel('Horse name', { exact: true })
    .fill('Echo Point');
  await form.getByLabel('Places paid (optional)').fill('4');

  // The preview: the shared rules' outcome for every bet on the race.
  const preview = dialog.getByTestId('result-preview');
  await expect(dialog.getByTestId('result-preview-summary')).toHaveText(
    'Settles 6 bets; 1 stays pending · net +$55.00',
  );
  const expected: [string, string, string | null][] = [
    ['Alpha Dancer', 'win', '+$10.00'], // $5 of $10 at 4.00 (dead heat 1/2)
    ['Beta Dancer', 'win', '+$20.00'], // $5 of $10 at 6.00
    ['Ocean Park', 'placed', '+$5.00'], // place half $5 at 1 + 10/5 = 3.00
    ['Delta Queen', 'win', '+$30.00'], // 4th of 4 places: $20 at 2.50
    ['Echo Point', 'void', '$0.00'],
    ['Golf Course', 'loss', '-$10.00'],
    ['Zeta Typo', 'pending', null],
  ];
  for (const [horse, status, result] of expected) {
    const row = previewBet(preview, horse);
    await expect(row).toHaveAttribute('data-status', status);
    if (result) await expect(row.getByTestId('preview-result')).toHaveText(result);
  }
  await expect(previewBet(preview, 'Zeta Typo')).toContainText('Horse not in the result: stays pending');
  await expectDialogFits(page, dialog);
  await expectNoSidewaysScroll(page);
  await form.getByRole('group', { name: 'Finisher 1' }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'result-form');
  await preview.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'result-preview');
  await expectNoSeriousA11yViolations(page);

  // A bad field shows its message beside it and blocks nothing else; fixing it restores the preview.
  await form.getByLabel('Rule 4 (optional)').fill('2');
  await expect(form.getByText('Rule 4 must be from 5 to 90 cents in the dollar')).toBeVisible();
  await expect(form.getByLabel('Rule 4 (optional)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Rule 4 (optional)').fill('');
  await expect(dialog.getByTestId('result-preview-summary')).toBeVisible();

  const posted = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/races\/\d+\/result$/.test(r.url()),
  );
  await form.getByRole('button', { name: 'Confirm result' }).click();
  expect((await posted).postDataJSON()).toEqual({
    finishers: [
      { position: 1, horseName: 'Alpha Dancer' },
      { position: 1, horseName: 'Beta Dancer' },
      { position: 3, horseName: 'Ocean Park' },
      { position: 4, horseName: 'Delta Queen' },
      { position: 5, horseName: 'Golf Course' },
    ],
    nonRunners: [{ horseName: 'Echo Point' }],
    dividends: [],
    placesPaid: 4,
  });
  await expect(toastArea(page).getByText('Result saved', { exact: true })).toBeVisible();
  await expect(toastArea(page).getByText('6 bets settled, 1 left pending.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The race shows its result: the dead heat as =1, places paid, the non-runner.
  await expect(detail).toBeVisible();
  const result = detail.getByTestId('race-result');
  await expect(result.getByTestId('finisher')).toHaveText([
    '=1Dead heat for 1st: Alpha Dancer',
    '=1Dead heat for 1st: Beta Dancer',
    '33rd: Ocean Park',
    '44th: Delta Queen',
    '55th: Golf Course',
  ]);
  await expect(result.getByRole('definition').filter({ hasText: 'Echo Point' })).toBeVisible();
  await expect(result.getByRole('term').filter({ hasText: 'Places paid' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Correct result' })).toBeFocused();
  await expect(detail.getByTestId('race-bet').filter({ hasText: 'Ocean Park' })).toContainText('Placed');
  await shot(page, testInfo, 'race-detail-result');

  // Correcting starts from the stored result and says that posting re-settles.
  await detail.getByRole('button', { name: 'Correct result' }).click();
  const correct = page.getByRole('dialog', { name: 'Correct Result' });
  await expect(correct.getByText(/Confirming a corrected one re-settles the bets it settled/)).toBeVisible();
  await expect(
    correct.getByRole('group', { name: 'Finisher 2' }).getByLabel('Horse name', { exact: true }),
  ).toHaveValue('Beta Dancer');
  await expect(correct.getByLabel('Places paid (optional)')).toHaveValue('4');
  await expect(previewBet(correct, 'Ocean Park')).toContainText('No change');
  await page.keyboard.press('Escape');
  await expect(correct).toBeHidden();
  await expect(detail).toBeVisible();
  // (Escape would dismiss the 'Result saved' toast first, the topmost layer.)
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // The bets table: the statuses and results the preview promised.
  for (const [horse, status, amount] of [
    ['Alpha Dancer', 'Win', '+$10.00'],
    ['Beta Dancer', 'Win', '+$20.00'],
    ['Ocean Park', 'Placed', '+$5.00'],
    ['Delta Queen', 'Win', '+$30.00'],
    ['Echo Point', 'Void', '$0.00'],
    ['Golf Course', 'Loss', '-$10.00'],
    ['Zeta Typo', 'Pending', null],
  ] as const) {
    const row = betRow(page, horse);
    await expect(row).toContainText(status);
    if (amount) await expect(row).toContainText(amount);
  }
  await page.screenshot({
    path: `/tmp/shots/bets-after-result-${testInfo.project.name}.png`,
    fullPage: true,
  });

  // A plain member sees the result, but no Enter result.
  const { use } = testInfo.project;
  const member = await joinAsMember(browser, baseURL!, inviteCode, 'Milo Member', {
    viewport: use.viewport ?? null,
    isMobile: use.isMobile ?? false,
    hasTouch: use.hasTouch ?? false,
  });
  try {
    await member.page.goto('/bets');
    await betRow(member.page, 'Alpha Dancer').getByRole('button', { name: raceName }).click();
    const seen = member.page.getByRole('dialog', { name: raceName });
    await expect(seen.getByTestId('race-result').getByTestId('finisher')).toHaveCount(5);
    await expect(seen.getByRole('heading', { name: 'Bets on this race (7)' })).toBeVisible();
    await expect(seen.getByRole('button', { name: /result/i })).toHaveCount(0);
  } finally {
    await member.context.close();
  }
});

test('the calendar opens a race and marks the races that have a result', async ({
  page,
  baseURL,
}, testInfo) => {
  const { raceName } = await seed(page, baseURL!);
  await page.goto('/calendar');

  // List view: the race's name opens its detail (keyboard: a button in the heading).
  await page.getByRole('tab', { name: 'List View' }).click();
  const item = page
    .getByRole('list', { name: 'Upcoming Races' })
    .getByRole('listitem')
    .filter({ hasText: raceName });
  await expect(item.getByTestId('race-result-note')).toHaveCount(0);
  const open = item.getByRole('button', { name: raceName });
  await open.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: raceName });
  await expect(detail).toBeVisible();

  // Keyboard only: Tab reaches Enter result; the form opens; Escape steps back out. (The dialog
  // moves focus inside itself as it opens: wait for that, or it takes the focus back from the
  // button and Enter presses Close.)
  await expect(detail.locator(':focus')).toHaveCount(1);
  const enter = detail.getByRole('button', { name: 'Enter result' });
  // The button waits for the race's bets (the preview needs them); disabled, it takes no focus.
  await expect(enter).toBeEnabled();
  await enter.focus();
  await expect(enter).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Enter Result' });
  const form = dialog.getByRole('form', { name: 'Enter Result' });
  await finisher(form, 1, '1', 'Alpha Dancer');
  await finisher(form, 2, '1', 'Beta Dancer');
  await expect(previewBet(dialog, 'Alpha Dancer')).toHaveAttribute('data-status', 'win');
  // With 3 places at 1/5: Ocean Park is not named, so its bet stays pending.
  await expect(previewBet(dialog, 'Ocean Park')).toHaveAttribute('data-status', 'pending');
  await form.getByRole('button', { name: 'Confirm result' }).click();
  await expect(toastArea(page).getByText('2 bets settled, 5 left pending.')).toBeVisible();
  await expect(detail.getByTestId('finisher')).toHaveCount(2);
  await expect(detail.getByRole('button', { name: 'Correct result' })).toBeFocused();
  await detail.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(detail).toBeHidden();
  await expect(open).toBeFocused();

  // The list marks the race's result and its winners.
  await expect(item.getByText('Result', { exact: true })).toBeVisible();
  await expect(item.getByTestId('race-result-note')).toHaveText(
    'Won by Alpha Dancer and Beta Dancer (dead heat)',
  );
  await shot(page, testInfo, 'calendar-list-result');

  // Month view: the day's card names the race; tapping it opens the race.
  await page.getByRole('tab', { name: 'Month View' }).click();
  const cell = page.getByRole('button', { name: /: 1 race, 1 with a result(, scheduled bet)?$/ });
  await expect(cell).toHaveCount(1);
  await cell.click();
  const card = page.locator('[data-radix-popper-content-wrapper]');
  await expect(card.getByTestId('race-result-note')).toHaveText(
    'Result: won by Alpha Dancer and Beta Dancer (dead heat)',
  );
  await shot(page, testInfo, 'calendar-month-result');
  await card.getByRole('button', { name: raceName }).click();
  await expect(page.getByRole('dialog', { name: raceName })).toBeVisible();
  await expect(page.getByRole('dialog', { name: raceName }).getByTestId('finisher')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
});

test('with the field known, finishers and non-runners are picked from the runners', async ({
  page,
  baseURL,
}, testInfo) => {
  const { raceName } = await seed(page, baseURL!);
  // Races get their runners from the racing provider's import, which the journeys cannot reach:
  // the race's answer gains a field here, as an imported race card would give it.
  const runners = ['Alpha Dancer', 'Beta Dancer', 'Ocean Park', 'Echo Point'].map((horse, i) => ({
    number: i + 1,
    horse,
    jockey: `Jockey ${i + 1}`,
    trainer: `Trainer ${i + 1}`,
    weight: `${56 + i}kg`,
    draw: 8 - i,
    silkColor: null,
  }));
  await page.route(/\/api\/races\/\d+$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), runners } });
  });
  await page.goto('/bets');
  await betRow(page, 'Alpha Dancer').getByRole('button', { name: raceName }).click();
  const detail = page.getByRole('dialog', { name: raceName });
  const field = detail.getByRole('list', { name: 'Runners' }).getByRole('listitem');
  await expect(field).toHaveCount(4);
  await expect(field.first()).toContainText('Alpha Dancer');
  await expect(field.first()).toContainText('J: Jockey 1 · T: Trainer 1 · 56kg · Barrier 8');
  // 4 runners: win only (the place half pays only on a winner).
  await expect(detail.getByRole('definition').filter({ hasText: 'win only' })).toBeVisible();

  await detail.getByRole('button', { name: 'Enter result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Result' });
  // Win only: one row to start with.
  const first = dialog.getByRole('group', { name: 'Finisher 1' });
  await expect(dialog.getByRole('group', { name: /^Finisher \d$/ })).toHaveCount(1);
  await first.getByLabel('Runner', { exact: true }).click();
  await page.getByRole('option', { name: '2 · Beta Dancer (Jockey 2)' }).click();
  await expect(first.getByLabel('Horse name', { exact: true })).toHaveValue('Beta Dancer');
  await expect(first.getByLabel('Number', { exact: true })).toHaveValue('2');

  await dialog.getByRole('button', { name: 'Add non-runner' }).click();
  const scratched = dialog.getByRole('group', { name: 'Non-runner 1' });
  await scratched.getByLabel('Runner', { exact: true }).click();
  await page.getByRole('option', { name: '4 · Echo Point (Jockey 4)' }).click();
  await expect(scratched.getByLabel('Horse name', { exact: true })).toHaveValue('Echo Point');

  // In the field but not among the finishers: a loss; found nowhere: pending.
  await expect(previewBet(dialog, 'Beta Dancer')).toHaveAttribute('data-status', 'win');
  await expect(previewBet(dialog, 'Alpha Dancer')).toHaveAttribute('data-status', 'loss');
  await expect(previewBet(dialog, 'Echo Point')).toHaveAttribute('data-status', 'void');
  await expect(previewBet(dialog, 'Golf Course')).toHaveAttribute('data-status', 'pending');
  // Tote dividends: a win and a place field on each finisher; turning them off clears them.
  await dialog.getByRole('switch', { name: 'Tote dividends' }).click();
  await first.getByLabel('Win dividend').fill('0');
  await expect(first.getByText('Win dividend must be a positive number')).toBeVisible();
  await first.getByLabel('Win dividend').fill('4.4');
  await first.getByLabel('Place dividend').fill('1.6');
  await expectDialogFits(page, dialog);
  await first.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'result-form-runners');
  await dialog.getByRole('switch', { name: 'Tote dividends' }).click();
  await expect(first.getByLabel('Win dividend')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
