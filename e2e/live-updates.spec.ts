// Issue 17 §1: live updates across instances. Two browser contexts on two server instances that
// share one database (scripts/e2e-server.ts starts the second on E2E_PORT + 1000): a bet settled in
// one appears in the other's bets table and stat cards without a reload, with a toast; once the
// member mutes the toasts in Settings, the next settlement still moves the cards, without a toast.
import { expect, type Page, test } from '@playwright/test';
import {
  betRow,
  createBet,
  createRace,
  joinAsMember,
  setUpAdmin,
  toastArea,
  uniqueHorse,
} from './support/bets';
import { panel } from './support/dashboard';
import { snap } from './support/helpers';

test.use({ bypassCSP: true });

/** The second instance: same database, its own process (scripts/e2e-server.ts). */
const secondInstance = (baseURL: string) => {
  const url = new URL(baseURL);
  url.port = process.env.E2E_SECOND_PORT ?? String(Number(url.port) + 1000);
  return url.origin;
};

const statValue = (page: Page, title: string) => panel(page, title).getByTestId('stat-value');
/** A first load in a new browser (its service worker precaching too) on a shared, busy machine. */
const LOAD = { timeout: 30_000 };

test('a bet settled on one instance shows on the other’s bets table and stat cards, with a toast', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two browsers, two servers and three pages: more than one journey's share of a minute.
  test.setTimeout(240_000);
  const other = secondInstance(baseURL!);
  await expect.poll(async () => (await page.request.get(`${other}/api/health`)).status()).toBe(200);

  // Alice, on instance 1: a syndicate, a race and two pending bets.
  const { syndicate, me } = await setUpAdmin(page, baseURL!, 'Alice Live');
  const race = await createRace(page.request, baseURL!, { name: 'Live Stakes', venue: 'Flemington' });
  const first = uniqueHorse('Winx');
  const second = uniqueHorse('Makybe');
  for (const horseName of [first, second]) {
    await createBet(page.request, baseURL!, {
      memberId: me.id,
      raceId: race.id,
      horseName,
      odds: 3,
      amount: 10,
    });
  }

  // Bob, in his own browser, on instance 2: the bets page and the dashboard.
  const bob = await joinAsMember(browser, other, syndicate.inviteCode, 'Bob Live', {
    viewport: page.viewportSize() ?? undefined,
  });
  const bets = bob.page;
  await bets.goto('/bets');
  await expect(betRow(bets, first)).toContainText('Pending', LOAD);
  const dashboard = await bob.context.newPage();
  await dashboard.goto('/');
  await expect(statValue(dashboard, 'Total Wins')).toHaveText('0', LOAD);
  await expect(statValue(dashboard, 'Current Balance')).toHaveText('$0.00');
  let reloaded = false;
  for (const p of [bets, dashboard])
    p.on('framenavigated', (frame) => {
      if (frame === p.mainFrame()) reloaded = true;
    });

  // Alice marks the first bet as won on instance 1.
  await page.goto('/bets');
  await betRow(page, first)
    .getByRole('button', { name: /^Mark as win/ })
    .click();
  await expect(betRow(page, first)).toContainText('+$20.00', LOAD);

  // Bob's screens follow without a reload, and tell him who did what.
  await expect(betRow(bets, first)).toContainText('+$20.00');
  await expect(betRow(bets, first)).not.toContainText('Pending');
  await expect(toastArea(bets)).toContainText(`Alice Live settled ${first}: won $20.00`);
  await expect(statValue(dashboard, 'Total Wins')).toHaveText('1');
  await expect(statValue(dashboard, 'Current Balance')).toHaveText('$20.00');
  // Alice's own settlement is not told to her.
  await expect(toastArea(page)).not.toContainText('settled');
  await snap(bets, testInfo, 'live-toast-bets');
  expect(reloaded).toBe(false);

  // Bob mutes the toasts in Settings (saved on his account); the screens still follow.
  await dashboard.goto('/settings');
  await dashboard.getByRole('tab', { name: 'Notifications' }).click();
  const mute = dashboard.getByRole('switch', { name: "Mute others' settlements and payments" });
  await expect(mute).not.toBeChecked(LOAD);
  const saved = dashboard.waitForResponse(
    (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PUT',
  );
  // His other tab, open since before, hears of the choice over its socket and reads it again.
  const otherTab = bets.waitForResponse(
    (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'GET',
    LOAD,
  );
  await mute.click();
  expect((await saved).status()).toBe(200);
  expect((await otherTab).status()).toBe(200);
  await expect(mute).toBeChecked();
  await snap(dashboard, testInfo, 'live-settings-mute');
  // Back on the dashboard (in-app navigation, no reload): Alice's next settlement moves the stat
  // cards, and neither this page, which saved the choice, nor his other tab shows a toast.
  await dashboard
    // The sidebar says Dashboard; the phone's bottom bar says Home.
    .getByRole('link', { name: /^(Dashboard|Home)$/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(statValue(dashboard, 'Current Balance')).toHaveText('$20.00', LOAD);
  await betRow(page, second)
    .getByRole('button', { name: /^Mark as loss/ })
    .click();
  await expect(betRow(page, second)).toContainText('-$10.00');
  await expect(statValue(dashboard, 'Current Balance')).toHaveText('$10.00');
  await expect(betRow(bets, second)).toContainText('-$10.00');
  await expect(toastArea(dashboard)).not.toContainText(`settled ${second}`);
  await expect(toastArea(bets)).not.toContainText(`settled ${second}`);
  await bob.context.close();
});
