import { useRef } from 'react';

/**
 * Focus back to the control that opened a dialog (ADR 044). Radix returns focus to a `Dialog.Trigger`; Kiraya's
 * dialogs are opened by their callers' own buttons, so without this focus fell to `<body>` on close and a
 * keyboard or screen-reader user started again from the top of the page. Spread the answer onto `Dialog.Content`.
 * The opener is what has focus when `open` turns true, read while rendering: by the time Radix asks, a field's
 * `autoFocus` may have taken focus already. When the opener is gone (a deleted card, a menu item) or disabled (a
 * Pay button while it waits), the page's main heading takes focus instead.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return {
    onCloseAutoFocus: (e: Event) => {
      e.preventDefault();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected && !back.hasAttribute('disabled')) {
        back.focus();
        return;
      }
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    },
  };
}
