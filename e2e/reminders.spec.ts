import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, toasts } from './support/helpers';
import {
  addDays,
  assignPlan,
  createMember,
  createPlan,
  createRace,
  createReminder,
  joinAsMember,
  longDate,
  pageReady,
  seedAdmin,
  shortDate,
  shot,
  syndicateToday,
} from './support/people';

test.use({ bypassCSP: true });

test('add (with validation), complete and delete reminders', async ({ page, baseURL }, testInfo) => {
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Reminders');
  const helper = await createMember(page, baseURL!, 'Rita Reminder');
  const { today } = await syndicateToday(page);
  await page.goto('/reminders');
  await pageReady(page, 'Reminders');
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active Reminders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No active reminders')).toBeVisible();
  // Nobody owes dues: no Chase dues.
  await expect(page.getByRole('button', { name: 'Chase dues' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add Reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Reminder' });
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(dialog.getByText('Reminder text is required')).toBeVisible();
  await expect(dialog.getByText('A date is required')).toBeVisible();
  // Past days cannot be chosen: the picker starts at today in the syndicate's zone.
  await expect(dialog.getByLabel('Date')).toHaveAttribute('min', today);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Reminder', { exact: true }).fill('Pay the monthly fee');
  await dialog.getByLabel('Date').fill(addDays(today, 3));
  await dialog.getByLabel('Assign to (optional)').click();
  await page.getByRole('option', { name: 'Rita Reminder' }).click();
  await dialog.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(toasts(page).getByText('Reminder added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const items = page.getByTestId('reminder-item');
  const fee = items.filter({ hasText: 'Pay the monthly fee' });
  await expect(fee).toContainText('in 3 days');
  await expect(fee).toContainText('Assigned to Rita Reminder');
  await expect(fee).not.toContainText('Overdue');

  await createReminder(page, baseURL!, 'Book the marquee', today, null);
  await createReminder(page, baseURL!, 'Throw-away note', addDays(today, 1), helper.id);
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Book the marquee'); // earliest first
  await expect(items.first()).toContainText('Today');
  await shot(page, testInfo, 'reminders');

  // Delete an active one.
  await page.getByRole('button', { name: 'Delete reminder "Throw-away note"' }).click();
  await expect(toasts(page).getByText('Reminder deleted')).toBeVisible();
  await expect(items.filter({ hasText: 'Throw-away note' })).toHaveCount(0);

  // Complete: it moves to Completed with 'Completed on'.
  await page.getByRole('checkbox', { name: 'Mark "Pay the monthly fee" as complete' }).click();
  await expect(toasts(page).getByText('Reminder completed')).toBeVisible();
  await expect(items.filter({ hasText: 'Pay the monthly fee' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Completed' }).click();
  const done = items.filter({ hasText: 'Pay the monthly fee' });
  await expect(done).toContainText(`Completed on ${shortDate(today)}`);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'reminders-completed');
  await done.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Reminder deleted')).toBeVisible();
  await expect(page.getByText('No completed reminders found')).toBeVisible();
});

test('a reminder past its day shows Overdue', async ({ page, baseURL }, testInfo) => {
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Reminders');
  const { today } = await syndicateToday(page);
  await createReminder(page, baseURL!, 'Renew the licence', today);
  // The server refuses past dates, so move the browser's clock three days on instead.
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
  await page.goto('/reminders');
  await pageReady(page, 'Reminders');
  const item = page.getByTestId('reminder-item').filter({ hasText: 'Renew the licence' });
  await expect(item).toContainText('Overdue');
  await expect(item).toContainText('3 days ago');
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'reminders-overdue');
});

test('the next-bet banner shares a ready-made reminder', async ({ page, baseURL, context }, testInfo) => {
  const { account } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Reminders');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const { timeZone } = await syndicateToday(page);
  const raceDate = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
  await createRace(page, baseURL!, 'Spring Cup', raceDate);
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(raceDate);
  await page.goto('/reminders');
  await pageReady(page, 'Reminders');
  const banner = page.getByTestId('next-bet-banner');
  await expect(banner).toHaveText(`${account.name} is scheduled to place the next bet on ${longDate(day)}.`);
  // Headless Chromium on Linux has no native share sheet: the message is copied instead.
  await page.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(toasts(page).getByText('Copied!', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(account.name);
  expect(copied).toContain(longDate(day));
  await shot(page, testInfo, 'reminders-banner');
});

test('a member completes only their own or unassigned reminders', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  const { syndicate, me: admin } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Reminders');
  const member = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Max Member');
  try {
    const { today } = await syndicateToday(page);
    await createReminder(page, baseURL!, 'Admin only task', today, admin.id);
    await createReminder(page, baseURL!, 'Anyone task', today, null);
    await createReminder(page, baseURL!, 'Max task', today, member.me.id);
    const p = member.page;
    await p.setViewportSize(page.viewportSize()!);
    await p.goto('/reminders');
    await pageReady(p, 'Reminders');
    const items = p.getByTestId('reminder-item');
    await expect(items).toHaveCount(3);
    const adminOnly = items.filter({ hasText: 'Admin only task' });
    await expect(adminOnly).toContainText('Assigned to Ada Admin');
    await expect(adminOnly.getByRole('checkbox')).toHaveCount(0);
    await expect(adminOnly.getByRole('button')).toHaveCount(0);
    await expect(items.filter({ hasText: 'Anyone task' }).getByRole('checkbox')).toHaveCount(1);
    await expect(items.filter({ hasText: 'Max task' }).getByRole('checkbox')).toHaveCount(1);
    await p.getByRole('checkbox', { name: 'Mark "Max task" as complete' }).click();
    await expect(toasts(p).getByText('Reminder completed')).toBeVisible();
    await expectNoSeriousA11yViolations(p);
    await shot(p, testInfo, 'reminders-as-member');
  } finally {
    await member.context.close();
  }
});

test('Chase dues shares who owes what when anyone owes', async ({ page, baseURL, context }, testInfo) => {
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Dues');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  // No native share sheet: the message is copied instead.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  const dora = await createMember(page, baseURL!, 'Dora Dues');
  const ned = await createMember(page, baseURL!, 'Ned Nopay');
  const gold = await createPlan(page, baseURL!, { name: 'Gold', price: 50, duration: 3 });
  const silver = await createPlan(page, baseURL!, { name: 'Silver', price: 25.5, duration: 1 });
  const { today } = await syndicateToday(page);
  // Plans starting today charge their price at once; one starting later owes nothing yet.
  await assignPlan(page, baseURL!, dora.id, gold.id, today);
  await assignPlan(page, baseURL!, ned.id, silver.id, addDays(today, 7));

  await page.goto('/reminders');
  await pageReady(page, 'Reminders');
  await expect(page.getByTestId('dues-summary')).toHaveText('Dora Dues owes $50.00 in dues.');
  await assignPlan(page, baseURL!, ned.id, silver.id, today);
  await page.reload();
  await expect(page.getByTestId('dues-summary')).toHaveText('2 members owe $75.50 in dues.');
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'reminders-chase-dues');

  await page.getByRole('button', { name: 'Chase dues' }).click();
  await expect(toasts(page).getByText('Copied!', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('- Dora Dues: $50.00');
  expect(copied).toContain('- Ned Nopay: $25.50');
  expect(copied).toContain('Total: $75.50');
});

test('the bell shows the reminders due and overdue, and leads to the Reminders page', async ({
  page,
  baseURL,
}, testInfo) => {
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Dashboard');
  await page.goto('/');
  await pageReady(page, 'Dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('bell-dot')).toHaveCount(0);
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Reminders due' });
  await expect(popover).toContainText("Nothing due. You're all caught up.");
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  const { today } = await syndicateToday(page);
  await createReminder(page, baseURL!, 'Renew the licence', today);
  await createReminder(page, baseURL!, 'Pay the trainer', addDays(today, 1));
  await createReminder(page, baseURL!, 'Book the float', addDays(today, 2));
  await createReminder(page, baseURL!, 'Order new silks', addDays(today, 9));
  // The server refuses past dates, so move the browser's clock two days on instead.
  await page.clock.setFixedTime(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
  await page.goto('/');
  await pageReady(page, 'Dashboard');
  await expect(bell).toHaveAccessibleName('Notifications: 3 reminders due');
  await expect(page.getByTestId('bell-dot')).toBeVisible();
  // From the keyboard: the bell opens the list, the most overdue first; Escape gives focus back.
  await bell.focus();
  await page.keyboard.press('Enter');
  const items = popover.getByTestId('bell-reminder');
  await expect(items).toHaveText([
    /Renew the licence\s*Overdue · 2 days ago/,
    /Pay the trainer\s*Overdue · 1 day ago/,
    /Book the float\s*Due today/,
  ]);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'reminders-bell');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();

  await bell.click();
  await popover.getByRole('link', { name: 'View all reminders' }).click();
  await expect(page).toHaveURL(/\/reminders$/);
  await expect(popover).toBeHidden();
  // Completing one takes it off the bell.
  const licence = page.getByTestId('reminder-item').filter({ hasText: 'Renew the licence' });
  await licence.getByRole('checkbox').click();
  await expect(bell).toHaveAccessibleName('Notifications: 2 reminders due');
});
