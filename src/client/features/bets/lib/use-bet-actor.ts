import type { BetActor } from '@shared/bet-rights';
import { useMyMember } from '@/features/members/api/get-my-member';
import { useIsAdmin } from '@/lib/use-role';

/**
 * The signed-in caller as the bet rules (shared/bet-rights.ts) see them: their own member and its
 * role. Null until their member has loaded, so nothing the role may not use flashes into view.
 */
export function useBetActor(): BetActor | null {
  const isAdmin = useIsAdmin();
  const { data: me } = useMyMember();
  if (!me) return null;
  return { memberId: me.id, role: isAdmin ? 'admin' : 'member' };
}
