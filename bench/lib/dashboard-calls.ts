// The dashboard's calls on a first load (npm run bench and bench/mix-only.ts replay them).

/** This year so far (UTC), as the dashboard's profit card asks for it. */
const yearToDate = () => {
  const today = new Date().toISOString().slice(0, 10);
  return `from=${today.slice(0, 4)}-01-01&to=${today}`;
};

/**
 * The calls the dashboard makes on a first load, in its order (recorded in Chromium from the
 * built app, issue 17: the Recent Bets panel asks for five settled bets, not the whole list).
 */
export const DASHBOARD = [
  '/api/auth/user',
  '/api/syndicates',
  '/api/members/me',
  '/api/settings',
  '/api/me/preferences',
  '/api/stats/syndicate',
  '/api/next-bet',
  '/api/rotation?count=3',
  '/api/bets?limit=5&status=win,loss,placed,void',
  '/api/activity?limit=8',
  '/api/bank',
  `/api/insights/timeline?${yearToDate()}&interval=week`,
  '/api/races',
  '/api/stats/top-performers?limit=5',
  '/api/reminders',
];
