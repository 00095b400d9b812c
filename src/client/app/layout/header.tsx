import { Bell } from 'lucide-react';
import { useLocation } from 'wouter';
import { MobileMenu } from './mobile-menu';
import { pageTitle } from './nav-items';
import { SyndicateSwitcher } from './syndicate-switcher';

export function Header({ syndicateName }: { syndicateName: string | undefined }) {
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-card/95 px-4 backdrop-blur sm:px-6">
      <MobileMenu syndicateName={syndicateName} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold leading-tight" data-testid="header-title">
          {pageTitle(location)}
        </p>
        <SyndicateSwitcher syndicateName={syndicateName} />
      </div>
      {/* Notifications are a later feature; the bell is shown with its red dot (spec §2). */}
      <button
        type="button"
        aria-label="Notifications"
        className="relative rounded-full p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <Bell aria-hidden="true" className="size-5" />
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 size-2 rounded-full bg-destructive ring-2 ring-card"
        />
      </button>
    </header>
  );
}
