import { useCallback, useRef, useState } from 'react';

/**
 * Open state for a dialog opened by a button outside it (no DialogTrigger). Radix returns focus only
 * to its own trigger, so this remembers the element focused when the dialog opened and focuses it
 * again after the dialog closes (keyboard users land back where they were).
 */
export function useDialogState() {
  const [open, setOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const onOpenChange = useCallback((next: boolean) => {
    if (next) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      const target = returnTo.current;
      returnTo.current = null;
      // After Radix's own close handling (which runs in a 0 ms timeout and focuses nothing here).
      if (target) setTimeout(() => target.isConnected && target.focus(), 0);
    }
    setOpen(next);
  }, []);
  return { open, onOpenChange, show: useCallback(() => onOpenChange(true), [onOpenChange]) };
}
