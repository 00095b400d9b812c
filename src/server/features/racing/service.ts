// The racing-data integration's status. Today it says whether a key is stored; the provider
// check (a later issue) plugs in at `checkProvider` without changing the route's contract.
import type { RacingStatus } from '../../../shared/settings';
import type { Db } from '../../db/client';
import { last4, readRacingApiKey } from './api-key';

export const CONFIGURED = 'Racing data API key is configured';
export const NOT_CONFIGURED = 'No racing data API key configured';
export const UNREADABLE = 'The stored racing data API key cannot be read; please save it again';

/** Seam for the provider check: given a readable key, what to report. */
export type ProviderCheck = (apiKey: string) => Promise<RacingStatus>;

const keyOnly: ProviderCheck = async (apiKey) => ({
  configured: true,
  message: CONFIGURED,
  last4: last4(apiKey),
});

export async function getRacingStatus(
  db: Db,
  syndicateId: number,
  secret: string,
  checkProvider: ProviderCheck = keyOnly,
): Promise<RacingStatus> {
  const stored = await readRacingApiKey(db, syndicateId, secret);
  if (stored.state === 'none') return { configured: false, message: NOT_CONFIGURED };
  if (stored.state === 'unreadable') return { configured: false, message: UNREADABLE };
  return checkProvider(stored.apiKey);
}
