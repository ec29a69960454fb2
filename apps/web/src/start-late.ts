/**
 * The app's start on a page the server wrote a phone's first view into (apps/server
 * web/first-view): that page names the app's entry and the files it loads at once on this
 * script's element (`data-app-entry`, `data-app-preloads`, space-separated) instead of loading
 * them, and they load here once the page and its images (the map's tiles in view) are in, or
 * after START_LATE_MS at the latest (a tile server that never answers must not keep the page
 * still). What the user sees first is then fetched alone, rather than beside ~150 KB of code that
 * draws it again (Lighthouse, simulated phone: the code took the connection's first 2.1 s). The
 * build's third entry (vite.config.ts); a module script, so it runs once the page is parsed.
 */

/** How long after this script runs the app starts even if the page is still loading (ms). */
const START_LATE_MS = 3_000;

const element = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
let started = false;

/** Adds the app's files to the page: its chunks as module preloads, then its entry. */
function start(): void {
  const entry = element?.dataset.appEntry;
  if (started || !entry) return;
  started = true;
  for (const href of (element!.dataset.appPreloads ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/** The written page, when shown: a screen wider than a phone's does not show it (app/shell/boot-shell.css). */
const written = document.querySelector('.boot-view');
const shown = !!written && getComputedStyle(written).display !== 'none';

// Without it shown, the app is all there is to see.
if (document.readyState === 'complete' || !shown) start();
else {
  addEventListener('load', start, { once: true });
  setTimeout(start, START_LATE_MS);
}

// A module (it runs as one, and its test imports it).
export {};
