import type { RacingStatus } from '@shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §9: the racing-data API status is the only thing polled, every 60 000 ms. */
export const RACING_STATUS_POLL_MS = 60_000;

export const getRacingStatus = () => apiGet<RacingStatus>('/api/racing/status');

export const racingStatusQueryOptions = queryOptions({
  queryKey: queryKeys.racingStatus,
  queryFn: getRacingStatus,
  refetchInterval: RACING_STATUS_POLL_MS,
});

/** {configured, message, last4?}. */
export const useRacingStatus = () => useQuery(racingStatusQueryOptions);
