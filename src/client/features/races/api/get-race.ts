import type { RaceDetail } from '@shared/race';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/races/:id → the race with its runners (null when none are known) and its result. */
export const getRace = (id: number) => apiGet<RaceDetail>(`/api/races/${id}`);

export const raceQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.race(id), queryFn: () => getRace(id) });

/** One race's detail; idle while `id` is null (no race chosen yet). */
export function useRace(id: number | null) {
  return useQuery({ ...raceQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
