import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';
import { NAV_ITEMS } from './nav-items';
import { Profile } from './profile';
import { SheetNav } from './sheet-nav';

const MENU_ITEMS = NAV_ITEMS.filter((item) => item.inMenu);

/** The small-screen slide-out menu: only the six entries the spec lists, plus the profile. */
export function MobileMenu({ syndicateName }: { syndicateName: string | undefined }) {
  const [open, setOpen] = useState(false);
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
        <SheetNav label="Menu" items={MENU_ITEMS} onNavigate={() => setOpen(false)} />
        <Profile />
      </SheetContent>
    </Sheet>
  );
}
