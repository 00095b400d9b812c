// Seeding through the API for the dashboard, rankings and calendar journeys (same origin, so the
// Origin check passes), and the date arithmetic the assertions need in the syndicate's time zone.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export interface Seeded {
  id: number;
  name: string;
}

const headers = (baseURL: string) => ({ Origin: baseURL });

async function send<T>(
  request: APIRequestContext,
  baseURL: string,
  method: 'post' | 'put' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { data, headers: headers(baseURL) });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

export function api(request: APIRequestContext, baseURL: string) {
  return {
    addMember: (name: string) =>
      send<Seeded>(request, baseURL, 'post', '/api/members', {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 7)}@example.test`,
        role: 'member',
        isActive: true,
      }),
    removeMember: (id: number) => send<null>(request, baseURL, 'delete', `/api/members/${id}`),
    addRace: (race: { name: string; venue: string; date: string; description?: string }) =>
      send<Seeded & { date: string }>(request, baseURL, 'post', '/api/races', race),
    addBet: async (bet: {
      memberId: number;
      horseName: string;
      odds: number;
      amount: number;
      raceId?: number;
      date?: string;
    }) =>
      (
        await send<{ bets: { id: number }[] }>(request, baseURL, 'post', '/api/bets', {
          betType: 'win',
          oddsType: 'fixed',
          ...bet,
        })
      ).bets[0]!,
    settle: (id: number, status: 'win' | 'loss') =>
      send<unknown>(request, baseURL, 'put', `/api/bets/${id}/status`, { status }),
    addReminder: (text: string, date: string, memberId: number | null = null) =>
      send<{ id: number }>(request, baseURL, 'post', '/api/reminders', {
        text,
        date,
        memberId,
        completed: false,
      }),
    completeReminder: (id: number) => send<unknown>(request, baseURL, 'put', `/api/reminders/${id}/complete`),
    myMember: async () => (await (await request.get('/api/members/me')).json()) as Seeded,
    timeZone: async () =>
      ((await (await request.get('/api/settings')).json()) as { timezone: string }).timezone,
  };
}

/** A member, a bet of theirs settled as win or loss (odds × amount as given). */
export async function settledBet(
  seed: ReturnType<typeof api>,
  memberId: number,
  horseName: string,
  status: 'win' | 'loss',
  odds: number,
  amount: number,
  date?: string,
) {
  const bet = await seed.addBet({ memberId, horseName, odds, amount, ...(date ? { date } : {}) });
  await seed.settle(bet.id, status);
  return bet;
}

/** Register and create a syndicate whose settings carry `timezone` (as the browser's zone would). */
export async function setUpSyndicateInZone(
  request: APIRequestContext,
  baseURL: string,
  account: { name: string; email: string; password: string },
  name: string,
  timezone: string,
) {
  const reg = await request.post('/api/auth/register', { data: account, headers: headers(baseURL) });
  expect(reg.status(), await reg.text()).toBe(201);
  const created = await request.post('/api/syndicates', {
    data: { name, timezone },
    headers: headers(baseURL),
  });
  expect(created.status(), await created.text()).toBe(201);
}

const DAY_MS = 86_400_000;

/** An ISO instant `days` from now, at 12:00 UTC (far from a day boundary in most zones). */
export function daysFromNowAtNoonUtc(days: number): string {
  const d = new Date(Date.now() + days * DAY_MS);
  d.setUTCHours(12, 0, 0, 0);
  return d.toISOString();
}

/** Formats an instant in a zone with Intl (en-US), e.g. {month: 'long', day: 'numeric', year: 'numeric'}. */
export function inZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(iso));
}

/** 'MMMM d, yyyy' in the zone. */
export const longDate = (iso: string, tz: string) =>
  inZone(iso, tz, { month: 'long', day: 'numeric', year: 'numeric' });

/** 'YYYY-MM-DD' in the zone. */
export function dayKeyIn(iso: string, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
  return parts;
}

/** 'MMMM yyyy' of a day key, the month title a calendar grid shows. */
export function monthTitle(key: string): string {
  const [y, m] = key.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 15)),
  );
}

/**
 * A calendar grid's month title. Month names only: a looser /^[A-Z][a-z]+ \d{4}$/ also matched a
 * race named "Derby 4438" (random test suffixes can be all digits) and failed CI once.
 */
export const MONTH_TITLE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

/** Click 'Next month' inside `scope` until its month title reads the month of `key`. */
export async function showMonthOf(scope: Locator, key: string) {
  const title = monthTitle(key);
  await expect(scope.getByText(MONTH_TITLE)).toBeVisible();
  for (let i = 0; i < 3; i += 1) {
    if ((await scope.getByText(title, { exact: true }).count()) > 0) return;
    await scope.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(scope.getByText(title, { exact: true })).toBeVisible();
}

/** A dashboard panel or stat card: a region named by its heading. */
export const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
