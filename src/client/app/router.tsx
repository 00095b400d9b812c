import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { LandingPage } from '@/features/auth/landing-page';
import { useSyndicates } from '@/features/syndicates/api/get-syndicates';
import { NEW_SYNDICATE_PATH } from '@/features/syndicates/new-syndicate-path';
import { DRAWN_PAGES, releaseFirstPaint } from '@/lib/first-paint';
import { rememberJoinLink } from '@/lib/post-login-redirect';
import { setShownSyndicate } from '@/lib/shown-syndicate';
import { preloadPage, SyndicateRoutes } from './routes';

// Forms (react-hook-form, zod) load only on the screens that need them.
const LoginPage = lazy(() => import('@/features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const OnboardingPage = lazy(() =>
  import('@/features/syndicates/onboarding-page').then((m) => ({ default: m.OnboardingPage })),
);
const PickSyndicatePage = lazy(() =>
  import('@/features/syndicates/pick-syndicate-page').then((m) => ({ default: m.PickSyndicatePage })),
);
const ClaimPage = lazy(() => import('@/features/claim/claim-page').then((m) => ({ default: m.ClaimPage })));
const ClaimSignedOutPage = lazy(() =>
  import('@/features/claim/claim-page').then((m) => ({ default: m.ClaimSignedOutPage })),
);

/**
 * Spec §2 routing: loading → spinner; signed out → landing (or /login); signed in without a syndicate,
 * or on any /join path, or on /syndicates/new (another syndicate) → onboarding; otherwise the app.
 * /claim (a personal invite link) works signed in with or without a syndicate; signed out, it asks to
 * sign in and is remembered like /join.
 */
export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const userQuery = useUser();
  const syndicatesQuery = useSyndicates(userQuery.isSignedIn);
  const isJoinPath = location.startsWith('/join');
  const isClaimPath = location === '/claim';

  useEffect(() => {
    if (userQuery.isSignedIn) preloadPage(location);
  }, [userQuery.isSignedIn, location]);

  useEffect(() => {
    if (!userQuery.isPending && !userQuery.isSignedIn && (isJoinPath || isClaimPath)) {
      rememberJoinLink(`${location}${search ? `?${search}` : ''}`);
    }
  }, [userQuery.isPending, userQuery.isSignedIn, isJoinPath, isClaimPath, location, search]);

  // The server's picture of a page (first-paint.ts) stays while that page is on its way, and goes
  // at once when something else will show.
  const pageNext =
    DRAWN_PAGES.includes(location) &&
    (userQuery.isPending ||
      (userQuery.isSignedIn &&
        (syndicatesQuery.isPending || (syndicatesQuery.data?.some((s) => s.current) ?? false))));
  useLayoutEffect(() => {
    if (!pageNext) releaseFirstPaint();
  }, [pageNext]);

  if (userQuery.isPending) return <FullScreenSpinner />;
  if (!userQuery.isSignedIn) {
    if (location === '/login') return <Lazy page={<LoginPage />} />;
    return isClaimPath ? <Lazy page={<ClaimSignedOutPage />} /> : <LandingPage />;
  }
  if (location === '/login') return <Redirect to="/" replace />;
  if (isClaimPath) return <Lazy page={<ClaimPage />} />;
  if (syndicatesQuery.isPending) return <FullScreenSpinner />;
  // A failed refresh keeps what was read (or restored from the device) on screen: with signal
  // bars but no data getting through, reads fail rather than pause (issue 17 §3).
  if (syndicatesQuery.data === undefined) return <LoadFailed onRetry={() => syndicatesQuery.refetch()} />;
  const hasSyndicate = syndicatesQuery.data.length > 0;
  if (isJoinPath || location === NEW_SYNDICATE_PATH || !hasSyndicate) {
    return <Lazy page={<OnboardingPage canLeave={hasSyndicate} />} />;
  }
  // Removed from the syndicate that was open: the user picks one of theirs (none opens by itself).
  const current = syndicatesQuery.data.find((s) => s.current);
  // Sent with every write (lib/shown-syndicate.ts): none while the user picks one.
  setShownSyndicate(current?.id ?? null);
  if (!current) {
    return <Lazy page={<PickSyndicatePage syndicates={syndicatesQuery.data} />} />;
  }
  return <SyndicateRoutes />;
}

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<FullScreenSpinner />}>{page}</Suspense>;
}

function FullScreenSpinner() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner />
    </main>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Could not load your syndicates</h1>
      <p className="text-muted-foreground">Check your connection and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
