// Each page's address and its module under src/client, as the client's router loads them
// (client/app/routes.tsx; page-modules.test.ts keeps the two the same). The server reads the
// build's manifest for the files each one needs, and names them in the shell it answers a deep
// link with (server/page-preloads.ts).
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'features/dashboard/dashboard-page.tsx',
  '/members': 'features/members/members-page.tsx',
  '/bets': 'features/bets/bets-page.tsx',
  '/bank': 'features/bank/bank-page.tsx',
  '/insights': 'features/insights/insights-page.tsx',
  '/activity': 'features/activity/activity-page.tsx',
  '/rankings': 'features/rankings/rankings-page.tsx',
  '/calendar': 'features/calendar/calendar-page.tsx',
  '/reminders': 'features/reminders/reminders-page.tsx',
  '/subscriptions': 'features/subscriptions/subscriptions-page.tsx',
  '/settings': 'features/settings/settings-page.tsx',
};
