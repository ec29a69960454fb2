import { useLayoutEffect, type ReactNode } from 'react';
import { BOOT_SHELL_ELEMENT_ID } from '@courier/contracts/rights';
import { FullPageLoader } from '../components/FullPageLoader';

/** The frame and heading the server drew before the app's root (its web/page-shell), if still there. */
const bootShell = () => document.getElementById(BOOT_SHELL_ELEMENT_ID);

/**
 * Removes the server's frame and heading (shell/boot-shell.css) as the component that replaces
 * them is committed, before the browser paints: used by the route tree's root and its error
 * screen, the first things the router draws once the first screen's modules are in.
 */
export function useDropBootShell(): void {
  useLayoutEffect(() => bootShell()?.remove(), []);
}

/**
 * The router's start-up fallback, while the first screen's modules and warm-up load: nothing over
 * the server's frame while it is shown (it already shows the screen's header and heading), else
 * the loader.
 */
export function StartFallback() {
  return bootShell() ? null : <FullPageLoader />;
}

/** `children`, with the server's frame removed as they are committed (useDropBootShell). */
export function WithoutBootShell({ children }: { children: ReactNode }) {
  useDropBootShell();
  return <>{children}</>;
}
