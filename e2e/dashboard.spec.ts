import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  api,
  dayKeyIn,
  daysFromNowAtNoonUtc,
  inZone,
  longDate,
  panel,
  settledBet,
  showMonthOf,
} from './support/dashboard';
import {
  expectNoSeriousA11yViolations,
  newAccount,
  setUpSyndicateViaApi,
  snap,
  toasts,
  uniqueSyndicateName,
} from './support/helpers';

// axe-core is injected as a script; the server's CSP would block it.
test.use({ bypassCSP: true });

const statValue = (page: Page, title: string) => panel(page, title).getByTestId('stat-value');

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** The Bank card shows GET /api/bank's balance, and the signed-in member's balance and share. */
async function expectBankCard(page: Page, myId: number) {
  const bank = (await (await page.request.get('/api/bank')).json()) as {
    balance: number;
    members: { memberId: number; balance: number; share: number }[];
  };
  const mine = bank.members.find((m) => m.memberId === myId);
  const card = panel(page, 'Bank');
  await expect(card.getByTestId('bank-card-balance')).toHaveText(usd(bank.balance));
  await expect(card.getByTestId('bank-card-my-balance')).toHaveText(usd(mine?.balance ?? 0));
  await expect(card.getByTestId('bank-card-my-share')).toHaveText(`${(mine?.share ?? 0).toFixed(1)}%`);
  return bank;
}

test('the stat cards, recent bets and top performers follow bets settled through the API', async ({
  page,
  baseURL,
}, testInfo) => {
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Dana Dash'),
    uniqueSyndicateName('Dash Club'),
  );
  const seed = api(page.request, baseURL!);
  const me = await seed.myMember();
  const bella = await seed.addMember('Bella Bettor');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(statValue(page, 'Total Wins')).toHaveText('0');
  await expect(panel(page, 'Total Wins')).toContainText('races');
  await expect(statValue(page, 'Current Balance')).toHaveText('$0.00');
  await expect(statValue(page, 'Win Rate')).toHaveText('0%');
  await expect(panel(page, 'Win Rate')).toContainText('of all bets');
  await expect(statValue(page, 'Next Bet')).toHaveText('Not scheduled');
  await expect(panel(page, 'Upcoming Bets')).toContainText('No upcoming bets found');
  await expect(panel(page, 'Recent Bets')).toContainText('No bets found');
  await expect(panel(page, 'Top Performers')).toContainText('No data available');
  // Trends compare this 30 days with the previous 30: with no earlier bets there is no base, so none show.
  await expect(page.getByTestId('stat-trend')).toHaveCount(0);
  // The Bank card (beside the four stat cards, which stay as they are) links to the bank.
  const bankCard = panel(page, 'Bank');
  await expect(bankCard.getByTestId('bank-card-balance')).toHaveText('$0.00');
  await expect(bankCard.getByTestId('bank-card-my-balance')).toHaveText('$0.00');
  await expect(bankCard.getByTestId('bank-card-my-share')).toHaveText('0.0%');
  await expect(bankCard.getByRole('link', { name: 'View bank' })).toHaveAttribute('href', '/bank');
  await expect(page.getByRole('region', { name: 'Statistics' }).getByRole('heading')).toHaveText([
    'Total Wins',
    'Current Balance',
    'Win Rate',
    'Next Bet',
  ]);

  // One win: 10 at 3.00 → +20.
  const ago = (d: number) => daysFromNowAtNoonUtc(-d);
  await settledBet(seed, me.id, 'Horse One', 'win', 3, 10, ago(7));
  await page.reload();
  await expect(statValue(page, 'Total Wins')).toHaveText('1');
  await expect(statValue(page, 'Current Balance')).toHaveText('$20.00');
  await expect(statValue(page, 'Win Rate')).toHaveText('100%');
  // +20 shared equally by the two members: the bank holds 20, each member 10 (50%).
  await expect(bankCard.getByTestId('bank-card-balance')).toHaveText('$20.00');
  await expect(bankCard.getByTestId('bank-card-my-balance')).toHaveText('$10.00');
  await expect(bankCard.getByTestId('bank-card-my-share')).toHaveText('50.0%');
  const top = panel(page, 'Top Performers').getByTestId('top-performer');
  await expect(top).toHaveCount(1);
  await expect(top.first()).toContainText(me.name);
  await expect(top.first()).toContainText('100% win rate');
  await expect(top.first()).toContainText('+$20');

  // Five more settled, one pending (the newest): 3 wins of 6, balance 20 − 10 − 5 + 20 + 15 − 10 = 30.
  await settledBet(seed, bella.id, 'Horse Two', 'loss', 4, 10, ago(6));
  await settledBet(seed, me.id, 'Horse Three', 'loss', 5, 5, ago(5));
  await settledBet(seed, bella.id, 'Horse Four', 'win', 2, 20, ago(4));
  await settledBet(seed, me.id, 'Horse Five', 'win', 2.5, 10, ago(3));
  await settledBet(seed, bella.id, 'Horse Six', 'loss', 6, 10, ago(2));
  await seed.addBet({ memberId: me.id, horseName: 'Horse Seven', odds: 2, amount: 10, date: ago(1) });
  await page.reload();
  await expect(statValue(page, 'Total Wins')).toHaveText('3');
  await expect(statValue(page, 'Current Balance')).toHaveText('$30.00');
  await expect(statValue(page, 'Win Rate')).toHaveText('50%');
  const bank = await expectBankCard(page, me.id);
  expect(bank.balance).toBe(30);
  await expect(top).toHaveCount(2);
  await expect(top.nth(0)).toContainText(me.name);
  await expect(top.nth(0)).toContainText('67% win rate');
  await expect(top.nth(0)).toContainText('+$30');
  await expect(top.nth(1)).toContainText('Bella Bettor');
  await expect(top.nth(1)).toContainText('33% win rate');
  await expect(top.nth(1)).toContainText('$0');

  // Recent Bets: the five newest settled bets, newest first; the pending one and the sixth are not shown.
  const recent = panel(page, 'Recent Bets');
  await expect(recent.getByRole('columnheader')).toHaveText([
    'Member',
    'Horse',
    'Race',
    'Odds',
    'Amount',
    'Status',
  ]);
  const rows = recent.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(5);
  await expect(rows.locator('td:nth-child(2)')).toHaveText([
    'Horse Six',
    'Horse Five',
    'Horse Four',
    'Horse Three',
    'Horse Two',
  ]);
  await expect(rows.locator('td:nth-child(6)')).toHaveText(['Loss', 'Win', 'Win', 'Loss', 'Loss']);
  await expect(rows.first()).toContainText('Bella Bettor');
  await expect(rows.first()).toContainText('6.00');
  await expect(rows.first()).toContainText('$10.00');
  // Wherever the table is scrolled (it scrolls sideways on a phone), each row's member and outcome
  // are in view inside the card.
  const table = recent.getByRole('region', { name: 'Recent bets table' });
  for (const at of ['start', 'end'] as const) {
    await table.evaluate((el, end) => el.scrollTo({ left: end ? el.scrollWidth : 0 }), at === 'end');
    const box = (await table.boundingBox())!;
    for (const cell of [rows.first().locator('td').first(), rows.first().locator('td').last()]) {
      const c = (await cell.boundingBox())!;
      expect(c.x, `scrolled to the ${at}`).toBeGreaterThanOrEqual(box.x - 1);
      expect(c.x + c.width, `scrolled to the ${at}`).toBeLessThanOrEqual(box.x + box.width + 1);
    }
  }

  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'dashboard-stats');
  await panel(page, 'Bank').getByRole('link', { name: 'View bank' }).click();
  await expect(page).toHaveURL(/\/bank$/);
});

test('upcoming bets, the next-bet banner, the reminders panel and the calendar widget', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  // No native share sheet here: 'Send reminder' falls back to copying the message.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Uma Upcoming'),
    uniqueSyndicateName('Up Club'),
  );
  const seed = api(page.request, baseURL!);
  const tz = await seed.timeZone();
  const me = await seed.myMember();
  await seed.addMember('Bella Bettor');
  await seed.addMember('Carl Caller');
  const races = [];
  for (const [i, name] of ['Sprint', 'Mile', 'Derby', 'Oaks'].entries()) {
    races.push(
      await seed.addRace({ name: `${name} Stakes`, venue: 'Randwick', date: daysFromNowAtNoonUtc(i + 1) }),
    );
  }
  const dueKey = (days: number) => dayKeyIn(daysFromNowAtNoonUtc(days), tz);
  const due = (days: number) =>
    `Due ${inZone(daysFromNowAtNoonUtc(days), tz, { month: 'short', day: 'numeric' })}`;
  const done = await seed.addReminder('Already done', dueKey(0));
  await seed.completeReminder(done.id);
  await seed.addReminder('Fourth job', dueKey(4));
  await seed.addReminder('Second job', dueKey(2));
  await seed.addReminder('First job', dueKey(1));
  await seed.addReminder('Third job', dueKey(3));

  await page.goto('/');
  // Upcoming Bets: the next three races with the rotation (join order: me, Bella, Carl).
  const upcoming = panel(page, 'Upcoming Bets').getByTestId('upcoming-bet');
  await expect(upcoming).toHaveCount(3);
  const expected = [
    [me.name, 'Sprint Stakes', 'Upcoming'],
    ['Bella Bettor', 'Mile Stakes', 'Scheduled'],
    ['Carl Caller', 'Derby Stakes', 'Scheduled'],
  ];
  for (const [i, texts] of expected.entries())
    for (const t of texts) await expect(upcoming.nth(i)).toContainText(t);
  await expect(panel(page, 'Upcoming Bets').getByRole('link', { name: 'View all' })).toHaveAttribute(
    'href',
    '/bets',
  );

  // Next Bet card and the banner in the reminders panel.
  const firstRace = races[0]!;
  await expect(statValue(page, 'Next Bet')).toHaveText(me.name);
  await expect(panel(page, 'Next Bet')).toContainText(
    inZone(firstRace.date, tz, { month: 'short', day: 'numeric', year: 'numeric' }),
  );
  const reminders = panel(page, 'Reminders');
  await expect(reminders.getByText('Next Bet Reminder')).toBeVisible();
  await expect(
    reminders.getByText(`${me.name} is up for the next bet on ${longDate(firstRace.date, tz)}`),
  ).toBeVisible();
  await reminders.getByRole('button', { name: 'Send reminder' }).click();
  await expect(toasts(page).getByText('Copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(me.name);

  // At most three active reminders, earliest due first; completing one removes it.
  const items = reminders.getByTestId('dashboard-reminder');
  await expect(items).toHaveCount(3);
  await expect(items).toHaveText([`First job${due(1)}`, `Second job${due(2)}`, `Third job${due(3)}`]);
  await reminders.getByRole('checkbox', { name: /First job/ }).click();
  await expect(toasts(page).getByText('Reminder completed', { exact: true })).toBeVisible();
  await expect(items).toHaveText([`Second job${due(2)}`, `Third job${due(3)}`, `Fourth job${due(4)}`]);

  // Calendar widget: the next-bet day has the amber bar and the green one; other race days only green.
  const calendar = panel(page, 'Calendar');
  await expect(calendar.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    'Upcoming Bet',
    'Race Day',
  ]);
  await expect(calendar.getByRole('columnheader')).toHaveText([
    'Sun',
    'Mon',
    'Tue',
    'Wed',
    'Thu',
    'Fri',
    'Sat',
  ]);
  const firstDay = dayKeyIn(firstRace.date, tz);
  await showMonthOf(calendar, firstDay);
  const betCell = calendar.locator(`td[data-day="${firstDay}"]`);
  await expect(betCell.getByTestId('bet-bar')).toHaveCount(1);
  await expect(betCell.getByTestId('race-bar')).toHaveCount(1);
  const lastDay = dayKeyIn(races[3]!.date, tz);
  await showMonthOf(calendar, lastDay);
  await expect(calendar.locator(`td[data-day="${lastDay}"]`).getByTestId('race-bar')).toHaveCount(1);
  await expect(calendar.locator(`td[data-day="${lastDay}"]`).getByTestId('bet-bar')).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'dashboard');

  // The dialogs open from the dashboard and give focus back when closed by keyboard.
  await reminders.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Reminder' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(reminders.getByRole('button', { name: 'Add Reminder' })).toBeFocused();
  const addBet = page.getByRole('button', { name: 'Add Bet' });
  await addBet.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add New Bet' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(addBet).toBeFocused();
});

test('a reminder that cannot be completed stays, with the failure toast', async ({ page, baseURL }) => {
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Fay Failure'),
    uniqueSyndicateName('Fail Club'),
  );
  const seed = api(page.request, baseURL!);
  const tz = await seed.timeZone();
  await seed.addReminder('Renew the licence', dayKeyIn(daysFromNowAtNoonUtc(1), tz));
  await page.route('**/api/reminders/*/complete', (route) => route.fulfill({ status: 500, body: 'boom' }));

  await page.goto('/');
  const reminders = panel(page, 'Reminders');
  await expect(reminders.getByText('Next Bet Reminder')).toHaveCount(0);
  await reminders.getByRole('checkbox', { name: /Renew the licence/ }).click();
  await expect(toasts(page).getByText('Failed to update reminder. Please try again.')).toBeVisible();
  await expect(reminders.getByTestId('dashboard-reminder')).toHaveCount(1);
  await expect(reminders.getByRole('checkbox', { name: /Renew the licence/ })).not.toBeChecked();
});

/** The dashboard's reads beyond the sign-in ones, each under its card's own key. */
const DASHBOARD_READS = [
  '/api/stats/syndicate',
  '/api/next-bet',
  '/api/rotation',
  '/api/bets',
  '/api/activity',
  '/api/bank',
  '/api/races',
  '/api/stats/top-performers',
  '/api/reminders',
  '/api/insights/timeline',
];

/**
 * A phone's first visit of the day: signed in, nothing kept from an earlier visit (no persisted
 * answers). Answers the reads the page asked for itself and the document it was sent.
 */
async function firstVisitOfTheDay(
  page: Page,
  browser: Browser,
  baseURL: string,
  shell: 'drawn' | 'plain',
): Promise<{ asked: string[]; html: string }> {
  await setUpSyndicateViaApi(
    page.request,
    baseURL,
    newAccount('Olive Once'),
    uniqueSyndicateName('Once Club'),
  );
  // A first load leaves the session's hint cookie saying it is in a syndicate.
  await page.goto('/');
  await expect(panel(page, 'Recent Bets')).toContainText('No bets found');
  const fresh = await browser.newContext({
    baseURL,
    storageState: { cookies: await page.context().cookies(), origins: [] },
  });
  const phone = await fresh.newPage();
  // The shell without a picture, as the service worker answers once installed: the document as
  // the server sends it to a request without the session.
  if (shell === 'plain') {
    await phone.route(`${baseURL}/`, async (route) =>
      route.fulfill({
        response: await route.fetch({ headers: { ...route.request().headers(), cookie: '' } }),
      }),
    );
  }
  const asked: string[] = [];
  phone.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  const document = phone.waitForResponse((r) => r.request().resourceType() === 'document');
  await phone.goto('/');
  const html = await (await document).text();
  await expect(panel(phone, 'Recent Bets')).toContainText('No bets found');
  await expect(panel(phone, 'Top Performers')).toContainText('No data available');
  await expect(panel(phone, 'Upcoming Bets')).toContainText('No upcoming bets found');
  await expect(panel(phone, 'Profit this year')).toContainText('No settled bets this year yet.');
  await expect(panel(phone, 'Reminders')).not.toContainText('Loading');
  await expect(phone.locator('#first-paint')).toHaveCount(0);
  await fresh.close();
  return { asked, html };
}

test("a phone's first visit of the day arrives drawn, and the page asks for none of the dashboard's reads", async ({
  page,
  browser,
  baseURL,
}) => {
  const { asked, html } = await firstVisitOfTheDay(page, browser, baseURL!, 'drawn');
  // The server made them (src/server/first-paint.ts) and sent their answers with the picture,
  // under the keys the cards use: a card whose key differed would ask again here.
  const json = /<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(html)?.[1];
  const drawn = (
    JSON.parse(json ?? '{"state":{"queries":[]}}') as { state: { queries: { queryKey: unknown[] }[] } }
  ).state.queries;
  const keys = drawn.map((q) => String(q.queryKey[0]));
  // (The profit line's answer is kept under the insights key, like every insights read.)
  for (const read of DASHBOARD_READS) expect(keys, read).toContain(read.replace(/\/timeline$/, ''));
  const paths = asked.map((a) => a.split('?')[0]);
  for (const read of [...DASHBOARD_READS, '/api/auth/user', '/api/settings', '/api/members/me']) {
    expect(paths, read).not.toContain(read);
  }
});

test("without a picture, a phone's first visit of the day asks for each of the dashboard's reads once", async ({
  page,
  browser,
  baseURL,
}) => {
  const { asked, html } = await firstVisitOfTheDay(page, browser, baseURL!, 'plain');
  expect(html).not.toContain('first-paint');
  // The reads start as soon as the dashboard's chunk is in (app/start-early.ts), under the keys
  // its cards use, so the cards find them and nothing is asked for twice.
  const paths = asked.map((a) => a.split('?')[0]);
  for (const read of DASHBOARD_READS) expect(paths, read).toContain(read);
  // Once each, with the cards' own parameters (a prefetch that differed would be a second call).
  expect(
    asked.filter((_, i) => paths.indexOf(paths[i]) !== i),
    'asked twice',
  ).toEqual([]);
});

test('recent bets fit their card on a 1280 px laptop: long horse and race names wrap, Status stays in view', async ({
  page,
  baseURL,
}, testInfo) => {
  // Found by UI QA (2026-12-02): at 1280 px the card is half the page and the table ran 28 px
  // past it, cutting the Status column ("Statu") and its badges.
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Christopher Montgomery'),
    uniqueSyndicateName('Wide Club'),
  );
  const seed = api(page.request, baseURL!);
  const me = await seed.myMember();
  const race = await seed.addRace({
    name: 'Doomben - Race 2 Benchmark Handicap',
    venue: 'Doomben',
    date: new Date(Date.now() - 86_400_000).toISOString(),
  });
  for (const horse of ['Chautauqua (IRE)', 'Verry Elleegant (NZ)', 'Nature Strip']) {
    const bet = await seed.addBet({
      memberId: me.id,
      horseName: horse,
      odds: 12.5,
      amount: 1250,
      raceId: race.id,
    });
    await seed.settle(bet.id, 'win');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const card = panel(page, 'Recent Bets');
  await expect(card.getByRole('row')).toHaveCount(4);
  const region = card.getByRole('region', { name: 'Recent bets table' });
  const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  const box = await region.boundingBox();
  const status = await card.getByRole('columnheader', { name: 'Status' }).boundingBox();
  expect(status!.x + status!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
  await snap(page, testInfo, 'dashboard-1280');
});
