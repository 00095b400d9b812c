import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeText, isCleanName, isCleanText, nameText } from './text';

/** Every character the rule refuses in names (C0, DEL, C1, zero-width, separators, bidi, BOM). */
const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  ...Array.from({ length: 0x5 }, (_, i) => 0x200b + i),
  0x2028,
  0x2029,
  ...Array.from({ length: 0x5 }, (_, i) => 0x202a + i),
  ...Array.from({ length: 0x4 }, (_, i) => 0x2066 + i),
  0xfeff,
].map((c) => String.fromCodePoint(c));
const LINE_BREAKS = ['\n', '\r', '\t'];

const name = nameText('Name', 'Name is required').min(1, 'Name is required').max(100, 'too long');
const text = freeText('Description', 'Description must be text').max(1000, 'too long');

describe('nameText', () => {
  it('trims and keeps letters of every script, accents, emoji and punctuation', () => {
    for (const ok of ['Zoë Ängström', '王小明', 'Ōtaki Māori', 'O’Brien-Smith', 'محمد', 'Horse 🐎 #3']) {
      expect(name.parse(`  ${ok}  `)).toBe(ok);
    }
  });

  it('refuses each control, zero-width and bidi character with a message naming the field', () => {
    for (const bad of REFUSED) {
      const result = name.safeParse(`Al${bad}ice`);
      expect(result.success, `U+${bad.codePointAt(0)?.toString(16)}`).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Name contains characters that are not allowed');
    }
  });

  it('refuses half of a surrogate pair (a broken emoji, stored as U+FFFD), and keeps whole pairs', () => {
    for (const bad of ['Al\ud800ice', 'Alice\udc00', '\ud83cAlice', 'Al\udc0e\ud83cice']) {
      expect(isCleanName(bad), JSON.stringify(bad)).toBe(false);
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isCleanName('Horse \ud83d\udc0e')).toBe(true);
  });

  it('property: any string holding a refused character anywhere inside is refused', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...REFUSED), fc.string(), (a, bad, b) => {
        // Surrounding whitespace is trimmed away, so put the character between letters.
        expect(isCleanName(`${a}x${bad}x${b}`)).toBe(false);
        expect(name.safeParse(`x${a}x${bad}x${b}x`).success).toBe(false);
      }),
    );
  });

  it('property: any string without them is accepted as trimmed (length rules aside)', () => {
    const clean = fc
      .string({ unit: 'grapheme', maxLength: 50 })
      .filter((s) => isCleanName(s) && s.trim() !== '');
    fc.assert(
      fc.property(clean, (s) => {
        expect(name.parse(s)).toBe(s.trim());
      }),
    );
  });
});

describe('freeText', () => {
  it('keeps line breaks and tabs, refuses the rest', () => {
    expect(text.parse('  First line\nsecond\r\nthird\tcolumn  ')).toBe('First line\nsecond\r\nthird\tcolumn');
    for (const bad of REFUSED.filter((c) => !LINE_BREAKS.includes(c))) {
      expect(isCleanText(`a${bad}b`), `U+${bad.codePointAt(0)?.toString(16)}`).toBe(false);
      expect(text.safeParse(`a${bad}b`).error?.issues[0]?.message).toBe(
        'Description contains characters that are not allowed',
      );
    }
  });
});
