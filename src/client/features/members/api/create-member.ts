import type { CreateMemberInput, Member } from '@shared/member';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateRotation, queryKeys } from '@/lib/query-keys';

/** POST /api/members → 201 the member (initials derived from the name when blank). */
export const createMember = (input: CreateMemberInput) => apiRequest<Member>('POST', '/api/members', input);

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members }),
        // The bank lists every member (equal shares change with the number of members).
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
        invalidateRotation(queryClient),
      ]),
  });
}
