import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useOffline } from '@/lib/connectivity';
import { newestDataAt } from '@/lib/persist';

/** "10:42" (or "10:42 AM"): the user's own clock, in their locale. */
export function formatDataTime(at: number, locale?: string): string {
  // 'numeric': "5:30 PM" where the clock has 12 hours, as the app writes times, not "05:30 PM".
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
}

export function offlineText(newest: number | null, locale?: string): string {
  return newest === null
    ? 'Offline — no saved data yet'
    : `Offline — showing data from ${formatDataTime(newest, locale)}`;
}

/** Shown while the server cannot be reached: the data on screen is what was kept, as of when. */
export function OfflineBanner() {
  return useOffline() ? <OfflineNotice /> : null;
}

// Subscribes to the query cache only while offline: online it costs nothing.
function OfflineNotice() {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const newest = useSyncExternalStore(subscribe, () => newestDataAt(queryClient));
  return (
    <div
      role="status"
      className="pointer-events-auto flex w-fit max-w-full items-center gap-2 rounded-full bg-foreground px-4 py-2 text-sm font-medium text-background shadow-lg"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>{offlineText(newest)}</span>
    </div>
  );
}
