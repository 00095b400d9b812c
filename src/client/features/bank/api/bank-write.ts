import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** One bank POST: the body and the Idempotency-Key its dialog chose for it (src/client/lib/idempotency-key.ts). */
export interface BankWrite<TBody> {
  body: TBody;
  idempotencyKey: string;
}

export const postBank = <TResult, TBody>(url: string, { body, idempotencyKey }: BankWrite<TBody>) =>
  apiRequest<TResult>('POST', url, body, { 'Idempotency-Key': idempotencyKey });

/**
 * A bank write whose success refreshes every bank query (summary, ledger pages, statements); the
 * activity feed and audit log refresh after every write (lib/query-client.ts). `refresh: false`
 * is a dry run: it writes nothing and records no event, so nothing is refreshed.
 */
export function useBankWrite<TVariables, TResult>(
  send: (write: TVariables) => Promise<TResult>,
  { refresh = true }: { refresh?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { recordsEvent: refresh },
    onSuccess: () => (refresh ? queryClient.invalidateQueries({ queryKey: queryKeys.bank.all }) : undefined),
  });
}
