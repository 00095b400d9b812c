// Invite codes: 8 characters of Crockford's base32 alphabet (no I, L, O, U), case-insensitive.
export const INVITE_CODE_LENGTH = 8;
export const INVITE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Generate a code from 8 random bytes (each byte's low 5 bits pick a letter: no modulo bias). */
export function generateInviteCode(randomBytes: (n: number) => Uint8Array): string {
  return Array.from(randomBytes(INVITE_CODE_LENGTH), (b) => INVITE_ALPHABET[b & 31]).join('');
}

/**
 * Normalise what a person typed: trim, upper-case, drop separators, and read the letters
 * Crockford's alphabet treats as look-alikes (O → 0, I and L → 1). Returns null when the
 * result cannot be a code.
 */
export function normaliseInviteCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== INVITE_CODE_LENGTH) return null;
  for (const ch of code) if (!INVITE_ALPHABET.includes(ch)) return null;
  return code;
}
