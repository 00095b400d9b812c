import type { ClaimMemberInput, Member } from '@shared/member';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { resetClientData } from '@/lib/reset-client-data';

/** POST /api/members/claim {token} → 200 the member; the claimed syndicate becomes the active one. */
export const claimMember = (input: ClaimMemberInput) =>
  apiRequest<Member>('POST', '/api/members/claim', input);

/**
 * Claiming changes the user's syndicates and the active one: every cached query is dropped
 * (resetClientData), as joining and switching do. Invalidating was not enough: a first read of
 * the syndicates still in flight from before the claim was kept (TanStack Query does not restart
 * a first fetch), its empty list arrived after the claim, and the router showed onboarding.
 */
export function useClaimMember() {
  return useMutation({ mutationFn: claimMember, onSuccess: () => resetClientData() });
}
