import type { Browser } from 'playwright-core';

/**
 * The browsers the e2e failure report reads pages from (failure-report.ts). Apart from it, so
 * that the harness imports no vitest hook: `npm run bench:web` starts the harness outside vitest.
 */
export const watchedBrowsers = new Set<Browser>();

/** Lets the failure report read the pages of `browser` (startHarness calls it); answers the unwatch. */
export function watchBrowser(browser: Browser): () => void {
  watchedBrowsers.add(browser);
  return () => void watchedBrowsers.delete(browser);
}
