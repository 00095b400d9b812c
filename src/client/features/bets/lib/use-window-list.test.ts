import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureWithoutLayout, SizeTally, stageItems } from './use-window-list';

/** Items `from`..`to` (inclusive) of a list, keyed by index, 61 px each. */
const range = (from: number, to: number): VirtualItem[] =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const index = from + i;
    return { key: `k${index}`, index, start: index * 61, end: index * 61 + 61, size: 61, lane: 0 };
  });
const keys = (items: readonly VirtualItem[]) => new Set(items.map((i) => i.key));

describe('stageItems (a fast scroll draws its new rows a few a frame)', () => {
  it('draws a new list at once: the first rows, or another filter or sort', () => {
    const items = range(0, 26);
    expect(stageItems(items, null, 0, { startIndex: 0, endIndex: 14 })).toEqual(keys(items));
    expect(stageItems(items, null, 3, null)).toEqual(keys(items));
  });

  it('stages a scroll that outran the drawing: nothing drawn is in range, and none is drawn at once', () => {
    // The range moved 40 rows while the drawn rows were 0-26: only the next frames add rows.
    const items = range(40, 66);
    const visible = { startIndex: 46, endIndex: 60 };
    expect(stageItems(items, keys(range(0, 26)), 0, visible)).toEqual(new Set());
    expect(stageItems(items, keys(range(0, 26)), 3, visible)).toEqual(keys(range(46, 48)));
  });

  it('after a scroll keeps what was drawn and adds none until a frame adds some, those in view first', () => {
    const drawn = keys(range(0, 26));
    // A wheel turn of 800 px: the range moves 13 rows down (items 13-39, rows 19-33 in view).
    const items = range(13, 39);
    const visible = { startIndex: 19, endIndex: 33 };
    expect(stageItems(items, drawn, 0, visible)).toEqual(keys(range(13, 26)));
    // The next frame: three more, the first ones in view that were not drawn (27, 28, 29).
    const next = stageItems(items, drawn, 3, visible);
    expect(next).toEqual(keys([...range(13, 26), ...range(27, 29)]));
    // The overscan below the view (34-39) comes last.
    const almost = stageItems(items, keys(range(13, 32)), 3, visible);
    expect(almost).toEqual(keys([...range(13, 33), ...range(34, 35)]));
  });

  it('always keeps the drawn items in range, adds at most `add`, and ends with every item drawn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (start, length, jump, add) => {
          const before = range(start, start + length - 1);
          const from = Math.max(0, start + jump);
          const items = range(from, from + length - 1);
          const visible = { startIndex: from + 2, endIndex: from + length - 3 };
          let drawn: ReadonlySet<VirtualItem['key']> = keys(before);
          const overlap = items.filter((i) => drawn.has(i.key));
          const first = stageItems(items, drawn, 0, visible);
          expect(first).toEqual(keys(overlap));
          drawn = first;
          for (let frame = 0; frame <= items.length; frame++) {
            const next = stageItems(items, drawn, add, visible);
            for (const k of drawn) expect(next.has(k)).toBe(true);
            expect(next.size - drawn.size).toBeLessThanOrEqual(add);
            for (const k of next) expect(items.some((i) => i.key === k)).toBe(true);
            drawn = next;
          }
          expect(drawn).toEqual(keys(items));
        },
      ),
    );
  });
});

describe('measureWithoutLayout (an item mounting does not make the browser lay out the page)', () => {
  /** A row whose layout reads fail the test: the ref-time measure must not touch them. */
  const row = (index: number) =>
    ({
      getAttribute: (name: string) => (name === 'data-index' ? String(index) : null),
      get offsetHeight(): number {
        throw new Error('offsetHeight read: a forced layout');
      },
      getBoundingClientRect() {
        throw new Error('getBoundingClientRect: a forced layout');
      },
    }) as unknown as HTMLElement;
  const virtualizer = (sizes: Record<string, number>) =>
    ({
      options: {
        getItemKey: (i: number) => `k${i}`,
        estimateSize: () => 61,
        horizontal: false,
        indexAttribute: 'data-index',
      },
      itemSizeCache: new Map(Object.entries(sizes)),
      indexFromElement: (el: HTMLElement) => Number(el.getAttribute('data-index')),
    }) as unknown as Virtualizer<Window, HTMLElement>;

  it('from the ref (no entry): the size known for the key, else the estimate, without reading layout', () => {
    expect(measureWithoutLayout(row(4), undefined, virtualizer({ k4: 97 }))).toBe(97);
    expect(measureWithoutLayout(row(5), undefined, virtualizer({ k4: 97 }))).toBe(61);
  });

  it("from the ResizeObserver: the entry's border box, rounded", () => {
    const entry = { borderBoxSize: [{ blockSize: 72.6, inlineSize: 900 }] } as unknown as ResizeObserverEntry;
    expect(measureWithoutLayout(row(5), entry, virtualizer({ k5: 61 }))).toBe(73);
  });
});

describe('SizeTally', () => {
  it('has no mode before a size is added, then the size measured most often', () => {
    const tally = new SizeTally();
    expect(tally.mode).toBeUndefined();
    tally.add(78.4);
    expect(tally.mode).toBe(78);
    tally.add(65);
    tally.add(65.2);
    expect(tally.mode).toBe(65);
    tally.add(78);
    expect(tally.mode).toBe(65); // a tie keeps the size that reached the count first
    tally.add(78);
    expect(tally.mode).toBe(78);
  });

  it('follows the recent heights: older ones are forgotten', () => {
    const tally = new SizeTally();
    for (let i = 0; i < 200; i++) tally.add(65);
    for (let i = 0; i < 33; i++) tally.add(91); // after a resize: 33 of the last 64
    expect(tally.mode).toBe(91);
  });

  it('is the most frequent of the last 64 heights, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 40, max: 120 }), { minLength: 1, maxLength: 300 }), (sizes) => {
        const tally = new SizeTally();
        for (const s of sizes) tally.add(s);
        const counts = new Map<number, number>();
        for (const s of sizes.slice(-64)) counts.set(s, (counts.get(s) ?? 0) + 1);
        const top = Math.max(...counts.values());
        expect(counts.get(tally.mode as number)).toBe(top);
      }),
    );
  });
});
