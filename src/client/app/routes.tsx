import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { PageErrorBoundary } from './page-error-boundary';
import { SyndicateContext } from './syndicate-context';

/** A page's chunk: the page, and (optionally) its first reads, to start before it mounts. */
interface PageModule {
  page: ComponentType;
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

/** Each page is its own chunk, so the first screen only loads what it shows. */
const loaders: Record<string, () => Promise<PageModule>> = {
  '/': () =>
    import('@/features/dashboard/dashboard-page').then((m) => ({
      page: m.DashboardPage,
      prefetch: m.prefetchDashboard,
    })),
  '/members': () => import('@/features/members/members-page').then((m) => ({ page: m.MembersPage })),
  '/bets': () => import('@/features/bets/bets-page').then((m) => ({ page: m.BetsPage })),
  '/bank': () => import('@/features/bank/bank-page').then((m) => ({ page: m.BankPage })),
  '/insights': () => import('@/features/insights/insights-page').then((m) => ({ page: m.InsightsPage })),
  '/activity': () => import('@/features/activity/activity-page').then((m) => ({ page: m.ActivityPage })),
  '/rankings': () => import('@/features/rankings/rankings-page').then((m) => ({ page: m.RankingsPage })),
  '/calendar': () => import('@/features/calendar/calendar-page').then((m) => ({ page: m.CalendarPage })),
  '/reminders': () => import('@/features/reminders/reminders-page').then((m) => ({ page: m.RemindersPage })),
  '/subscriptions': () =>
    import('@/features/subscriptions/subscriptions-page').then((m) => ({ page: m.SubscriptionsPage })),
  '/settings': () => import('@/features/settings/settings-page').then((m) => ({ page: m.SettingsPage })),
};

/** Whether `path` is one of the signed-in app's pages. */
export function isPage(path: string): boolean {
  return Object.hasOwn(loaders, path);
}

/** The page chunks that have arrived, by path. */
const loaded = new Map<string, PageModule>();

function load(path: string): Promise<PageModule> | null {
  const loader = loaders[path];
  if (!loader) return null;
  return loader().then((m) => {
    loaded.set(path, m);
    return m;
  });
}

/**
 * Starts loading the chunk of the page at `path`, so it downloads while the sign-in and
 * syndicate requests are still out, instead of after them. False when `path` is not a page.
 */
export function preloadPage(path: string): boolean {
  const loading = load(path);
  loading?.catch(() => {}); // a failure shows when the page itself loads
  return loading !== null;
}

/** Once the page's chunk is in, starts the page's own reads (a page without any: nothing). */
export function prefetchPage(path: string, client: QueryClient): Promise<unknown> {
  const loading = load(path);
  if (!loading) return Promise.resolve();
  // A failed read shows, and is tried again, when its card mounts.
  return loading.then((m) => m.prefetch?.(client)).catch(() => {});
}

/**
 * A page that renders at once when its chunk has arrived (preloaded: app/start-early.ts) and
 * suspends only while it has not. React reveals suspended content at most every 300 ms after a
 * fallback showed, so a page that suspended for a chunk already in memory appeared up to 300 ms
 * late (most of the dashboard's Lighthouse render delay, issue 17 §3). React.lazy reads a
 * thenable that calls back at once without suspending.
 */
function lazyPage(path: string) {
  return lazy(() => {
    const ready = loaded.get(path);
    if (ready) {
      const now = {
        // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one calls back at once
        then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: ready.page }),
      };
      return now as unknown as Promise<{ default: ComponentType }>;
    }
    return (load(path) as Promise<PageModule>).then(
      (m) => ({ default: m.page }),
      (error: unknown) => {
        failed.add(path);
        throw error;
      },
    );
  });
}

/**
 * Each page's lazy component, made once. React.lazy keeps a failed load for good, so a page whose
 * chunk could not be fetched (offline before the app was kept) gets a new one when the user tries
 * again (PageErrorBoundary's "Try again": forgetFailedPages).
 */
const lazies = new Map<string, ReturnType<typeof lazyPage>>();
const failed = new Set<string>();

function forgetFailedPages() {
  for (const path of failed) lazies.delete(path);
  failed.clear();
}

/** The page at `path` (one of `loaders`' keys). */
function PageAt({ path }: { path: string }) {
  let Lazy = lazies.get(path);
  if (!Lazy) {
    Lazy = lazyPage(path);
    lazies.set(path, Lazy);
  }
  return <Lazy />;
}

/** The signed-in app: every page inside the common layout; unknown paths → 'Page Not Found'. */
export function SyndicateRoutes() {
  const [location] = useLocation();
  return (
    <SyndicateContext>
      <AppLayout>
        <PageErrorBoundary resetKey={location} onRetry={forgetFailedPages}>
          <Suspense fallback={<Spinner />}>
            <Switch>
              {Object.keys(loaders).map((path) => (
                <Route key={path} path={path}>
                  <PageAt path={path} />
                </Route>
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </PageErrorBoundary>
      </AppLayout>
    </SyndicateContext>
  );
}
