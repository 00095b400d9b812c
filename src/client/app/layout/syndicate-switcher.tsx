import { ChevronsUpDown } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';

const loadMenu = () => import('./syndicate-menu');
type SyndicateMenu = Awaited<ReturnType<typeof loadMenu>>['default'];
/** Warm the chunk; a failure (offline, before the app is installed) shows when it is pressed. */
const prefetch = () => {
  loadMenu().catch(() => {});
};

/** The header's syndicate name, drawn as the button that opens the syndicate menu. */
export function SwitcherButton({
  syndicateName,
  className,
  ...props
}: { syndicateName: string | undefined } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className={cn(
        '-mx-1 flex min-h-6 max-w-full items-center gap-1 rounded px-1 text-xs text-muted-foreground hover:bg-muted hover:text-foreground data-[state=open]:bg-muted',
        className,
      )}
      {...props}
    >
      <span className="sr-only">Switch syndicate: </span>
      <span className="truncate" data-testid="header-syndicate">
        {syndicateName ?? <span className="inline-block h-3 w-24 animate-pulse rounded bg-muted" />}
      </span>
      <ChevronsUpDown aria-hidden="true" className="size-3.5 shrink-0" />
    </button>
  );
}

/**
 * The header's syndicate name and switcher (issue 17 §2). The menu (./syndicate-menu.tsx, with
 * Radix's menu and its positioning) is fetched when the pointer or focus reaches the button and
 * shown when it is pressed, so it is not part of every page's first load.
 */
export function SyndicateSwitcher({ syndicateName }: { syndicateName: string | undefined }) {
  const [Menu, setMenu] = useState<SyndicateMenu | null>(null);
  const [loading, setLoading] = useState(false);
  if (Menu) return <Menu syndicateName={syndicateName} />;
  const open = () => {
    setLoading(true);
    loadMenu().then(
      (module) => setMenu(() => module.default),
      () => {
        setLoading(false);
        toast({
          title: 'Error',
          description: 'Could not open the syndicate menu. Check your connection and try again.',
          variant: 'destructive',
        });
      },
    );
  };
  return (
    <SwitcherButton
      syndicateName={syndicateName}
      aria-expanded={false}
      aria-busy={loading || undefined}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    />
  );
}
