import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from './harness';
import { choose, fillNewPassword, notification, settle, signIn } from './ui';

/**
 * The quote wizard's steps the end-to-end tests share (spec "bookings…" §2 Guest or user quote
 * wizard): guest entry, pages 1 to 4 with M1 1AE → SW1A 1AA and the small van.
 */

/** The screen's heading (level 1) `name`. */
export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true, level: 1 });
/** The wizard's Next. */
export const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** From the login screen's Guest login to the post codes page of `database`. */
export async function openAsGuest(page: Page, database: string): Promise<void> {
  await page.goto('/login');
  await choose(page, 'Database', database);
  await page.getByRole('link', { name: 'Guest login' }).click();
  await heading(page, 'Post codes').waitFor();
}

/**
 * Pages 1 to 4 of the wizard; `shot` takes the screenshots a step names when given a prefix.
 */
export function wizardSteps(shot: (page: Page, name: string) => Promise<void>) {
  /**
   * Pages 1 and 2: the two post codes, then the small van chosen; by `keyboard`, Enter in the post
   * code field prices and Space on the van's button chooses it.
   */
  async function quoteAndChooseVan(page: Page, shots?: string, keyboard = false): Promise<void> {
    await page.getByRole('textbox', { name: 'Collection post code' }).fill('M1 1AE');
    await page.getByRole('textbox', { name: 'Delivery post code' }).fill('SW1A 1AA');
    if (shots) await shot(page, `${shots}-1-postcodes`);
    if (keyboard) await page.getByRole('textbox', { name: 'Delivery post code' }).press('Enter');
    else await next(page);
    await heading(page, 'Your Quote').waitFor();
    const van = page.getByRole('group', { name: 'Small van' });
    await van.getByText('Base charge').waitFor();
    await van.getByText(/miles × £/).waitFor();
    await van.getByText(/^VAT/).waitFor();
    await van.getByText(/^Card hold/).waitFor();
    expect(await page.locator('svg[data-tariff]').count()).toBe(11);
    const choose = page.getByRole('button', { name: 'Choose Small van' });
    if (keyboard) {
      await choose.focus();
      await page.keyboard.press('Space');
    } else await choose.click();
    await page.getByRole('button', { name: 'Choose Small van', pressed: true }).waitFor();
    // The keyboard's focus stays on the button it pressed, not on the page.
    if (keyboard) expect(await choose.evaluate((el) => el === document.activeElement)).toBe(true);
    if (shots) await shot(page, `${shots}-2-your-quote`);
    if (keyboard) {
      await page.getByRole('button', { name: 'Next' }).focus();
      await page.keyboard.press('Enter');
    } else await next(page);
    await heading(page, 'Contact details').waitFor();
  }

  /** Page 3: the contact and the three boxes (their alerts shown first when `shots`). */
  async function contactDetails(page: Page, shots?: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Contact' }).fill('Gwen Guest');
    await page.getByRole('textbox', { name: 'Telephone' }).fill('0161 496 0999');
    await page.getByRole('textbox', { name: 'Email' }).fill('gwen@example.com');
    if (shots) {
      await next(page);
      for (const alert of [
        'Confirm the Terms of Conditions',
        'Confirm the Package Guidelines',
        'Confirm the Prohibited Goods',
      ])
        await page.getByText(alert, { exact: true }).waitFor();
      await shot(page, `${shots}-3-contact-terms-alerts`);
    }
    for (const box of ['Terms and Conditions', 'Packaging Guidelines', 'Prohibited Goods'])
      await page.getByRole('checkbox', { name: new RegExp(box) }).check();
    if (shots) await shot(page, `${shots}-3-contact`);
    await next(page);
    await heading(page, 'Addresses').waitFor();
  }

  /**
   * Page 4: the collection address from the post code search, the delivery one typed; Next leads
   * to `then` (Capture for a card payer, Confirmation for an account payer).
   */
  async function addresses(page: Page, shots?: string, then = 'Capture'): Promise<void> {
    const collect = page.getByRole('group', { name: 'Collection address' });
    const deliver = page.getByRole('group', { name: 'Delivery address' });
    if (shots) {
      // Only the post code: fewer than three parts.
      await next(page);
      await collect
        .getByRole('alert')
        .getByText(/Please use the search buttons/)
        .waitFor();
      await shot(page, `${shots}-4-addresses-three-parts`);
    }
    // A street typed before the search stays when the result (the post code's area) has none.
    await collect.getByRole('textbox', { name: 'Street' }).fill('Portland Street');
    await collect.getByRole('button', { name: 'Find Address' }).click();
    const list = page.getByRole('dialog', { name: 'ADDRESS LIST' });
    await list.getByRole('row').nth(1).waitFor();
    // The offline index knows only the post code's area here, and the list says what to do.
    await list
      .getByText('Only the area of this post code is known: choose it, then type the building and street.')
      .waitFor();
    if (shots) await shot(page, `${shots}-4-address-list`);
    await list.getByRole('row').nth(1).click();
    await list.waitFor({ state: 'hidden' });
    expect(await collect.getByRole('textbox', { name: 'Street' }).inputValue()).toBe('Portland Street');
    expect(await collect.getByRole('textbox', { name: 'Town' }).inputValue()).not.toBe('');
    await collect.getByRole('textbox', { name: 'Company' }).fill('Piccadilly Plaza');
    await deliver.getByRole('textbox', { name: 'Company' }).fill('Buckingham Palace');
    await deliver.getByRole('textbox', { name: 'Street' }).fill('The Mall');
    await deliver.getByRole('textbox', { name: 'Town' }).fill('London');
    if (shots) await shot(page, `${shots}-4-addresses`);
    await next(page);
    await heading(page, then).waitFor();
  }

  /**
   * Page 8's booking reference (waited for; the docket number returned), then Register with the
   * contact details passed on: a new user `username` of `database`, signed in, who sees that one
   * booking in 'Your Recent Bookings' and no other booking of the shared quote account.
   */
  async function registerAndSeeBooking(
    page: Page,
    database: string,
    username: string,
    shots?: string,
  ): Promise<string> {
    const reference = page.getByText(/^Your booking reference is : \d+$/);
    await reference.waitFor({ timeout: 30_000 });
    const docket = /(\d+)$/.exec(await reference.innerText())![1]!;
    await page.getByRole('button', { name: 'Register' }).click();
    await heading(page, 'Register as a new user').waitFor();
    await page.getByText(/for Gwen Guest \(gwen@example\.com\)/).waitFor();
    const password = 'Gwen#Guest2026';
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await fillNewPassword(page, 'Password', password);
    if (shots) await shot(page, `${shots}-9-register`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await notification(
      page,
      'Registered Successfully',
      'Please login to view your booking history',
    ).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    await signIn(page, username, password, database);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Your Recent Bookings' })
      .click();
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page.getByRole('cell', { name: docket, exact: true }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    if (shots) await shot(page, `${shots}-own-bookings`);
    return docket;
  }

  return { heading, next, quoteAndChooseVan, contactDetails, addresses, registerAndSeeBooking };
}

/**
 * The wizard steps with their screenshots taken from the top once transitions have settled (with
 * the harness's axe check); `harness` is read when a shot is taken.
 */
export function quoteSteps(harness: () => Harness) {
  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await settle(page);
    await harness().screenshot(page, name);
  }
  return { shot, openAsGuest, ...wizardSteps(shot) };
}
