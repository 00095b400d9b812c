import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Text colours meet WCAG AA on their backgrounds. */
const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  success: 'border-transparent bg-[#dcfce7] text-[#14532d]',
  destructive: 'border-transparent bg-[#fee2e2] text-[#991b1b]',
  warning: 'border-transparent bg-[#fef3c7] text-[#78350f]',
  info: 'border-transparent bg-[#dbeafe] text-[#1e3a8a]',
  outline: 'border-border text-foreground',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
