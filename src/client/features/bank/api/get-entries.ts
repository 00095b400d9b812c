import type { BankEntryType, EntriesPage } from '@shared/bank';
import { ENTRIES_LIMIT_MAX } from '@shared/bank';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface EntriesFilter {
  memberId?: number | undefined;
  type?: BankEntryType | undefined;
}

/** GET /api/bank/entries?memberId=&type=&limit=&cursor= → one page, newest first (keyset-paged). */
export function getEntries(filter: EntriesFilter, limit: number, cursor?: string | null) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filter.memberId) params.set('memberId', String(filter.memberId));
  if (filter.type) params.set('type', filter.type);
  if (cursor) params.set('cursor', cursor);
  return apiGet<EntriesPage>(`/api/bank/entries?${params}`);
}

const PAGE_SIZE = 50;

/** The ledger, newest first; `fetchNextPage` follows `nextCursor` ("Load more"). */
export function useBankEntries(filter: EntriesFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.bank.entries({ ...filter, pageSize: PAGE_SIZE }),
    queryFn: ({ pageParam }) => getEntries(filter, PAGE_SIZE, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The latest entries of the whole ledger for the balance chart (at most one page of 200). */
export function useRecentEntries() {
  return useQuery({
    queryKey: queryKeys.bank.entries({ chart: true, limit: ENTRIES_LIMIT_MAX }),
    queryFn: () => getEntries({}, ENTRIES_LIMIT_MAX),
  });
}
