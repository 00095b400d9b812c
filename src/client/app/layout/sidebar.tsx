import { Link, useLocation } from 'wouter';
import { BrandMark } from '@/components/ui/brand-mark';
import { cn } from '@/lib/cn';
import { isActivePath, NAV_ITEMS } from './nav-items';
import { Profile } from './profile';

/** Large screens only (lg+). */
export function Sidebar() {
  const [location] = useLocation();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-sidebar text-sidebar-foreground lg:flex">
      <div className="flex h-16 items-center border-b border-white/10 px-5">
        <BrandMark className="min-w-0 text-sidebar-foreground" />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => {
            const active = isActivePath(item.path, location);
            return (
              <li key={item.path}>
                <Link
                  href={item.path}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    active
                      ? 'bg-sidebar-active text-white shadow-inner'
                      : 'text-sidebar-muted hover:bg-white/5 hover:text-sidebar-foreground',
                  )}
                >
                  <item.icon aria-hidden="true" className={cn('size-5', active && 'text-accent')} />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Profile />
    </aside>
  );
}
