import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { type ComponentProps, memo, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { useProgressiveCount } from '@/lib/use-progressive-count';
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
        {/* No ScrollUpButton/ScrollDownButton: when one appears it scrolls the focused option
            (the chosen one, just after opening) back into view, so a list flung or dragged away
            from it jumped back, and a click landing during the jump chose nothing. The list
            scrolls natively; a thin scrollbar (Radix hides it) shows there is more. */}
        <SelectPrimitive.Viewport className="p-1 [scrollbar-width:thin]!">
          {children}
        </SelectPrimitive.Viewport>
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
 * Longer lists than this (a syndicate's members, the time zones) are drawn lazily. Closed, only
 * the chosen option is drawn: Radix draws a closed select's items off-screen, to name the chosen
 * one in the trigger, and the 1,001 options of Insights' "Summary for" at 1,000 members were a
 * 200 ms task on every load of the page, the 400-odd time zones most of Settings' 110-140 ms one.
 * Opened, the list is drawn from the top a step at a time (useProgressiveCount), the chosen option
 * in the first step: opening 1,000 members at once was a 330-350 ms task (bench/performance-notes.md,
 * "Long lists in selects"). What is lost: typing a letter on the closed trigger picks only among
 * the drawn options, and for a few frames after opening, only among those drawn so far.
 */
export const CLOSED_OPTIONS_MAX = 50;

/**
 * The options to draw. A short list: all of them. A long one: closed, only the chosen one (which
 * the trigger names); open, the first `openCount` and as many more as reach the chosen one, so
 * what is added later only ever goes below what is shown.
 */
export function drawnOptions<T extends { value: string }>(
  options: readonly T[],
  open: boolean,
  value: string | undefined,
  openCount = options.length,
): readonly T[] {
  if (options.length <= CLOSED_OPTIONS_MAX) return options;
  if (!open) return options.filter((o) => o.value === value);
  const chosenAt = options.findIndex((o) => o.value === value);
  const count = Math.max(openCount, chosenAt + 1);
  return count >= options.length ? options : options.slice(0, count);
}

/** Unchanged options are not drawn again as more are added. */
const MemoSelectItem = memo(SelectItem);

const itemOf = (o: SelectOption) => (
  <MemoSelectItem key={o.value} value={o.value} disabled={o.disabled}>
    {o.label}
  </MemoSelectItem>
);

/** An open long list: mounted when the select opens, so each opening starts from the first step. */
function OpenLongList({ options, value }: { options: readonly SelectOption[]; value: string | undefined }) {
  const count = useProgressiveCount(options.length);
  return <>{drawnOptions(options, true, value, count).map(itemOf)}</>;
}

/**
 * A select's options, for its SelectContent: a long list drawn lazily (CLOSED_OPTIONS_MAX).
 * `open` and `value` are the select's.
 */
export function SelectOptions({
  options,
  open,
  value,
}: {
  options: readonly SelectOption[];
  open: boolean;
  value: string | undefined;
}) {
  if (open && options.length > CLOSED_OPTIONS_MAX) return <OpenLongList options={options} value={value} />;
  return <>{drawnOptions(options, open, value).map(itemOf)}</>;
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
          <SelectOptions options={options} open={rootProps.open ?? open} value={rootProps.value ?? picked} />
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
