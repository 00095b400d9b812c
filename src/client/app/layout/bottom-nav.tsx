import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn';
import { isActivePath, NAV_ITEMS } from './nav-items';

/**
 * Small screens only: all nine entries (the spec's eight and Bank) as icon + short label. Each
 * entry is as wide as its label plus an equal part of the spare width, so the nine fit 390 px.
 */
export function BottomNav() {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.05)] lg:hidden"
    >
      <ul className="flex">
        {NAV_ITEMS.map((item) => {
          const active = isActivePath(item.path, location);
          return (
            <li key={item.path} className="min-w-0 flex-auto">
              <Link
                href={item.path}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-14 flex-col items-center justify-center gap-1 text-[10px] leading-none font-medium tracking-[-0.03em]',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <item.icon aria-hidden="true" className={cn('size-5', active && 'stroke-[2.5]')} />
                <span className="whitespace-nowrap">{item.shortLabel}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
