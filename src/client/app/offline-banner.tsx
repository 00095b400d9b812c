import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useOffline } from '@/lib/connectivity';
import { newestDataAt, waitingForConnection } from '@/lib/persist';

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

export const WAITING_TEXT =
  'Some of this page was not kept on this device: it loads when you are back online.';

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
  // A screen never opened on this device has nothing kept: say so, rather than leave its
  // placeholders pulsing under the banner as if its data were on the way.
  const waiting = useSyncExternalStore(subscribe, () => waitingForConnection(queryClient));
  return (
    <div
      role="status"
      className={`pointer-events-auto flex w-fit max-w-full items-center gap-2 bg-foreground px-4 py-2 text-sm font-medium text-background shadow-lg ${waiting ? 'rounded-2xl' : 'rounded-full'}`}
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {offlineText(newest)}
        {waiting && <span className="block font-normal">{WAITING_TEXT}</span>}
      </span>
    </div>
  );
}
