// Long single words where the app shows names and texts (member, horse, race, venue, reminder,
// plan feature): each wraps inside its box, and no screen scrolls sideways, on a phone (390 px)
// and on a desktop (1280 px). Found by probing (2026-12-03): a 1,000-character reminder widened
// the dashboard to 6,732 px, 100-character names the bets, bank, activity and rankings pages.
import { expect, type Page, test } from '@playwright/test';
import { api } from './support/dashboard';
import { newAccount, setUpSyndicateViaApi, snap, uniqueSyndicateName } from './support/helpers';

/** How much wider than the screen the page is (0 when it does not scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

const word = (stem: string, length: number) => stem.repeat(Math.ceil(length / stem.length)).slice(0, length);

test('long single-word names and texts wrap, and no screen scrolls sideways', async ({
  page,
  baseURL,
}, testInfo) => {
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Wren Wrap'),
    uniqueSyndicateName('Wrap Club'),
  );
  const seed = api(page.request, baseURL!);
  const me = await seed.myMember();
  const headers = { Origin: baseURL! };
  const member = word('Bartholomew', 100);
  const renamed = await page.request.put(`/api/members/${me.id}`, { data: { name: member }, headers });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const race = await seed.addRace({
    name: word('Melbournecup', 100),
    venue: word('Flemington', 100),
    date: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const settled = await seed.addBet({
    memberId: me.id,
    horseName: word('Phar', 100),
    odds: 3,
    amount: 20,
    raceId: race.id,
  });
  await seed.settle(settled.id, 'win');
  await seed.addBet({ memberId: me.id, horseName: word('Winx', 100), odds: 2, amount: 10, raceId: race.id });
  await seed.addReminder(word('Paythetrainer', 1000), new Date().toISOString().slice(0, 10), me.id);
  const plan = await page.request.post('/api/subscriptions', {
    data: { name: word('Gold', 100), price: 10, duration: 1, features: [word('Everything', 200)] },
    headers,
  });
  expect(plan.status(), await plan.text()).toBe(201);

  for (const width of testInfo.project.name === 'mobile' ? [390] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    const feature = word('Everything', 30);
    for (const [path, heading, shown] of [
      ['/', 'Dashboard', member],
      ['/bets', 'Bets', member],
      ['/bank', 'Bank', member],
      ['/activity', 'Activity', member],
      ['/rankings', 'Punter Rankings', member],
      ['/reminders', 'Reminders', member],
      ['/subscriptions', 'Subscription Plans', feature],
      ['/members', 'Members', member],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      // The page's own data is drawn (the member's name, or the plan's feature).
      await expect(
        page.getByRole('main').getByText(shown.slice(0, 30)).filter({ visible: true }).first(),
      ).toBeVisible();
      await expect.poll(() => overflow(page), `${path} at ${width} px`).toBe(0);
      await snap(page, testInfo, `long-names${path.replace(/\//g, '-')}${width}`);
    }
  }
});
