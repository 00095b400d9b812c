import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { isActivePath, NAV_ITEMS } from './nav-items';
import { SheetNav } from './sheet-nav';

const BAR_ITEMS = NAV_ITEMS.filter((item) => !item.more);
const MORE_ITEMS = NAV_ITEMS.filter((item) => item.more);

const entryClass = (active: boolean) =>
  cn(
    'flex h-14 w-full flex-col items-center justify-center gap-1 text-[10px] leading-none font-medium tracking-[-0.03em]',
    active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
  );

/** An entry's label; narrower than 360 px the nine labels overlap, so only the icons show (the labels still name the links). */
const LABEL = 'whitespace-nowrap max-[359px]:sr-only';

/**
 * Small screens only: the spec's eight entries as icon + short label, and More (Bank, Insights,
 * Activity) as a sheet. Each entry is as wide as its label plus an equal part of the spare width,
 * so the nine fit 360 px and wider.
 */
export function BottomNav() {
  const [location] = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreActive = MORE_ITEMS.some((item) => isActivePath(item.path, location));
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.05)] lg:hidden"
    >
      <ul className="flex">
        {BAR_ITEMS.map((item) => {
          const active = isActivePath(item.path, location);
          return (
            <li key={item.path} className="min-w-0 flex-auto">
              <Link
                href={item.path}
                aria-current={active ? 'page' : undefined}
                className={entryClass(active)}
              >
                <item.icon aria-hidden="true" className={cn('size-5', active && 'stroke-[2.5]')} />
                <span className={LABEL}>{item.shortLabel}</span>
              </Link>
            </li>
          );
        })}
        <li className="min-w-0 flex-auto">
          <Sheet open={moreOpen} onOpenChange={setMoreOpen}>
            <SheetTrigger asChild>
              <button type="button" className={entryClass(moreActive)}>
                <Ellipsis aria-hidden="true" className={cn('size-5', moreActive && 'stroke-[2.5]')} />
                <span className={LABEL}>More</span>
              </button>
            </SheetTrigger>
            <SheetContent title="More" description="More pages">
              <SheetNav label="More" items={MORE_ITEMS} onNavigate={() => setMoreOpen(false)} />
            </SheetContent>
          </Sheet>
        </li>
      </ul>
    </nav>
  );
}
