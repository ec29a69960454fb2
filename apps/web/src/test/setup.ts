import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { options } from 'preact';

/*
 * jsdom lacks some browser APIs Mantine relies on (as in Mantine's own test setup): media queries,
 * element resize observation, scrolling an option into view, and getComputedStyle's pseudo-element
 * argument, which jsdom does not implement.
 */

/**
 * Whether a media query matches jsdom's window (1024 px wide): '' matches everything (as in a
 * browser; mantine-datatable asks it for every column), min-/max-width in px or em are compared,
 * anything else (prefers-reduced-motion, colour scheme…) does not match.
 */
function mediaMatches(query: string): boolean {
  const parts = query.split(/\s+and\s+/i).filter((p) => p.trim());
  return parts.every((part) => {
    const m = /\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/i.exec(part);
    if (!m) return false;
    const px = Number(m[2]) * (m[3] === 'px' ? 1 : 16);
    return m[1] === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
  });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: mediaMatches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for fonts that finish loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.HTMLElement.prototype.scrollTo = function scrollTo() {};

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

/**
 * Preact runs effects after the next frame: requestAnimationFrame raced with a 100 ms timer, whose
 * callback calls cancelAnimationFrame. Preact is one instance for every test file of a worker, so
 * that timer could fire after the file's jsdom was torn down and throw 'cancelAnimationFrame is not
 * defined'. In tests, effects run on a plain timer instead (as Preact does where there is no frame).
 */
options.requestAnimationFrame = (callback: () => void) => {
  setTimeout(callback);
};

/** findBy…/waitFor wait up to 3 s: the suite shares two cores with the server tests under `npm test`. */
configure({ asyncUtilTimeout: 3000 });

/** Every test starts from an empty document, no notifications, no storage and the real fetch. */
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
