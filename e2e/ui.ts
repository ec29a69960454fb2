import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * Small steps the end-to-end tests share: choosing in a Mantine select, signing in, waiting for a
 * notification to settle before a screenshot.
 */

/** Picks `option` in the select (combobox) labelled `label`, inside `scope` (the page by default). */
export async function choose(scope: Page | Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Signs in from the login screen on `database` (Demo Couriers by default) and waits for the home screen. */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  database = 'Demo Couriers',
): Promise<void> {
  await page.goto('/login');
  await choose(page, 'Database', database);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

/** Fills a new password and its confirmation (the confirm field after the password: §5 clears it). */
export async function fillNewPassword(page: Page, label: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
}

/** Lets a notification or a modal finish sliding in before a screenshot. */
export const settle = (page: Page) => page.waitForTimeout(500);

/** A notification `title: message` (spec error catalogues). */
export const notification = (page: Page, title: string, message: string | RegExp): Locator =>
  page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });

/** A field's label as it reads, with or without the required asterisk ('Town' or 'Town *'). */
export const labelled = (text: string): RegExp =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** A UK day `offset` days from today: as typed ('23/11/2026') and its weekday name. */
export function ukDay(offset: number): { typed: string; weekday: string } {
  const day = new Date(Date.now() + offset * 24 * 3600 * 1000);
  const zone = { timeZone: 'Europe/London' } as const;
  return {
    typed: day.toLocaleDateString('en-GB', { ...zone, day: '2-digit', month: '2-digit', year: 'numeric' }),
    weekday: day.toLocaleDateString('en-GB', { ...zone, weekday: 'long' }),
  };
}

/** The first day from `from` days ahead whose weekday passes `test`. */
export function nextDay(
  from: number,
  test: (weekday: string) => boolean,
): { typed: string; weekday: string } {
  for (let offset = from; ; offset++) {
    const day = ukDay(offset);
    if (test(day.weekday)) return day;
  }
}

/** Types a Ready or Deadline (DD/MM/YYYY HH:mm) into its field, then leaves the field. */
export async function typeDateTime(scope: Locator, label: string, value: string) {
  const input = scope.getByRole('textbox', { name: labelled(label) });
  await input.fill('');
  await input.pressSequentially(value);
  await input.press('Tab');
}

/** A titled section of the booking screen ('Address 1: Collect from', 'References', …). */
export const section = (page: Page, title: string): Locator =>
  page.getByRole('group', { name: title, exact: true });

/** Fills labelled inputs inside a section. */
export async function fill(scope: Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(labelled(label)).fill(value);
}

/** Fills a new booking's Address 1 (Piccadilly Plaza, M1 1AE) and Address 2 (Buckingham Palace, SW1A 1AA). */
export async function fillDemoRoute(page: Page): Promise<void> {
  await fill(section(page, 'Address 1: Collect from'), {
    Company: 'Piccadilly Plaza',
    Street: 'Portland Street',
    Town: 'Manchester',
    Postcode: 'M1 1AE',
  });
  await fill(section(page, 'Address 2: Deliver from'), {
    Company: 'Buckingham Palace',
    Street: 'The Mall',
    Town: 'London',
    Postcode: 'SW1A 1AA',
  });
}

/** A 1×1 grey PNG standing in for every map tile. */
const TILE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48OQFAAVUAq1UL2BcAAAAAElFTkSuQmCC';

/** Serves the map's tiles (OpenStreetMap's, the default MAP_TILE_URL) from the test, as there is no internet. */
export async function serveFakeTiles(context: BrowserContext): Promise<void> {
  await context.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(TILE, 'base64') }),
  );
}

/**
 * Holds back the page's requests for `url` (a glob) until `release()`: what the page shows without
 * that file (the app's entry, the map's code). `held()`: whether one was asked for.
 */
export async function holdBack(
  page: Page,
  url: string,
): Promise<{ held: () => boolean; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(url, async (route) => {
    held = true;
    await released;
    await route.continue();
  });
  return { held: () => held, release };
}

/** Records the page's layout shifts from its start (call before `goto`); read with layoutShiftOf. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts.push((e as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts watchLayoutShifts recorded so far (Lighthouse's CLS, in one session). */
export const layoutShiftOf = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
