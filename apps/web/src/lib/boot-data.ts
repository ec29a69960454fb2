import { useLayoutEffect } from 'react';
// The module itself, not the package's index: the entry chunk must not bring zod.
import { BOOT_VIEW_ELEMENT_ID } from '@courier/contracts/rights';

/**
 * Takes the JSON the server wrote into the page under `id` (a `<script type="application/json">`
 * element, see BOOT_SESSION_ELEMENT_ID): its value once, and undefined ever after or when the page
 * has none or it does not parse. The element is removed, so a later read asks the server.
 */
export function takeBootJson(id: string): unknown {
  const value = peekBootJson(id);
  document.getElementById(id)?.remove();
  return value;
}

/**
 * The JSON the server wrote into the page under `id`, read and left in place (for what the first
 * render needs before the one that takes it has run: the tenant's theme); undefined when the page
 * has none or it does not parse.
 */
export function peekBootJson(id: string): unknown {
  const element = document.getElementById(id);
  if (!element) return undefined;
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** The screen the server wrote from the app's own components (apps/server web/first-view), if still there. */
export const bootView = (): HTMLElement | null => document.getElementById(BOOT_VIEW_ELEMENT_ID);

/**
 * Removes the screen the server wrote (BOOT_VIEW_ELEMENT_ID; app/shell/boot-shell.css keeps the
 * app's own hidden under it until then) as the screen that replaces it is committed, before the
 * browser paints: once `drawn` (the screen shows what the server's did, or has settled on
 * something else), and in any case when the screen goes (a redirect), so that it never outlives it.
 */
export function useDropBootView(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) bootView()?.remove();
    return () => bootView()?.remove();
  }, [drawn]);
}
