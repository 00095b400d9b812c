// Personal invite links and former members (issue 13): an admin copies a pre-created member's
// link from its menu, the person opens it signed in and lands on the dashboard as that member;
// a signed-out visitor signs up and comes back to the link; an admin removes and restores someone.
import { expect, type Page, test } from '@playwright/test';
import { inZone } from './support/dashboard';
import { expectNoSeriousA11yViolations, newAccount, signUpViaUi, toasts } from './support/helpers';
import { createMember, joinAsMember, pageReady, seedAdmin, shot } from './support/people';

test.use({ bypassCSP: true });

/** Open a member card's action menu. */
async function openMenu(page: Page, name: string) {
  await page
    .getByTestId('member-card')
    .filter({ hasText: name })
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
}

/** Copy a member's invite link from its menu; returns the link the server made. */
async function copyInviteLink(page: Page, name: string): Promise<string> {
  await openMenu(page, name);
  const made = page.waitForResponse(
    (r) => r.url().endsWith('/claim-link') && r.request().method() === 'POST',
  );
  await page.getByRole('menuitem', { name: 'Copy invite link' }).click();
  const res = await made;
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

test('an admin copies an invite link; the person opens it signed in and lands on the dashboard as that member', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Claims');
  await page.goto('/members');
  await pageReady(page, 'Members');

  // The admin adds the member through the form.
  const name = `Pia Pre ${Math.random().toString(36).slice(2, 5)}`;
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Member' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`pia.${Date.now()}@example.test`);
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(toasts(page).getByText('Member added')).toBeVisible();

  // The admin's own member (linked) offers no invite link; the new one does.
  await openMenu(page, 'Ada Admin');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Copy invite link' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await openMenu(page, name);
  await expect(page.getByRole('menuitem', { name: 'Copy invite link' })).toBeVisible();
  await shot(page, testInfo, 'members-menu-invite-link');
  await page.keyboard.press('Escape');

  const url = await copyInviteLink(page, name);
  await expect(toasts(page).getByText('Invite link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const link = new URL(url);
  expect(link.pathname).toBe('/claim');

  // A second user, signed in and in no syndicate, opens the link.
  const context = await browser.newContext({ baseURL: baseURL! });
  try {
    const other = await context.newPage();
    await other.setViewportSize(page.viewportSize()!);
    const account = newAccount('Pia Person');
    const reg = await other.request.post('/api/auth/register', {
      data: account,
      headers: { Origin: baseURL! },
    });
    expect(reg.status()).toBe(201);
    await other.goto(`${link.pathname}${link.search}`);
    await pageReady(other, 'Dashboard');
    await expect(other).toHaveURL(`${baseURL}/`);
    const me = (await (await other.request.get('/api/members/me')).json()) as { name: string; role: string };
    expect(me).toMatchObject({ name, role: 'member' });

    // The link worked once: opening it again shows the server's reason.
    await other.goto(`${link.pathname}${link.search}`);
    await expect(other.getByRole('heading', { name: 'This invite link did not work' })).toBeVisible();
    await expect(other.getByRole('alert').filter({ hasText: 'already been used' })).toBeVisible();
    await expectNoSeriousA11yViolations(other);
  } finally {
    await context.close();
  }

  // Linked now: the admin's menu no longer offers a link for that member.
  await page.reload();
  await pageReady(page, 'Members');
  await openMenu(page, name);
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Copy invite link' })).toHaveCount(0);
});

test('a signed-out visitor signs up from the invite link and comes back to accept it', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  // A browser that refuses the clipboard: the link is shown in a dialog instead.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Claims');
  const member = await createMember(page, baseURL!, 'Sam Signup');
  await page.goto('/members');
  await pageReady(page, 'Members');
  const url = await copyInviteLink(page, 'Sam Signup');
  const shown = page.getByRole('dialog', { name: 'Invite link for Sam Signup' });
  await expect(shown.getByLabel('Invite link')).toHaveValue(url);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'members-invite-link-dialog');
  await shown.getByRole('button', { name: 'Close' }).first().click();
  await expect(shown).toBeHidden();
  const link = new URL(url);

  const context = await browser.newContext({ baseURL: baseURL! });
  try {
    const visitor = await context.newPage();
    await visitor.setViewportSize(page.viewportSize()!);
    await visitor.goto(`${link.pathname}${link.search}`);
    await expect(visitor.getByRole('heading', { name: "You've been invited to a syndicate" })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.getByRole('link', { name: 'Sign in to accept' }).click();
    await signUpViaUi(visitor, newAccount('Sam Visitor'));
    await pageReady(visitor, 'Dashboard');
    const me = (await (await visitor.request.get('/api/members/me')).json()) as { id: number };
    expect(me.id).toBe(member.id);
  } finally {
    await context.close();
  }
});

// The browser's clock is 25 hours behind the syndicate's, so "Removed <date>" is on a different
// day in each: the page must read it in the syndicate's zone, as every date in the app is.
const SYNDICATE_ZONE = 'Pacific/Kiritimati';
test.describe("in a browser far from the syndicate's zone", () => {
  test.use({ timezoneId: 'Pacific/Pago_Pago' });

  test('an admin removes a member and restores them from Former members', async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    const { syndicate } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Restore');
    const max = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Max Member');
    const zoned = await page.request.put('/api/settings', {
      data: { ...(await (await page.request.get('/api/settings')).json()), timezone: SYNDICATE_ZONE },
      headers: { Origin: baseURL! },
    });
    expect(zoned.status()).toBe(200);
    try {
      await page.goto('/members');
      await pageReady(page, 'Members');
      const cards = page.getByTestId('member-card');
      await expect(cards).toHaveCount(2);
      await expect(page.getByRole('heading', { name: 'Former members' })).toHaveCount(0);

      await openMenu(page, 'Max Member');
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page
        .getByRole('alertdialog', { name: 'Confirm Deletion' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(toasts(page).getByText('Member deleted')).toBeVisible();
      await expect(cards).toHaveCount(1);

      // Removed: Max cannot come back with the code.
      const rejoin = await max.page.request.post('/api/syndicates/join', {
        data: { inviteCode: syndicate.inviteCode },
        headers: { Origin: baseURL! },
      });
      expect(rejoin.status()).toBe(403);

      const former = page.getByRole('region', { name: 'Former members' });
      await expect(former.getByTestId('former-member')).toHaveCount(1);
      await expect(former).toContainText('Max Member');
      const today = inZone(new Date().toISOString(), SYNDICATE_ZONE, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      await expect(former).toContainText(`Removed ${today}`);
      await former.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await shot(page, testInfo, 'members-former');

      await former.getByRole('button', { name: 'Restore Max Member' }).click();
      await expect(toasts(page).getByText('Member restored')).toBeVisible();
      await expect(cards.filter({ hasText: 'Max Member' })).toContainText('Member');
      await expect(page.getByRole('heading', { name: 'Former members' })).toHaveCount(0);
      expect((await max.page.request.get('/api/members/me')).status()).toBe(200);
    } finally {
      await max.context.close();
    }
  });
});

test('a first read of the syndicates answered before the claim but arriving after it does not send the person to onboarding', async ({
  page,
  baseURL,
  browser,
}) => {
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Race');
  const member = await createMember(page, baseURL!, `Rae Racer ${Math.random().toString(36).slice(2, 5)}`);
  const made = await page.request.post(`/api/members/${member.id}/claim-link`, {
    headers: { Origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  const link = new URL(((await made.json()) as { url: string }).url);

  const context = await browser.newContext({ baseURL: baseURL! });
  try {
    const other = await context.newPage();
    await other.setViewportSize(page.viewportSize()!);
    const reg = await other.request.post('/api/auth/register', {
      data: newAccount('Rae Racer'),
      headers: { Origin: baseURL! },
    });
    expect(reg.status()).toBe(201);
    // The page's first read of the user's syndicates is answered at once (none yet) but reaches
    // the page only after the claim has: what a slow network or a busy server can do.
    let claimAnswered!: () => void;
    const claimed = new Promise<void>((resolve) => {
      claimAnswered = resolve;
    });
    other.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/members/claim') claimAnswered();
    });
    let first = true;
    await other.route('**/api/syndicates', async (route) => {
      if (!first || route.request().method() !== 'GET') return route.continue();
      first = false;
      const response = await route.fetch();
      await claimed;
      await route.fulfill({ response });
    });
    await other.goto(`${link.pathname}${link.search}`);
    await pageReady(other, 'Dashboard');
    await expect(other).toHaveURL(`${baseURL}/`);
  } finally {
    await context.close();
  }
});
