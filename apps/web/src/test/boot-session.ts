import { BOOT_CALLS_ELEMENT_ID } from '@courier/contracts/page-calls';
import { BOOT_SESSION_ELEMENT_ID } from '@courier/contracts/rights';
import { resetBootCalls } from '../lib/boot-calls';

/**
 * Writes `text` into the page as the server does for a signed-in browser (apps/server
 * web/boot-session): a `<script type="application/json">` element under BOOT_SESSION_ELEMENT_ID.
 */
export function writeBootSession(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_SESSION_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

/** Removes what writeBootSession wrote, if it is still there. */
export const clearBootSession = (): void => document.getElementById(BOOT_SESSION_ELEMENT_ID)?.remove();

/**
 * Writes call answers into the page as the server does for a screen's opening calls (apps/server
 * web/page-calls), by pageCallKey, and has the app read them afresh.
 */
export function writeBootCalls(answers: Record<string, unknown>): void {
  resetBootCalls();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_CALLS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
}
