import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A labelled group of choices shown as tappable tiles (role="radiogroup"): arrow keys move between
 * them, Tab leaves the group. `<RadioTiles label="Outcome" options={[{value, label}]} … />`.
 */
export function RadioTiles({
  label,
  options,
  error,
  className,
  ...rootProps
}: ComponentProps<typeof RadioGroupPrimitive.Root> & {
  label: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  error?: string | undefined;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium leading-none">
        {label}
      </p>
      <RadioGroupPrimitive.Root
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className={cn('grid grid-cols-2 gap-2', className)}
        {...rootProps}
      >
        {options.map((o) => (
          <RadioGroupPrimitive.Item
            key={o.value}
            value={o.value}
            className="flex min-h-10 items-center gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-sm font-medium hover:bg-muted focus-visible:border-ring data-[state=checked]:border-primary data-[state=checked]:bg-secondary"
          >
            <span
              aria-hidden="true"
              className="flex size-4 shrink-0 items-center justify-center rounded-full border border-primary"
            >
              <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
            </span>
            {o.label}
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
