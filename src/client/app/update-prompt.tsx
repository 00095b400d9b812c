/// <reference types="vite-plugin-pwa/react" />

import { useRegisterSW } from 'virtual:pwa-register/react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** How often an open app asks whether a new deployment is out (ms). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * The browser looks for a new worker only on navigations, which a single-page app open all day
 * hardly makes (found by probing, 2026-12-02: a tab open across a deployment was offered nothing
 * until reloaded, then reloaded again). So the app asks too: when the user comes back to the tab,
 * when the connection comes back, and every half hour while it is shown.
 */
function checkForUpdates(registration: ServiceWorkerRegistration) {
  const check = () => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', check);
  window.addEventListener('online', check);
  setInterval(check, UPDATE_CHECK_MS);
}

/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt'). When a new deployment's
 * worker is installed and waiting, offers it: Reload activates it and reloads the page. Never
 * forced, so nobody loses a half-filled form.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The plugin reloads only when the page was controlled when it registered; after a first
    // visit (the first worker claimed the page later) it would not. Reload below covers both.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration);
    },
  });
  if (!needRefresh) return null;
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void updateServiceWorker(true);
  };
  return (
    <div
      role="status"
      className="pointer-events-auto flex w-fit max-w-full items-center gap-3 rounded-lg border border-border bg-card py-2 pr-2 pl-4 text-sm text-card-foreground shadow-lg"
    >
      <span>A new version is available</span>
      <Button size="sm" onClick={reload}>
        <RefreshCw aria-hidden="true" />
        Reload
      </Button>
    </div>
  );
}
