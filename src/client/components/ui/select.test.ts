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

  it('draws no option of a closed long list with nothing chosen, or a value not in it', () => {
    const long = list(CLOSED_OPTIONS_MAX + 1);
    expect(drawnOptions(long, false, undefined)).toEqual([]);
    expect(drawnOptions(long, false, 'gone')).toEqual([]);
  });
});
