import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { isActivePath, NAV_ITEMS } from './nav-items';
import { Profile } from './profile';

/** The small-screen slide-out menu: only the six entries the spec lists, plus the profile. */
export function MobileMenu({ syndicateName }: { syndicateName: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <button
          type="button"
          aria-label="Open menu"
          className="-ml-2 rounded-md p-2 text-foreground hover:bg-muted lg:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </SheetTrigger>
      <SheetContent title={syndicateName ?? 'Menu'} description="Main menu">
        <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="grid gap-1">
            {NAV_ITEMS.filter((item) => item.inMenu).map((item) => {
              const active = isActivePath(item.path, location);
              return (
                <li key={item.path}>
                  <Link
                    href={item.path}
                    onClick={() => setOpen(false)}
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
        <Profile />
      </SheetContent>
    </Sheet>
  );
}
