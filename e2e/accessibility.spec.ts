import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  header,
  newAccount,
  setUpSyndicateViaApi,
  signUpViaUi,
  uniqueSyndicateName,
} from './support/helpers';

// The server's CSP (script-src 'self') would block the injected axe-core script; the check needs it.
test.use({ bypassCSP: true });

test('landing and login pages have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Racing Syndicate', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click(); // shows field errors
  await expect(page.getByText('Name is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('onboarding screens have no serious accessibility violations', async ({ page }) => {
  await signUpViaUi(page, newAccount('Fiona Access'));
  await expect(page.getByRole('heading', { name: 'Welcome to Racing Syndicate' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Create a Syndicate/ }).click();
  await expect(page.getByLabel('Syndicate Name')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: /Join a Syndicate/ }).click();
  await expect(page.getByLabel('Invite Code')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the dashboard shell has no serious accessibility violations', async ({ page, baseURL }, testInfo) => {
  const syndicateName = uniqueSyndicateName('Axe Club');
  await setUpSyndicateViaApi(page.request, baseURL!, newAccount('Gus Access'), syndicateName);
  await page.goto('/');
  await expect(header(page).syndicate).toHaveText(syndicateName);
  await expectNoSeriousA11yViolations(page);

  if (testInfo.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('the Share summary dialog has no serious accessibility violations', async ({ page, baseURL }) => {
  // Found by phone QA (2026-12-02): its This week / This month tabs had no panels, so each tab's
  // aria-controls named an element that did not exist (axe: aria-valid-attr-value, critical).
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Sue Summary'),
    uniqueSyndicateName('Share Club'),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Share summary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share summary' });
  await expect(dialog.getByLabel('Summary')).toHaveValue(/— this week \(/);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('tab', { name: 'This month' }).click();
  await expect(dialog.getByLabel('Summary')).toHaveValue(/— this month \(/);
  await expect(dialog.getByRole('tabpanel', { name: 'This month' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('closing a dialog returns focus to the button that opened it', async ({ page, baseURL }) => {
  // Found by a keyboard walk-through (2026-12-01): these dialogs left focus on <body> when closed,
  // so a keyboard user started again from the top of the page.
  await setUpSyndicateViaApi(
    page.request,
    baseURL!,
    newAccount('Hal Focus'),
    uniqueSyndicateName('Focus Club'),
  );
  const cases = [
    ['/bets', 'Add Bet'],
    ['/bank', 'Record payment'],
    ['/members', 'Add Member'],
    ['/subscriptions', 'Add Plan'],
    ['/reminders', 'Add Reminder'],
  ] as const;
  for (const [path, name] of cases) {
    await page.goto(path);
    const opener = page.getByRole('main').getByRole('button', { name, exact: true }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener, `${path}: ${name}`).toBeFocused();
  }
});

test("a dialog opened from a menu returns focus to the menu's button when it closes", async ({
  page,
  baseURL,
}) => {
  // Found by UI QA (2026-12-02): Edit, Manage Subscription and Delete open from a member card's
  // actions menu, whose item is gone once the menu closes; focus fell to <body>.
  const account = newAccount('Mia Menu');
  await setUpSyndicateViaApi(page.request, baseURL!, account, uniqueSyndicateName('Menu Club'));
  await page.goto('/members');
  const actions = page.getByRole('button', { name: `Actions for ${account.name}` });
  for (const [item, dialog] of [
    ['Edit', page.getByRole('dialog', { name: 'Edit Member' })],
    ['Manage Subscription', page.getByRole('dialog')],
    ['Delete', page.getByRole('alertdialog', { name: 'Confirm Deletion' })],
  ] as const) {
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: item }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(actions, item).toBeFocused();
  }

  // A save the server refuses keeps the dialog open with focus on its button (it is disabled while
  // the request is out, which moved focus to <body>).
  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Member' });
  await edit.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Member' }).click();
  const save = edit.getByRole('button', { name: 'Save Changes' });
  await save.click();
  // (The toast's region is hidden from the accessibility tree while the modal dialog is open.)
  await expect(page.getByText('A syndicate needs at least one admin').first()).toBeVisible();
  await expect(save).toBeFocused();
});
