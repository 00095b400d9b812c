import { type RefObject, useEffect } from 'react';

/**
 * Toasts never cover an open dialog. The toast list sits at the top of a phone's screen and at the
 * bottom right from 640 px, above every overlay; a phone's dialog fills the screen (1 rem margins),
 * so a toast shown with it open ("Syndicate created successfully!" as Add Bet opens, "No
 * connection" on its submit) hid its title and close button, and at 1280 px the right edge of a tall
 * dialog's footer. So the viewport publishes the space its open toasts take at each edge as
 * `--toast-inset-top` and `--toast-inset-bottom` on the root element (0 without toasts), and dialogs
 * and sheets keep clear of it (CLEAR_OF_TOASTS_*): they move and shrink while a toast shows, and
 * scroll inside as they already do when taller than the screen.
 */
export const TOAST_INSET_TOP = '--toast-inset-top';
export const TOAST_INSET_BOTTOM = '--toast-inset-bottom';

/** A centred dialog: centred in the room the toasts leave, at most that tall less its margins. */
export const CLEAR_OF_TOASTS_CENTRED =
  'top-[calc(50%+(var(--toast-inset-top,0px)-var(--toast-inset-bottom,0px))/2)] max-h-[calc(100dvh-2rem-var(--toast-inset-top,0px)-var(--toast-inset-bottom,0px))] transition-[top,max-height] duration-200';

/** A sheet at a side of the screen: from below the toasts at the top to above those at the bottom. */
export const CLEAR_OF_TOASTS_SIDE =
  'top-[var(--toast-inset-top,0px)] bottom-[var(--toast-inset-bottom,0px)] transition-[top,bottom] duration-200';

export interface ToastBox {
  top: number;
  bottom: number;
}

/**
 * The space the toasts take at the top and the bottom of a screen `height` px tall: to the lowest
 * toast's bottom edge when they sit in its top half, from the highest one's top edge when they sit
 * in its bottom half; 0 and 0 without toasts.
 */
export function toastInsets(toasts: ToastBox[], height: number): { top: number; bottom: number } {
  if (toasts.length === 0) return { top: 0, bottom: 0 };
  const top = Math.min(...toasts.map((t) => t.top));
  const bottom = Math.max(...toasts.map((t) => t.bottom));
  return top + bottom < height
    ? { top: Math.ceil(bottom), bottom: 0 }
    : { top: 0, bottom: Math.ceil(height - top) };
}

/** Publishes the insets of the toasts in `viewport` (the toast list) while it is mounted. */
export function useToastInsets(viewport: RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const list = viewport.current;
    if (!list) return;
    const root = document.documentElement.style;
    const update = () => {
      // Offsets, not bounding boxes: a toast sliding in is translated, and its box would move.
      const at = list.getBoundingClientRect().top;
      const boxes = Array.from(list.children, (el) => {
        const item = el as HTMLElement;
        return { top: at + item.offsetTop, bottom: at + item.offsetTop + item.offsetHeight };
      });
      const { top, bottom } = toastInsets(boxes, window.innerHeight);
      root.setProperty(TOAST_INSET_TOP, `${top}px`);
      root.setProperty(TOAST_INSET_BOTTOM, `${bottom}px`);
    };
    update();
    // The list's size changes as toasts come and go; the screen's size moves them between edges.
    const observer = new ResizeObserver(update);
    observer.observe(list);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.removeProperty(TOAST_INSET_TOP);
      root.removeProperty(TOAST_INSET_BOTTOM);
    };
  }, [viewport]);
}
