import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins class names and skips falsy ones', () => {
    expect(cn('flex', false, null, undefined, '', 'gap-2')).toBe('flex gap-2');
  });

  it("lets a caller's class win over the component's own for the same property", () => {
    // The cases found in the running app, where the stylesheet's order had kept the component's.
    expect(cn('size-10 text-sm font-semibold', 'size-8 text-xs')).toBe('font-semibold size-8 text-xs');
    expect(cn('px-3 text-left font-medium', 'text-right')).toBe('px-3 font-medium text-right');
    expect(cn('h-9 px-3 text-sm', 'h-7 px-2 text-xs')).toBe('h-7 px-2 text-xs');
    expect(cn('hover:bg-muted/50', 'hover:bg-transparent')).toBe('hover:bg-transparent');
  });

  it('keeps classes that set different things, a colour beside a size', () => {
    expect(cn('text-sm text-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('px-3', 'max-md:px-1.5')).toBe('px-3 max-md:px-1.5');
  });
});
