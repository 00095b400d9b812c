import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { SyndicateContext } from './syndicate-context';

/** Each page is its own chunk, so the first screen only loads what it shows. */
const loaders: Record<string, () => Promise<ComponentType>> = {
  '/': () => import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  '/members': () => import('@/features/members/members-page').then((m) => m.MembersPage),
  '/bets': () => import('@/features/bets/bets-page').then((m) => m.BetsPage),
  '/bank': () => import('@/features/bank/bank-page').then((m) => m.BankPage),
  '/insights': () => import('@/features/insights/insights-page').then((m) => m.InsightsPage),
  '/activity': () => import('@/features/activity/activity-page').then((m) => m.ActivityPage),
  '/rankings': () => import('@/features/rankings/rankings-page').then((m) => m.RankingsPage),
  '/calendar': () => import('@/features/calendar/calendar-page').then((m) => m.CalendarPage),
  '/reminders': () => import('@/features/reminders/reminders-page').then((m) => m.RemindersPage),
  '/subscriptions': () =>
    import('@/features/subscriptions/subscriptions-page').then((m) => m.SubscriptionsPage),
  '/settings': () => import('@/features/settings/settings-page').then((m) => m.SettingsPage),
};

/**
 * Starts loading the chunk of the page at `path`, so it downloads while the sign-in and
 * syndicate requests are still out, instead of after them. False when `path` is not a page.
 */
export function isPage(path: string): boolean {
  return Object.hasOwn(loaders, path);
}

export function preloadPage(path: string): boolean {
  const load = loaders[path];
  if (!load) return false;
  load().catch(() => {}); // a failure shows when the page itself loads
  return true;
}

function page(path: string) {
  const load = loaders[path];
  if (!load) throw new Error(`no page at ${path}`);
  return lazy(async () => ({ default: await load() }));
}

const DashboardPage = page('/');
const MembersPage = page('/members');
const BetsPage = page('/bets');
const BankPage = page('/bank');
const InsightsPage = page('/insights');
const ActivityPage = page('/activity');
const RankingsPage = page('/rankings');
const CalendarPage = page('/calendar');
const RemindersPage = page('/reminders');
const SubscriptionsPage = page('/subscriptions');
const SettingsPage = page('/settings');

/** The signed-in app: every page inside the common layout; unknown paths → 'Page Not Found'. */
export function SyndicateRoutes() {
  return (
    <SyndicateContext>
      <AppLayout>
        <Suspense fallback={<Spinner />}>
          <Switch>
            <Route path="/" component={DashboardPage} />
            <Route path="/members" component={MembersPage} />
            <Route path="/bets" component={BetsPage} />
            <Route path="/bank" component={BankPage} />
            <Route path="/insights" component={InsightsPage} />
            <Route path="/activity" component={ActivityPage} />
            <Route path="/rankings" component={RankingsPage} />
            <Route path="/calendar" component={CalendarPage} />
            <Route path="/reminders" component={RemindersPage} />
            <Route path="/subscriptions" component={SubscriptionsPage} />
            <Route path="/settings" component={SettingsPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </AppLayout>
    </SyndicateContext>
  );
}
