import type { Race } from '@shared/race';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getRaces = () => apiGet<Race[]>('/api/races');

/** Every race of the syndicate (date is an ISO instant; filter "from the start of today" client-side). */
export const racesQueryOptions = queryOptions({ queryKey: queryKeys.races, queryFn: getRaces });

export const useRaces = () => useQuery(racesQueryOptions);
