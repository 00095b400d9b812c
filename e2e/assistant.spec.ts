import { expect, test } from '@playwright/test';
import { newAccount, setUpSyndicateViaApi, snap, toasts, uniqueSyndicateName } from './support/helpers';

test('the assistant answers "Who is up next?" with the member whose turn it is', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = newAccount('Carla Rotation');
  await setUpSyndicateViaApi(page.request, baseURL!, account, uniqueSyndicateName('Assist Club'));
  const race = await page.request.post('/api/races', {
    data: {
      name: 'Golden Slipper',
      venue: 'Rosehill',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      description: 'Group 1',
    },
    headers: { Origin: baseURL! },
  });
  expect(race.status()).toBe(201);

  // The socket must connect under the app's CSP (connect-src 'self').
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Open Syndicate Assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Syndicate Assistant' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('How can I help you today?')).toBeVisible();
  await expect(
    panel.getByText('Ask me about bets, races, members, or anything else related to your syndicate.'),
  ).toBeVisible();

  const input = panel.getByRole('textbox', { name: 'Message' });
  await expect(input).toHaveAttribute('placeholder', 'Type your message...');
  await expect(input).toBeEnabled();

  await input.fill('Who is up next?');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const log = panel.getByRole('log', { name: 'Conversation' });
  await expect(log.locator('[data-role="user"]')).toContainText('Who is up next?');
  await expect(log.locator('[data-role="assistant"]')).toContainText(
    `${account.name} is up next: Golden Slipper at Rosehill`,
  );

  // Blank messages are not sent.
  await input.fill('   ');
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.press('Enter');
  await expect(log.locator('[data-role="user"]')).toHaveCount(1);

  // A right-side panel: 380 px wide on wider screens, 90vw on small ones (measured against the
  // layout viewport, which a page wider than the screen can stretch).
  const box = await panel.boundingBox();
  const [layoutWidth, vw] = await page.evaluate(() => [
    window.innerWidth,
    document.documentElement.clientWidth,
  ]);
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(layoutWidth, 0);
  expect(box?.width).toBeCloseTo(vw >= 640 ? 380 : vw * 0.9, 0);
  await snap(page, testInfo, '60-assistant');
  await expect(toasts(page).getByText('Connection Error')).toHaveCount(0);
  expect(cspViolations).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open Syndicate Assistant' })).toBeVisible();
});
