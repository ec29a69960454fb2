import { afterEach, describe, expect, it, vi } from 'vitest';

/** A page whose app's start was left to src/start-late.ts (apps/server web/first-view startingLate). */
function pageStartingLate(readyState: DocumentReadyState, written = '<div class="boot-view"></div>') {
  document.body.innerHTML = `${written}<div id="root"></div>`;
  document.head.innerHTML =
    '<script type="module" src="/assets/start-late-E5.js" data-app-entry="/assets/index-A1.js"' +
    ' data-app-preloads="/assets/react-B2.js /assets/TrackPage-D4.js"></script>';
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
}

const added = () => ({
  preloads: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  ),
  entries: [...document.head.querySelectorAll<HTMLScriptElement>('script:not([data-app-entry])')].map(
    (s) => `${s.type} ${s.getAttribute('src')}`,
  ),
});

const run = async () => {
  vi.resetModules();
  await import('./start-late');
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the app's late start (src/start-late.ts)", () => {
  it('loads the app once the page and its images are in, once', async () => {
    pageStartingLate('interactive');
    await run();
    expect(added()).toEqual({ preloads: [], entries: [] });
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('load'));
    expect(added()).toEqual({
      preloads: ['/assets/react-B2.js', '/assets/TrackPage-D4.js'],
      entries: ['module /assets/index-A1.js'],
    });
  });

  it('loads it at once on a page already loaded', async () => {
    pageStartingLate('complete');
    await run();
    expect(added().entries).toEqual(['module /assets/index-A1.js']);
  });

  it('loads it at once where the written page is not shown (a screen wider than a phone’s)', async () => {
    pageStartingLate('interactive', '<div class="boot-view" style="display: none"></div>');
    await run();
    expect(added().entries).toEqual(['module /assets/index-A1.js']);
  });

  it('loads it after 3 s when the page is still loading (a tile server that never answers)', async () => {
    vi.useFakeTimers();
    pageStartingLate('loading');
    await run();
    vi.advanceTimersByTime(2_999);
    expect(added().entries).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added().entries).toEqual(['module /assets/index-A1.js']);
  });
});
