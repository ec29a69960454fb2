import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness';
import { notification } from './ui';
import { quoteSteps } from './quote-steps';

/**
 * The guest quote wizard on the sandbox payment provider (spec "bookings…" §2, §4; "access…" §2
 * /docket/quote, /success, /failed): quote M1 1AE → SW1A 1AA, choose a van, contact, addresses,
 * pay with the test card that is authorised and see the booking reference, register, sign in and
 * see the booking; the declined test card
 * returns to capture with the payment error. Every page is shot (axe runs on each shot).
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

const {
  shot,
  heading,
  next,
  openAsGuest,
  quoteAndChooseVan,
  contactDetails,
  addresses,
  registerAndSeeBooking,
} = quoteSteps(() => h);

/** Pages 5 and 6, then the sandbox's test page with `card`. */
async function pay(page: Page, card: string, shots?: string): Promise<void> {
  await page.getByText(/^Amount to authorise/).waitFor();
  if (shots) await shot(page, `${shots}-5-capture`);
  await next(page);
  await heading(page, 'Payment').waitFor();
  if (shots) await shot(page, `${shots}-6-payment`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('TEST PAYMENT PAGE', { exact: false }).first().waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/payment\/sandbox\//);
  if (shots) await shot(page, `${shots}-sandbox-page`);
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('button', { name: 'Authorise payment' }).click();
}

describe('the guest quote wizard on the sandbox provider in Chromium', () => {
  it('quotes, books and pays as a guest, and sees the booking reference', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await openAsGuest(page, 'Demo Couriers');
    await quoteAndChooseVan(page, 'quote');
    await contactDetails(page, 'quote');
    await addresses(page, 'quote');
    await pay(page, CARD_OK, 'quote');

    await heading(page, 'Payment successfully completed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/success');
    await shot(page, 'quote-success');
    // The success screen closes itself after 3 s; a tab the payer came in by goes on to the wizard.
    const reference = page.getByText(/^Your booking reference is : \d+$/);
    await reference.waitFor({ timeout: 30_000 });
    const docket = /(\d+)$/.exec(await reference.innerText())![1]!;
    expect(new URL(page.url()).searchParams.get('page')).toBe('8');
    await page.getByRole('button', { name: 'Register' }).waitFor();
    await shot(page, 'quote-8-confirmation');

    // The guid in the address resumes from the server's state: a reload shows the same booking.
    await page.reload();
    await page.getByText(`Your booking reference is : ${docket}`).waitFor();

    // Register passes the contact details on, with a token the guid earns; the new user signs in
    // and sees that booking.
    expect(await registerAndSeeBooking(page, 'Demo Couriers', 'gwen.sandbox', 'quote')).toBe(docket);
    await context.close();
  }, 240_000);

  it('returns a declined card to capture with the payment error', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await openAsGuest(page, 'Demo Couriers');
    await quoteAndChooseVan(page);
    await contactDetails(page);
    await addresses(page);
    await pay(page, CARD_DECLINED);

    await heading(page, 'AN ERROR OCCURRED').waitFor();
    expect(new URL(page.url()).pathname).toBe('/failed');
    await page.getByText(/Your card was declined/).waitFor();
    await shot(page, 'quote-failed');
    await page.getByRole('button', { name: 'Back' }).click();

    await heading(page, 'Capture').waitFor();
    await notification(page, 'Payment Unsuccessful', /Unable to authorise your payment/).waitFor();
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Payment Unsuccessful' }).waitFor();
    await shot(page, 'quote-5-capture-declined');

    // The guest may pay again: the authorised card books.
    await pay(page, CARD_OK);
    await page.getByText(/^Your booking reference is : \d+$/).waitFor({ timeout: 30_000 });
    // New starts again from the post codes, with no quote.
    await page.getByRole('button', { name: 'New' }).click();
    await heading(page, 'Post codes').waitFor();
    expect(new URL(page.url()).searchParams.get('guid')).toBeNull();
    await context.close();
  }, 240_000);

  it('has no axe violation on the wizard in the orange theme, and prices and chooses by keyboard', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await openAsGuest(page, 'Northern Express');
    await quoteAndChooseVan(page, 'theme-north-quote', true);
    await contactDetails(page, 'theme-north-quote');
    await context.close();
  }, 240_000);
});
