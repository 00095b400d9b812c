import { describe, expect, it } from 'vitest';
import { CLOSED_OPTIONS_MAX, drawnOptions, typeaheadOption } from './select';

const list = (n: number) => Array.from({ length: n }, (_, i) => ({ value: String(i), label: `Option ${i}` }));

describe('drawnOptions', () => {
  it('draws a short list whole, open or closed', () => {
    const short = list(CLOSED_OPTIONS_MAX);
    expect(drawnOptions(short, false, '3')).toBe(short);
    expect(drawnOptions(short, true, '3')).toBe(short);
  });

  it('draws a long list whole while open, and only the chosen option while closed', () => {
    const long = list(1001);
    expect(drawnOptions(long, true, '700')).toBe(long);
    expect(drawnOptions(long, false, '700')).toEqual([{ value: '700', label: 'Option 700' }]);
  });

  it('draws an open long list from the top, down to the chosen option at least', () => {
    const long = list(1001);
    expect(drawnOptions(long, true, undefined, 60)).toEqual(long.slice(0, 60));
    expect(drawnOptions(long, true, '3', 60)).toEqual(long.slice(0, 60));
    expect(drawnOptions(long, true, '700', 60)).toEqual(long.slice(0, 701));
    expect(drawnOptions(long, true, '700', 960)).toEqual(long.slice(0, 960));
    expect(drawnOptions(long, true, '1000', 60)).toBe(long);
    expect(drawnOptions(long, true, undefined, 2000)).toBe(long);
  });

  it('draws a short list whole however few are asked for while open', () => {
    const short = list(CLOSED_OPTIONS_MAX);
    expect(drawnOptions(short, true, undefined, 10)).toBe(short);
  });

  it('draws no option of a closed long list with nothing chosen, or a value not in it', () => {
    const long = list(CLOSED_OPTIONS_MAX + 1);
    expect(drawnOptions(long, false, undefined)).toEqual([]);
    expect(drawnOptions(long, false, 'gone')).toEqual([]);
  });
});

describe('typeaheadOption', () => {
  const zones = [
    'UTC',
    'Europe/Lisbon',
    'Europe/London',
    'Europe/Madrid',
    'Pacific/Apia',
    'Pacific/Auckland',
  ].map((z) => ({ value: z, label: z }));
  const pick = (search: string, value: string | undefined) => typeaheadOption(zones, search, value)?.value;

  it('finds the option whose text starts with what was typed, whatever the case', () => {
    expect(pick('europe/lo', 'UTC')).toBe('Europe/London');
    expect(pick('Pacific/Au', 'UTC')).toBe('Pacific/Auckland');
    expect(pick('Asia', 'UTC')).toBeUndefined();
  });

  it('a letter steps to the next option starting with it, after the chosen one, wrapping', () => {
    expect(pick('e', 'UTC')).toBe('Europe/Lisbon');
    expect(pick('e', 'Europe/Lisbon')).toBe('Europe/London');
    expect(pick('e', 'Europe/Madrid')).toBe('Europe/Lisbon');
    expect(pick('eee', 'Europe/London')).toBe('Europe/Madrid');
    expect(pick('u', 'UTC')).toBeUndefined();
  });

  it('a longer search keeps the chosen option when it still matches', () => {
    expect(pick('Europe/Li', 'Europe/Lisbon')).toBeUndefined();
  });

  it('skips disabled options and options without text', () => {
    const options = [
      { value: 'a', label: 'Alpha', disabled: true },
      { value: 'b', label: <b>Alpine</b> },
      { value: 'c', label: 'Alps' },
    ];
    expect(typeaheadOption(options, 'al', undefined)?.value).toBe('c');
  });
});
