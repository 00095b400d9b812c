// The racing-data API key: stored on the syndicate row encrypted (AES-256-GCM, key derived
// from the session secret, bound to the syndicate id), never answered in full: only its last
// four characters leave the server. The provider client (a later issue) reads it with
// `readRacingApiKey`.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { syndicates } from '../../db/schema';
import { decrypt, deriveKey, encrypt } from '../../lib/crypto';
import { notFound } from '../../lib/http-error';

const PURPOSE = 'racing-api-key';
const boundTo = (syndicateId: number) => `syndicate:${syndicateId}`;
export const last4 = (apiKey: string) => apiKey.slice(-4);

export async function saveRacingApiKey(
  db: Db,
  syndicateId: number,
  secret: string,
  apiKey: string,
): Promise<{ configured: true; last4: string }> {
  const sealed = encrypt(apiKey, deriveKey(secret, PURPOSE), boundTo(syndicateId));
  const updated = await db
    .update(syndicates)
    .set({ racingApiKeyEnc: sealed })
    .where(eq(syndicates.id, syndicateId))
    .returning({ id: syndicates.id });
  if (updated.length === 0) throw notFound();
  return { configured: true, last4: last4(apiKey) };
}

export type StoredApiKey = { state: 'none' } | { state: 'unreadable' } | { state: 'ok'; apiKey: string };

/** The stored key in plain text; 'unreadable' when it was sealed under another server secret. */
export async function readRacingApiKey(db: Db, syndicateId: number, secret: string): Promise<StoredApiKey> {
  const [row] = await db
    .select({ sealed: syndicates.racingApiKeyEnc })
    .from(syndicates)
    .where(eq(syndicates.id, syndicateId));
  if (!row?.sealed) return { state: 'none' };
  try {
    return { state: 'ok', apiKey: decrypt(row.sealed, deriveKey(secret, PURPOSE), boundTo(syndicateId)) };
  } catch {
    return { state: 'unreadable' };
  }
}
