import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn';
import { isActivePath, type NavItem } from './nav-items';

/** A small-screen sheet's list of pages (the slide-out menu, the bottom bar's More). */
export function SheetNav({
  label,
  items,
  onNavigate,
}: {
  label: string;
  items: readonly NavItem[];
  onNavigate: () => void;
}) {
  const [location] = useLocation();
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-1">
        {items.map((item) => {
          const active = isActivePath(item.path, location);
          return (
            <li key={item.path}>
              <Link
                href={item.path}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium',
                  active ? 'bg-sidebar-active text-white' : 'text-sidebar-muted hover:bg-white/5',
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
  );
}
