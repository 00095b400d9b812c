// Seeding helpers for the Members, Subscriptions, Reminders and Settings journeys: everything that
// is not the subject of a test is created through the API (same origin, so the Origin check passes).
import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { type Account, newAccount, setUpSyndicateViaApi, snap, uniqueSyndicateName } from './helpers';

export interface Seeded {
  account: Account;
  syndicate: { id: number; name: string; inviteCode: string };
  me: { id: number; name: string };
}

const origin = (baseURL: string) => ({ Origin: baseURL });

async function send<T>(
  request: APIRequestContext,
  baseURL: string,
  method: 'post' | 'put' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, {
    headers: origin(baseURL),
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/** A new admin with a new syndicate, signed in in `page`'s context. */
export async function seedAdmin(
  page: Page,
  baseURL: string,
  name = 'Ada Admin',
  prefix = 'Club',
): Promise<Seeded> {
  const account = newAccount(name);
  const syndicate = await setUpSyndicateViaApi(page.request, baseURL, account, uniqueSyndicateName(prefix));
  const me = (await (await page.request.get('/api/members/me')).json()) as { id: number; name: string };
  return { account, syndicate, me };
}

/** A second user who joins with the invite code (role member), in a context of their own. */
export async function joinAsMember(
  browser: Browser,
  baseURL: string,
  inviteCode: string,
  name = 'Max Member',
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = newAccount(name);
  await send(page.request, baseURL, 'post', '/api/auth/register', account);
  await send(page.request, baseURL, 'post', '/api/syndicates/join', { inviteCode });
  const me = (await (await page.request.get('/api/members/me')).json()) as { id: number; name: string };
  return { context, page, account, me };
}

export const createMember = (
  page: Page,
  baseURL: string,
  name: string,
  role: 'admin' | 'member' = 'member',
) =>
  send<{ id: number; name: string; initials: string }>(page.request, baseURL, 'post', '/api/members', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 7)}@example.test`,
    role,
    isActive: true,
  });

export const createPlan = (
  page: Page,
  baseURL: string,
  plan: { name: string; price: number; duration: number; description?: string | null; features?: string[] },
) =>
  send<{ id: number; name: string }>(page.request, baseURL, 'post', '/api/subscriptions', {
    description: null,
    features: [],
    ...plan,
  });

export const assignPlan = (
  page: Page,
  baseURL: string,
  memberId: number,
  subscriptionId: number,
  startDate: string,
) =>
  send<{ endDate: string }>(page.request, baseURL, 'post', `/api/members/${memberId}/subscriptions`, {
    subscriptionId,
    startDate,
  });

export const createReminder = (
  page: Page,
  baseURL: string,
  text: string,
  date: string,
  memberId: number | null = null,
) =>
  send<{ id: number }>(page.request, baseURL, 'post', '/api/reminders', {
    text,
    date,
    memberId,
    completed: false,
  });

export const createRace = (page: Page, baseURL: string, name: string, date: Date) =>
  send<{ id: number }>(page.request, baseURL, 'post', '/api/races', {
    name,
    venue: 'Flemington',
    date: date.toISOString(),
    description: `${name} at Flemington`,
  });

/** A settled bet: win → result amount × odds − amount; loss → −amount. */
export async function settledBet(
  page: Page,
  baseURL: string,
  memberId: number,
  status: 'win' | 'loss',
  amount = 10,
  odds = 3,
) {
  const { bets } = await send<{ bets: { id: number }[] }>(page.request, baseURL, 'post', '/api/bets', {
    memberId,
    horseName: `Horse ${Math.random().toString(36).slice(2, 6)}`,
    status: 'pending',
    betType: 'win',
    odds,
    amount,
    oddsType: 'fixed',
  });
  await send(page.request, baseURL, 'put', `/api/bets/${bets[0]!.id}/status`, { status });
}

/** The syndicate's time zone and today's day key there ('YYYY-MM-DD'). */
export async function syndicateToday(page: Page): Promise<{ timeZone: string; today: string }> {
  const settings = (await (await page.request.get('/api/settings')).json()) as { timezone: string };
  return { timeZone: settings.timezone, today: dayKeyIn(new Date(), settings.timezone) };
}

export function dayKeyIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** 'YYYY-MM-DD' plus whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' as 'MMM d, yyyy' (e.g. 'Jun 5, 2026'). */
export function shortDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** 'YYYY-MM-DD' as 'MMMM d, yyyy'. */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Wait for a page's heading after navigating; generous, as the journeys share a busy machine. */
export async function pageReady(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

/** Screenshot after checking nothing sticks out past the viewport's width (the 390 px layout must fit). */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  // On mobile emulation the layout viewport grows with the content, so compare with the device width.
  const wide = await page.evaluate(
    (w) =>
      Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > w + 1 && el.getBoundingClientRect().width > 0)
        .filter((el) => !el.closest('[data-radix-popper-content-wrapper], [role="region"]'))
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`,
        ),
    width,
  );
  expect(wide, `elements past ${width}px`).toEqual([]);
  await snap(page, testInfo, name);
}
