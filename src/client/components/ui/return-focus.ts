import { useRef } from 'react';

type FocusHandler = (event: Event) => void;

/**
 * Focus back where it was when a dialog opened, once it closes. Radix returns focus only to its own
 * Trigger; most of our dialogs open from a button outside them, and focus then fell to <body>, so a
 * keyboard user started again from the top of the page. Pass the handlers to the dialog's Content:
 * onOpenAutoFocus runs as the content mounts, before focus moves into it (the opener still has
 * it); onCloseAutoFocus puts it back. The caller's own handlers run first and may take over
 * (event.preventDefault()); an opener that is gone leaves Radix's default.
 */
export function useReturnFocus(own: { onOpenAutoFocus?: FocusHandler; onCloseAutoFocus?: FocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement);
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      own.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/**
 * Where focus should go back to: the focused element, or for an item of a menu (gone once the menu
 * closes: a member card's Edit, Manage Subscription, Delete) the button that opened the menu,
 * which Radix names as the menu's label.
 */
function openerOf(focused: Element | null): HTMLElement | null {
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  const labelledBy = focused.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const trigger = labelledBy ? document.getElementById(labelledBy) : null;
  return trigger ?? focused;
}
