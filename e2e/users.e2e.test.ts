import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness';
import { fillDemoRoute, labelled, notification, settle, signIn } from './ui';

/**
 * User administration in Chromium (issue 12 §1, §5): `admin` finds users in the list, creates a
 * user with booking rights on one account (the save rules refuse it without an account first),
 * who then signs in in a new browser context and books; the admin clones the user; the new user
 * opens My Account, which shows no rights. Every screen and modal is shot after axe.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const PASSWORD = 'Booker#2026x';
const menu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });

async function fill(scope: Page | Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields))
    await scope.getByRole('textbox', { name: labelled(label) }).fill(value);
}

/** Presses Tab until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} not reached by Tab`);
}

describe('user administration in Chromium', () => {
  it('creates a booking user who books, clones them, and shows My Account without rights', async () => {
    const admin = await (await h.newContext()).newPage();
    await signIn(admin, 'admin', 'Admin#2026');
    await menu(admin, 'Users').click();
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await admin.getByRole('link', { name: 'Open user customer' }).waitFor();
    const lastNames = await admin.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b)));
    await h.screenshot(admin, 'users-list');
    // On a phone each user is a card (username, name, account, e-mail): nothing scrolls sideways.
    await admin.setViewportSize({ width: 390, height: 844 });
    // The phone's layout is drawn: its menu toggle shows.
    await admin.getByRole('button', { name: 'Toggle menu' }).waitFor();
    await expect.poll(() => admin.locator('thead th').allInnerTexts()).toEqual(['Username']);
    const card = admin.locator('tbody tr', { has: admin.getByRole('link', { name: 'Open user customer' }) });
    expect(await card.innerText()).toMatch(/^customer\n.+\nDEMO001 · .+\ncustomer@example\.com$/);
    await expect
      .poll(() => admin.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await admin.setViewportSize({ width: 1366, height: 900 });

    // By keyboard: a row's username opens the detail, the arrows move between tabs, and the link
    // modal chooses with Enter (not saved).
    await admin.getByRole('textbox', { name: 'Search Users...' }).focus();
    await tabTo(admin, admin.getByRole('link', { name: 'Open user customer' }));
    await admin.keyboard.press('Enter');
    await admin.getByRole('heading', { name: 'User Detail', level: 1 }).waitFor();
    await admin.getByRole('textbox', { name: labelled('Username') }).waitFor();
    await admin.getByRole('tab', { name: 'Details' }).focus();
    for (let i = 0; i < 4; i++) await admin.keyboard.press('ArrowRight');
    await admin.getByRole('tab', { name: 'Reports', selected: true }).waitFor();
    // The demo customer has two reports already; the first one offered is 'Driver jobs per day'.
    await tabTo(admin, admin.getByRole('button', { name: 'Link report' }));
    await admin.keyboard.press('Enter');
    const pick = admin.getByRole('dialog', { name: 'Link report' });
    await pick.getByRole('row', { name: /Driver jobs per day/ }).waitFor();
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Enter');
    await pick.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Remove Driver jobs per day' }).waitFor();
    await admin.getByRole('button', { name: 'Back' }).click();
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await admin.getByRole('textbox', { name: 'Search Users...' }).fill('casey');
    await expect.poll(() => admin.locator('tbody tr').count(), { timeout: 5_000 }).toBe(1);

    // A new user, by keyboard into the form.
    await admin.getByRole('link', { name: 'New user' }).click();
    await admin.getByRole('heading', { name: 'New User', level: 1 }).waitFor();
    await fill(admin, {
      Username: 'e2e.booker',
      'First Name': 'Bea',
      'Last Name': 'Booker',
      Email: 'bea.booker@example.com',
      Password: PASSWORD,
    });
    await admin.getByLabel(labelled('Confirm password')).fill(PASSWORD);
    await admin.getByRole('tab', { name: 'Options' }).click();
    for (const right of [
      'Make a booking',
      'Booking history',
      'Price',
      'Include confirmation page',
      'Include complete page',
      'My details',
    ])
      await admin.getByRole('checkbox', { name: right, exact: true }).check();
    await h.screenshot(admin, 'users-options');

    // Without an account the save is refused with the spec's message, on the Accounts tab.
    await admin.getByRole('button', { name: 'Save' }).click();
    await notification(admin, 'Save Data', 'At least one account is required').waitFor();
    await admin.getByRole('tab', { name: 'Accounts', selected: true }).waitFor();
    await admin.getByRole('button', { name: 'Link account' }).click();
    const link = admin.getByRole('dialog', { name: 'Link account' });
    await link.getByRole('row', { name: /DEMO001/ }).waitFor();
    await settle(admin);
    await h.screenshot(admin, 'users-link-account');
    await link.getByRole('row', { name: /DEMO001/ }).click();
    await link.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Remove DEMO001' }).waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await notification(admin, 'Save Data', 'User data saved').waitFor();
    await admin.getByRole('heading', { name: 'User Detail', level: 1 }).waitFor();
    await settle(admin);
    await h.screenshot(admin, 'users-detail');

    // The new user signs in elsewhere and books on that account.
    const booker = await (await h.newContext()).newPage();
    await signIn(booker, 'e2e.booker', PASSWORD);
    await booker.getByRole('banner').getByRole('button', { name: 'New booking' }).click();
    await booker.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    await fillDemoRoute(booker);
    await booker.getByRole('button', { name: 'Quote', exact: true }).click();
    await booker.getByText(/^Total £[\d,]+\.\d{2}$/).waitFor();
    await booker.getByRole('button', { name: 'Confirm', exact: true }).click();
    await booker.getByRole('heading', { name: /^BOOKING \d+$/ }).waitFor();

    // My Account: the user's own details, never the rights.
    await menu(booker, 'My Account').click();
    await booker.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    const sections = [
      'Account Details',
      'Personal Details',
      'Change Password',
      'Address Details',
      'Communications',
    ];
    for (const title of sections) await booker.getByRole('heading', { name: title, level: 2 }).waitFor();
    // In the spec's order, on the page and so in the Tab order.
    const headings = await booker.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.filter((h) => sections.includes(h))).toEqual(sections);
    expect(await booker.getByLabel(labelled('First Name')).inputValue()).toBe('Bea');
    // The Username cannot be changed here, and it does not look like a field waiting for typing:
    // its box is shaded, unlike First Name's.
    const shade = (label: string) =>
      booker.getByLabel(labelled(label)).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await booker.getByLabel(labelled('Username')).getAttribute('readonly')).not.toBeNull();
    expect(await shade('Username')).not.toBe(await shade('First Name'));
    await booker.getByRole('group', { name: 'Address Details' }).locator('address').waitFor();
    expect(await booker.getByRole('checkbox').count()).toBe(0);
    expect(await booker.getByRole('tab').count()).toBe(0);
    await booker.getByLabel(labelled('Telephone')).fill('0161 496 0999');
    await booker.getByRole('button', { name: 'Save' }).click();
    await notification(booker, 'Save Data', 'User data saved').waitFor();
    await settle(booker);
    await h.screenshot(booker, 'users-my-account');

    // Clone: a new user with the same rights and account, without username, password and email.
    await admin.getByRole('button', { name: 'Clone' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Clone user' });
    await confirm.waitFor();
    await settle(admin);
    await h.screenshot(admin, 'users-confirm-clone');
    await confirm.getByRole('button', { name: 'Clone' }).click();
    await admin.getByRole('heading', { name: 'New User', level: 1 }).waitFor();
    expect(await admin.getByLabel(labelled('Username')).inputValue()).toBe('');
    expect(await admin.getByLabel(labelled('Email')).inputValue()).toBe('');
    expect(await admin.getByLabel(labelled('First Name')).inputValue()).toBe('Bea');
    await fill(admin, { Username: 'e2e.clone', Password: PASSWORD });
    await admin.getByLabel(labelled('Confirm password')).fill(PASSWORD);
    await admin.getByRole('button', { name: 'Save' }).click();
    await notification(admin, 'Save Data', 'User data saved').waitFor();
    await admin.getByRole('heading', { name: 'User Detail', level: 1 }).waitFor();
    await admin.getByRole('tab', { name: 'Accounts' }).click();
    await admin.getByRole('button', { name: 'Remove DEMO001' }).waitFor();
    await admin.getByRole('tab', { name: 'Options' }).click();
    expect(await admin.getByRole('checkbox', { name: 'Make a booking', exact: true }).isChecked()).toBe(true);

    // Delete asks first.
    await admin.getByRole('button', { name: 'Delete' }).click();
    const del = admin.getByRole('dialog', { name: 'Delete user' });
    await del.waitFor();
    await settle(admin);
    await h.screenshot(admin, 'users-confirm-delete');
    await del.getByRole('button', { name: 'Delete' }).click();
    await notification(admin, 'Save Data', 'User deleted').waitFor();
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  });

  it('passes axe on the user list, detail and My Account in the second tenant theme', async () => {
    const page = await (await h.newContext()).newPage();
    await signIn(page, 'admin', 'Admin#2026', 'Northern Express');
    await menu(page, 'Users').click();
    await page.getByRole('link', { name: 'Open user customer' }).waitFor();
    await h.screenshot(page, 'users-list-northern');
    // The administrator's own detail: their circuits, and their admin right not to be taken.
    await page.getByRole('link', { name: 'Open user admin' }).click();
    await page.getByRole('heading', { name: 'User Detail', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: labelled('Username') }).waitFor();
    await h.screenshot(page, 'users-detail-northern');
    await page.getByRole('tab', { name: 'Circuits' }).click();
    await page
      .getByRole('checkbox', { name: /^Update allowed on / })
      .first()
      .waitFor();
    await h.screenshot(page, 'users-circuits-northern');
    // On a phone the circuits table scrolls inside its card: the page does not widen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle menu' }).waitFor();
    // Polled: the frame settles into the phone's layout over a few frames after the resize.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('tab', { name: 'Options' }).click();
    expect(await page.getByRole('checkbox', { name: 'User admin' }).isDisabled()).toBe(true);
    await menu(page, 'My Account').click();
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: labelled('First Name') }).waitFor();
    await h.screenshot(page, 'users-my-account-northern');
  });
});
