// Secrets at rest (e.g. the racing-data API key): AES-256-GCM with a random 96-bit IV, a key
// derived from the server's session secret with HKDF-SHA256 and a purpose label, and optional
// associated data binding a ciphertext to its row (a value copied to another syndicate's row
// does not decrypt). Token format: "v1.<iv>.<tag>.<ciphertext>", each part base64url.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const SALT = 'racing-syndicate/secret-box';

/** A 256-bit key for one purpose ("racing-api-key"), derived from the server secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  if (secret.length < 16) throw new RangeError('The server secret is too short to derive keys from');
  return Buffer.from(hkdfSync('sha256', secret, SALT, purpose, KEY_BYTES));
}

export function encrypt(plain: string, key: Buffer, associatedData = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text, or throws when the token was altered, is malformed, or used another key/data. */
export function decrypt(token: string, key: Buffer, associatedData = ''): string {
  const [version, iv, tag, body, ...rest] = token.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
    throw new Error('Malformed secret');
  }
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('Malformed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
