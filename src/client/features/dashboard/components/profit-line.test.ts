import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { periodLabel } from '@/features/insights/components/profit-charts';
import { bindFormat } from '@/lib/format';
import { ProfitLine, profitPath } from './profit-line';

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

describe("the profit charts' period labels", () => {
  const point = (period: string) => ({ period, bets: 0, staked: 0, profit: 0, cumulativeProfit: 0 });
  const axis = (periods: string[], interval: 'day' | 'week' | 'month') =>
    renderToStaticMarkup(
      createElement(ProfitLine, { points: periods.map(point), interval, height: 100, label: 'chart' }),
    );

  it('name the year only when the line runs into another year', () => {
    expect(axis(['2026-03-02', '2026-11-30'], 'day')).toMatch(/>Mar 2<.*>Nov 30</);
    expect(axis(['2025-11-30', '2026-03-02'], 'day')).toMatch(/>Nov 30, 2025<.*>Mar 2, 2026</);
    expect(axis(['2026-01', '2026-11'], 'month')).toMatch(/>Jan<.*>Nov</);
    expect(axis(['2025-11', '2026-11'], 'month')).toMatch(/>Nov 2025<.*>Nov 2026</);
    // This year by week starts on the Monday before 1 January: that week is the new year's first.
    expect(axis(['2025-12-29', '2026-11-30'], 'week')).toMatch(/>Wk of Dec 29<.*>Wk of Nov 30</);
    expect(axis(['2025-12-22', '2026-11-30'], 'week')).toMatch(/>Wk of Dec 22, 2025<.*>Wk of Nov 30, 2026</);
  });

  it('on the insights charts, a day or week gets a short year when asked', () => {
    const f = bindFormat('usd', 'UTC');
    expect(periodLabel(f, '2026-11-30', 'day', false)).toBe('Nov 30');
    expect(periodLabel(f, '2025-11-24', 'week', true)).toBe('Wk of Nov 24 ’25');
    expect(periodLabel(f, '2025-11', 'month', true)).toBe('Nov 2025');
  });
});
