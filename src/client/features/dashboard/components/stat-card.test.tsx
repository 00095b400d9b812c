import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { figureWidth } from '@/lib/format';
import { STAT_VALUE_CLASS, StatCard, statValueStyle } from './stat-card';

describe('StatCard', () => {
  it('shows title, value and description without a trend when none is given', () => {
    const html = renderToStaticMarkup(<StatCard title="Win Rate" value="67%" description="of all bets" />);
    expect(html).toContain('Win Rate');
    expect(html).toContain('67%');
    expect(html).toContain('of all bets');
    expect(html).not.toContain('stat-trend');
  });

  it('hides a null trend', () => {
    expect(renderToStaticMarkup(<StatCard title="Total Wins" value={3} trend={null} />)).not.toContain(
      'stat-trend',
    );
  });

  it('shows a rise as success with a plus sign, rounded', () => {
    const html = renderToStaticMarkup(<StatCard title="Total Wins" value={3} trend={12.4} />);
    expect(html).toContain('text-success');
    expect(html).toMatch(/\+<!-- -->12<!-- -->%|\+12%/);
  });

  it('shows a fall as destructive', () => {
    const html = renderToStaticMarkup(<StatCard title="Current Balance" value="$5.00" trend={-30} />);
    expect(html).toContain('text-destructive');
    expect(html).toContain('-30');
  });
});

describe('a figure’s size (fitFigure)', () => {
  /** The size drawn in a container `px` wide, with a largest size of `max` px. */
  const drawn = (text: string, container: number, max = 24) => {
    const match = /^min\(var\(--figure-max\), ([\d.]+)cqi\)$/.exec(String(statValueStyle(text)?.fontSize));
    if (!match) throw new Error(`unexpected ${JSON.stringify(statValueStyle(text))}`);
    return Math.min(max, (Number(match[1]) * container) / 100);
  };
  /** The figure's width at that size: DejaVu Sans Bold's digits are 0.696 em (figureWidth's unit). */
  const wide = (text: string, size: number) => figureWidth(text) * 0.696 * size;
  // A phone's card (two a row at 390 px: about 141 px of text), a wide screen's (four a row), the bank's.
  const containers = [141, 190, 300];

  it('keeps short figures at the full size on a phone', () => {
    expect(drawn('$1,234.56', 141, 20)).toBe(20);
    expect(drawn('42', 141, 20)).toBe(20);
  });

  it('fits every sum the app can hold on one line, whatever the card’s width', () => {
    for (const text of [
      '+$698,000.00',
      '-$1,234,567.89',
      '+NZ$2,688,000.00',
      '+$9,999,000,000.00',
      '+NZ$9,999,000,000.00',
      '−NZ$99,999,000,000.00',
    ])
      for (const container of containers) {
        const size = drawn(text, container);
        expect(wide(text, size), `${text} in ${container} px`).toBeLessThanOrEqual(container);
        // No smaller than it needs to be (within the rounding of the units).
        if (size < 24)
          expect(wide(text, size), `${text} in ${container} px`).toBeGreaterThan(container * 0.98);
      }
  });

  it("counts a symbol's letters as wider than digits", () => {
    expect(drawn('+NZ$698,000.00', 141)).toBeLessThan(drawn('+$2,688,000.00', 141));
  });

  it('is what the card draws; something not text keeps the class’s size', () => {
    const html = renderToStaticMarkup(<StatCard title="Profit" value="+$698,000.00" />);
    expect(html).toContain(`class="${STAT_VALUE_CLASS}"`);
    expect(html).toContain(`font-size:${statValueStyle('+$698,000.00')?.fontSize}`);
    expect(statValueStyle(<span>…</span>)).toBeUndefined();
  });
});
