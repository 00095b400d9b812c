import { startTransition, useEffect, useState } from 'react';

/** Items drawn at once; the rest follow in steps of this many. */
export const ITEMS_A_STEP = 60;

/**
 * How many of `total` items (cards, rows) to draw: the first ITEMS_A_STEP at once, then the rest
 * step by step, each step a transition after a frame, which React draws between the browser's
 * frames. For lists that hold a syndicate's every member (up to thousands) and are not
 * virtualised: all of them are in the page a moment later (find in page, print), and no single
 * task draws them all.
 */
export function useProgressiveCount(total: number, step = ITEMS_A_STEP): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    const next = requestAnimationFrame(() => startTransition(() => setShown((n) => n + step)));
    return () => cancelAnimationFrame(next);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
