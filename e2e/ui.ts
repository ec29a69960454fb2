import type { Locator, Page } from 'playwright-core';

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

/** Lets a notification or a modal finish sliding in before a screenshot. */
export const settle = (page: Page) => page.waitForTimeout(500);

/** A notification `title: message` (spec error catalogues). */
export const notification = (page: Page, title: string, message: string | RegExp): Locator =>
  page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });

/** A field's label as it reads, with or without the required asterisk ('Town' or 'Town *'). */
export const labelled = (text: string): RegExp =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** Fills the named inputs inside one titled address section of the booking screen. */
export async function fillAddress(
  page: Page,
  section: string,
  fields: Record<string, string>,
): Promise<void> {
  const group = page.getByRole('group', { name: section });
  for (const [label, value] of Object.entries(fields)) await group.getByLabel(label).fill(value);
}
