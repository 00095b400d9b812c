// Large sums of money on the screens that show figures (dashboard, bank, insights, bets): each
// figure stays on one line, and no text spills out of its box, on a phone (390 px) and at the
// desktop widths where the sidebar takes its share (1024, 1280 and 1440 px). A win of $2,000 at
// 350.00 makes a balance of $698,000.00 and a profit of +$698,000.00, 12 characters; a second win
// takes them into the millions.
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createBet, createRace, settleBet, setUpAdmin } from './support/bets';
import { snap } from './support/helpers';

const FIGURES = [
  'stat-value',
  'bank-stat-value',
  'bank-card-balance',
  'bank-card-my-balance',
  'bank-card-my-share',
  'profit-card-total',
]
  .map((id) => `[data-testid="${id}"]`)
  // And a bet card's figures (Amount, Result) on a phone.
  .concat('article dd.tabular-nums')
  .join(',');

/** Figures drawn on more than one line, and text elements wider than their box, in main. */
function misfits(page: Page) {
  // The screen's width: a phone's browser (the mobile project) widens its layout to fit what overflows.
  return page.evaluate(
    ([figures, screen]) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(`main :is(${figures})`)) {
        const lines = Math.round(
          el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
        );
        if (lines > 1) out.push(`"${el.textContent}" on ${lines} lines`);
      }
      for (const el of document.querySelectorAll<HTMLElement>('main *')) {
        const style = getComputedStyle(el);
        if (el.children.length > 0 || el.closest('svg') || style.display === 'none') continue;
        if (style.overflowX === 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
          out.push(`"${el.textContent}" ${el.scrollWidth} px wide in ${el.clientWidth} px`);
      }
      if (Math.max(document.documentElement.scrollWidth, window.innerWidth) > screen)
        out.push('the page scrolls sideways');
      return out;
    },
    [FIGURES, page.viewportSize()!.width] as const,
  );
}

/**
 * At each width of the project: the dashboard, bank and insights show `total` as the balance and
 * profit, and the rankings, members and (with `betResult`) bets pages; nothing misfits.
 */
async function check(
  page: Page,
  testInfo: TestInfo,
  currency: string,
  symbol: string,
  total: string,
  betResult: string | null,
) {
  const widths = testInfo.project.name === 'mobile' ? [390] : [1024, 1280, 1440];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, shown] of [
      ['/', 'Current Balance'],
      ['/bank', 'Balance'],
      ['/insights', 'Profit'],
    ] as const) {
      await page.goto(path);
      const figure = page.getByRole('region', { name: shown, exact: true }).locator(FIGURES);
      await expect(figure).toContainText(total);
      if (path === '/') await expect(page.getByTestId('profit-card-total')).toHaveText(`+${symbol}${total}`);
      expect(await misfits(page), `${path} at ${width} px`).toEqual([]);
      await snap(page, testInfo, `large-sums-${currency}${path.replace('/', '-')}${width}`);
    }
    // The rankings' earnings and the members' list (won and staked per member).
    for (const path of ['/rankings', '/members']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText('Lara Large').first()).toBeVisible();
      await expect(page.getByRole('main')).toContainText(symbol === '$' ? '$' : symbol);
      expect(await misfits(page), `${path} at ${width} px`).toEqual([]);
      await snap(page, testInfo, `large-sums-${currency}${path.replace('/', '-')}${width}`);
    }
    if (betResult === null) continue;
    await page.goto('/bets');
    await expect(page.getByText(`+${symbol}${betResult}`).filter({ visible: true }).first()).toBeVisible();
    expect(await misfits(page), `/bets at ${width} px`).toEqual([]);
    await snap(page, testInfo, `large-sums-${currency}-bets${width}`);
  }
}

async function useCurrency(page: Page, baseURL: string, currency: string) {
  if (currency === 'usd') return;
  const settings = (await (await page.request.get('/api/settings')).json()) as Record<string, unknown>;
  const saved = await page.request.put('/api/settings', {
    data: { ...settings, currency },
    headers: { Origin: baseURL },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const CURRENCIES = [
  ['usd', '$'],
  // The widest symbol the settings offer (found by probing, 2026-12-02: +NZ$123,512.76 on two lines).
  ['nzd', 'NZ$'],
] as const;

// The largest single bet the app takes, won: a $1,000,000.00 stake at 10,000.00 makes
// +$9,999,000,000.00, ten figures (17 characters, 20 with NZ$). Found by probing (2026-12-03).
for (const [currency, symbol] of CURRENCIES)
  test(`the largest win the app takes fits every screen (${symbol})`, async ({ page, baseURL }, testInfo) => {
    const { me } = await setUpAdmin(page, baseURL!, 'Lara Large');
    await useCurrency(page, baseURL!, currency);
    const race = await createRace(page.request, baseURL!, { name: 'Biggest Stakes', venue: 'Randwick' });
    const [won] = await createBet(page.request, baseURL!, {
      memberId: me.id,
      raceId: race.id,
      horseName: 'Phar Lap',
      odds: 10_000,
      amount: 1_000_000,
    });
    await settleBet(page.request, baseURL!, won!.id, 'win');
    await check(page, testInfo, currency, symbol, '9,999,000,000.00', '9,999,000,000.00');
  });

for (const [currency, symbol] of CURRENCIES)
  test(`large sums stay on one line and inside their boxes (${symbol})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const { me } = await setUpAdmin(page, baseURL!, 'Lara Large');
    await useCurrency(page, baseURL!, currency);
    const race = await createRace(page.request, baseURL!, { name: 'Big Stakes', venue: 'Flemington' });
    const [won] = await createBet(page.request, baseURL!, {
      memberId: me.id,
      raceId: race.id,
      horseName: 'Winx',
      odds: 350,
      amount: 2000,
    });
    await createBet(page.request, baseURL!, {
      memberId: me.id,
      raceId: race.id,
      horseName: 'Black Caviar',
      odds: 2.1,
      amount: 1500,
    });
    await settleBet(page.request, baseURL!, won!.id, 'win');

    await check(page, testInfo, currency, symbol, '698,000.00', '698,000.00');
    // Into the millions: $2,688,000.00 is 13 characters, +$1,990,000.00 on the bets page 14.
    const [big] = await createBet(page.request, baseURL!, {
      memberId: me.id,
      raceId: race.id,
      horseName: 'Makybe Diva',
      odds: 200,
      amount: 10_000,
    });
    await settleBet(page.request, baseURL!, big!.id, 'win');
    // The bets table's Result column is sized for six figures (bets-table.tsx); a phone's bet cards
    // size their columns to the figures, so a seven-figure result fits there too.
    await check(
      page,
      testInfo,
      currency,
      symbol,
      '2,688,000.00',
      testInfo.project.name === 'mobile' ? '1,990,000.00' : null,
    );
  });
