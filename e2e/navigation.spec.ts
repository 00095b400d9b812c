import { expect, type Page, test } from '@playwright/test';
import { createBet, createRace, setUpAdmin } from './support/bets';
import { header, newAccount, setUpSyndicateViaApi, snap, uniqueSyndicateName } from './support/helpers';

/** Route, header title, sidebar label, bottom-bar label (`more`: under the bottom bar's More), page heading. */
const ROUTES: readonly { path: string; title: string; bottom: string; heading: string; more?: boolean }[] = [
  { path: '/', title: 'Dashboard', bottom: 'Home', heading: 'Dashboard' },
  { path: '/members', title: 'Members', bottom: 'Members', heading: 'Members' },
  { path: '/bets', title: 'Bets', bottom: 'Bets', heading: 'Bets' },
  { path: '/bank', title: 'Bank', bottom: 'Bank', heading: 'Bank', more: true },
  { path: '/insights', title: 'Insights', bottom: 'Insights', heading: 'Insights', more: true },
  { path: '/activity', title: 'Activity', bottom: 'Activity', heading: 'Activity', more: true },
  { path: '/rankings', title: 'Rankings', bottom: 'Rankings', heading: 'Punter Rankings' },
  { path: '/calendar', title: 'Calendar', bottom: 'Calendar', heading: 'Race Calendar' },
  { path: '/reminders', title: 'Reminders', bottom: 'Reminders', heading: 'Reminders' },
  { path: '/subscriptions', title: 'Subscriptions', bottom: 'Plans', heading: 'Subscription Plans' },
  { path: '/settings', title: 'Settings', bottom: 'Settings', heading: 'Settings' },
];

const MENU_ENTRIES = ['Dashboard', 'Members', 'Bets', 'Calendar', 'Reminders', 'Settings'];

async function signedInWithSyndicate(page: Page, baseURL: string) {
  const account = newAccount('Erin Navigator');
  const syndicateName = uniqueSyndicateName('Nav Club');
  await setUpSyndicateViaApi(page.request, baseURL, account, syndicateName);
  await page.goto('/');
  await expect(header(page).syndicate).toHaveText(syndicateName);
  return { account, syndicateName };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

test('every navigation entry reaches its page and header title', async ({ page, baseURL }, testInfo) => {
  const { account } = await signedInWithSyndicate(page, baseURL!);
  const mobile = testInfo.project.name === 'mobile';
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const bottomBar = page.getByRole('navigation', { name: 'Bottom navigation' });

  if (mobile) {
    await expect(sidebar).toBeHidden();
    await expect(bottomBar).toBeVisible();
    await expect(bottomBar.getByRole('link')).toHaveText(ROUTES.filter((r) => !r.more).map((r) => r.bottom));
    await expect(bottomBar.getByRole('button', { name: 'More' })).toBeVisible();
  } else {
    await expect(bottomBar).toBeHidden();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link')).toHaveText(ROUTES.map((r) => r.title));
    await expect(page.getByTestId('profile-name')).toHaveText(account.name);
    await expect(page.getByTestId('profile-role')).toHaveText('Admin');
  }
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

  for (const route of [...ROUTES.slice(1), ROUTES[0]!]) {
    let nav = mobile ? bottomBar : sidebar;
    if (mobile && route.more) {
      await bottomBar.getByRole('button', { name: 'More' }).click();
      nav = page.getByRole('dialog', { name: 'More' }).getByRole('navigation', { name: 'More' });
    }
    await nav.getByRole('link', { name: mobile ? route.bottom : route.title, exact: true }).click();
    expect(pathOf(page)).toBe(route.path);
    await expect(header(page).title).toHaveText(route.title);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    // (On a phone a More page's link is in the closed sheet: nothing to check there.)
    if (!(mobile && route.more)) {
      await expect(
        page.getByRole('link', { name: mobile ? route.bottom : route.title, exact: true }),
      ).toHaveAttribute('aria-current', 'page');
    }
    await snap(page, testInfo, `10-page${route.path === '/' ? '-dashboard' : route.path.replace('/', '-')}`);
  }

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(header(page).title).toHaveText('Dashboard');
  await snap(page, testInfo, '11-not-found');
});

test('the small-screen menu lists the six main entries', async ({ page, baseURL }, testInfo) => {
  await signedInWithSyndicate(page, baseURL!);
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (testInfo.project.name !== 'mobile') {
    await expect(openMenu).toBeHidden();
    return;
  }
  await openMenu.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText(MENU_ENTRIES);
  await snap(page, testInfo, '12-mobile-menu');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await openMenu.click();
  await dialog.getByRole('link', { name: 'Calendar' }).click();
  await expect(dialog).toBeHidden();
  expect(pathOf(page)).toBe('/calendar');
  await expect(header(page).title).toHaveText('Calendar');
});

test('signing out returns to the landing page', async ({ page, baseURL }, testInfo) => {
  await signedInWithSyndicate(page, baseURL!);
  if (testInfo.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .locator('..')
      .getByRole('button', { name: 'Sign out' })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Racing Syndicate' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a spinner reads Loading... while the sign-in state loads', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Racing Syndicate' })).toBeVisible();
});

test('no page scrolls sideways on a narrow phone (320 and 360 px)', async ({ page, baseURL }) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Christopher Montgomery');
  const race = await createRace(page.request, baseURL!, { name: 'Caulfield Cup', venue: 'Caulfield' });
  await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: 'Verry Elleegant',
    bets: [
      { betType: 'each-way', odds: 12, amount: 25 },
      { betType: 'place', odds: 3, amount: 10 },
    ],
  });
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 740 });
    for (const route of ROUTES) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { name: route.heading, level: 1 })).toBeVisible();
      // Measured against the screen's width: a phone's browser (the mobile project) widens its
      // layout to fit what overflows, so innerWidth grows with the page.
      const overflow = await page.evaluate(
        (screen) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen,
        width,
      );
      expect(overflow, `${route.path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

test('a page whose code cannot be fetched offline says so inside the app, and loads on "Try again" once back online', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signedInWithSyndicate(page, baseURL!);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const mobile = testInfo.project.name === 'mobile';
  const nav = mobile
    ? page.getByRole('navigation', { name: 'Bottom navigation' })
    : page.getByRole('navigation', { name: 'Main' });
  // No service worker in these journeys (playwright.config.ts): the Members page's chunk has not
  // been fetched, and with the network off it cannot be.
  await context.setOffline(true);
  await nav.getByRole('link', { name: 'Members', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page needs a connection' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Try again when you are back online.');
  // The layout stays: the navigation, and the banner saying the app is offline.
  await expect(nav).toBeVisible();
  await expect(page.getByText(/^Offline — showing data from/)).toBeVisible();
  await snap(page, testInfo, 'page-offline');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  // Another page after that loads as usual.
  await nav.getByRole('link', { name: 'Bets', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bets', level: 1 })).toBeVisible();
});
