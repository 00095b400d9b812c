import { describe, expect, it } from 'vitest';
import { CLOSED_OPTIONS_MAX, drawnOptions } from './select';

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
