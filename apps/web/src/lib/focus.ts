/**
 * Where keyboard focus goes when the control that had it disappears (issue 15 §1: never the page
 * body). Chromium drops focus to the body when the focused element is removed or disabled: the
 * login form after a login, a list row's link when its booking opens, a modal's trigger that a
 * loading state disabled.
 */

/** The user has pressed a key or a pointer: before that, focus on the body is the page just loaded. */
let used = false;
/** The last element focused outside any modal: where a closed modal gives focus back. */
let outside: HTMLElement | null = null;
/** What `outside` is, to find it again if a re-render replaced it: its landmark, tag and name. */
let outsideKey = '';
const LANDMARKS = 'header, nav, main, aside, footer';
const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
const keyOf = (el: Element, landmark = el.closest(LANDMARKS)?.tagName ?? '') =>
  `${landmark}|${el.tagName}|${nameOf(el)}`;
if (typeof document !== 'undefined') {
  for (const type of ['keydown', 'pointerdown'])
    document.addEventListener(type, () => (used = true), { capture: true, once: true });
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    if (el instanceof HTMLElement && !el.closest('[role="dialog"]')) {
      outside = el;
      outsideKey = keyOf(el);
    }
  });
}

/**
 * The element focused before the modal, or the one that replaced it when a re-render while the modal
 * was open rebuilt it (the window crossed the menu breakpoint and back: the header's buttons are new
 * elements): the one connected element outside any dialog with its landmark, tag and name.
 */
function lastOutside(): HTMLElement | null {
  if (!outside || outside.isConnected) return outside;
  const twins = Array.from(document.querySelectorAll<HTMLElement>(outside.tagName)).filter(
    (el) => !el.closest('[role="dialog"]') && keyOf(el) === outsideKey,
  );
  return twins.length === 1 ? twins[0]! : null;
}

/** Focus has fallen to the page body after the user did something. */
export const focusLost = (): boolean =>
  used && (document.activeElement === null || document.activeElement === document.body);

/** The screen's heading (PageTitle's h1, focusable from script), inside the main region. */
export const screenHeading = (): HTMLElement | null => document.querySelector('main h1');

/** Gives focus to `target` (by default the screen's heading) only when focus has been lost. */
export function rescueFocus(target: HTMLElement | null = screenHeading()): void {
  if (target && focusLost()) target.focus();
}

/**
 * A modal's content, and the focus inside it, stays until its exit transition ends, and this long
 * after that end it has been unmounted.
 */
export const AFTER_EXIT_MS = 50;

/**
 * After a modal has closed (the theme runs it for every Modal): unless focus already sits on a
 * control outside any dialog (Mantine's returnFocus found the trigger), gives it to the last element
 * focused before the modal (or its replacement), or the screen's heading when that one is gone. Mantine notes the element
 * to return to as the modal opens, and under load it can note the modal's own first control
 * instead; focus then stays in the closing modal and falls to the body with it.
 */
export function focusAfterModal(): void {
  const active = document.activeElement;
  const placed =
    active !== null && active !== document.body && active.isConnected && !active.closest('[role="dialog"]');
  const target = lastOutside() ?? screenHeading();
  if (used && !placed) target?.focus();
}
