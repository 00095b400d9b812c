import type { BankSummary } from '@shared/bank';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/bank: balance, in play, available, dues owed and every member's account (docs/bank.md). */
export const bankQueryOptions = queryOptions({
  queryKey: queryKeys.bank.summary,
  queryFn: () => apiGet<BankSummary>('/api/bank'),
});

export const useBank = () => useQuery(bankQueryOptions);
