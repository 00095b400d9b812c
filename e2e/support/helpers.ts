import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

const require = createRequire(import.meta.url);

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A new account per test, so no test depends on an earlier run or another test. */
export function newAccount(name = 'Test Punter'): Account {
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `punter-${suffix}@example.test`, password: 'correct-horse-1' };
}

export function uniqueSyndicateName(prefix = 'Turf Club'): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
}

/** Sign up through the app's /login page. */
export async function signUpViaUi(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/** Register and create a syndicate through the API (the browser context keeps the session cookie). */
export async function setUpSyndicateViaApi(
  request: APIRequestContext,
  baseURL: string,
  account: Account,
  syndicateName: string,
) {
  const headers = { Origin: baseURL };
  const reg = await request.post('/api/auth/register', { data: account, headers });
  expect(reg.status(), await reg.text()).toBe(201);
  const created = await request.post('/api/syndicates', { data: { name: syndicateName }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; name: string; inviteCode: string };
}

/** The header's page title and syndicate name. */
export function header(page: Page) {
  const banner = page.getByRole('banner');
  return { title: banner.getByTestId('header-title'), syndicate: banner.getByTestId('header-syndicate') };
}

/** Save a screenshot of the current screen to test-results/screens/<name>-<project>.png. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join('test-results', 'screens', `${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Run axe-core in the page; fail on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const results = await axe.run(document);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** The toast area (Radix Toast viewport, labelled "Notifications (F8)"). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}
