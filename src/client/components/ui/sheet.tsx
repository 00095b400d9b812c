import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CLEAR_OF_TOASTS_SIDE } from './toast-insets';

export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

/** A Radix Dialog that slides in from the left edge: focus is trapped and Escape closes it. */
export function SheetContent({
  className,
  children,
  title,
  description,
  ...props
}: ComponentProps<typeof Dialog.Content> & { title: ReactNode; description?: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl outline-none data-[state=open]:animate-slide-in-left',
          CLEAR_OF_TOASTS_SIDE,
          className,
        )}
        {...props}
      >
        <div className="flex items-center justify-between border-b border-white/10 px-4 py-3">
          <Dialog.Title className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
            {title}
          </Dialog.Title>
          <Dialog.Close
            aria-label="Close menu"
            className="shrink-0 rounded-md p-2 text-sidebar-foreground hover:bg-sidebar-active"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        {description ? <Dialog.Description className="sr-only">{description}</Dialog.Description> : null}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
