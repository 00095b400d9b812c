import { describe, expect, it } from 'vitest';
import { profitPath } from './profit-line';

describe('the dashboard profit line', () => {
  it('spans the width, keeps zero in range and puts higher profit higher', () => {
    const path = profitPath([10, -20, 40]);
    expect(path.min).toBe(-20);
    expect(path.max).toBe(40);
    expect(path.points.map((p) => p.x)).toEqual([0, 50, 100]);
    const [a, b, c] = path.points.map((p) => p.y);
    expect(c).toBeLessThan(a!);
    expect(a).toBeLessThan(b!);
    expect(path.zeroY).toBeGreaterThan(a!);
    expect(path.zeroY).toBeLessThan(b!);
    expect(path.d).toMatch(/^M0\.00,[\d.]+L50\.00,[\d.]+L100\.00,[\d.]+$/);
  });

  it('draws a flat or single-point line inside the box', () => {
    expect(profitPath([0, 0]).points.every((p) => p.y > 0 && p.y < 100)).toBe(true);
    const one = profitPath([25]);
    expect(one.points).toEqual([{ x: 50, y: 4 }]);
    expect(one.min).toBe(0);
  });
});
