import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, header, toasts } from './support/helpers';
import { joinAsMember, pageReady, seedAdmin, shot } from './support/people';

test.use({ bypassCSP: true });

test('general: save the name, copy the invite code, QR code, slider bounds, reset', async ({
  page,
  baseURL,
  context,
}, testInfo) => {
  const { syndicate } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Settings');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.goto('/settings');
  await pageReady(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  const name = page.getByLabel('Syndicate Name');
  await expect(name).toHaveValue(syndicate.name);
  await expectNoSeriousA11yViolations(page);

  // Validation, then save: the header and the document title follow.
  await name.fill('A');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Syndicate name must be at least 2 characters')).toBeVisible();
  const renamed = `Renamed ${Math.random().toString(36).slice(2, 6)}`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Settings saved')).toBeVisible();
  await expect(header(page).syndicate).toHaveText(renamed);
  await expect(page).toHaveTitle(renamed);

  // Invite code: copy, indicator resets after 2 s.
  const code = page.getByTestId('invite-code');
  await expect(code).toHaveText(syndicate.inviteCode);
  await page.getByRole('button', { name: 'Copy invite code' }).click();
  await expect(toasts(page).getByText('Copied!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite code copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(syndicate.inviteCode);
  await expect(page.getByRole('button', { name: 'Copy invite code' })).toBeVisible({ timeout: 4000 });

  // QR code → /join?code=…, download and share (copy fallback without a native share sheet).
  const link = `${baseURL}/join?code=${syndicate.inviteCode}`;
  const qr = page.getByRole('img', { name: `QR code linking to ${link}` });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-value', link);
  expect(await qr.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThanOrEqual(160);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as PNG' }).click();
  expect((await download).suggestedFilename()).toBe(`invite-${syndicate.inviteCode}.png`);
  await expect(toasts(page).getByText('QR Code Downloaded')).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toasts(page).getByText('Link Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Slider: 10 to 500 in steps of 10, default 100.
  const slider = page.getByRole('slider', { name: 'Default Bet Amount' });
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await expect(slider).toHaveAttribute('aria-valuemin', '10');
  await expect(slider).toHaveAttribute('aria-valuemax', '500');
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '500');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '490');
  await expect(page.getByTestId('default-bet-value')).toHaveText('$490');

  // Share basis: equal by default; By capital is saved with the rest.
  const basis = page.getByLabel('Share basis');
  await expect(basis).toContainText('Equal');
  await basis.click();
  await expect(page.getByRole('option')).toHaveText(['Equal', 'By capital']);
  await page.getByRole('option', { name: 'By capital' }).click();
  await expect(basis).toContainText('By capital');

  // The time zone: a long list (every IANA zone and UTC), drawn a step at a time when it opens,
  // the chosen one named while it is closed (only that option is drawn then: ui/select.tsx).
  const zone = page.getByLabel('Time Zone');
  const savedZone = ((await (await page.request.get('/api/settings')).json()) as { timezone: string })
    .timezone;
  await expect(zone).toContainText(savedZone.replaceAll('_', ' '));
  const zoneCount = await page.evaluate(() => new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]).size);
  expect(zoneCount).toBeGreaterThan(300);
  await zone.click();
  await expect(page.getByRole('option')).toHaveCount(zoneCount);
  await expect(
    page.getByRole('option', { name: savedZone.replaceAll('_', ' '), exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  // Taken away from the chosen option without the pointer (a scrollbar dragged, a finger's
  // fling), the list stays where it was taken. It used to jump back to the chosen option when
  // Radix's scroll-up button appeared, and a click landing in the jump chose nothing.
  const viewport = page.locator('[data-radix-select-viewport]');
  await viewport.evaluate((el) => {
    el.scrollTop = 8000;
  });
  await page.waitForTimeout(500);
  expect(await viewport.evaluate((el) => el.scrollTop)).toBeGreaterThan(4000);
  await page.getByRole('option', { name: 'Pacific/Auckland', exact: true }).click();
  await expect(zone).toContainText('Pacific/Auckland');
  await expect(page.getByRole('option')).toHaveCount(0);
  // Opened again, the whole list is back, with the new choice marked, and UTC (which the
  // browser's list of zones leaves out) still there to go back to.
  await zone.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option')).toHaveCount(zoneCount);
  await expect(page.getByRole('option').first()).toHaveText('UTC');
  await expect(page.getByRole('option', { name: 'Pacific/Auckland', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(zone).toContainText('Pacific/Auckland');
  // Typed on the closed list, a name is found among all the zones, though only the chosen one is
  // drawn while it is closed (ui/select.tsx, useClosedTypeahead); the list stays closed.
  await zone.focus();
  await page.keyboard.type('europe/lon');
  await expect(zone).toContainText('Europe/London');
  await expect(zone).toHaveAttribute('aria-expanded', 'false');
  await page.waitForTimeout(1100); // a new search
  await page.keyboard.type('Pacific/Au');
  await expect(zone).toContainText('Pacific/Auckland');
  await expect(page.getByRole('option')).toHaveCount(0);
  await shot(page, testInfo, 'settings-general');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Settings saved')).toBeVisible();
  const saved = (await (await page.request.get('/api/settings')).json()) as {
    shareBasis: string;
    defaultBetAmount: number;
    timezone: string;
  };
  expect(saved).toMatchObject({ shareBasis: 'capital', defaultBetAmount: 490, timezone: 'Pacific/Auckland' });
  expect(((await (await page.request.get('/api/bank')).json()) as { shareBasis: string }).shareBasis).toBe(
    'capital',
  );
  await page.reload();
  await pageReady(page, 'Settings');
  await expect(page.getByLabel('Share basis')).toContainText('By capital');
  await expect(page.getByLabel('Time Zone')).toContainText('Pacific/Auckland');

  // Manual rotation: after saving it, an admin picks the next member.
  await page.getByLabel('Member Rotation Strategy').click();
  await page.getByRole('option', { name: /^Manual/ }).click();
  await expect(
    page.getByText('Save the manual strategy, then pick who places the next bet here.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Settings saved')).toBeVisible();
  await expect(page.getByLabel('Next member to bet')).toBeVisible();

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(toasts(page).getByText('Settings reset')).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByLabel('Member Rotation Strategy')).toContainText('Sequential');
  await expect(page.getByLabel('Currency')).toContainText('USD');
  await expect(page.getByLabel('Share basis')).toContainText('Equal');
});

test('notifications, account and integrations tabs', async ({ page, baseURL }, testInfo) => {
  const { account } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Settings');
  await page.goto('/settings');
  await pageReady(page, 'Settings');

  // Notifications: local only, kept across reloads.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const email = page.getByRole('switch', { name: 'Email Notifications' });
  await expect(email).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
  await expect(page.getByLabel('Remind me before a bet')).toHaveText('3 days');
  await email.click();
  await expect(email).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'settings-notifications');
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();

  // Account: save your name and initials.
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(account.name);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Role')).toHaveValue('Admin');
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Initials').fill('al');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toasts(page).getByText('Profile saved')).toBeVisible();
  const me = (await (await page.request.get('/api/members/me')).json()) as { name: string; initials: string };
  expect(me).toMatchObject({ name: 'Ada Lovelace', initials: 'AL' });
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'settings-account');

  // The last admin cannot leave: the server says why.
  await page.getByRole('button', { name: 'Leave Syndicate' }).click();
  await page
    .getByRole('alertdialog', { name: 'Leave Syndicate' })
    .getByRole('button', { name: 'Leave Syndicate' })
    .click();
  await expect(toasts(page).getByText('A syndicate needs at least one admin')).toBeVisible();

  // Integrations: status and the API key.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByTestId('racing-status')).toContainText('Not configured');
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page.getByText('API key must be at least 10 characters long')).toBeVisible();
  await page.getByLabel('API Key').fill('short');
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page.getByText('API key must be at least 10 characters long')).toBeVisible();
  await page.getByLabel('API Key').fill('rk-live-0123456789-WXYZ');
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(toasts(page).getByText('API key saved')).toBeVisible();
  await expect(page.getByTestId('api-key-last4')).toHaveText('WXYZ');
  await expect(page.getByText('rk-live-0123456789-WXYZ')).toHaveCount(0);
  await expect(page.getByTestId('racing-status')).toContainText('Configured');
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'settings-integrations');
});

test('account: change the password from the keyboard; the other device is signed out', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  const { account } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Settings');
  const signIn = async (password: string) => {
    const device = await browser.newContext({ baseURL });
    const res = await device.request.post('/api/auth/login', {
      data: { email: account.email, password },
      headers: { origin: baseURL! },
    });
    return { device, status: res.status() };
  };
  const other = await signIn(account.password);
  expect(other.status).toBe(200);
  await page.goto('/settings');
  await pageReady(page, 'Settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  const open = page.getByRole('button', { name: 'Change Password' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel('Current Password');
  const next = dialog.getByLabel('New Password', { exact: true });
  const confirm = dialog.getByLabel('Confirm New Password');

  // The browser's checks first: a short password and a mismatch; nothing is sent.
  await current.fill('not my password');
  await next.fill('short');
  await confirm.fill('shorter');
  await confirm.press('Enter');
  await expect(dialog.getByText('Password must be at least 10 characters')).toBeVisible();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  // Then the server's: a wrong current password, on its field.
  await next.fill('brand new secret 42');
  await confirm.fill('brand new secret 42');
  await confirm.press('Enter');
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await expect(current).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'settings-change-password');
  await current.fill(account.password);
  await confirm.press('Enter');
  await expect(toasts(page).getByText('Password changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // This device stays signed in; the other is signed out; only the new password signs in.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  expect((await other.device.request.get('/api/auth/user')).status()).toBe(401);
  const old = await signIn(account.password);
  expect(old.status).toBe(401);
  const fresh = await signIn('brand new secret 42');
  expect(fresh.status).toBe(200);
  for (const c of [other, old, fresh]) await c.device.close();
});

test('a member sees settings read-only and can leave', async ({ page, baseURL, browser }, testInfo) => {
  const { syndicate } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Settings');
  const member = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Max Member');
  try {
    const p = member.page;
    await p.setViewportSize(page.viewportSize()!);
    await p.goto('/settings');
    await pageReady(p, 'Settings');
    await expect(p.getByLabel('Syndicate Name')).toHaveValue(syndicate.name);
    await expect(p.getByLabel('Syndicate Name')).toBeDisabled();
    await expect(p.getByLabel('Share basis')).toContainText('Equal');
    await expect(p.getByLabel('Share basis')).toBeDisabled();
    await expect(p.getByText('Only an admin can change these settings.')).toBeVisible();
    await expect(p.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(p.getByRole('button', { name: 'Reset to Defaults' })).toHaveCount(0);
    await expect(p.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
    await expect(p.getByTestId('invite-code')).toHaveText(syndicate.inviteCode);
    await expectNoSeriousA11yViolations(p);
    await shot(p, testInfo, 'settings-as-member');

    await p.getByRole('tab', { name: 'Integrations' }).click();
    await expect(p.getByText('Only an admin can set the API key.')).toBeVisible();
    await expect(p.getByLabel('API Key')).toHaveCount(0);

    await p.getByRole('tab', { name: 'Account' }).click();
    await expect(p.getByLabel('Role')).toHaveValue('Member');
    await p.getByRole('button', { name: 'Leave Syndicate' }).click();
    await p
      .getByRole('alertdialog', { name: 'Leave Syndicate' })
      .getByRole('button', { name: 'Leave Syndicate' })
      .click();
    await expect(p.getByRole('heading', { name: 'Welcome to Racing Syndicate' })).toBeVisible();
    await expect(p).toHaveURL(`${baseURL}/`);
  } finally {
    await member.context.close();
  }
});

test('an admin regenerates the invite code', async ({ page, baseURL }) => {
  const { syndicate } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Settings');
  await page.goto('/settings');
  await pageReady(page, 'Settings');
  await expect(page.getByTestId('invite-code')).toHaveText(syndicate.inviteCode);
  await page.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate the invite code?' });
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(toasts(page).getByText('Invite code regenerated')).toBeVisible();
  await expect(page.getByTestId('invite-code')).not.toHaveText(syndicate.inviteCode);
  await expect(page.getByTestId('invite-code')).toHaveText(/^[0-9A-Z]{8}$/);
});
