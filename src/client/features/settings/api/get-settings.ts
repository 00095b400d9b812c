import type { ShareBasis } from '@shared/bank';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export interface SyndicateSettings {
  syndicateName: string;
  /** Major currency units, e.g. 100 = $100. */
  defaultBetAmount: number;
  currency: string;
  rotationStrategy: 'sequential' | 'random' | 'manual';
  timezone: string;
  /** Who shares a settled bet's result in the bank: every active member equally, or by capital. */
  shareBasis: ShareBasis;
}

/** Shown wherever the syndicate name is needed before settings exist (spec §2). */
export const PLACEHOLDER_SYNDICATE_NAME = 'My Syndicate';

export const SETTINGS_QUERY_KEY = ['/api/settings'] as const;

export const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: () => apiGet<SyndicateSettings>('/api/settings'),
});

export const useSettings = () => useQuery(settingsQueryOptions);
