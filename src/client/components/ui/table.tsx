import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table inside a wrapper that scrolls sideways on small screens. The wrapper is focusable (and
 * named by `label`) so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function Table({
  className,
  wrapperClassName,
  label,
  ...props
}: ComponentProps<'table'> & { wrapperClassName?: string; label?: string }) {
  return (
    <section
      className={cn(
        'relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring',
        wrapperClassName,
      )}
      aria-label={label ?? 'Table'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </section>
  );
}

/**
 * The background of a sticky cell: opaque, as the row's other cells scroll beneath it, and in a
 * body row the row's hover colour (Tr's `bg-muted/50` over the card), which it would hide otherwise.
 */
export const STICKY_CELL_BG =
  'bg-card [tbody_tr:hover>&]:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]';

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b border-border transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

/** A header cell; pass aria-sort on sortable columns. */
export function Th({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
