import { describe, expect, it } from 'vitest';
import { avatarColour, LIGHTNESS, SATURATION } from './avatar-colour';

/** sRGB of hsl(h s% l%), 0–1 each (CSS Color 4's conversion). */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: [number, number, number]) =>
  0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

describe('avatarColour', () => {
  it('gives white initials at least 4.5:1 contrast at every hue', () => {
    for (let hue = 0; hue < 360; hue++) {
      const contrast = 1.05 / (luminance(hslToRgb(hue, SATURATION / 100, LIGHTNESS / 100)) + 0.05);
      expect(contrast, `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is stable for a name', () => {
    expect(avatarColour('Carol Smith')).toBe(avatarColour('Carol Smith'));
    expect(avatarColour('Carol Smith')).toMatch(/^hsl\(\d+ 55% 28%\)$/);
  });
});
