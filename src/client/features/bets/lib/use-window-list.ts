import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Start loading the next page when the last rendered item is this close to the end of the list. */
const LOAD_AHEAD = 15;

/**
 * A list virtualised against the window's scroll (the page scrolls, not a box): only the items
 * near the viewport are in the DOM, measured as they render (rows grow when a group expands), with
 * spacers before and after standing in for the rest. `anchor` goes on the element the items start
 * in (a tbody or a ul), whose distance from the top of the document is the list's scroll margin.
 * Near the end it asks for more (`onNearEnd`, the next keyset page).
 */
export function useWindowList<T extends HTMLElement>({
  count,
  estimateSize,
  getItemKey,
  gap = 0,
  onNearEnd,
}: {
  count: number;
  estimateSize: number;
  getItemKey: (index: number) => string;
  gap?: number;
  onNearEnd: () => void;
}) {
  const anchor = useRef<T>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the top of the document, read again when the page's content resizes
  // (the toolbar wraps, a banner shows, the window changes width, rows are added) rather than on
  // every render: a layout read per render forced a layout on every scroll step.
  useLayoutEffect(() => {
    const measure = () => {
      if (!anchor.current) return;
      const top = anchor.current.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((margin) => (Math.abs(top - margin) >= 1 ? top : margin));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: 6,
    gap,
    scrollMargin,
    getItemKey,
    // Re-render in React's own batch, not synchronously inside each scroll event: a wheel turn
    // fires a scroll event per animation frame, and rendering the rows within each of them made
    // long tasks while scrolling (bench/bets-page.ts).
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;

  const lastIndex = last?.index ?? -1;
  useEffect(() => {
    if (count > 0 && lastIndex >= count - LOAD_AHEAD) onNearEnd();
  }, [lastIndex, count, onNearEnd]);

  return { anchor, virtualizer, items, before, after };
}

const WIDE = '(min-width: 768px)';

/** md and up shows the table; below, cards (Tailwind's md breakpoint). Only one list is rendered. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
