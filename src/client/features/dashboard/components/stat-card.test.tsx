import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatCard, statValueClass } from './stat-card';

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

describe('statValueClass', () => {
  const size = (value: string | number) => statValueClass(value).split(' ')[0];
  it('keeps short figures at the full size', () => {
    expect(size('$1,234.56')).toBe('text-xl');
    expect(size(42)).toBe('text-xl');
  });
  it('steps a long sum of money down, and a longer one further', () => {
    expect(size('+$698,000.00')).toBe('text-lg');
    expect(size('-$1,234,567.89')).toBe('text-base');
    expect(size('€2,000,299.48')).toBe('text-base');
    expect(size('+$9,999,000,000.00')).toBe('text-xs');
  });
  it("counts a symbol's letters as wider than digits", () => {
    // As many characters as '+$2,688,000.00', which keeps text-base; the letters take more room.
    expect(size('+$2,688,000.00')).toBe('text-base');
    expect(size('+NZ$698,000.00')).toBe('text-sm');
    expect(size('+NZ$2,688,000.00')).toBe('text-xs');
    expect(size('A$98,000.00')).toBe('text-lg');
  });
  it('is what the card draws', () => {
    const html = renderToStaticMarkup(<StatCard title="Profit" value="+$698,000.00" />);
    expect(html).toContain(`class="${statValueClass('+$698,000.00')}"`);
  });
});
