import { useCallback, useRef, useState } from 'react';

/**
 * Which race's detail is open, for a page that opens it from many places (a bet's race, a calendar
 * day). The race stays set while the dialog fades out. Radix returns focus only to its own trigger,
 * so this remembers the element focused when the dialog opened (or the one given, when that element
 * will be gone, as a hover card's is) and focuses it again once the dialog has closed.
 */
export function useRaceDialog() {
  const [raceId, setRaceId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback((id: number, focusAfter?: HTMLElement | null) => {
    returnTo.current =
      focusAfter ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setRaceId(id);
    setOpen(true);
  }, []);

  const onOpenChange = useCallback((next: boolean) => {
    if (!next) {
      const target = returnTo.current;
      returnTo.current = null;
      // After Radix's own close handling (a 0 ms timeout that focuses nothing without a trigger).
      if (target) setTimeout(() => target.isConnected && target.focus(), 0);
    }
    setOpen(next);
  }, []);

  return { raceId, open, show, onOpenChange };
}
