import { BOOT_CALLS_ELEMENT_ID, BOOT_CALLS_FRESH_MS, pageCallKey } from '@courier/contracts/page-calls';
import { takeBootJson } from './boot-data';

/**
 * The answers the server wrote into a page for the calls its screen makes as it opens (contracts
 * PAGE_CALLS for a signed-in screen, trackPageCalls for the tracking page; apps/server
 * web/page-calls). Loaded by a page that carries a session (features/auth/api/session) and by the
 * tracking page (features/tracking TrackPage), which hand takeBootCall to the API client: the
 * sign-in page and the other guest screens never load it.
 */

/** The page's call answers by pageCallKey (read once), or undefined before the first look. */
let bootCalls: Map<string, unknown> | undefined;

/** The page's call answers by pageCallKey, read from the page the first time. */
function pageCalls(): Map<string, unknown> {
  if (!bootCalls) {
    const written = takeBootJson(BOOT_CALLS_ELEMENT_ID);
    bootCalls = new Map(
      written && typeof written === 'object' ? Object.entries(written as Record<string, unknown>) : [],
    );
  }
  return bootCalls;
}

/**
 * The answers the page carries for calls of `path` (any body), left for takeBootCall: what a
 * screen's code may start on before it draws (the tracking map's first tiles). None once the page
 * has been open longer than they stay fresh.
 */
export function bootCallAnswers(path: string): unknown[] {
  if (performance.now() > BOOT_CALLS_FRESH_MS) return [];
  return [...pageCalls()].filter(([key]) => key.startsWith(`${path} `)).map(([, answer]) => answer);
}

/**
 * The answer the server wrote into the page for this call (contracts PAGE_CALLS: the calls a
 * screen makes as it opens), taken once: the first call of the same path and body within
 * BOOT_CALLS_FRESH_MS of the page opening gets it, any other call or a later one goes to the
 * server. Undefined when there is none.
 */
export function takeBootCall(path: string, body: unknown): unknown {
  const bootCalls = pageCalls();
  if (bootCalls.size === 0) return undefined;
  if (performance.now() > BOOT_CALLS_FRESH_MS) {
    bootCalls.clear();
    return undefined;
  }
  const key = pageCallKey(path, body);
  const answer = bootCalls.get(key);
  bootCalls.delete(key);
  return answer;
}

/** Forgets the page's call answers (tests: each test's page is new). */
export const resetBootCalls = (): void => {
  bootCalls = undefined;
};
