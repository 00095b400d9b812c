// The app-wide live connection (issue 17): mounted once in the signed-in layout, so every screen
// refreshes itself when anyone in the syndicate writes, on whichever server instance. It opens
// the /ws socket with `?live=1` (one WebSocket per tab: unlike an EventSource it does not hold
// one of the browser's six HTTP/1.1 connections to the host), reconnects with backoff, and:
// - `changed`: invalidates exactly the query keys of the announced entities (src/client/lib/live.ts),
//   batched over a moment so a burst (a race's results settling many bets) refetches once;
//   others' settlements and payments show a toast unless the user muted them (Settings).
// - a reconnect or `resync`: announcements may have been missed, so everything on screen refetches.
// - closed because the session ended (4401): the user query refetches, and the app signs out.
// - closed because the session left the syndicate (4403: removed or deactivated, or moved by
//   another tab): every answer is dropped (resetClientData) and the router shows where the session
//   now is.

import { CLOSE_NO_SYNDICATE, CLOSE_SIGNED_OUT, type LiveEntity, REMOVED_REASON } from '@shared/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useMyMember } from '@/features/members/api/get-my-member';
import { usePreferences } from '@/features/settings/api/preferences';
import { apiGet } from '@/lib/api';
import { invalidateEntities, liveSocketUrl, parseLiveMessage, reconnectDelay, toastFor } from '@/lib/live';
import { queryKeys } from '@/lib/query-keys';
import { resetClientData } from '@/lib/reset-client-data';
import { SYNDICATE_CHANGED_EVENT } from '@/lib/shown-syndicate';

/** After a 4403 "no longer a member": a deactivated member still has their member (and reads). */
async function tellIfRemoved() {
  const stillMember = await apiGet('/api/members/me').then(
    () => true,
    () => false,
  );
  if (!stillMember)
    toast({ title: 'Removed from the syndicate', description: 'You are no longer a member of it.' });
}

/** Frames within this window are applied together (ms). */
const BATCH_MS = 100;

export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const me = useMyMember();
  const prefs = usePreferences();
  // Read when a frame arrives, so the connection does not restart when they load or change.
  const who = useRef({ memberId: me.data?.id, muted: prefs.data?.muteLiveToasts ?? false });
  who.current = { memberId: me.data?.id, muted: prefs.data?.muteLiveToasts ?? false };

  useEffect(() => {
    let ws: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let everOpen = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let flush: ReturnType<typeof setTimeout> | undefined;
    const pending = new Set<LiveEntity>();
    let told: string | null = null;

    const applyBatch = () => {
      flush = undefined;
      const entities = [...pending];
      pending.clear();
      void invalidateEntities(queryClient, entities);
      if (told) toast({ description: told });
      told = null;
    };

    const refetchOnScreen = () => void queryClient.invalidateQueries();

    const open = () => {
      retry = undefined;
      const socket = new WebSocket(liveSocketUrl(window.location));
      ws = socket;
      socket.onopen = () => {
        attempt = 0;
        if (everOpen) refetchOnScreen();
        everOpen = true;
      };
      socket.onmessage = (event: MessageEvent) => {
        const message = parseLiveMessage(event.data);
        if (!message) return;
        if (message.type === 'resync') return refetchOnScreen();
        for (const entity of message.entities) pending.add(entity);
        told = toastFor(message, who.current) ?? told;
        flush ??= setTimeout(applyBatch, BATCH_MS);
      };
      socket.onclose = (event: CloseEvent) => {
        if (ws === socket) ws = null;
        if (stopped) return;
        if (event.code === CLOSE_SIGNED_OUT) void queryClient.invalidateQueries({ queryKey: queryKeys.user });
        if (event.code === CLOSE_NO_SYNDICATE) {
          // Another tab opened a different syndicate, or this member was removed or deactivated:
          // nothing of the syndicate this tab showed may stay on screen or on the device (a form
          // left open here would write into the session's new syndicate). The app remounts on an
          // empty cache and the router shows where the session now is; this hook, remounted, opens
          // a socket there. Said only when the member is gone (a deactivated one still reads).
          void resetClientData().then(() => (event.reason === REMOVED_REASON ? tellIfRemoved() : undefined));
          return;
        }
        retry = setTimeout(open, reconnectDelay(attempt));
        attempt += 1;
      };
    };

    // Back online: try at once rather than at the end of a long backoff.
    const onOnline = () => {
      if (ws || stopped) return;
      clearTimeout(retry);
      attempt = 0;
      open();
    };
    window.addEventListener('online', onOnline);
    // A write refused because this page showed a syndicate the session has left (query-client.ts).
    const onSyndicateChanged = () => void resetClientData();
    window.addEventListener(SYNDICATE_CHANGED_EVENT, onSyndicateChanged);
    open();

    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      window.removeEventListener(SYNDICATE_CHANGED_EVENT, onSyndicateChanged);
      clearTimeout(retry);
      clearTimeout(flush);
      if (ws) {
        ws.onclose = null;
        ws.onmessage = null;
        ws.close();
      }
    };
  }, [queryClient]);
}
