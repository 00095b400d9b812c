import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** What a write says when it cannot reach the server (issue 17 §3). */
export const OFFLINE_MESSAGE = "You're offline — this needs a connection.";

/** How often the server is tried while a request has failed but the browser claims to be online (ms). */
const PROBE_INTERVAL_MS = 15_000;

/**
 * Whether the app can reach the server: the browser's own flag (navigator.onLine, with the
 * online/offline events) and, because that flag says only that some network is up, the last
 * request's fate (a fetch that fails with a network error means the signal has gone).
 */
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let requestFailed = false;
let probe: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function isOffline(): boolean {
  return !browserOnline || requestFailed;
}

/** True when the browser itself says there is no network: writes are refused without trying. */
export function isBrowserOffline(): boolean {
  return !browserOnline;
}

export function setBrowserOnline(online: boolean) {
  if (online === browserOnline) return;
  browserOnline = online;
  // Back online: the next request decides; a failure from before no longer counts.
  if (online) requestFailed = false;
  emit();
}

/** A request got no answer at all (a network error, not an HTTP error). */
export function reportRequestFailed() {
  if (!requestFailed) {
    requestFailed = true;
    emit();
  }
  scheduleProbe();
}

/** A request got an answer (any status): the server is reachable. */
export function reportRequestAnswered() {
  if (requestFailed) {
    requestFailed = false;
    emit();
  }
}

/** While requests fail with the browser online, try the health check now and then so the banner goes by itself. */
function scheduleProbe() {
  if (probe !== undefined || typeof window === 'undefined') return;
  probe = setTimeout(async () => {
    probe = undefined;
    if (!requestFailed || !browserOnline) return;
    try {
      await fetch('/api/health', { cache: 'no-store' });
      reportRequestAnswered();
    } catch {
      scheduleProbe();
    }
  }, PROBE_INTERVAL_MS);
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setBrowserOnline(true));
  window.addEventListener('offline', () => setBrowserOnline(false));
  // TanStack Query assumes online until an event says otherwise; opened offline, queries must
  // pause (keeping the restored data) rather than fail.
  onlineManager.setOnline(browserOnline);
}

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
