// File names of the CSV downloads: ASCII only, accents dropped rather than turned into dashes.
import { describe, expect, it } from 'vitest';
import { fileSlug, textCell } from './csv';

describe('fileSlug', () => {
  it('keeps the letters of accented and other Latin names', () => {
    expect(fileSlug('The Punting Club!', 'x')).toBe('the-punting-club');
    expect(fileSlug('Øresund Racing Club', 'x')).toBe('oresund-racing-club');
    expect(fileSlug('Carol Nguyễn', 'x')).toBe('carol-nguyen');
    expect(fileSlug('Straße Łódź Æther', 'x')).toBe('strasse-lodz-aether');
  });

  it('falls back when nothing ASCII is left, and stays within 60 characters', () => {
    expect(fileSlug('馬の会', 'syndicate')).toBe('syndicate');
    expect(fileSlug('a'.repeat(80), 'x')).toHaveLength(60);
  });
});

describe('textCell', () => {
  it('neutralises a formula and quotes what needs it', () => {
    expect(textCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(textCell('a,b')).toBe('"a,b"');
    expect(textCell(null)).toBe('');
  });
});
