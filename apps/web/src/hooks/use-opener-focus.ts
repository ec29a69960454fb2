import { useCallback, useRef } from 'react';

/**
 * Focus for a window drawn only while it is open (WCAG 2.4.3): `remember()` as it opens keeps the
 * focused element (the row's button, Change selected); `restore()` as it closes gives focus back
 * to it once the window has gone (or to the element of the same name, when a list drew its rows
 * again meanwhile). Mantine's own return of focus runs when `opened` turns false, which a window that unmounts instead never does.
 */
export function useOpenerFocus(): { remember: () => void; restore: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    // A list that drew its rows again meanwhile holds a new button of the same name: focus that one.
    const label = element.getAttribute('aria-label');
    requestAnimationFrame(() => {
      const target = element.isConnected
        ? element
        : label
          ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)
          : null;
      target?.focus();
    });
  }, []);
  return { remember, restore };
}
