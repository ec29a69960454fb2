import { useCallback, useRef } from 'react';

/**
 * Focus for a window drawn only while it is open (WCAG 2.4.3): `remember()` as it opens keeps the
 * focused element (the row's button, Change selected); `restore()` as it closes gives focus back
 * to it once the window has gone, when it is still on the page. Mantine's own return of focus runs
 * when `opened` turns false, which a window that unmounts instead never does.
 */
export function useOpenerFocus(): { remember: () => void; restore: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    requestAnimationFrame(() => {
      if (element?.isConnected) element.focus();
    });
  }, []);
  return { remember, restore };
}
