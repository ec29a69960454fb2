import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness';
import { heading, wizardSteps } from './quote-steps';
import { toCardCapture } from './card-steps';
import { notification, settle, signIn } from './ui';

/**
 * Card payers on the booking screen and account payers in the quote wizard (issue 11 §3; spec
 * "bookings…" §4 Booking detail capture, payment, complete; "access…" §4 Card payment states):
 * a card-paying account books from /docket/detail, pays on the sandbox's test page in the window
 * Authorise opens and sees the booking reference; a declined card returns to capture with
 * 'Payment Unsuccessful'; a signed-in account payer (mop A) goes through the wizard without the
 * payment pages. Every screen shot is checked by axe, in both tenant themes.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

/** A shot from the top once transitions have settled (axe runs on it). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settle(page);
  await h.screenshot(page, name);
}

/** The capture page of a card payer's booking, shot when `shots` names it. */
async function toCapture(page: Page, database: string, shots?: string): Promise<void> {
  await toCardCapture(page, database, shot, shots);
  if (shots) await shot(page, `${shots}-capture`);
}

/** Authorise (by keyboard when asked): the sandbox's test page opens in a window of its own; it pays with `card`. */
async function authorise(page: Page, card: string, shots?: string, keyboard = false): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  if (keyboard) {
    await page.getByRole('button', { name: 'Authorise' }).focus();
    await page.keyboard.press('Enter');
  } else await page.getByRole('button', { name: 'Authorise' }).click();
  const popup = await opened;
  await popup.getByText('TEST PAYMENT PAGE', { exact: false }).first().waitFor();
  expect(new URL(popup.url()).pathname).toMatch(/^\/payment\/sandbox\//);
  // The booking screen waits on its payment page with the amount held (total + 10 %).
  await page.getByText(/^Authorise £[\d,]+\.\d{2} on the card payment page\.$/).waitFor();
  if (shots) await shot(page, `${shots}-payment`);
  await popup.getByRole('textbox', { name: 'Card number' }).fill(card);
  await popup.getByRole('button', { name: 'Authorise payment' }).click();
  return popup;
}

const { quoteAndChooseVan, contactDetails, addresses } = wizardSteps(shot);

describe('card payments on the booking screen and account payers in the wizard, in Chromium', () => {
  it('books a card payer from the booking screen: Authorise, the sandbox page, the booking reference', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await toCapture(page, 'Demo Couriers', 'card');
    const popup = await authorise(page, CARD_OK, 'card');

    const booked = page.getByRole('heading', { name: /^BOOKING \d+$/ });
    await booked.waitFor({ timeout: 30_000 });
    const docket = (await booked.innerText()).replace('BOOKING ', '');
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
    const summary = page.getByText('Docket No').locator('..');
    await summary.getByText(docket, { exact: true }).waitFor();
    await page.getByRole('link', { name: /^T[0-9A-Z]{14}$/ }).waitFor();
    await shot(page, 'card-complete');
    // The sandbox page's window ends on /success, which closes itself.
    await popup.waitForEvent('close', { timeout: 15_000 }).catch(() => undefined);
    expect(popup.isClosed()).toBe(true);

    // The booking is in the list, once.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Your Recent Bookings' })
      .click();
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page.getByRole('cell', { name: docket, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: docket, exact: true }).count()).toBe(1);
    await context.close();
  }, 240_000);

  it("returns a declined card to capture with 'Payment Unsuccessful' and the provider's message", async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await toCapture(page, 'Demo Couriers');
    await authorise(page, CARD_DECLINED);

    await notification(page, 'Payment Unsuccessful', /Unable to authorise your payment/).waitFor({
      timeout: 30_000,
    });
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Payment Unsuccessful' });
    await alert.waitFor();
    await alert.getByText(/Your card was declined/).waitFor();
    await page.getByRole('button', { name: 'Authorise' }).waitFor();
    expect(await page.getByRole('heading', { name: /^BOOKING \d+$/ }).count()).toBe(0);
    await shot(page, 'card-capture-declined');
    await context.close();
  }, 240_000);

  it('has no axe violation in the orange theme, and authorises by keyboard', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await toCapture(page, 'Northern Express', 'theme-north-card');
    await authorise(page, CARD_OK, 'theme-north-card', true);
    await page.getByRole('heading', { name: /^BOOKING \d+$/ }).waitFor({ timeout: 30_000 });
    await shot(page, 'theme-north-card-complete');
    await context.close();
  }, 240_000);

  it('takes a signed-in account payer (mop A) through the wizard without paying', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'customer', 'Customer#2026');
    await page.goto('/docket/quote');
    await heading(page, 'Post codes').waitFor();
    await quoteAndChooseVan(page);
    await contactDetails(page);
    await addresses(page, undefined, 'Confirmation');

    const reference = page.getByText(/^Your booking reference is : \d+$/);
    await reference.waitFor({ timeout: 30_000 });
    const docket = /(\d+)$/.exec(await reference.innerText())![1]!;
    expect(new URL(page.url()).searchParams.get('page')).toBe('8');
    // Signed in: no Register; nothing was paid (no sandbox page was ever opened).
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    expect(context.pages()).toHaveLength(1);
    await shot(page, 'account-payer-confirmation');
    // The booking is the customer's own, on their account.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Your Recent Bookings' })
      .click();
    await page.getByRole('cell', { name: docket, exact: true }).waitFor();
    await context.close();
  }, 240_000);
});
