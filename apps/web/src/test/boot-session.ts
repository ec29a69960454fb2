import { BOOT_CALLS_ELEMENT_ID } from '@courier/contracts/page-calls';
import { BOOT_SESSION_ELEMENT_ID } from '@courier/contracts/rights';
import { resetBootCalls } from '../lib/boot-calls';

/**
 * Writes `text` into the page under `id` as the server writes its data (apps/server
 * web/boot-session, web/page-calls): a `<script type="application/json">` element.
 */
export function writeBootElement(id: string, text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = text;
  document.head.append(element);
}

/** Writes the start-up session as the server does for a signed-in browser (BOOT_SESSION_ELEMENT_ID). */
export const writeBootSession = (text: string): void => writeBootElement(BOOT_SESSION_ELEMENT_ID, text);

/** Removes what writeBootSession wrote, if it is still there. */
export const clearBootSession = (): void => document.getElementById(BOOT_SESSION_ELEMENT_ID)?.remove();

/**
 * Writes call answers into the page as the server does for a screen's opening calls (apps/server
 * web/page-calls), by pageCallKey, and has the app read them afresh.
 */
export function writeBootCalls(answers: Record<string, unknown>): void {
  resetBootCalls();
  // An earlier test's answers that were never read go first: the page holds one such element.
  document.getElementById(BOOT_CALLS_ELEMENT_ID)?.remove();
  writeBootElement(BOOT_CALLS_ELEMENT_ID, JSON.stringify(answers));
}
