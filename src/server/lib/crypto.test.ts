import { describe, expect, it } from 'vitest';
import { decrypt, deriveKey, encrypt } from './crypto';

const secret = 'test-secret-test-secret-test-secret-00';

describe('crypto', () => {
  const key = deriveKey(secret, 'racing-api-key');

  it('round-trips text, with a fresh IV each time', () => {
    const a = encrypt('sk_live_0123456789', key, 'syndicate:1');
    const b = encrypt('sk_live_0123456789', key, 'syndicate:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_live');
    expect(a.startsWith('v1.')).toBe(true);
    expect(decrypt(a, key, 'syndicate:1')).toBe('sk_live_0123456789');
    expect(decrypt(encrypt('ünïcødé 🐎', key), key)).toBe('ünïcødé 🐎');
  });

  it('derives different keys per purpose and per secret', () => {
    expect(deriveKey(secret, 'a').equals(deriveKey(secret, 'a'))).toBe(true);
    expect(deriveKey(secret, 'a').equals(deriveKey(secret, 'b'))).toBe(false);
    expect(deriveKey(`${secret}x`, 'a').equals(deriveKey(secret, 'a'))).toBe(false);
    expect(() => deriveKey('short', 'a')).toThrow(RangeError);
  });

  it('refuses another key, other associated data, tampering and garbage', () => {
    const token = encrypt('the key', key, 'syndicate:1');
    expect(() => decrypt(token, deriveKey(secret, 'other'), 'syndicate:1')).toThrow();
    expect(() => decrypt(token, key, 'syndicate:2')).toThrow();
    const [v, iv, tag, body] = token.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), key, 'syndicate:1'),
    ).toThrow();
    expect(() => decrypt('v1.abc', key)).toThrow('Malformed secret');
    expect(() => decrypt('v2.a.b.c', key)).toThrow('Malformed secret');
    expect(() => decrypt('', key)).toThrow('Malformed secret');
  });
});
