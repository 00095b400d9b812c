// Seeding for the Bets journeys: a syndicate with its admin, races and bets through the API (same
// origin, so the Origin check passes), and a second user who joins as a plain member.
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { newAccount, setUpSyndicateViaApi, uniqueSyndicateName } from './helpers';

export interface SeededBet {
  id: number;
  betGroupId: string | null;
  horseName: string;
}

async function send<T>(
  request: APIRequestContext,
  baseURL: string,
  method: 'post' | 'put',
  url: string,
  data: unknown,
): Promise<T> {
  const res = await request[method](url, { data, headers: { Origin: baseURL } });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A new admin with a new syndicate; returns the syndicate and the admin's member. */
export async function setUpAdmin(page: Page, baseURL: string, name = 'Alice Admin') {
  const syndicate = await setUpSyndicateViaApi(
    page.request,
    baseURL,
    newAccount(name),
    uniqueSyndicateName('Bets Club'),
  );
  const me = (await (await page.request.get('/api/members/me')).json()) as { id: number; name: string };
  return { syndicate, me };
}

/** A unique horse name, so a test finds its own rows. */
export const uniqueHorse = (prefix: string) =>
  `${prefix} ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

export function createRace(
  request: APIRequestContext,
  baseURL: string,
  race: {
    name: string;
    venue: string;
    date?: string;
    raceNumber?: number;
    distance?: string;
    raceType?: string;
    trackCondition?: string;
    customFields?: Record<string, string>;
  },
) {
  return send<{ id: number; name: string; venue: string }>(request, baseURL, 'post', '/api/races', {
    date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    description: null,
    ...race,
  });
}

export async function createBet(
  request: APIRequestContext,
  baseURL: string,
  bet: {
    memberId: number;
    raceId: number;
    horseName: string;
    odds?: number;
    amount?: number;
    betType?: 'win' | 'place' | 'each-way';
    date?: string;
    jockey?: string;
    bets?: { betType: 'win' | 'place' | 'each-way'; odds: number; amount: number }[];
  },
): Promise<SeededBet[]> {
  const body = bet.bets
    ? { ...bet, oddsType: 'fixed' }
    : { betType: 'win', odds: 3, amount: 10, oddsType: 'fixed', ...bet };
  const { bets } = await send<{ bets: SeededBet[] }>(request, baseURL, 'post', '/api/bets', {
    status: 'pending',
    date: new Date().toISOString(),
    ...body,
  });
  return bets;
}

/** Many bets at once through the CSV import (admins): one request instead of one per bet. */
export async function importBetsCsv(
  request: APIRequestContext,
  baseURL: string,
  lines: string[],
): Promise<{ imported: number }> {
  const res = await request.post('/api/import/bets?dryRun=false', {
    data: `${lines.join('\r\n')}\r\n`,
    headers: { Origin: baseURL, 'Content-Type': 'text/csv; charset=utf-8' },
  });
  expect(res.status(), `POST /api/import/bets: ${await res.text()}`).toBe(201);
  return (await res.json()) as { imported: number };
}

export const settleBet = (request: APIRequestContext, baseURL: string, id: number, status: 'win' | 'loss') =>
  send<SeededBet>(request, baseURL, 'put', `/api/bets/${id}/status`, { status });

/** A second user in their own browser context who joins by invite code as a member. */
export async function joinAsMember(
  browser: Browser,
  baseURL: string,
  inviteCode: string,
  name: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, baseURL });
  const page = await context.newPage();
  const account = newAccount(name);
  await send(page.request, baseURL, 'post', '/api/auth/register', account);
  await send(page.request, baseURL, 'post', '/api/syndicates/join', { inviteCode });
  const me = (await (await page.request.get('/api/members/me')).json()) as { id: number; name: string };
  return { context, page, me };
}

/** A single bet's table row (wide screens) or card (small screens), whichever is shown. */
export const betRow = (page: Page, horse: string) =>
  page
    .getByTestId('bet-item')
    .filter({ visible: true })
    .filter({ has: page.getByTestId('bet-horse').getByText(horse, { exact: true }) });

/** The shown group rows or cards. */
export const betGroups = (page: Page) => page.getByTestId('bet-group').filter({ visible: true });
export const groupParts = (page: Page) => page.getByTestId('bet-group-part').filter({ visible: true });

/** The horse names as listed, top to bottom. */
export const horseColumn = (page: Page) => page.locator('[data-testid="bet-horse"]:visible').allInnerTexts();

/**
 * The toast area, found by CSS rather than by role: while a modal dialog is open Radix marks the
 * rest of the page aria-hidden, so the role query would not see a toast shown over the dialog.
 */
export const toastArea = (page: Page) => page.locator('[role="region"][aria-label^="Notifications"]');
