// CSV out and in, and the calendar feed (issue 16): Export CSV on the bets (with the page's status
// filter), members and rankings pages; Import CSV on the bets page (errors, preview, duplicates, all
// or nothing); the calendar's Subscribe dialog (address, Copy, Regenerate, Stop sharing).
import fs from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  betRow,
  createBet,
  createRace,
  joinAsMember,
  settleBet,
  setUpAdmin,
  toastArea,
  uniqueHorse,
} from './support/bets';
import { expectNoSeriousA11yViolations, snap } from './support/helpers';

// axe is injected as a script tag (the app's CSP allows only its own scripts).
test.use({ bypassCSP: true });

const BETS_HEADER =
  'date,time,member,horse,horse number,race,venue,bet type,odds,odds type,stake,status,result,jockey,trainer,place terms';

/** Clicks the page's "Export CSV" link and answers the downloaded file's name and lines. */
async function exportCsv(page: Page, scope: Locator = page.locator('body')) {
  const link = scope.getByRole('link', { name: 'Export CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = await fs.readFile((await download.path())!, 'utf8');
  expect(text.charAt(0)).toBe('\uFEFF'); // the byte order mark Excel needs to read UTF-8
  return {
    name: download.suggestedFilename(),
    lines: text
      .slice(1)
      .split('\r\n')
      .filter((l) => l !== ''),
  };
}

/** Today as YYYY-MM-DD (UTC; the bets' day only has to be a valid one). */
const today = () => new Date().toISOString().slice(0, 10);

function csvFile(lines: string[], name = 'bets.csv') {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) };
}

test('Export CSV: the bets (with the status filter), the members and the rankings', async ({
  page,
  baseURL,
}, testInfo) => {
  const { me } = await setUpAdmin(page, baseURL!, 'Edna Export');
  const race = await createRace(page.request, baseURL!, { name: 'Export Stakes', venue: 'Ascot' });
  const won = uniqueHorse('Winner');
  const open = uniqueHorse('Runner');
  const [bet] = await createBet(page.request, baseURL!, {
    memberId: me.id,
    raceId: race.id,
    horseName: won,
    odds: 3,
    amount: 10,
  });
  await settleBet(page.request, baseURL!, bet!.id, 'win'); // +$20
  await createBet(page.request, baseURL!, { memberId: me.id, raceId: race.id, horseName: open });

  await page.goto('/bets');
  await expect(betRow(page, won)).toBeVisible();
  const all = await exportCsv(page);
  expect(all.name).toMatch(/-bets-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(all.lines[0]).toBe(BETS_HEADER);
  expect(all.lines).toHaveLength(3);
  expect(all.lines.find((l) => l.includes(won))).toMatch(
    /,Edna Export,Winner \w{4},,Export Stakes,Ascot,win,3\.00,fixed,10\.00,win,20\.00,/,
  );

  // The page's status filter goes along.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Pending', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/export/bets.csv?status=pending',
  );
  await snap(page, testInfo, '73-bets-export');
  const pending = await exportCsv(page);
  expect(pending.lines).toHaveLength(2);
  expect(pending.lines[1]).toContain(open);
  expect(pending.lines[1]).toContain(',pending,');

  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await snap(page, testInfo, '74-members-export');
  const members = await exportCsv(page);
  expect(members.name).toMatch(/-members-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(members.lines[0]).toBe('name,initials,email,role,status,joined,settled bets,wins,win rate,earnings');
  expect(members.lines[1]).toMatch(/^Edna Export,EE,[^,]+,admin,active,\d{4}-\d{2}-\d{2},1,1,100\.0,20\.00$/);

  await page.goto('/rankings');
  await expect(page.getByRole('heading', { level: 1, name: 'Punter Rankings' })).toBeVisible();
  await snap(page, testInfo, '75-rankings-export');
  const rankings = await exportCsv(page);
  expect(rankings.name).toMatch(/-rankings-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rankings.lines).toEqual([
    'rank,member,bets,wins,win rate,earnings',
    '1,Edna Export,1,1,100.0,20.00',
  ]);
});

test('Import CSV: the errors by row, then a fixed file previewed and imported; duplicates skipped', async ({
  page,
  baseURL,
}, testInfo) => {
  await setUpAdmin(page, baseURL!, 'Ian Import');
  const alpha = uniqueHorse('Alpha');
  const bravo = uniqueHorse('Bravo');
  const header = 'date,member,horse,race,venue,bet type,odds,stake,status';
  const row2 = `${today()},Ian Import,${alpha},Import Cup,Randwick,win,3.5,10,pending`;
  const bad = [header, row2, `${today()},Ian Import,${bravo},Import Cup,Randwick,each-way,abc,5,pending`];
  const fixed = [header, row2, `${today()},Ian Import,${bravo},Import Cup,Randwick,each-way,4,5,pending`];

  await page.goto('/bets');
  await expect(page.getByText('No bets found.')).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(dialog.getByText(/All or nothing/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import bets' })).toBeDisabled();

  // Something that is not CSV at all: the server's 400 message.
  await dialog.getByLabel('CSV file').setInputFiles(csvFile([header, '"unclosed'], 'broken.csv'));
  await expect(dialog.getByRole('alert')).toContainText('The file is not valid CSV');

  // A row with an error: listed by row and column; nothing can be imported.
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(bad));
  await expect(dialog.getByTestId('import-headline')).toContainText('2 rows: 1 valid, 1 with errors');
  const errorRow = dialog.getByTestId('import-error');
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow.getByRole('cell').nth(0)).toHaveText('3');
  await expect(errorRow.getByRole('cell').nth(1)).toHaveText('odds');
  await expect(dialog.getByRole('button', { name: 'Import 1 bet' })).toBeDisabled();
  await snap(page, testInfo, '70-import-errors');

  // The fixed file: the preview, then the import.
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(fixed));
  await expect(dialog.getByTestId('import-headline')).toContainText('2 rows: 2 valid');
  const preview = dialog.getByTestId('import-preview-bet').filter({ visible: true });
  await expect(preview).toHaveCount(2);
  await expect(preview.filter({ hasText: alpha })).toContainText('Import Cup');
  await expect(preview.filter({ hasText: alpha })).toContainText('3.50');
  await expect(preview.filter({ hasText: alpha })).toContainText('$10.00');
  await expect(preview.filter({ hasText: bravo })).toContainText('Each-way');
  await expect(dialog.getByTestId('import-error')).toHaveCount(0);
  await snap(page, testInfo, '71-import-preview');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Import 2 bets' }).click();
  await expect(toastArea(page).getByText('Imported 2 bets')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(betRow(page, alpha)).toBeVisible();
  await expect(betRow(page, bravo)).toBeVisible();

  // The same file dropped again: every row is a duplicate, so there is nothing to import.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dropped = await page.evaluateHandle(
    (text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'again.csv', { type: 'text/csv' }));
      return dt;
    },
    `${fixed.join('\r\n')}\r\n`,
  );
  await dialog.getByTestId('import-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(dialog.getByTestId('import-headline')).toContainText(
    '2 rows: 2 valid, 2 duplicates (skipped)',
  );
  await expect(dialog.getByRole('list', { name: 'Duplicate rows' })).toHaveText(/Row 2\s*Row 3/);
  await expect(dialog.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a member exports but does not import', async ({ page, baseURL, browser }) => {
  const { syndicate } = await setUpAdmin(page, baseURL!, 'Ada Admin');
  const member = await joinAsMember(browser, baseURL!, syndicate.inviteCode, 'Meg Member', {
    viewport: page.viewportSize(),
  });
  try {
    // The buttons a role may use show once the member (and so the role) has loaded.
    const me = member.page.waitForResponse((r) => r.url().endsWith('/api/members/me'));
    await member.page.goto('/bets');
    await me;
    await expect(member.page.getByRole('heading', { level: 1, name: 'Bets' })).toBeVisible();
    await expect(member.page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expect(member.page.getByRole('button', { name: 'Add Bet' })).toBeVisible();
    await expect(member.page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  } finally {
    await member.context.close();
  }
});

test('Subscribe: the personal calendar address, Copy, Regenerate and Stop sharing', async ({
  page,
  baseURL,
}, testInfo) => {
  await setUpAdmin(page, baseURL!, 'Cal Subscriber');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/calendar/feed')) posts += 1;
  });
  const ADDRESS = /\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;
  const feedStatus = async (url: string) => (await page.request.get(new URL(url).pathname)).status();

  await page.goto('/calendar');
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await subscribe.click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to the calendar' });
  const field = dialog.getByLabel('Calendar address');
  await expect(field).toHaveValue(ADDRESS);
  const first = await field.inputValue();
  for (const app of ['Google Calendar:', 'Apple Calendar:', 'Outlook:'])
    await expect(dialog.getByText(app, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    first.replace(/^https?:/, 'webcal:'),
  );
  await snap(page, testInfo, '72-subscribe');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(toastArea(page).getByText('Address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // Closing and opening again shows the same address: no new one is made (that would revoke it).
  // (Escape would first dismiss the toast, the topmost layer.)
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  await expect(subscribe).toBeFocused();
  await subscribe.click();
  await expect(field).toHaveValue(first);
  expect(posts).toBe(1);

  // Regenerate, after a warning: a new address; the old one stops working.
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate the address?' });
  await expect(confirm).toContainText('stops working');
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect(second).toMatch(ADDRESS);
  expect(await feedStatus(first)).toBe(404);
  const feed = await page.request.get(new URL(second).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  // Stop sharing: the address stops working until a new one is made.
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await page
    .getByRole('alertdialog', { name: 'Stop sharing the calendar?' })
    .getByRole('button', {
      name: 'Stop sharing',
    })
    .click();
  await expect(dialog.getByText('Sharing is off')).toBeVisible();
  expect(await feedStatus(second)).toBe(404);
  await dialog.getByRole('button', { name: 'Create a new address' }).click();
  await expect(field).toHaveValue(ADDRESS);
  const third = await field.inputValue();
  expect(await feedStatus(third)).toBe(200);

  // Another visit: the address is not shown again (only its hash is kept), and opening the dialog
  // does not replace it; a new one is made only on request.
  await page.reload();
  const postsBefore = posts;
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByText(/^You made your calendar address on /)).toBeVisible();
  expect(posts).toBe(postsBefore);
  expect(await feedStatus(third)).toBe(200);
  await dialog.getByRole('button', { name: 'Make a new address' }).click();
  await page
    .getByRole('alertdialog', { name: 'Regenerate the address?' })
    .getByRole('button', { name: 'Regenerate' })
    .click();
  await expect(field).toHaveValue(ADDRESS);
  expect(await feedStatus(third)).toBe(404);
  expect(await feedStatus(await field.inputValue())).toBe(200);
});
