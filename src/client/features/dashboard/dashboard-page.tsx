import type { QueryClient } from '@tanstack/react-query';
import { Plus, Share2 } from 'lucide-react';
import { lazy, Suspense, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { recentActivityQueryOptions } from '@/features/activity/api/get-activity';
import { bankQueryOptions } from '@/features/bank/api/get-bank';
import { timelineQueryOptions } from '@/features/insights/api/get-insights';
import { racesQueryOptions } from '@/features/races/api/get-races';
import { remindersQueryOptions } from '@/features/reminders/api/get-reminders';
import { nextBetQueryOptions } from '@/features/rotation/api/get-next-bet';
import { rotationQueryOptions } from '@/features/rotation/api/get-rotation';
import { settingsQueryOptions } from '@/features/settings/api/get-settings';
import { syndicateStatsQueryOptions } from '@/features/stats/api/get-syndicate-stats';
import { topPerformersQueryOptions } from '@/features/stats/api/get-top-performers';
import { releaseFirstPaint } from '@/lib/first-paint';
import { browserTimeZone, todayKey } from '@/lib/format';
import { useDialogState } from '@/lib/use-dialog-state';
import { BankCard } from './components/bank-card';
import { CalendarWidget } from './components/calendar-widget';
import { ProfitCard, profitLineTimeline } from './components/profit-card';
import { RECENT_ACTIVITY_LIMIT, RecentActivity } from './components/recent-activity';
import { RecentBets, recentBetsQueryOptions } from './components/recent-bets';
import { RemindersPanel } from './components/reminders-panel';
import { StatCards } from './components/stat-cards';
import { TOP_PERFORMERS_LIMIT, TopPerformers } from './components/top-performers';
import { UPCOMING_BETS_LIMIT, UpcomingBets } from './components/upcoming-bets';

// The dialogs (forms, validation, pickers) load when first opened, not with the dashboard:
// they are most of its code and most visits only look (performance budget: initial JS).
const loadAddBet = () => import('@/features/bets/components/add-bet-dialog');
const loadAddReminder = () => import('@/features/reminders/components/add-reminder-dialog');
const AddBetDialog = lazy(() => loadAddBet().then((m) => ({ default: m.AddBetDialog })));
const loadShare = () => import('@/features/insights/components/share-summary-dialog');
const AddReminderDialog = lazy(() => loadAddReminder().then((m) => ({ default: m.AddReminderDialog })));
const ShareSummaryDialog = lazy(() => loadShare().then((m) => ({ default: m.ShareSummaryDialog })));

/**
 * The dashboard's reads, under the keys its cards use, started as soon as this chunk has loaded
 * (app/start-early.ts) rather than when the cards mount: on a phone the cards then mount with
 * their data and render once, instead of once per answer (issue 17 §3, Lighthouse). The profit
 * card's year is the syndicate's, so its read waits for the settings (already on their way).
 */
export function prefetchDashboard(client: QueryClient): Promise<unknown> {
  const profitLine = client.fetchQuery(settingsQueryOptions).then((settings) => {
    const { interval, range } = profitLineTimeline(todayKey(settings.timezone || browserTimeZone()));
    return client.prefetchQuery(timelineQueryOptions(interval, range));
  });
  return Promise.all([
    client.prefetchQuery(syndicateStatsQueryOptions),
    client.prefetchQuery(nextBetQueryOptions),
    client.prefetchQuery(rotationQueryOptions(UPCOMING_BETS_LIMIT)),
    client.prefetchQuery(recentBetsQueryOptions),
    client.prefetchQuery(recentActivityQueryOptions(RECENT_ACTIVITY_LIMIT)),
    client.prefetchQuery(bankQueryOptions),
    client.prefetchQuery(racesQueryOptions),
    client.prefetchQuery(topPerformersQueryOptions(TOP_PERFORMERS_LIMIT)),
    client.prefetchQuery(remindersQueryOptions),
    profitLine.catch(() => {}), // a failed settings read shows where the settings are used
  ]);
}

/**
 * The dashboard (spec §2): stats, upcoming and recent bets, the bank, calendar, top performers,
 * reminders; and (issue 16) the recent activity and this year's profit line. `cardsAtOnce`: the
 * cards in the first render (the server's picture of the page, app/first-paint-render.tsx).
 */
export function DashboardPage({ cardsAtOnce = false }: { cardsAtOnce?: boolean }) {
  const addBet = useDialogState();
  const addReminder = useDialogState();
  const shareSummary = useDialogState();
  // Once opened, a dialog stays mounted so it can animate closed and return focus.
  const [mounted, setMounted] = useState({ bet: false, reminder: false, share: false });
  // The cards mount in a transition, after the heading has painted: React renders them in slices
  // that yield to the browser (a phone spent 250–330 ms at once rendering them with their data).
  const [cards, setCards] = useState(cardsAtOnce);
  useEffect(() => startTransition(() => setCards(true)), []);
  // The server's picture of the dashboard (if it came drawn) goes once the cards are on screen.
  useLayoutEffect(() => {
    if (cards) releaseFirstPaint();
  }, [cards]);
  const openBet = () => {
    setMounted((m) => ({ ...m, bet: true }));
    addBet.show();
  };
  const openShare = () => {
    setMounted((m) => ({ ...m, share: true }));
    shareSummary.show();
  };
  const openReminder = () => {
    setMounted((m) => ({ ...m, reminder: true }));
    addReminder.show();
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Your syndicate at a glance.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={openShare} onPointerEnter={loadShare} onFocus={loadShare}>
            <Share2 aria-hidden="true" />
            Share summary
          </Button>
          <Button onClick={openBet} onPointerEnter={loadAddBet} onFocus={loadAddBet}>
            <Plus aria-hidden="true" />
            Add Bet
          </Button>
        </div>
      </div>
      {cards && (
        <>
          <StatCards />
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <div className="grid min-w-0 grid-cols-1 content-start gap-6 xl:col-span-2">
              <UpcomingBets />
              <RecentBets />
              <RecentActivity />
            </div>
            <div className="grid min-w-0 grid-cols-1 content-start gap-6">
              <BankCard />
              <ProfitCard />
              <CalendarWidget />
              <TopPerformers />
              <RemindersPanel onAddReminder={openReminder} />
            </div>
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {mounted.bet && <AddBetDialog open={addBet.open} onOpenChange={addBet.onOpenChange} />}
        {mounted.share && (
          <ShareSummaryDialog open={shareSummary.open} onOpenChange={shareSummary.onOpenChange} />
        )}
        {mounted.reminder && (
          <AddReminderDialog open={addReminder.open} onOpenChange={addReminder.onOpenChange} />
        )}
      </Suspense>
    </div>
  );
}
