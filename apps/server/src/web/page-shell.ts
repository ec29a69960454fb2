import {
  BOOT_SHELL_ELEMENT_ID,
  PAGE_HEADINGS,
  routeDecision,
  type SessionResponse,
} from '@courier/contracts';
import { escapeHtml } from '../lib/html';

/**
 * The signed-in frame and the screen's heading, as the page carries them just before its root
 * element (issue 15 §1 LCP): the header (banner) with the tenant's logo and name, the side bar on
 * wide screens, and the main region with the heading of PAGE_HEADINGS, laid out as the app lays
 * them out (the web app's app/shell/boot-shell.css), so that a phone shows them as soon as the
 * stylesheet is in rather than after the app's code has loaded and run. The app keeps them while
 * its router loads the screen and removes them as it draws it (app/boot-shell.tsx). '' for a path
 * without a fixed heading, a URL with a query, a session that has not passed its sign-in steps,
 * or a user the path's screen is not for (the app sends them elsewhere, routeDecision): the frame
 * only ever shows the screen that follows.
 */
export function pageShell(url: string, session: SessionResponse): string {
  const [path, query] = url.split('?');
  const heading = PAGE_HEADINGS[path!];
  if (heading === undefined || query !== undefined || session.stage !== 'full') return '';
  if (routeDecision(path!, session.rights) !== 'allow') return '';
  const theme = session.tenant.theme;
  // A Mantine colour name only: anything else would be written into a style attribute.
  const colour = /^[a-z]+$/.test(theme.primaryColor) ? theme.primaryColor : 'blue';
  const logo = theme.logo
    ? `<img src="${escapeHtml(theme.logo)}" alt="" width="36" height="36">`
    : `<span class="boot-shell-icon" style="background:var(--mantine-color-${colour}-filled)"></span>`;
  return (
    `<div id="${BOOT_SHELL_ELEMENT_ID}" class="boot-shell">` +
    `<header class="boot-shell-header"><span class="boot-shell-burger"></span>${logo}` +
    `<span class="boot-shell-name">${escapeHtml(theme.name)}</span></header>` +
    `<div class="boot-shell-navbar"></div>` +
    `<main class="boot-shell-main"><h1 class="boot-shell-heading">${escapeHtml(heading)}</h1></main>` +
    `</div>`
  );
}
