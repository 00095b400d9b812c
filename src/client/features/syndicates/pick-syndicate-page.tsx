import type { SyndicateWithRole } from '@shared/syndicate';
import { useLocation } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { BrandedScreen } from '@/components/ui/branded-screen';
import { Button } from '@/components/ui/button';
import { NEW_SYNDICATE_PATH } from './new-syndicate-path';
import { useChooseSyndicate } from './use-choose-syndicate';

const ROLE_LABEL = { admin: 'Admin', member: 'Member' } as const;

/**
 * Signed in, with syndicates, but none open: the session's syndicate removed the user. The server
 * never moves the session to another by itself (a write meant for the old one would land there),
 * so the user picks one here (PUT /api/syndicates/active), or creates or joins another.
 */
export function PickSyndicatePage({ syndicates }: { syndicates: SyndicateWithRole[] }) {
  const [, navigate] = useLocation();
  const { choose, isPending } = useChooseSyndicate();
  return (
    <BrandedScreen>
      <div className="grid gap-6">
        <div className="text-center">
          <h1 className="text-2xl font-bold">Choose a syndicate</h1>
          <p className="mt-2 text-muted-foreground">
            You are no longer a member of the syndicate you had open. Open one of yours to go on.
          </p>
        </div>
        <ul className="grid gap-3" aria-label="Your syndicates">
          {syndicates.map((s) => (
            <li key={s.id}>
              <Button
                type="button"
                variant="outline"
                className="h-auto w-full justify-between gap-3 py-3"
                disabled={!s.isActive || isPending}
                onClick={() => choose(s)}
              >
                <span className="min-w-0 truncate">{s.name}</span>
                <span className="flex shrink-0 items-center gap-2">
                  {!s.isActive ? <span className="text-xs text-muted-foreground">Inactive</span> : null}
                  <Badge variant={s.role === 'admin' ? 'info' : 'secondary'}>{ROLE_LABEL[s.role]}</Badge>
                </span>
              </Button>
            </li>
          ))}
        </ul>
        <Button type="button" variant="link" onClick={() => navigate(NEW_SYNDICATE_PATH)}>
          Create or join another
        </Button>
      </div>
    </BrandedScreen>
  );
}
