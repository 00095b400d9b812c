import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

/** Each page is its own chunk, so the first screen only loads what it shows. */
function page(load: () => Promise<ComponentType>) {
  return lazy(async () => ({ default: await load() }));
}

const DashboardPage = page(() => import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage));
const MembersPage = page(() => import('@/features/members/members-page').then((m) => m.MembersPage));
const BetsPage = page(() => import('@/features/bets/bets-page').then((m) => m.BetsPage));
const RankingsPage = page(() => import('@/features/rankings/rankings-page').then((m) => m.RankingsPage));
const CalendarPage = page(() => import('@/features/calendar/calendar-page').then((m) => m.CalendarPage));
const RemindersPage = page(() => import('@/features/reminders/reminders-page').then((m) => m.RemindersPage));
const SubscriptionsPage = page(() =>
  import('@/features/subscriptions/subscriptions-page').then((m) => m.SubscriptionsPage),
);
const SettingsPage = page(() => import('@/features/settings/settings-page').then((m) => m.SettingsPage));

/** The signed-in app: every page inside the common layout; unknown paths → 'Page Not Found'. */
export function SyndicateRoutes() {
  return (
    <AppLayout>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/members" component={MembersPage} />
          <Route path="/bets" component={BetsPage} />
          <Route path="/rankings" component={RankingsPage} />
          <Route path="/calendar" component={CalendarPage} />
          <Route path="/reminders" component={RemindersPage} />
          <Route path="/subscriptions" component={SubscriptionsPage} />
          <Route path="/settings" component={SettingsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
