// Activity and audit (issue 16): the dashboard's Recent activity card and profit line, the feed at
// /activity with keyset "Load more", and the admins' Audit tab with its filters and each change
// shown as "Odds 3.00 → 5.00"; a plain member sees the feed but no Audit tab. Phone and desktop.
import { expect, type Page, test } from '@playwright/test';
import { createBet, createRace, joinAsMember, settleBet, setUpAdmin } from './support/bets';
import { expectNoSeriousA11yViolations, snap } from './support/helpers';

// axe is injected as a script tag (the app's CSP allows only its own scripts).
test.use({ bypassCSP: true });

const events = (page: Page) => page.getByTestId('activity-event');

test('the activity feed, the audit log with its changes, and the dashboard card and chart', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const { syndicate, me } = await setUpAdmin(page, baseURL!, 'Ada Audit');
  const race = await createRace(page.request, baseURL!, { name: 'Audit Cup', venue: 'Randwick' });
  const [bet] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: 'Winx',
    odds: 3,
    amount: 10,
  });
  // An admin edits the bet's odds, then settles it: +$40 at 5.00.
  const edit = await page.request.put(`/api/bets/${bet!.id}`, {
    data: { horseName: 'Winx', betType: 'win', odds: 5, amount: 10, oddsType: 'fixed' },
    headers: { Origin: baseURL! },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  await settleBet(page.request, baseURL!, bet!.id, 'win');
  const member = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Milo Member');

  // The dashboard: the latest events, newest first, and this year's profit line.
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Recent activity' });
  await expect(card.getByTestId('activity-event')).toHaveText([
    /Milo Member joined with the invite code/,
    /Ada Audit settled Winx: won \$40\.00/,
    /Ada Audit changed Winx's bet: odds 3\.00 → 5\.00/,
    /Ada Audit added a bet on Winx: \$10\.00 win at 3\.00/,
    /Ada Audit added the race Audit Cup at Randwick/,
    /Ada Audit created the syndicate/,
  ]);
  await expect(card.getByTestId('activity-event').first()).toContainText(/Today, \d{1,2}:\d{2} [AP]M/);
  const profit = page.getByRole('region', { name: 'Profit this year' });
  await expect(profit.getByTestId('profit-card-total')).toHaveText('+$40.00');
  await expect(
    profit.getByRole('img', {
      name: /^Line chart of the cumulative profit this year by (day|week), ending at \+\$40\.00$/,
    }),
  ).toBeVisible();
  await expect(profit.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/insights');
  await snap(page, testInfo, '70-dashboard-activity');
  await expectNoSeriousA11yViolations(page);

  // More than a page of events (30): 30 more races make 36.
  for (let i = 1; i <= 30; i++) {
    await createRace(page.request, baseURL!, { name: `Filler Stakes ${i}`, venue: 'Rosehill' });
  }
  await page.reload();
  await expect(card.getByTestId('activity-event')).toHaveCount(8);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `test-results/screens/70b-recent-activity-${testInfo.project.name}.png` });
  await card.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  await expect(events(page)).toHaveCount(30);
  await expect(events(page).first()).toContainText('Ada Audit added the race Filler Stakes 30 at Rosehill');
  await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
  await snap(page, testInfo, '71-activity-feed');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(events(page)).toHaveCount(36);
  await expect(events(page).last()).toContainText('Ada Audit created the syndicate');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The Audit tab (reached with the keyboard): filter by action, and each change as a line.
  await page.getByRole('tab', { name: 'Activity' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(events(page)).toHaveCount(30);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Bet changed', exact: true }).click();
  await expect(events(page)).toHaveCount(1);
  await expect(events(page)).toContainText("Ada Audit changed Winx's bet: odds 3.00 → 5.00");
  await expect(page.getByTestId('audit-change')).toHaveText(['Odds 3.00 → 5.00']);
  await snap(page, testInfo, '72-audit-bet-changed');
  await expectNoSeriousA11yViolations(page);

  // The settlement's changes, then this bet's whole history.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Bet settled', exact: true }).click();
  await expect(events(page)).toHaveCount(1);
  await expect(page.getByTestId('audit-change')).toHaveText([
    'Status Pending → Win',
    'Result none → +$40.00',
  ]);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(events(page)).toHaveCount(30);
  await page.getByRole('combobox', { name: 'Entity' }).click();
  await page.getByRole('option', { name: 'Bet', exact: true }).click();
  await expect(events(page)).toHaveCount(3);
  await events(page)
    .first()
    .getByRole('button', { name: /^History of this bet/ })
    .click();
  await expect(page.getByText(`Only bet #${bet!.id}`)).toBeVisible();
  await expect(events(page)).toHaveCount(3);
  // The filters are in the address: a reload (or the link sent to another admin) shows the same.
  await expect(page).toHaveURL(new RegExp(`/activity\\?view=audit&entity=bet&id=${bet!.id}$`));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`Only bet #${bet!.id}`)).toBeVisible();
  await expect(events(page)).toHaveCount(3);

  // By member: the member's only event is joining; a day range with nothing in it says what to do.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await page.getByRole('combobox', { name: 'Member' }).click();
  await page.getByRole('option', { name: 'Milo Member' }).click();
  await expect(events(page)).toHaveCount(1);
  await expect(events(page)).toContainText('Milo Member joined with the invite code');
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-01-31');
  await expect(page.getByText('No events match these filters')).toBeVisible();
  await expect(
    page.getByText('Pick another action or member, widen the dates, or clear the filters.'),
  ).toBeVisible();
  await snap(page, testInfo, '73-audit-empty');

  // A plain member: the feed, but no Audit tab (and the API refuses the log).
  await member.page.goto('/activity');
  await expect(member.page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(member.page.getByRole('tab')).toHaveText(['Activity']);
  await expect(member.page.getByRole('tab', { name: 'Audit' })).toHaveCount(0);
  await expect(member.page.getByTestId('activity-event')).toHaveCount(30);
  expect((await member.page.request.get('/api/audit')).status()).toBe(403);
  await member.context.close();
});

test('a new syndicate with no settled bets shows what to do', async ({ page, baseURL }, testInfo) => {
  await setUpAdmin(page, baseURL!, 'Ned Newcomer');
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Recent activity' }).getByTestId('activity-event'),
  ).toHaveText([/Ned Newcomer created the syndicate/]);
  await expect(page.getByRole('region', { name: 'Profit this year' })).toContainText(
    'No settled bets this year yet. Settle a bet and its profit or loss shows here.',
  );
  await snap(page, testInfo, '74-dashboard-new-syndicate');
});
