import type { QueryClient } from '@tanstack/react-query';

/**
 * Every TanStack Query key in the app, in one place. Keys start with the API path so
 * `invalidateQueries({ queryKey: queryKeys.x.all })` refreshes every variant (counts, limits, ids).
 * The values match the keys the older hooks declare (auth, settings, syndicates, my member).
 */
export const queryKeys = {
  user: ['/api/auth/user'] as const,
  syndicates: ['/api/syndicates'] as const,
  myMember: ['/api/members/me'] as const,
  members: ['/api/members'] as const,
  memberSubscriptions: {
    /** Prefix of every member's subscription list. */
    all: ['member-subscriptions'] as const,
    byMember: (memberId: number) => ['member-subscriptions', memberId] as const,
  },
  plans: ['/api/subscriptions'] as const,
  races: ['/api/races'] as const,
  /** One race with its runners and result; under `races`, so invalidating the list refreshes it too. */
  race: (id: number) => ['/api/races', id] as const,
  bets: ['/api/bets'] as const,
  /** The bets page's keyset pages per filter and search; under `bets`, so a bet change refreshes them. */
  /** Keyed by the first page's address, so equal filters (a default sort spelt out or not) share it. */
  betPages: (firstPage: string) => ['/api/bets', 'pages', firstPage] as const,
  /** One race's bets (its detail dialog); under `bets` too. */
  raceBets: (raceId: number) => ['/api/bets', 'race', raceId] as const,
  reminders: ['/api/reminders'] as const,
  settings: ['/api/settings'] as const,
  /** The signed-in user's own preferences (the live toasts' mute switch). */
  preferences: ['/api/me/preferences'] as const,
  racingStatus: ['/api/racing/status'] as const,
  rotation: {
    all: ['/api/rotation'] as const,
    byCount: (count: number) => ['/api/rotation', count] as const,
  },
  nextBet: ['/api/next-bet'] as const,
  syndicateStats: ['/api/stats/syndicate'] as const,
  /** The bank: summary, ledger pages, statements (every key under it refreshes together). */
  bank: {
    all: ['/api/bank'] as const,
    summary: ['/api/bank', 'summary'] as const,
    entries: (filter: object) => ['/api/bank', 'entries', filter] as const,
    statement: (memberId: number) => ['/api/bank', 'statement', memberId] as const,
  },
  /** Insights (issue 16): summary, breakdowns and timelines; a bet change refreshes them all. */
  insights: { all: ['/api/insights'] as const },
  /** The activity feed (issue 16): the dashboard's latest events and the feed's keyset pages. */
  activity: {
    all: ['/api/activity'] as const,
    recent: (limit: number) => ['/api/activity', 'recent', limit] as const,
    feed: (pageSize: number) => ['/api/activity', 'feed', pageSize] as const,
  },
  /** The audit log (issue 16, admins): keyset pages per filter. */
  audit: {
    all: ['/api/audit'] as const,
    list: (filter: object) => ['/api/audit', filter] as const,
  },
  topPerformers: {
    all: ['/api/stats/top-performers'] as const,
    byLimit: (limit: number) => ['/api/stats/top-performers', limit] as const,
  },
} as const;

/**
 * Refetch everything a bet change can move (spec §7): the bets, the syndicate stats (and their
 * trends), the top performers at every limit, the rotation and the next bet, and the bank (a
 * settled bet's result is shared among the members; a pending stake is in play). (The activity
 * feed and audit log refresh after every write: see query-client.ts.)
 */
export function invalidateAfterBetChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.bets }),
    queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.syndicateStats }),
    queryClient.invalidateQueries({ queryKey: queryKeys.topPerformers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.insights.all }),
    invalidateRotation(queryClient),
  ]);
}

/** Who is up next depends on members, races, bets and the strategy: refetch the rotation and next bet. */
export function invalidateRotation(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.rotation.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.nextBet }),
  ]);
}

/**
 * Every write records one audit event in its own transaction (docs/insights.md "Activity and
 * audit"), so after a write the feed and the log are out of date: refetch both.
 */
export function invalidateActivity(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}
