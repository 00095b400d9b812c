// The racing-data integration's status: whether a key is stored and, when a provider is
// configured, what the provider said about it the last time we asked (at most once a minute per
// syndicate and key; see ProviderCheckCache).
import { createHash } from 'node:crypto';
import type { RacingStatus } from '../../../shared/settings';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { last4, readRacingApiKey } from './api-key';
import type { CheckResult, RacingProvider } from './providers/provider';
import { THE_RACING_API_URL, theRacingApi } from './providers/the-racing-api';

export const CONFIGURED = 'Racing data API key is configured';
export const NOT_CONFIGURED = 'No racing data API key configured';
export const UNREADABLE = 'The stored racing data API key cannot be read; please save it again';

export const checkMessages = (provider: string): Record<CheckResult, string> => ({
  ok: `Connected to ${provider}`,
  refused: `${provider} refused the API key; please check it and save it again`,
  unreachable: `${provider} could not be reached; the key will be checked again within a minute`,
});

/** How long a provider's verdict on a key is reused, in ms (spec: the client polls every 60 s). */
export const CHECK_TTL_MS = 60_000;

/** Seam for the provider check: given a readable key, what to report. */
export type ProviderCheck = (apiKey: string) => Promise<RacingStatus>;

const keyOnly: ProviderCheck = async (apiKey) => ({
  configured: true,
  message: CONFIGURED,
  last4: last4(apiKey),
});

/** The provider for this app, at RACING_API_URL (the provider's own address by default). */
export function racingProvider(env: Env): RacingProvider {
  return theRacingApi(env.racingApiUrl || THE_RACING_API_URL);
}

/** The provider's last verdict per syndicate, reused for CHECK_TTL_MS while the key is unchanged. */
export class ProviderCheckCache {
  private readonly entries = new Map<
    number,
    { fingerprint: string; at: number; result: Promise<CheckResult> }
  >();

  constructor(
    private readonly provider: RacingProvider,
    private readonly now: () => Date,
  ) {}

  /** A ProviderCheck for one syndicate; concurrent callers share one request. */
  forSyndicate(syndicateId: number): ProviderCheck {
    return async (apiKey) => {
      const fingerprint = createHash('sha256').update(apiKey).digest('hex');
      const t = this.now().getTime();
      let entry = this.entries.get(syndicateId);
      if (!entry || entry.fingerprint !== fingerprint || t - entry.at >= CHECK_TTL_MS || t < entry.at) {
        entry = { fingerprint, at: t, result: this.provider.check(apiKey) };
        this.entries.set(syndicateId, entry);
      }
      const result = await entry.result;
      return { configured: true, message: checkMessages(this.provider.name)[result], last4: last4(apiKey) };
    };
  }
}

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
