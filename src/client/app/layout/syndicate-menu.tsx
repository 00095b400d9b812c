import { PlusCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSyndicates } from '@/features/syndicates/api/get-syndicates';
import { NEW_SYNDICATE_PATH } from '@/features/syndicates/new-syndicate-path';
import { useChooseSyndicate } from '@/features/syndicates/use-choose-syndicate';
import { SwitcherButton } from './syndicate-switcher';

const ROLE_LABEL = { admin: 'Admin', member: 'Member' } as const;

/**
 * The menu of the user's syndicates (role shown; a deactivated membership is listed but cannot be
 * chosen) and "Create or join another". Choosing one switches the session (PUT
 * /api/syndicates/active), drops every cached query and opens the dashboard. Loaded on first use
 * by ./syndicate-switcher.tsx (Radix's menu and its positioning are ~30 KB gzip of every page's
 * first load otherwise); it mounts open, as the user has just asked for it.
 */
export default function SyndicateMenu({ syndicateName }: { syndicateName: string | undefined }) {
  const [, navigate] = useLocation();
  const syndicates = useSyndicates(true);
  const { choose: open, isPending } = useChooseSyndicate();
  const list = syndicates.data ?? [];
  const current = list.find((s) => s.current);

  const choose = (value: string) => {
    const target = list.find((s) => String(s.id) === value);
    if (!target || target.current || isPending) return;
    void open(target);
  };

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <SwitcherButton syndicateName={syndicateName} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel>Your syndicates</DropdownMenuLabel>
        {syndicates.isPending ? <p className="px-2 py-2 text-sm text-muted-foreground">Loading...</p> : null}
        <DropdownMenuRadioGroup value={current ? String(current.id) : ''} onValueChange={choose}>
          {list.map((s) => (
            <DropdownMenuRadioItem key={s.id} value={String(s.id)} disabled={!s.isActive && !s.current}>
              <span className="min-w-0 flex-1 truncate">{s.name}</span>
              {!s.isActive ? <span className="text-xs text-muted-foreground">Inactive</span> : null}
              <Badge variant={s.role === 'admin' ? 'info' : 'secondary'}>{ROLE_LABEL[s.role]}</Badge>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(NEW_SYNDICATE_PATH)}>
          <PlusCircle aria-hidden="true" />
          Create or join another
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
