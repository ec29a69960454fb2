import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness';
import { choose, notification, settle } from './ui';

/**
 * The guest quote wizard on the sandbox payment provider (spec "bookings…" §2, §4; "access…" §2
 * /docket/quote, /success, /failed): quote M1 1AE → SW1A 1AA, choose a van, contact, addresses,
 * pay with the test card that is authorised and see the booking reference; the declined test card
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

/** A shot from the top once transitions have settled. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settle(page);
  await h.screenshot(page, name);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** From the login screen's Guest login to the post codes page of `database`. */
async function openAsGuest(page: Page, database: string): Promise<void> {
  await page.goto('/login');
  await choose(page, 'Database', database);
  await page.getByRole('link', { name: 'Guest login' }).click();
  await heading(page, 'Post codes').waitFor();
}

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

/** Page 4: the collection address from the post code search, the delivery one typed. */
async function addresses(page: Page, shots?: string): Promise<void> {
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
  await collect.getByRole('button', { name: 'Find Address' }).click();
  const list = page.getByRole('dialog', { name: 'ADDRESS LIST' });
  await list.getByRole('row').nth(1).waitFor();
  if (shots) await shot(page, `${shots}-4-address-list`);
  await list.getByRole('row').nth(1).click();
  await list.waitFor({ state: 'hidden' });
  await collect.getByRole('textbox', { name: 'Company' }).fill('Piccadilly Plaza');
  await collect.getByRole('textbox', { name: 'Street' }).fill('Portland Street');
  await deliver.getByRole('textbox', { name: 'Company' }).fill('Buckingham Palace');
  await deliver.getByRole('textbox', { name: 'Street' }).fill('The Mall');
  await deliver.getByRole('textbox', { name: 'Town' }).fill('London');
  if (shots) await shot(page, `${shots}-4-addresses`);
  await next(page);
  await heading(page, 'Capture').waitFor();
}

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

    // Register passes the contact details on, with a token the guid earns: the form is ready.
    await page.getByRole('button', { name: 'Register' }).click();
    await heading(page, 'Register as a new user').waitFor();
    await page.getByText(/for Gwen Guest \(gwen@example\.com\)/).waitFor();
    await page.getByRole('textbox', { name: 'Username' }).waitFor();
    await shot(page, 'quote-9-register');
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
