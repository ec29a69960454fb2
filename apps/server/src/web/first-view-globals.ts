/**
 * Stand-ins for the browser globals the web app's modules read as they load or render (the
 * stored context in localStorage, the screen's media queries and pixel ratio, the page's elements),
 * installed in the worker that runs the app's rendering of a tracking page (first-view.worker.ts),
 * never in the server's own thread: as a phone (PHONE) would answer them before the app has
 * started, with nothing stored and no element of the page to find.
 */

/** The screen the page is written for: a phone's, dense (contracts DENSE_RATIO). */
export const PHONE = { width: 412, height: 823, ratio: 2 } as const;

const noop = (): void => undefined;

/** A Storage of its own, empty. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/** Whether a media query of widths (px or em, `and`-joined) matches PHONE's screen. */
export function phoneMatches(query: string): boolean {
  const parts = query.split(/\s+and\s+/i);
  return parts.every((part) => {
    const m = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|em)\s*\)$/i.exec(part.trim());
    if (!m) return false;
    const px = Number(m[2]) * (m[3]!.toLowerCase() === 'em' ? 16 : 1);
    return m[1]!.toLowerCase() === 'min' ? PHONE.width >= px : PHONE.width <= px;
  });
}

/**
 * Installs the stand-ins on `scope` (the worker's globalThis): `window` and `self` (the scope
 * itself), a `document` with no element to find and no-op listeners, empty local and session
 * storage, PHONE's pixel ratio and inner size, `matchMedia` (width queries answered by
 * phoneMatches, any other never matching), `requestAnimationFrame` on a timer and an inert `Image`.
 * `navigator` is Node's own and there is no `location`: a module that needs more fails to load, and the worker
 * answers with its error.
 */
export function installPhoneGlobals(scope: Record<string, unknown>): void {
  const element = {
    clientWidth: PHONE.width,
    clientHeight: PHONE.height,
    style: {},
    dataset: {},
    setAttribute: noop,
    getAttribute: () => null,
    removeAttribute: noop,
    addEventListener: noop,
    removeEventListener: noop,
    appendChild: noop,
    append: noop,
  };
  const define = (name: string, value: unknown) =>
    Object.defineProperty(scope, name, { value, configurable: true, writable: true });
  define('window', scope);
  define('self', scope);
  define('document', {
    getElementById: () => null,
    querySelector: () => null,
    querySelectorAll: () => [],
    addEventListener: noop,
    removeEventListener: noop,
    createElement: () => ({ ...element }),
    documentElement: element,
    head: element,
    body: element,
    title: '',
    cookie: '',
    visibilityState: 'visible',
    readyState: 'loading',
  });
  define('localStorage', memoryStorage());
  define('sessionStorage', memoryStorage());
  define('devicePixelRatio', PHONE.ratio);
  define('innerWidth', PHONE.width);
  define('innerHeight', PHONE.height);
  define('addEventListener', noop);
  define('removeEventListener', noop);
  define('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
  define('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
  define('matchMedia', (query: string) => ({
    matches: phoneMatches(query),
    media: query,
    addEventListener: noop,
    removeEventListener: noop,
    addListener: noop,
    removeListener: noop,
  }));
  define(
    'Image',
    class {
      src = '';
    },
  );
}
