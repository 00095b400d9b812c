import type { Member, UpdateMemberInput } from '@shared/member';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

export interface UpdateMemberVariables {
  id: number;
  /** Any subset of name, email, initials, role, isActive (a member may change only their own name and initials). */
  data: UpdateMemberInput;
}

export const updateMember = ({ id, data }: UpdateMemberVariables) =>
  apiRequest<Member>('PUT', `/api/members/${id}`, data);

/** Names and initials show in bets, rankings and the rotation too, so those are refetched as well. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myMember }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bets }),
        // The bank shows names and who is active.
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.topPerformers.all }),
        invalidateRotation(queryClient),
      ]),
  });
}
