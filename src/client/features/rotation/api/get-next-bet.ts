import type { NextBet } from '@shared/rotation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const NO_NEXT_BET: NextBet = { member: null, date: null };

/** GET /api/next-bet; any failure reads as nobody scheduled (spec §7). */
export async function getNextBet(): Promise<NextBet> {
  try {
    return (await apiGet<NextBet | undefined>('/api/next-bet')) ?? NO_NEXT_BET;
  } catch {
    return NO_NEXT_BET;
  }
}

export const nextBetQueryOptions = queryOptions({ queryKey: queryKeys.nextBet, queryFn: getNextBet });

/** {member: {id, name} | null, date: ISO | null}: who bets next and on which race's date. */
export const useNextBet = () => useQuery(nextBetQueryOptions);
