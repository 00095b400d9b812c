import type { AssignSubscriptionInput, MemberSubscription } from '@shared/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type AssignSubscriptionVariables = AssignSubscriptionInput & {
  memberId: number;
  idempotencyKey: string;
};

/**
 * POST /api/members/:id/subscriptions {subscriptionId, startDate 'YYYY-MM-DD', endDate?} → 201.
 * The server derives endDate from the plan's duration (a sent one is ignored). It charges dues:
 * the dialog's Idempotency-Key makes a retry charge nothing more (lib/idempotency-key.ts).
 */
export const assignSubscription = ({ memberId, idempotencyKey, ...body }: AssignSubscriptionVariables) =>
  apiRequest<MemberSubscription>('POST', `/api/members/${memberId}/subscriptions`, body, {
    'Idempotency-Key': idempotencyKey,
  });

export function useAssignSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignSubscription,
    onSuccess: (_created, { memberId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.memberSubscriptions.byMember(memberId) }),
        // The plans' active-member counts change.
        queryClient.invalidateQueries({ queryKey: queryKeys.plans }),
        // A plan whose start date has arrived charges its dues at once (docs/bank.md).
        queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }),
      ]),
  });
}
