import type { Bet } from '@shared/bet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getBets = () => apiGet<Bet[]>('/api/bets');

/** Every bet, each with its member {id, name, initials} and race summary (or null). */
export const betsQueryOptions = queryOptions({ queryKey: queryKeys.bets, queryFn: getBets });

export const useBets = () => useQuery(betsQueryOptions);
