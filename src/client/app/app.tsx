import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Toaster } from '@/components/ui/toaster';
import { persistOptions } from '@/lib/persist';
import { queryClient } from '@/lib/query-client';
import { useClientDataGeneration } from '@/lib/reset-client-data';
import { adoptFirstPaint } from './first-paint';
import { OfflineBanner } from './offline-banner';
import { AppRouter } from './router';
import { startEarly } from './start-early';
import { UpdatePrompt } from './update-prompt';

const persist = persistOptions(queryClient);
const startedAt = Date.now();
// The answers a page the server drew came with (first-paint.ts), then the first reads, before
// the persisted copy is restored (the provider holds its queries until then).
adoptFirstPaint(queryClient);
startEarly(queryClient, window.location.pathname);

/**
 * Restored answers are shown at once but treated as stale: what is on screen is fetched again
 * (paused while offline), and the rest when it is next shown. What was read since the page
 * opened (start-early.ts) is fresh already, and a read still out is not started again.
 */
const refreshRestored = () => {
  // Not returned: the provider would hold every query until these refetches settle.
  void queryClient.invalidateQueries(
    { predicate: (query) => query.state.dataUpdatedAt < startedAt },
    { cancelRefetch: false },
  );
};

export function App() {
  // A new generation (resetClientData: the active syndicate changed) mounts every screen afresh.
  const generation = useClientDataGeneration();
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persist} onSuccess={refreshRestored}>
      <AppRouter key={generation} />
      {/* Above the bottom bar and left of the assistant's button on phones; beside the sidebar on desktop. */}
      <div className="pointer-events-none fixed bottom-[calc(4.5rem+env(safe-area-inset-bottom))] left-4 right-22 z-40 flex flex-col items-start gap-2 lg:bottom-6 lg:left-70 lg:right-28">
        <UpdatePrompt />
        <OfflineBanner />
      </div>
      <Toaster />
    </PersistQueryClientProvider>
  );
}
