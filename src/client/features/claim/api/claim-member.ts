import type { ClaimMemberInput, Member } from '@shared/member';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/members/claim {token} → 200 the member; the claimed syndicate becomes the active one. */
export const claimMember = (input: ClaimMemberInput) =>
  apiRequest<Member>('POST', '/api/members/claim', input);

/** Claiming changes the user's syndicates and the active one: every cached query is refreshed. */
export function useClaimMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: claimMember, onSuccess: () => queryClient.invalidateQueries() });
}
