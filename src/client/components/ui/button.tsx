import { Slot } from 'radix-ui';
import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-sm',
  accent: 'bg-accent text-accent-foreground hover:bg-[#f59e0b] shadow-sm',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-[#dbe7dd]',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-[#991b1b]',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a link) with button styling. */
  asChild?: boolean;
};

export function Button(props: ButtonProps) {
  return props.type === 'submit' && !props.asChild ? <SubmitButton {...props} /> : <PlainButton {...props} />;
}

function PlainButton({ className, variant = 'default', size = 'default', asChild, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/**
 * A form's submit button keeps focus across its request: it is disabled while the request is out,
 * and the browser moves focus off a disabled element to <body>. When the request fails the form
 * stays open (a refused save), and a keyboard user would start again from the top of the page;
 * here the button takes focus back when it is enabled again, if nothing else took it meanwhile.
 */
function SubmitButton(props: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const { disabled } = props;
  useLayoutEffect(() => {
    const button = ref.current;
    if (!button) return;
    if (disabled) {
      // Layout effects run before the browser's focus fix-up, so the button still has focus here.
      hadFocus.current ||= document.activeElement === button;
    } else if (hadFocus.current) {
      hadFocus.current = false;
      if (document.activeElement === null || document.activeElement === document.body) button.focus();
    }
  }, [disabled]);
  return <PlainButton {...props} ref={ref} />;
}
