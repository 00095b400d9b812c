import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { offlineText, useOffline } from '@/lib/connectivity';
import { newestDataAt, waitingForConnection } from '@/lib/persist';

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
