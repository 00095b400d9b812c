import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base text-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive data-[placeholder]:text-muted-foreground md:text-sm [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          'relative z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[8rem] overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-lg',
          position === 'popper' &&
            'w-full min-w-[var(--radix-select-trigger-width)] data-[side=bottom]:translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center">
          <ChevronUp aria-hidden="true" className="size-4" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center">
          <ChevronDown aria-hidden="true" className="size-4" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

/** An option. `value` must not be '' (Radix reserves it for "no selection"). */
export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default select-none items-center rounded-sm py-2 pr-2 pl-8 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/**
 * Longer lists than this (a syndicate's members, the time zones) have only their chosen option
 * drawn while the select is closed. Radix draws a closed select's items off-screen, to name the
 * chosen one in the trigger: the 1,001 options of Insights' "Summary for" at 1,000 members were a
 * 200 ms task on every load of the page, the 400-odd time zones most of Settings' 110-140 ms one
 * (bench/performance-notes.md, "Long lists in selects"). The whole list is drawn when it opens.
 * What is lost: typing a letter on the closed trigger picks only among the drawn options.
 */
export const CLOSED_OPTIONS_MAX = 50;

/**
 * The options to draw: all of them while open or when the list is short, else only the chosen one
 * (which the trigger names).
 */
export function drawnOptions<T extends { value: string }>(
  options: readonly T[],
  open: boolean,
  value: string | undefined,
): readonly T[] {
  if (open || options.length <= CLOSED_OPTIONS_MAX) return options;
  return options.filter((o) => o.value === value);
}

/**
 * A labelled select with its error wired through aria-describedby, e.g.
 * `<SelectField label="Currency" value={v} onValueChange={set} options={[{value:'usd',label:'USD'}]} />`.
 * Use with react-hook-form through a Controller.
 */
export function SelectField({
  label,
  error,
  hint,
  placeholder,
  options,
  id,
  className,
  triggerClassName,
  onOpenChange,
  onValueChange,
  ...rootProps
}: ComponentProps<typeof SelectPrimitive.Root> & {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  id?: string;
  className?: string;
  triggerClassName?: string;
}) {
  const autoId = useId();
  const triggerId = id ?? autoId;
  const hintId = `${triggerId}-hint`;
  const errorId = `${triggerId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const [open, setOpen] = useState(false);
  // Where the value is left to Radix (not given), the last one picked is the chosen one.
  const [picked, setPicked] = useState(rootProps.defaultValue);
  const drawn = drawnOptions(options, rootProps.open ?? open, rootProps.value ?? picked);
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={triggerId}>{label}</Label>
      <Select
        {...rootProps}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
        onValueChange={(next) => {
          setPicked(next);
          onValueChange?.(next);
        }}
      >
        <SelectTrigger
          id={triggerId}
          className={triggerClassName}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {drawn.map((o) => (
            <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
