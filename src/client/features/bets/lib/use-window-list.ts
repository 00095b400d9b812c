import {
  measureElement,
  useWindowVirtualizer,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  type CSSProperties,
  startTransition,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** Start loading the next page when the last rendered item is this close to the end of the list. */
const LOAD_AHEAD = 15;

/**
 * A list virtualised against the window's scroll (the page scrolls, not a box): only the items
 * near the viewport are in the DOM, measured as they render (rows grow when a group expands), each
 * placed at its offset (`item.start - scrollMargin`, PLACED_ITEM) in a list as tall as all of them.
 * `anchor` goes on the element the items are placed in (a tbody or a ul), whose distance from the
 * top of the document is the list's scroll margin.
 * Near the end it asks for more (`onNearEnd`, the next keyset page).
 *
 * Items that scroll into range are drawn at most `perFrame` at a time (`shown`; the others are
 * placeholders of their size until the following frames): see `useStagedItems`.
 */
export function useWindowList<T extends HTMLElement>({
  count,
  estimateSize,
  getItemKey,
  gap = 0,
  perFrame,
  onNearEnd,
  listKey,
  learnSize = false,
}: {
  count: number;
  /** An item's height before it is measured: its real one where it can be known (a placed item measured at another height moves every item after it). */
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string;
  gap?: number;
  /** How many items that were not drawn before one frame may draw. */
  perFrame: number;
  onNearEnd: () => void;
  /** The query the items come from: another one is a new list (see `useStagedItems`). */
  listKey: string;
  /**
   * Estimate the items not measured yet at the height measured most often lately, rather than
   * `estimateSize`: for items whose height depends on their text wrapping (the table's rows, 78 px
   * rather than 65 when a member's or a race's name takes two lines), which no estimate made
   * before drawing knows.
   */
  learnSize?: boolean;
}) {
  const anchor = useRef<T>(null);
  const sizes = useRef(new SizeTally());
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
    estimateSize: learnSize ? (i) => sizes.current.mode ?? estimateSize(i) : estimateSize,
    overscan: 6,
    gap,
    scrollMargin,
    getItemKey,
    // Re-render in React's own batch, not synchronously inside each scroll event: a wheel turn
    // fires a scroll event per animation frame, and rendering the rows within each of them made
    // long tasks while scrolling (bench/bets-page.ts).
    useFlushSync: false,
    measureElement: (element, entry, instance) => {
      const size = measureWithoutLayout(element, entry, instance);
      if (learnSize && entry) sizes.current.add(size);
      return size;
    },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (count > 0 && lastIndex >= count - LOAD_AHEAD) onNearEnd();
  }, [lastIndex, count, onNearEnd]);

  // The list's identity: its query, and its first item (a bet added at the top is a new list too).
  const shown = useStagedItems(
    items,
    perFrame,
    virtualizer.range,
    `${listKey}\n${count > 0 ? getItemKey(0) : ''}`,
  );

  return { anchor, virtualizer, items, shown, scrollMargin };
}

/**
 * An item placed at its offset in the list (its style from usePlacedStyles) rather than after the
 * one before: the list is as tall as all its items (`virtualizer.getTotalSize()`), so drawing or
 * dropping an item lays out that item alone, not every one after it.
 */
export const PLACED_ITEM = 'absolute inset-x-0 top-0';

/**
 * Each item's style (its offset), the same object while the offset stays: the items are memoised,
 * and a new style object at every scroll step would render every one of them again.
 */
export function usePlacedStyles() {
  const cache = useRef(new Map<Key, CSSProperties>());
  return (key: Key, offset: number): CSSProperties => {
    const transform = `translateY(${offset}px)`;
    const known = cache.current.get(key);
    if (known?.transform === transform) return known;
    if (cache.current.size > 500) cache.current.clear();
    const style = { transform };
    cache.current.set(key, style);
    return style;
  };
}

type Key = VirtualItem['key'];

/**
 * The heights of the last RECENT_SIZES items measured (whole px) and the one among them measured
 * most often: recent ones only, so that when the rows' height changes (the window is resized and
 * names wrap differently) the estimate follows within a few dozen rows.
 */
export class SizeTally {
  private readonly recent: number[] = [];
  private readonly counts = new Map<number, number>();
  mode: number | undefined;

  add(size: number): void {
    const px = Math.round(size);
    this.recent.push(px);
    this.counts.set(px, (this.counts.get(px) ?? 0) + 1);
    if (this.recent.length > RECENT_SIZES) {
      const old = this.recent.shift() as number;
      const left = (this.counts.get(old) ?? 1) - 1;
      if (left === 0) this.counts.delete(old);
      else this.counts.set(old, left);
    }
    // A tie keeps the current mode; the few distinct heights make the scan cheap.
    let best = this.mode === undefined ? 0 : (this.counts.get(this.mode) ?? 0);
    for (const [height, n] of this.counts) {
      if (n > best) {
        this.mode = height;
        best = n;
      }
    }
  }
}

const RECENT_SIZES = 64;

/**
 * An item's height, without making the browser lay out the page: the virtualiser measures each
 * item as it mounts, from its ref (no `entry`), by reading `offsetHeight`, which forced a layout of
 * the whole table in the middle of React's commit, several times per wheel turn (a CPU profile of
 * the scroll at 1440 px had it first). Here an item mounting keeps the size known for its key, or
 * the estimate; the ResizeObserver the virtualiser also attaches reports the real size after the
 * frame's own layout, and that size is used.
 */
export function measureWithoutLayout<T extends Element>(
  element: T,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, T>,
): number {
  if (entry) return measureElement(element, entry, instance);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/**
 * The keys of `items` to draw: those in `drawn` (the last commit's) and at most `add` others,
 * those in the `visible` range first. `drawn` null means a new list (the first render, another
 * filter or sort): all of them. A scroll so fast that none of the drawn items is still in range
 * is not a new list: its rows are staged like any others.
 */
export function stageItems(
  items: readonly VirtualItem[],
  drawn: ReadonlySet<Key> | null,
  add: number,
  visible: { startIndex: number; endIndex: number } | null,
): Set<Key> {
  if (drawn === null) return new Set(items.map((i) => i.key));
  const shown = new Set<Key>();
  const fresh: VirtualItem[] = [];
  for (const item of items) {
    if (drawn.has(item.key)) shown.add(item.key);
    else fresh.push(item);
  }
  const inView = (i: VirtualItem) =>
    visible !== null && i.index >= visible.startIndex && i.index <= visible.endIndex ? 0 : 1;
  fresh.sort((a, b) => inView(a) - inView(b));
  for (const item of fresh.slice(0, add)) shown.add(item.key);
  return shown;
}

/**
 * Which of `items` to draw in this render. A fast scroll (a wheel turn of 800 px brings 13 table
 * rows) would otherwise build, style, lay out and paint every new row in one task: over 50 ms on a
 * slow phone (bench/bets-page.ts). So items that come into range start as placeholders of their
 * size, and each following frame draws `perFrame` more of them (those in the visible range first)
 * in a transition, which React renders in slices that yield to the browser. The render that
 * scrolled stays cheap. A new list (`listKey` changed: the first render, another filter or sort)
 * is drawn at once: the page's first rows, and the server's picture of them, appear whole.
 *
 * Only a new list is drawn whole. A scroll that outruns the drawing, where none of the drawn
 * items is in range any more, used to count as one too: at 4x CPU the main thread fell behind the
 * wheel, the next scroll step found nothing drawn in range and drew its 27 rows in one task, which
 * put it further behind (bench/bets-page.ts: most of the table's long tasks, 140-310 ms each).
 */
export function useStagedItems(
  items: VirtualItem[],
  perFrame: number,
  visible: { startIndex: number; endIndex: number } | null,
  listKey: string,
): ReadonlySet<Key> {
  /** The keys drawn by the last commit, and the batch it drew: a render of a new batch adds items. */
  const drawn = useRef<ReadonlySet<Key>>(new Set());
  /** The list those keys belong to; null before the first commit. */
  const drawnList = useRef<string | null>(null);
  const [batch, nextBatch] = useReducer((n: number) => n + 1, 0);
  const batchDrawn = useRef(batch);
  const shown = stageItems(
    items,
    drawnList.current === listKey ? drawn.current : null,
    batch !== batchDrawn.current ? perFrame : 0,
    visible,
  );
  const waiting = items.length - shown.size;
  useLayoutEffect(() => {
    drawn.current = shown;
    drawnList.current = listKey;
    batchDrawn.current = batch;
  });
  useEffect(() => {
    if (waiting === 0) return;
    const frame = requestAnimationFrame(() => startTransition(nextBatch));
    return () => cancelAnimationFrame(frame);
  });
  return shown;
}

const WIDE = '(min-width: 768px)';
let wideQuery: MediaQueryList | undefined;
/** One MediaQueryList for the page: making one per render cost more than the render's own work. */
const wide = () => {
  wideQuery ??= window.matchMedia(WIDE);
  return wideQuery;
};

/** md and up shows the table; below, cards (Tailwind's md breakpoint). Only one list is rendered. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = wide();
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => wide().matches,
    () => true,
  );
}
