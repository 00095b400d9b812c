import type { ReactNode } from 'react';
import { AssistantPanel } from '@/features/assistant/assistant-panel';
import { useLiveUpdates } from '../use-live-updates';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useSyndicateName } from './use-syndicate-name';

/**
 * Sidebar (lg+), header, page content, bottom bar (below lg), and the assistant's floating
 * button. The bottom padding lets the last content scroll clear of the bar and the button.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const syndicateName = useSyndicateName();
  // Every screen refreshes itself when anyone in the syndicate writes (issue 17).
  useLiveUpdates();
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Sidebar />
      <div className="flex min-h-screen flex-col lg:pl-64">
        <Header syndicateName={syndicateName} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 pt-6 pb-40 outline-none sm:px-6 lg:pb-24">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
      <BottomNav />
      <AssistantPanel />
    </div>
  );
}
