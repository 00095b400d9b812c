import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, toasts } from './support/helpers';
import {
  assignPlan,
  createMember,
  createPlan,
  joinAsMember,
  pageReady,
  seedAdmin,
  shot,
  syndicateToday,
} from './support/people';

test.use({ bypassCSP: true });

test('an admin creates, edits and deletes plans; a held plan cannot be deleted', async ({
  page,
  baseURL,
}, testInfo) => {
  await seedAdmin(page, baseURL!, 'Ada Admin', 'Plans');
  await page.goto('/subscriptions');
  await pageReady(page, 'Subscription Plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeVisible();
  await expect(page.getByText('No subscription plans yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Create, with validation first.
  await page.getByRole('button', { name: 'Add Plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Subscription Plan' });
  await expect(dialog.getByLabel('Price')).toHaveValue('0');
  await expect(dialog.getByLabel('Duration (months)')).toHaveValue('1');
  await dialog.getByLabel('Price').fill('-5');
  await dialog.getByLabel('Duration (months)').fill('0');
  await dialog.getByRole('button', { name: 'Add Plan' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Price must be positive')).toBeVisible();
  await expect(dialog.getByText('Duration must be at least 1 month')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Name').fill('Gold');
  await dialog.getByLabel('Price').fill('50');
  await dialog.getByLabel('Duration (months)').fill('3');
  await dialog.getByLabel('Description (optional)').fill('For the regulars');
  await dialog.getByLabel('Features (optional)').fill('Weekly tips\n\n  \nPriority seating\n');
  await dialog.getByRole('button', { name: 'Add Plan' }).click();
  await expect(toasts(page).getByText('Subscription created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const gold = page.getByTestId('plan-card').filter({ hasText: 'Gold' });
  await expect(gold).toContainText('For the regulars');
  await expect(gold).toContainText('$50.00');
  await expect(gold).toContainText('per 3 months');
  await expect(gold).toContainText('0 active members');
  await expect(gold.getByRole('list', { name: 'Gold features' }).getByRole('listitem')).toHaveText([
    'Weekly tips',
    'Priority seating',
  ]);

  // A plan without a description, one month.
  const basic = await createPlan(page, baseURL!, { name: 'Basic', price: 10, duration: 1 });
  await page.reload();
  const basicCard = page.getByTestId('plan-card').filter({ hasText: 'Basic' });
  await expect(basicCard).toContainText('No description');
  await expect(basicCard).toContainText('per month');

  // Edit.
  await page.getByRole('button', { name: 'Edit Gold' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subscription Plan' });
  await expect(edit.getByLabel('Name')).toHaveValue('Gold');
  await expect(edit.getByLabel('Features (optional)')).toHaveValue('Weekly tips\nPriority seating');
  await edit.getByLabel('Price').fill('60');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Subscription updated')).toBeVisible();
  await expect(gold).toContainText('$60.00');

  // The active-member count, and the 409 while the plan is held.
  const member = await createMember(page, baseURL!, 'Holly Holder');
  const { today } = await syndicateToday(page);
  const plans = (await (await page.request.get('/api/subscriptions')).json()) as {
    id: number;
    name: string;
  }[];
  await assignPlan(page, baseURL!, member.id, plans.find((p) => p.name === 'Gold')!.id, today);
  await page.reload();
  await expect(gold).toContainText('1 active member');
  await shot(page, testInfo, 'subscriptions');

  await page.getByRole('button', { name: 'Delete Gold' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete subscription plan' });
  await expect(confirm).toContainText('Are you sure you want to delete the Gold plan?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Failed to delete subscription plan')).toBeVisible();
  await expect(toasts(page).getByText('Plan has active members')).toBeVisible();
  await expect(gold).toBeVisible();

  await page.getByRole('button', { name: `Delete ${'Basic'}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Subscription deleted')).toBeVisible();
  await expect(page.getByTestId('plan-card').filter({ hasText: 'Basic' })).toHaveCount(0);
  expect((await page.request.get(`/api/subscriptions`)).ok()).toBe(true);
  expect(basic.id).toBeGreaterThan(0);
});

test('a member sees plans without admin actions', async ({ page, baseURL, browser }, testInfo) => {
  const { syndicate } = await seedAdmin(page, baseURL!, 'Ada Admin', 'Plans');
  await createPlan(page, baseURL!, { name: 'Silver', price: 25, duration: 6, features: ['Tips'] });
  const member = await joinAsMember(browser, baseURL!, syndicate.inviteCode);
  try {
    const p = member.page;
    await p.setViewportSize(page.viewportSize()!);
    await p.goto('/subscriptions');
    await pageReady(p, 'Subscription Plans');
    await expect(p.getByTestId('plan-card').filter({ hasText: 'Silver' })).toContainText('per 6 months');
    await expect(p.getByRole('button', { name: 'Add Plan' })).toHaveCount(0);
    await expect(p.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(p);
    await shot(p, testInfo, 'subscriptions-as-member');
  } finally {
    await member.context.close();
  }
});
