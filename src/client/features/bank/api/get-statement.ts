import type { Statement } from '@shared/bank';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/bank/members/{id}/statement → the member's entries, oldest first, with running balance. */
export const getStatement = (memberId: number) =>
  apiGet<Statement>(`/api/bank/members/${memberId}/statement`);

/** The CSV of the same statement (same-origin: the session cookie goes with a plain link). */
export const statementCsvUrl = (memberId: number) => `/api/bank/members/${memberId}/statement?format=csv`;

export function useStatement(memberId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.bank.statement(memberId ?? 0),
    queryFn: () => getStatement(memberId!),
    enabled: enabled && memberId !== null,
  });
}
