import { afterEach } from 'vitest';
import { watchedBrowsers } from './watched-browsers';

/**
 * What the browser showed when an e2e test failed, printed to the test log: a CI run keeps only its
 * log, and a 20 s timeout alone ("waiting for getByRole('dialog', …)") does not say whether the page
 * showed an error, another window or nothing at all. For each page still open: its address, the
 * focused element and the accessibility tree (as Playwright's ARIA snapshot), cut to a readable size.
 * Set up for the e2e project (vitest.config.ts); the harness registers its browser (watchBrowser,
 * watched-browsers.ts).
 */
const SNAPSHOT_CHARS = 6_000;

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const browser of watchedBrowsers) {
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      const focused = await page
        .evaluate(() => {
          const active = document.activeElement;
          return !active || active === document.body ? '(the page itself)' : active.outerHTML.slice(0, 300);
        })
        .catch((err: unknown) => `(unreadable: ${String(err)})`);
      const tree = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((err: unknown) => `(unreadable: ${String(err)})`);
      console.error(
        `\n--- page at failure of "${task.name}": ${page.url()}\nfocused: ${focused}\n${tree.slice(0, SNAPSHOT_CHARS)}\n---`,
      );
    }
  }
});
