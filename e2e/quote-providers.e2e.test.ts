import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STRIPE_FAKE_CARDS, StripeFake } from '../apps/server/src/test/fakes/stripe-fake';
import { WorldpayFake } from '../apps/server/src/test/fakes/worldpay-fake';
import { fillWorldpayCard, toCardCapture } from './card-steps';
import { startHarness, type Harness } from './harness';
import { quoteSteps } from './quote-steps';
import { notification } from './ui';

/**
 * The guest quote wizard paying through each card provider against local fakes of their APIs
 * (issue 11 §4): Stripe Checkout (Demo Couriers: the wizard sends the payer to the fake's hosted
 * page, which comes back to /success or /failed; the fake's signed webhook books too) and
 * Worldpay (Northern Express: the card form is the fake's template frame, its token paid on page
 * 7). Each then registers from the confirmation, signs in and sees its one booking in the list
 * (spec "bookings…" §2 page 9). A declined card returns to capture with the payment error. Every page is shot (and axed).
 */

const SECRET = 'sk_test_e2e_secret';
const WEBHOOK_SECRET = 'whsec_e2e_secret';
const SERVICE_KEY = 'T_S_e2e-service';
const CLIENT_KEY = 'T_C_e2e-client';

let h: Harness;
const stripe = new StripeFake({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
const worldpay = new WorldpayFake({ serviceKey: SERVICE_KEY, clientKey: CLIENT_KEY });

/** Sets a tenant's card provider (payment.provider.O and .S) as its administrator would. */
async function useProvider(database: string, provider: string): Promise<void> {
  const login = await fetch(`${h.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ database, username: 'admin', password: 'Admin#2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const call = (path: string, body: object) =>
    fetch(`${h.baseUrl}/api/system/payment/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'settings', database, ...body }),
    });
  const values = (await (await call('list', {})).json()) as Record<string, string>;
  const saved = await call('post', { values: { ...values, 'provider.O': provider, 'provider.S': provider } });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  await stripe.start();
  await worldpay.start();
  h = await startHarness({
    env: {
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_API_BASE: stripe.url,
      WORLDPAY_SERVICE_KEY: SERVICE_KEY,
      WORLDPAY_CLIENT_KEY: CLIENT_KEY,
      WORLDPAY_TEMPLATE_NAME: 'courier-card',
      WORLDPAY_API_BASE: `${worldpay.url}/v1`,
      WORLDPAY_JS_URL: `${worldpay.url}/v1/worldpay.js`,
    },
  });
  stripe.setWebhookUrl(`${h.baseUrl}/api/strip/webhook`);
  await useProvider('Demo Couriers', 'stripe');
  await useProvider('Northern Express', 'worldpay');
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await stripe.close();
  await worldpay.close();
});

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

/** Pages 1 to 4 as a guest of `database`. */
async function upToCapture(page: Page, database: string, shots?: string): Promise<void> {
  await openAsGuest(page, database);
  await quoteAndChooseVan(page, shots);
  await contactDetails(page);
  await addresses(page);
  await page.getByText(/^Amount to authorise/).waitFor();
}

/** Page 5's Next, page 6's Confirm, then Stripe's (fake) hosted page with `card`. */
async function payOnStripe(page: Page, card: string, shots?: string): Promise<void> {
  if (shots) await shot(page, `${shots}-5-capture`);
  await next(page);
  await heading(page, 'Payment').waitFor();
  if (shots) await shot(page, `${shots}-6-payment`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
  expect(page.url()).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** Page 5's card form (the fake's Worldpay frame) with `name` on the card, then page 6's Confirm. */
async function payOnWorldpay(page: Page, name: string, shots?: string): Promise<void> {
  await fillWorldpayCard(page, name, shot, shots && `${shots}-5-capture-card-form`);
  await heading(page, 'Payment').waitFor();
  if (shots) await shot(page, `${shots}-6-payment`);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

describe('the guest quote wizard paying through Stripe Checkout (a local fake) in Chromium', () => {
  it('pays on the hosted page, comes back to /success, sees the reference, registers and sees the booking', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await upToCapture(page, 'Demo Couriers');
    await payOnStripe(page, STRIPE_FAKE_CARDS.held, 'stripe');
    await heading(page, 'Payment successfully completed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/success');
    const reference = page.getByText(/^Your booking reference is : \d+$/);
    await reference.waitFor({ timeout: 30_000 });
    await shot(page, 'stripe-8-confirmation');
    // The webhook and the return page both ran the one fulfilment: the webhook was taken.
    const [session] = [...stripe.sessions.values()].filter((s) => s.status === 'complete');
    expect(stripe.delivered.filter((d) => d.session === session!.id).map((d) => d.status)).toEqual([200]);
    expect(stripe.intents.get(session!.payment_intent!)!.status).toBe('requires_capture');
    await registerAndSeeBooking(page, 'Demo Couriers', 'gwen.stripe', 'stripe');
    await context.close();
  }, 240_000);

  it('returns a declined card, left on the hosted page, to capture with the last payment error', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await upToCapture(page, 'Demo Couriers');
    await payOnStripe(page, STRIPE_FAKE_CARDS.declined);
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'AN ERROR OCCURRED').waitFor();
    await page.getByText('Your card was declined.').waitFor();
    await shot(page, 'stripe-failed');
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'Capture').waitFor();
    await notification(page, 'Payment Unsuccessful', /Unable to authorise your payment/).waitFor();
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await shot(page, 'stripe-5-capture-declined');
    await context.close();
  }, 240_000);
});

describe("the guest quote wizard paying through Worldpay's card form (a local fake) in Chromium", () => {
  it('takes the card in the hosted form, pays its token, sees the reference, registers and sees the booking', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await upToCapture(page, 'Northern Express');
    await payOnWorldpay(page, 'Gwen Guest', 'worldpay');
    const reference = page.getByText(/^Your booking reference is : \d+$/);
    await reference.waitFor({ timeout: 30_000 });
    await shot(page, 'worldpay-8-confirmation');
    const orders = [...worldpay.orders.values()];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      authorizeOnly: true,
      paymentStatus: 'AUTHORIZED',
      currencyCode: 'GBP',
    });
    await registerAndSeeBooking(page, 'Northern Express', 'gwen.worldpay', 'worldpay');
    await context.close();
  }, 240_000);

  it('returns a declined card to capture with the payment error', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await upToCapture(page, 'Northern Express');
    await payOnWorldpay(page, 'FAILED');
    await heading(page, 'Capture').waitFor();
    await notification(page, 'Payment Unsuccessful', /Unable to authorise your payment/).waitFor();
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Card declined by the issuer' })
      .waitFor();
    await shot(page, 'worldpay-5-capture-declined');
    await context.close();
  }, 240_000);
});

/**
 * The issuer's page in the card check window, once it has loaded and the window has stopped moving
 * in (a click into a frame lands where its button was, and the window slides in as it opens).
 */
async function check(page: Page) {
  const frame = page.frameLocator('iframe[title="Your card issuer\'s check"]');
  await frame.getByRole('button', { name: 'Authenticate' }).waitFor();
  await page
    .frames()
    .find((f) => new URL(f.url()).pathname === '/3ds')
    ?.waitForLoadState('load');
  const dialog = page.getByRole('dialog', { name: 'Card check' });
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await dialog.boundingBox());
      const still = box === last;
      last = box;
      return still;
    })
    .toBe(true);
  return frame;
}

describe("Worldpay's 3-D Secure check (the local fake's issuer page) in the guest quote wizard in Chromium", () => {
  it("shows the card issuer's check in a window; answered, the booking is made once and its reference shown", async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const before = worldpay.orders.size;
    await upToCapture(page, 'Northern Express');
    await payOnWorldpay(page, '3D');
    await page.getByRole('dialog', { name: 'Card check' }).waitFor();
    await page.getByText('Your card issuer asks you to confirm this payment. Follow').waitFor();
    const authenticate = (await check(page)).getByRole('button', { name: 'Authenticate' });
    await shot(page, 'worldpay-7-card-check');
    await authenticate.click();
    await page.getByText(/^Your booking reference is : \d+$/).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog', { name: 'Card check' }).count()).toBe(0);
    const orders = [...worldpay.orders.values()].slice(before);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentStatus: 'AUTHORIZED', authorizeOnly: true });
    await context.close();
  }, 240_000);

  it('returns to capture with the message when the payer closes the check, and when the issuer refuses it', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await upToCapture(page, 'Northern Express');
    await payOnWorldpay(page, '3D');
    await check(page);
    await page.keyboard.press('Escape');
    await heading(page, 'Capture').waitFor();
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Your card issuer asked for 3-D Secure authentication, which was not completed' })
      .waitFor();
    await shot(page, 'worldpay-5-capture-card-check-closed');
    await payOnWorldpay(page, '3D');
    await (await check(page)).getByRole('button', { name: 'Fail authentication' }).click();
    await heading(page, 'Capture').waitFor();
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: '3-D Secure authentication failed' })
      .waitFor();
    await context.close();
  }, 240_000);
});

describe("a card payer on the booking screen paying through Worldpay's card form (a local fake) in Chromium", () => {
  it('takes the card in the capture page, returns a declined card to a fresh form, then authorises and books once', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const before = worldpay.orders.size;
    await toCardCapture(page, 'Northern Express');
    const authorise = page.getByRole('button', { name: 'Authorise' });
    // No card yet: Authorise waits for the card form.
    expect(await authorise.isDisabled()).toBe(true);
    await fillWorldpayCard(page, 'FAILED', shot, 'worldpay-booking-capture');
    await page.getByText('Card details received: Authorise to hold the amount on your card.').waitFor();
    await authorise.click();
    await notification(page, 'Payment Unsuccessful', /Unable to authorise your payment/).waitFor({
      timeout: 30_000,
    });
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Card declined by the issuer' })
      .waitFor();
    expect(await page.getByRole('heading', { name: /^BOOKING \d+$/ }).count()).toBe(0);
    await shot(page, 'worldpay-booking-declined');

    await fillWorldpayCard(page, 'Bob Booker');
    await authorise.click();
    const booked = page.getByRole('heading', { name: /^BOOKING \d+$/ });
    await booked.waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
    // The declined attempt's 'Payment Unsuccessful' does not stay up over the booking.
    await expect.poll(() => page.getByText('Payment Unsuccessful').count(), { timeout: 5_000 }).toBe(0);
    await shot(page, 'worldpay-booking-complete');
    // No window was opened: the card never left the page's form.
    expect(context.pages()).toHaveLength(1);
    const orders = [...worldpay.orders.values()].slice(before);
    expect(orders.map((o) => o.paymentStatus)).toEqual(['FAILED', 'AUTHORIZED']);
    expect(orders[1]).toMatchObject({ authorizeOnly: true, currencyCode: 'GBP' });
    const docket = (await booked.innerText()).replace('BOOKING ', '');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Your Recent Bookings' })
      .click();
    await page.getByRole('cell', { name: docket, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: docket, exact: true }).count()).toBe(1);
    await context.close();
  }, 240_000);

  it("asks for the card issuer's check in a window over the payment page, and books once it is answered", async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const before = worldpay.orders.size;
    await toCardCapture(page, 'Northern Express');
    await fillWorldpayCard(page, '3D');
    await page.getByText('Card details received: Authorise to hold the amount on your card.').waitFor();
    await page.getByRole('button', { name: 'Authorise' }).click();
    await page.getByRole('dialog', { name: 'Card check' }).waitFor({ timeout: 30_000 });
    const authenticate = (await check(page)).getByRole('button', { name: 'Authenticate' });
    await shot(page, 'worldpay-booking-card-check');
    await authenticate.click();
    await page.getByRole('heading', { name: /^BOOKING \d+$/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog', { name: 'Card check' }).count()).toBe(0);
    expect(context.pages()).toHaveLength(1);
    const orders = [...worldpay.orders.values()].slice(before);
    expect(orders.map((o) => o.paymentStatus)).toEqual(['AUTHORIZED']);
    await context.close();
  }, 240_000);
});
