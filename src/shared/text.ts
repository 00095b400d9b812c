// Human text (names and free text) as every form and the API take it: trimmed, and without
// characters a reader cannot see or that change how the text around them reads: C0/C1 controls,
// zero-width characters and bidirectional overrides (a name such as "Bob\u202Eevil" displays
// reversed, "Al\u200Bice" looks like "Alice" but is another name). Free text may keep line breaks
// and tabs where the UI has a text area.
import { z } from 'zod';

/**
 * Refused everywhere, besides half of a surrogate pair: C0 controls (U+0000–U+001F) and DEL/C1 (U+007F–U+009F), zero-width and
 * directional marks (U+200B–U+200F), line/paragraph separators (U+2028–U+2029), bidi embeddings
 * and overrides (U+202A–U+202E), bidi isolates (U+2066–U+2069) and the BOM / zero-width no-break
 * space (U+FEFF). (Code points, not a regular expression: the linter rightly flags control
 * characters in one.)
 */
function isRefused(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** Tab, line feed and carriage return: a text area's line breaks. */
const isLineBreakOrTab = (code: number): boolean => code === 0x09 || code === 0x0a || code === 0x0d;

function isClean(value: string, keepLineBreaks: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    // Every refused character is in the Basic Multilingual Plane: code units suffice.
    const code = value.charCodeAt(i);
    if (isRefused(code) && !(keepLineBreaks && isLineBreakOrTab(code))) return false;
    // Half of a surrogate pair (a broken emoji) is no character: PostgreSQL would store U+FFFD.
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/** True when a one-line name holds no control, zero-width or bidi character. */
export const isCleanName = (value: string): boolean => isClean(value, false);

/** True when free text holds none either, line breaks and tabs aside. */
export const isCleanText = (value: string): boolean => isClean(value, true);

/** "Race name contains characters that are not allowed". */
export const notAllowedMessage = (label: string): string =>
  `${label} contains characters that are not allowed`;

/**
 * A one-line name: a string (else `required`), trimmed, without control, zero-width or bidi
 * characters. Chain `.min()` / `.max()` for its length rules.
 */
export function nameText(label: string, required: string) {
  return z.string({ error: required }).trim().refine(isCleanName, notAllowedMessage(label));
}

/** Free text (a description, a reminder): as nameText but line breaks and tabs are kept. */
export function freeText(label: string, required: string) {
  return z.string({ error: required }).trim().refine(isCleanText, notAllowedMessage(label));
}
