import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import {
  type ComponentProps,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
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
        'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base text-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive data-[placeholder]:text-muted-foreground md:text-sm [&>span]:truncate',
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
 * "Long lists in selects"). Typing on the closed trigger picks among all the options all the same
 * (useClosedTypeahead); for a few frames after opening, typing picks only among those drawn so far.
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

/** An option's text for typeahead: its label when that is text. */
const optionText = (o: SelectOption) =>
  typeof o.label === 'string' || typeof o.label === 'number' ? String(o.label) : undefined;

/**
 * The option typing `search` picks, as Radix's own typeahead does: the next option after the
 * chosen one (wrapping) whose text starts with the search; the same letter typed again steps
 * through the options starting with it. Undefined when none does, or only the chosen one.
 */
export function typeaheadOption<T extends SelectOption>(
  options: readonly T[],
  search: string,
  value: string | undefined,
): T | undefined {
  const repeated = search.length > 1 && [...search].every((c) => c === search[0]);
  const wanted = (repeated ? search[0]! : search).toLowerCase();
  const enabled = options.filter((o) => !o.disabled && optionText(o) !== undefined);
  const at = Math.max(
    enabled.findIndex((o) => o.value === value),
    0,
  );
  let order = [...enabled.slice(at), ...enabled.slice(0, at)];
  if (wanted.length === 1) order = order.filter((o) => o.value !== value);
  const next = order.find((o) => optionText(o)!.toLowerCase().startsWith(wanted));
  return next?.value === value ? undefined : next;
}

/**
 * Typeahead on a closed select's trigger over all of a long list's options (Radix's own only
 * sees the drawn ones, which is the chosen one alone while closed: CLOSED_OPTIONS_MAX). Give the
 * returned handler to the trigger's onKeyDown. Letters typed within a second make one search;
 * a space then is part of it. A short or open list is left to Radix.
 */
export function useClosedTypeahead(
  options: readonly SelectOption[],
  open: boolean,
  value: string | undefined,
  pick: (value: string) => void,
): (event: KeyboardEvent<HTMLButtonElement>) => void {
  const search = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (event) => {
      if (open || options.length <= CLOSED_OPTIONS_MAX) return;
      if (event.key.length !== 1 || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key === ' ' && search.current === '') return; // Space opens the list.
      event.preventDefault(); // Radix's handler (its typeahead, Space to open) is skipped.
      search.current += event.key;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        search.current = '';
      }, 1000);
      const next = typeaheadOption(options, search.current, value);
      if (next) pick(next.value);
    },
    [options, open, value, pick],
  );
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
  defaultValue,
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
  const [ownOpen, setOpen] = useState(false);
  // Where the value is left to the field (no `value` prop at all), the last one picked is the
  // chosen one; a `value` prop given as undefined means nothing is chosen.
  const [picked, setPicked] = useState(defaultValue);
  const value = 'value' in rootProps ? rootProps.value : picked;
  const open = rootProps.open ?? ownOpen;
  const pick = useCallback(
    (next: string) => {
      setPicked(next);
      onValueChange?.(next);
    },
    [onValueChange],
  );
  const onTriggerKeyDown = useClosedTypeahead(options, open, value, pick);
  return (
    // min-w-0: a long choice (a race's name) truncates in its trigger instead of widening the
    // grid track it sits in, and with it the whole form.
    <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2', className)}>
      <Label htmlFor={triggerId}>{label}</Label>
      <Select
        {...rootProps}
        // '' is Radix's "nothing chosen" (the placeholder shows).
        value={value ?? ''}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
        onValueChange={pick}
      >
        <SelectTrigger
          id={triggerId}
          className={triggerClassName}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={onTriggerKeyDown}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          <SelectOptions options={options} open={open} value={value} />
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
