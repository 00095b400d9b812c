import type { FormerMember } from '@shared/member';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { toast } from '@/components/ui/use-toast';
import { readApiErrorBody } from '@/lib/api';
import { useSyndicateFormat } from '@/lib/format';
import { useFormerMembers } from '../api/get-former-members';
import { useRestoreMember } from '../api/restore-member';

/**
 * Admins only: removed members (their bets and history stay) with a Restore button each. A removed
 * member cannot rejoin with the invite code; restoring gives their account access again.
 */
export function FormerMembersSection() {
  const former = useFormerMembers(true);
  const restore = useRestoreMember();
  const f = useSyndicateFormat();

  if (!former.data || former.data.length === 0) return null;

  const onRestore = async (member: FormerMember) => {
    try {
      await restore.mutateAsync(member.id);
      toast({ title: 'Member restored', description: `${member.name} is back in the syndicate.` });
    } catch (error) {
      toast({
        title: 'Error',
        description: readApiErrorBody(error)?.message ?? 'Failed to restore member. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="former-members-heading" className="grid gap-3">
      <div>
        <h2 id="former-members-heading" className="text-lg font-semibold">
          Former members
        </h2>
        <p className="text-sm text-muted-foreground">
          Removed members keep their bets and history. Restore someone to let them back in.
        </p>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border bg-card">
        {former.data.map((member) => (
          <li key={member.id} className="flex items-center gap-3 p-3 sm:px-4" data-testid="former-member">
            <InitialsAvatar name={member.name} initials={member.initials} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium" title={member.name}>
                {member.name}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                Removed {f.date(member.removedAt, 'MMM d, yyyy')}
                <span className="hidden sm:inline"> · {member.email}</span>
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Restore ${member.name}`}
              disabled={restore.isPending && restore.variables === member.id}
              onClick={() => onRestore(member)}
            >
              <RotateCcw aria-hidden="true" />
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
