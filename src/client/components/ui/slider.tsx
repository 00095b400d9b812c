import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A range slider; `value`/`defaultValue` are arrays (one thumb per value). Arrow keys move by `step`.
 * Name the thumb with `thumbLabel`: a <label htmlFor> cannot name the thumb (a span with role="slider").
 */
export function Slider({
  className,
  thumbLabel,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabel?: string }) {
  const thumbs = (props.value ?? props.defaultValue ?? [0]).length;
  return (
    <SliderPrimitive.Root
      className={cn(
        'relative flex w-full touch-none select-none items-center py-2 data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {Array.from({ length: thumbs }, (_, i) => (
        <SliderPrimitive.Thumb
          // biome-ignore lint/suspicious/noArrayIndexKey: thumbs are positional and never reorder.
          key={i}
          aria-label={thumbLabel}
          className="block size-5 rounded-full border-2 border-primary bg-card shadow transition-colors"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
