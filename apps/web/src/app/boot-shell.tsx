import { useLayoutEffect, type ReactNode } from 'react';
import { BOOT_SHELL_ELEMENT_ID } from '@courier/contracts/rights';
import { FullPageLoader } from '../components/FullPageLoader';
import { bootView, useDropBootView } from '../lib/boot-data';

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
 * the server's frame or screen while one is shown (it already shows the screen's header and
 * heading, or the whole screen: lib/boot-data useDropBootView), else the loader.
 */
export function StartFallback() {
  return bootShell() || bootView() ? null : <FullPageLoader />;
}

/** `children`, with the server's frame or screen removed as they are committed (an error screen). */
export function WithoutBootShell({ children }: { children: ReactNode }) {
  useDropBootShell();
  useDropBootView(true);
  return <>{children}</>;
}
