// Issue 17 §2: a user in two syndicates switches between them from the header's syndicate menu,
// and creates another one while signed in ("Create or join another").
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  header,
  newAccount,
  setUpSyndicateViaApi,
  snap,
  toasts,
  uniqueSyndicateName,
} from './support/helpers';

test.use({ bypassCSP: true });

/** One pending bet on the caller's own member in their active syndicate. */
async function placeBet(request: APIRequestContext, baseURL: string, horseName: string) {
  const me = (await (await request.get('/api/members/me')).json()) as { id: number };
  const res = await request.post('/api/bets', {
    headers: { Origin: baseURL },
    data: { memberId: me.id, horseName, betType: 'win', odds: 3, amount: 10, oddsType: 'fixed' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Alice's syndicate (the test's own request context) and Bob's (the browser's), one bet in each;
 * then Bob joins Alice's, which becomes his active one.
 */
async function bobInTwo(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  aliceWord: string,
  bobWord: string,
) {
  const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
  const alice = newAccount(`Alice Owner ${tag}`);
  const aliceClub = uniqueSyndicateName(`Alice ${aliceWord}`);
  const aliceSyndicate = await setUpSyndicateViaApi(request, baseURL, alice, aliceClub);
  await placeBet(request, baseURL, `Alice Horse ${tag}`);
  const bob = newAccount(`Bob Switcher ${tag}`);
  const bobClub = uniqueSyndicateName(`Bob ${bobWord}`);
  await setUpSyndicateViaApi(page.request, baseURL, bob, bobClub);
  await placeBet(page.request, baseURL, `Bob Horse ${tag}`);
  const joined = await page.request.post('/api/syndicates/join', {
    headers: { Origin: baseURL },
    data: { inviteCode: aliceSyndicate.inviteCode },
  });
  expect(joined.status()).toBe(200);
  return { tag, alice, aliceClub, bob, bobClub };
}

const switcher = (page: Page) => page.getByRole('banner').getByRole('button', { name: /Switch syndicate/ });
/** In-app navigation (the sidebar on desktop, the bottom bar on phones): no reload. */
const navTo = (page: Page, label: string) =>
  page.getByRole('link', { name: label, exact: true }).filter({ visible: true }).first().click();

test('a member of two syndicates switches from the header menu and sees the other one', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const { tag, aliceClub, bobClub, alice, bob } = await bobInTwo(
    page,
    request,
    baseURL!,
    'Stayers',
    'Sprinters',
  );

  await page.goto('/members');
  await expect(header(page).syndicate).toHaveText(aliceClub);
  await expect(page.getByRole('main').getByText(alice.name).first()).toBeVisible();
  // (axe runs with the menu closed: an open Radix menu hides the rest of the page from assistive
  // technology, aria-hidden on #root, which axe reports although focus is trapped in the menu.)
  await expectNoSeriousA11yViolations(page);

  // The menu lists both, with the role in each, the current one checked.
  await switcher(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
  const current = menu.getByRole('menuitemradio', { name: `${aliceClub} Member` });
  const other = menu.getByRole('menuitemradio', { name: `${bobClub} Admin` });
  await expect(current).toHaveAttribute('aria-checked', 'true');
  await expect(other).toHaveAttribute('aria-checked', 'false');
  await expect(menu.getByRole('menuitem', { name: 'Create or join another' })).toBeVisible();
  await snap(page, testInfo, 'switch-01-menu');

  if (testInfo.project.name === 'mobile') {
    await other.tap();
  } else {
    // Keyboard: close, reopen from the focused button, move to the other syndicate, choose it.
    await page.keyboard.press('Escape');
    await expect(switcher(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(current).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(other).toBeFocused();
    await page.keyboard.press('Enter');
  }

  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).getByText(`You are now in ${bobClub}.`)).toBeVisible();
  await expect(header(page).title).toHaveText('Dashboard');
  await expect(header(page).syndicate).toHaveText(bobClub);
  await expect(page).toHaveTitle(bobClub);
  await snap(page, testInfo, 'switch-02-switched');

  // Every screen now reads Bob's syndicate, without a reload (Alice's members were cached a moment
  // ago): his bet on the dashboard, his members, nothing of Alice's.
  const main = page.getByRole('main');
  await expect(main.getByText(`Bob Horse ${tag}`).first()).toBeVisible();
  await expect(main.getByText(`Alice Horse ${tag}`)).toHaveCount(0);
  await navTo(page, 'Members');
  await expect(main.getByText(bob.name).first()).toBeVisible();
  await expect(main.getByText(alice.name)).toHaveCount(0);

  // And back again, still without a reload.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: `${aliceClub} Member` }).click();
  await expect(header(page).syndicate).toHaveText(aliceClub);
  await expect(main.getByText(`Alice Horse ${tag}`).first()).toBeVisible();
  await expect(main.getByText(`Bob Horse ${tag}`)).toHaveCount(0);
  await navTo(page, 'Members');
  await expect(main.getByText(alice.name).first()).toBeVisible();
  const list = (await (await page.request.get('/api/syndicates')).json()) as {
    name: string;
    current: boolean;
  }[];
  expect(list.find((s) => s.current)?.name).toBe(aliceClub);
});

test('"Create or join another" creates a second syndicate while signed in', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = newAccount('Carol Founder');
  const first = uniqueSyndicateName('First Furlong');
  const second = uniqueSyndicateName('Second Furlong');
  await setUpSyndicateViaApi(page.request, baseURL!, account, first);

  await page.goto('/');
  await expect(header(page).syndicate).toHaveText(first);
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create or join another' }).click();
  await expect(page).toHaveURL(/\/syndicates\/new$/);
  await expect(page.getByRole('heading', { name: 'Create or join another syndicate' })).toBeVisible();
  await snap(page, testInfo, 'switch-03-create-or-join');
  await expectNoSeriousA11yViolations(page);

  // Back to the dashboard leaves it as it was.
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(header(page).syndicate).toHaveText(first);

  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create or join another' }).click();
  await page.getByRole('button', { name: /Create a Syndicate/ }).click();
  await page.getByLabel('Syndicate Name').fill(second);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toasts(page).getByText('Syndicate created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).syndicate).toHaveText(second);

  await switcher(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: `${second} Admin` })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(menu.getByRole('menuitemradio', { name: `${first} Admin` })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await snap(page, testInfo, 'switch-04-two-syndicates');
});

test('removed from the syndicate that was open, the user chooses one of theirs; nothing opens by itself', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const { aliceClub, bobClub, bob } = await bobInTwo(page, request, baseURL!, 'Removers', 'Own');
  const live = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await page.goto('/');
  await expect(header(page).syndicate).toHaveText(aliceClub);
  const socket = await live;
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // Alice removes Bob while his page is open. The server closes his live socket, and his page
  // tells him and opens no syndicate: he picks his own (it was never opened for him, where a
  // write meant for Alice's would have landed). No reload needed.
  const members = (await (await request.get('/api/members')).json()) as { id: number; name: string }[];
  const bobInAlice = members.find((m) => m.name === bob.name)!;
  const closed = socket.waitForEvent('close');
  expect(
    (await request.delete(`/api/members/${bobInAlice.id}`, { headers: { Origin: baseURL! } })).status(),
  ).toBe(204);
  await closed;
  await expect(page.getByRole('heading', { name: 'Choose a syndicate' })).toBeVisible();
  await expect(toasts(page).getByText('You are no longer a member of it.')).toBeVisible();
  expect(reloaded).toBe(false);
  const mine = page.getByRole('list', { name: 'Your syndicates' }).getByRole('button');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(bobClub);
  await expect(page.getByRole('button', { name: 'Create or join another' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, testInfo, 'switch-04-removed-choose');
  await mine.click();
  await expect(toasts(page).getByText(`You are now in ${bobClub}.`)).toBeVisible();
  await expect(header(page).syndicate).toHaveText(bobClub);
});

test('another tab of the session switches: this one drops the old syndicate at once, form and all', async ({
  page,
  request,
  baseURL,
}) => {
  const { tag, aliceClub, bobClub } = await bobInTwo(page, request, baseURL!, 'Tabs', 'Other');
  // Found by probing (2026-12-02): the other tab kept Alice's screen for seconds, and a reminder
  // submitted from it was saved in Bob's syndicate, where the session had moved.
  const live = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await page.goto('/');
  await expect(header(page).syndicate).toHaveText(aliceClub);
  await expect(page.getByRole('main').getByText(`Alice Horse ${tag}`).first()).toBeVisible();
  await live;
  await page.getByRole('button', { name: 'Add Bet', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Add New Bet' })).toBeVisible();
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  const other = await page.context().newPage();
  await other.goto('/');
  await expect(header(other).syndicate).toHaveText(aliceClub);
  await switcher(other).click();
  await other.getByRole('menuitemradio', { name: `${bobClub} Admin` }).click();
  await expect(header(other).syndicate).toHaveText(bobClub);

  // The first tab follows without a reload: Alice's dialog and bets are gone, Bob's are shown.
  await expect(page.getByRole('dialog', { name: 'Add New Bet' })).toBeHidden({ timeout: 3000 });
  await expect(header(page).syndicate).toHaveText(bobClub, { timeout: 3000 });
  await expect(page.getByRole('main').getByText(`Bob Horse ${tag}`).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(`Alice Horse ${tag}`)).toHaveCount(0);
  expect(await toasts(page).textContent()).not.toContain('no longer a member');
  expect(reloaded).toBe(false);
  await other.close();
});

test('deactivated while the page is open: told the membership is inactive, not that they were removed', async ({
  page,
  request,
  baseURL,
}) => {
  const { aliceClub, bob } = await bobInTwo(page, request, baseURL!, 'Pausers', 'Own');
  const live = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await page.goto('/');
  await expect(header(page).syndicate).toHaveText(aliceClub);
  const socket = await live;
  const members = (await (await request.get('/api/members')).json()) as { id: number; name: string }[];
  const bobInAlice = members.find((m) => m.name === bob.name)!;
  const closed = socket.waitForEvent('close');
  const res = await request.put(`/api/members/${bobInAlice.id}`, {
    headers: { Origin: baseURL! },
    data: { isActive: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  await closed;
  await expect(page.getByText(/Your membership is inactive/)).toBeVisible();
  await expect(header(page).syndicate).toHaveText(aliceClub);
  // Found by probing (2026-12-02): it also said "Removed from the syndicate".
  await page.waitForTimeout(1000);
  expect(await toasts(page).textContent()).not.toContain('no longer a member');
});

test('a tab that missed the switch cannot write into the other syndicate: refused, then it follows', async ({
  page,
  request,
  baseURL,
}) => {
  const { tag, aliceClub, bobClub } = await bobInTwo(page, request, baseURL!, 'Deaf', 'Moved');
  // This tab's live socket hears nothing (a phone between networks): only the write itself can
  // tell it that the session has moved. Found by probing (2026-12-02): such a tab saved a reminder
  // in the syndicate the other tab had switched to.
  await page.routeWebSocket(/\/ws/, () => undefined);
  await page.goto('/reminders');
  await expect(header(page).syndicate).toHaveText(aliceClub);
  await page.getByRole('button', { name: 'Add Reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await dialog.getByLabel('Reminder', { exact: true }).fill(`Meant for Alice ${tag}`);
  await dialog.getByLabel('Date').fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));

  const switched = await page.request.put('/api/syndicates/active', {
    headers: { Origin: baseURL! },
    data: { syndicateId: (await syndicateIdOf(page.request, bobClub))! },
  });
  expect(switched.status()).toBe(200);

  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/reminders'),
  );
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  expect((await sent).status()).toBe(409);
  await expect(
    toasts(page).getByText(
      'This page was showing another syndicate. It now shows the one you are in: check, then try again.',
    ),
  ).toBeVisible();
  // The page follows the session to Bob's syndicate; the reminder was written nowhere.
  await expect(header(page).syndicate).toHaveText(bobClub);
  for (const club of [bobClub, aliceClub]) {
    const id = (await syndicateIdOf(page.request, club))!;
    await page.request.put('/api/syndicates/active', {
      headers: { Origin: baseURL! },
      data: { syndicateId: id },
    });
    const reminders = (await (await page.request.get('/api/reminders')).json()) as { text: string }[];
    expect(reminders.map((r) => r.text)).not.toContain(`Meant for Alice ${tag}`);
  }
});

async function syndicateIdOf(request: APIRequestContext, name: string) {
  const list = (await (await request.get('/api/syndicates')).json()) as { id: number; name: string }[];
  return list.find((s) => s.name === name)?.id;
}
