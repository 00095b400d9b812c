import { describe, expect, it } from 'vitest';
import { nextLink } from './link-header';

describe('nextLink', () => {
  it('reads the next page of a single link', () => {
    expect(nextLink('</api/bets?limit=50&before=123>; rel="next"')).toBe('/api/bets?limit=50&before=123');
  });

  it('answers null without a header or without a next link (the last page)', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink(undefined)).toBeNull();
    expect(nextLink('')).toBeNull();
    expect(nextLink('</api/bets?limit=50>; rel="first"')).toBeNull();
    expect(nextLink('</api/bets?limit=50>')).toBeNull();
  });

  it('finds next among several links, in any order', () => {
    const header =
      '</api/bets?limit=50>; rel="first", </api/bets?limit=50&cursor=abc>; rel="next", </x>; rel=prev';
    expect(nextLink(header)).toBe('/api/bets?limit=50&cursor=abc');
    expect(nextLink('<https://example.test/api/bets?cursor=z>; rel=next, </a>; rel="prev"')).toBe(
      'https://example.test/api/bets?cursor=z',
    );
  });

  it('accepts bare and upper-case rel values and several types in one value', () => {
    expect(nextLink('</p2>; rel=next')).toBe('/p2');
    expect(nextLink('</p2>; REL="Next"')).toBe('/p2');
    expect(nextLink('</p2>; rel="prefetch next"')).toBe('/p2');
    expect(nextLink('</p2>;rel=next')).toBe('/p2');
  });

  it('reads other parameters before rel, and quoted values holding commas or semicolons', () => {
    expect(nextLink('</p2>; title="a, b; c"; rel="next"')).toBe('/p2');
    expect(nextLink('</p1>; title="rel=next"; rel="prev", </p2>; rel="next"')).toBe('/p2');
  });

  it('keeps commas and semicolons inside the URI', () => {
    expect(nextLink('</api/bets?q=a,b;c&limit=50>; rel="next"')).toBe('/api/bets?q=a,b;c&limit=50');
  });

  it('does not take "next" from a part of another word or a later rel parameter', () => {
    expect(nextLink('</p2>; rel="nextpage"')).toBeNull();
    expect(nextLink('</p2>; rel="prev"; rel="next"')).toBeNull();
  });
});
