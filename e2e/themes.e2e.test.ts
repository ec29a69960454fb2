import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { startHarness, type Harness } from './harness';
import { choose, settle, signIn } from './ui';

/**
 * Both tenant themes (Demo Couriers is blue, Northern Express orange) pass axe, colour contrast
 * included, on the main screens and a modal; each is shot as theme-<tenant>-<screen>.png.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const TENANTS = [
  ['Demo Couriers', 'demo'],
  ['Northern Express', 'north'],
] as const;

/** A shot from the top once transitions have settled (axe runs first, in h.screenshot). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settle(page);
  await h.screenshot(page, name);
}

/** Follows a link of the side menu. */
async function menu(page: Page, link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: link }).click();
}

describe.each(TENANTS)('the %s theme in Chromium', (database, key) => {
  it('has no axe violation on login, home, new booking, the lists and a modal', async () => {
    const context = await h.newContext();
    // Every Content-Security-Policy violation of the walk (zod's eval probe was one on every page).
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
      );
    });
    const page = await context.newPage();

    await page.goto('/login');
    await choose(page, 'Database', database);
    await page.getByText(/^Version \S+ \/ /).waitFor();
    await shot(page, `theme-${key}-login`);

    await signIn(page, 'customer', 'Customer#2026', database);
    await page.getByRole('heading', { name: 'Latest bookings' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await shot(page, `theme-${key}-home`);

    await page.getByRole('banner').getByRole('button', { name: 'New booking' }).click();
    await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    // The addresses and parcels draw a frame after the top: axe reads the whole form.
    await page.getByRole('group', { name: 'Parcels' }).waitFor();
    await shot(page, `theme-${key}-new-booking`);

    await page
      .getByRole('group', { name: 'Account', exact: true })
      .getByRole('button', { name: 'Customer Contacts' })
      .click();
    const contacts = page.getByRole('dialog', { name: 'Customer Contacts' });
    await contacts.getByRole('row').nth(1).waitFor();
    await shot(page, `theme-${key}-contacts`);
    await page.keyboard.press('Escape');
    await contacts.waitFor({ state: 'detached' });

    await menu(page, 'Your Recent Bookings');
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await shot(page, `theme-${key}-list`);

    await page.getByRole('tab', { name: 'History' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter' });
    await filter.waitFor();
    await shot(page, `theme-${key}-history-filter`);
    await filter.getByRole('button', { name: 'Apply' }).click();
    await filter.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Your Booking History' }).waitFor();
    await shot(page, `theme-${key}-history`);

    await menu(page, 'Address Book');
    await page.getByRole('heading', { name: 'Your Addresses' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await shot(page, `theme-${key}-addresses`);

    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You are logged out!').waitFor();
    await settle(page);
    await expectNoAxeViolations(page, `theme-${key}-logged-out`);
    await context.close();
  });
});
