// What the import and the results share: the syndicate's key (400 without a readable one) and a
// provider call whose failures become HTTP errors — the provider's outage a bad gateway (502); a
// refused key, a plan without results or a day the provider does not serve are the caller's to
// fix (400).
import type { Db } from '../../db/client';
import { badRequest, HttpError } from '../../lib/http-error';
import { readRacingApiKey } from './api-key';
import { ProviderError } from './providers/provider';
import { NOT_CONFIGURED, UNREADABLE } from './service';

export async function apiKeyOf(db: Db, syndicateId: number, secret: string): Promise<string> {
  const stored = await readRacingApiKey(db, syndicateId, secret);
  if (stored.state === 'none') throw badRequest(NOT_CONFIGURED);
  if (stored.state === 'unreadable') throw badRequest(UNREADABLE);
  return stored.apiKey;
}

export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.kind === 'unreachable') throw new HttpError(502, err.message);
    if (err.kind === 'unsupported-date')
      throw badRequest(err.message, [{ path: 'date', message: err.message }]);
    throw badRequest(err.message);
  }
}
