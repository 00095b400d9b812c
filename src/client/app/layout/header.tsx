import { useLocation } from 'wouter';
import { RemindersBell } from '@/features/reminders/components/reminders-bell';
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
      {/* The bell with its red dot (spec §2): due and overdue reminders (DESIGN). */}
      <RemindersBell />
    </header>
  );
}
