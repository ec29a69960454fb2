import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG, type QuoteView } from '@courier/contracts';
import { customers, dockets, paymentAuthorisations, settings, worldpayOrders } from '../../db/schema';
import { buildApp } from '../../app';
import {
  ADMIN,
  booking,
  CUSTOMER,
  DB_KINDS,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
  useTestApp,
} from '../../test/harness';
import { quoteDocketBody, quoteTariffsBody } from '../../test/quote-fixtures';
import {
  STRIPE_DECLINE_MESSAGE,
  STRIPE_FAKE_CARDS,
  StripeFake,
  stripeSignature,
} from '../../test/fakes/stripe-fake';
import {
  WORLDPAY_3DS_FAIL_REASON,
  WORLDPAY_DECLINE_REASON,
  WORLDPAY_FAKE_CARD,
  WorldpayFake,
} from '../../test/fakes/worldpay-fake';
import { StripeProvider } from './stripe.provider';
import { WORLDPAY_NO_ANSWER, WorldpayProvider } from './worldpay.provider';

const SECRET = 'sk_test_fake_secret';
const WEBHOOK_SECRET = 'whsec_fake_secret';
const PUBLISHABLE = 'pk_test_fake_public';
const SERVICE_KEY = 'T_S_fake-service-key';
const CLIENT_KEY = 'T_C_fake-client-key';
const PAYMENT_ERROR =
  'Unable to authorise your payment at this time, please try again later or give us a call';

describe.each(DB_KINDS)('Stripe Checkout and Worldpay against local fakes on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });
  const stripeFake = new StripeFake({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
  const worldpayFake = new WorldpayFake({ serviceKey: SERVICE_KEY, clientKey: CLIENT_KEY });
  let app: FastifyInstance;
  const db = (name = TENANT_A) => t.tenants.get(name)!.db;
  let ip = 0;
  const call = (url: string, body: unknown, database = TENANT_A) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.30.${Math.floor(++ip / 250)}.${ip % 250}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ database, ...(body as object) }),
    });
  const docketCount = async () => Number((await db().select({ n: count() }).from(dockets))[0]!.n);
  const authsOf = (reference: string) =>
    db().select().from(paymentAuthorisations).where(eq(paymentAuthorisations.pauth_reference, reference));
  const useProvider = async (name: string, database = TENANT_A) => {
    for (const key of ['provider.O', 'provider.S'])
      await db(database)
        .update(settings)
        .set({ sett_value: name })
        .where(
          and(eq(settings.sett_group, 'payment'), eq(settings.sett_key, key), eq(settings.sett_cust_id, 0)),
        );
  };

  /** A quote ready to pay (tariff chosen, contact and addresses saved); its view. */
  async function detailed(tariff = 5, database = TENANT_A): Promise<QuoteView> {
    const q = (
      await call('/api/quote/alltariffs/list', quoteTariffsBody(database), database)
    ).json() as QuoteView;
    expect((await call('/api/quote', { guid: q.guid, ttyp_tariff: tariff }, database)).statusCode).toBe(200);
    const res = await call('/api/quote/docket', quoteDocketBody(database, q.guid), database);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const holdPence = (q: QuoteView) =>
    Math.round(q.tariffs.find((x) => x.ttyp_tariff === q.ttyp_tariff)!.hold * 100);

  beforeAll(async () => {
    await stripeFake.start();
    await worldpayFake.start();
    app = await buildApp({
      ...t.deps,
      payments: {
        stripe: new StripeProvider({
          secretKey: SECRET,
          webhookSecret: WEBHOOK_SECRET,
          publishableKey: PUBLISHABLE,
          apiBase: stripeFake.url,
          timeoutMs: 500,
          maxNetworkRetries: 1,
        }),
        worldpay: new WorldpayProvider(
          {
            serviceKey: SERVICE_KEY,
            clientKey: CLIENT_KEY,
            templateName: 'courier-card',
            apiBase: `${worldpayFake.url}/v1`,
            scriptUrl: `${worldpayFake.url}/v1/worldpay.js`,
            timeoutMs: 500,
          },
          t.clock,
        ),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    stripeFake.setWebhookUrl(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/strip/webhook`,
    );
  });
  afterAll(async () => {
    await app?.close();
    await stripeFake.close();
    await worldpayFake.close();
  });

  describe('Stripe Checkout', () => {
    beforeEach(async () => {
      await useProvider('stripe');
      stripeFake.webhookCopies = 1;
      stripeFake.faults = [];
    });

    it('opens an authorise-only Checkout Session of the hold in pence, one per Idempotency-Key, the secret key never sent out', async () => {
      const q = await detailed(5);
      const res = await call('/api/strip/checkout', { guid: q.guid });
      expect(res.statusCode, res.body).toBe(200);
      const { id, url } = res.json() as { id: string; url: string };
      expect(url).toBe(`${stripeFake.url}/pay/${id}`);
      const session = stripeFake.sessions.get(id)!;
      expect(session).toMatchObject({
        mode: 'payment',
        amount_total: holdPence(q),
        currency: 'gbp',
        metadata: { database: TENANT_A },
        success_url: 'http://portal.test/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://portal.test/failed?session_id={CHECKOUT_SESSION_ID}',
      });
      expect(session.payment_intent_data.capture_method).toBe('manual');
      const create = stripeFake.calls
        .filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')
        .at(-1)!;
      expect(create.idempotencyKey).toMatch(/^quote-\d+-Q\d+-\w+-[0-9a-f]{8}$/);
      expect(res.body).not.toContain(SECRET);
      const details = await call('/api/strip/stripedetails', {});
      expect(details.json()).toEqual({ publishableKey: PUBLISHABLE });
      // The quote/checkout of the same quote answers Stripe's page too, and supersedes the first session.
      const again = (await call('/api/quote/checkout', { guid: q.guid })).json();
      expect(again).toMatchObject({ provider: 'stripe', url: expect.stringContaining('/pay/cs_test_') });
      expect(stripeFake.sessions.get(id)!.status).toBe('expired');
      expect((await authsOf(id))[0]!.pauth_state).toBe('abandoned');
    });

    it('retries a failed create with the same Idempotency-Key: one session', async () => {
      const q = await detailed(4);
      const before = stripeFake.sessions.size;
      stripeFake.faults = ['error'];
      const res = await call('/api/strip/checkout', { guid: q.guid });
      expect(res.statusCode, res.body).toBe(200);
      const creates = stripeFake.calls.filter((c) => c.path === '/v1/checkout/sessions').slice(-2);
      expect(creates[0]!.idempotencyKey).toBe(creates[1]!.idempotencyKey);
      expect(stripeFake.sessions.size).toBe(before + 1);
    });

    it('answers Payment Unsuccessful, naming provider, when Stripe does not answer, and records nothing', async () => {
      const q = await detailed(4);
      stripeFake.faults = ['hang', 'hang'];
      const res = await call('/api/strip/checkout', { guid: q.guid });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: PAYMENT_ERROR,
        fields: { provider: 'The card payment provider did not answer' },
      });
      const view = (await call('/api/quote', { guid: q.guid })).json() as QuoteView;
      expect(view.payment).toBeNull();
    });

    it('books once whatever arrives: duplicated webhooks, the return page, reloads and two tabs', async () => {
      const q = await detailed(5);
      const before = await docketCount();
      const { id } = (await call('/api/strip/checkout', { guid: q.guid })).json() as { id: string };
      expect((await call('/api/strip/retriveSession', { session_id: id })).json()).toEqual({
        status: 'open',
        payment_status: 'unpaid',
        last_payment_error: '',
      });
      // Not yet paid: the return answers 409, books nothing.
      expect((await call('/api/strip/payment', { guid: q.guid, session_id: id })).statusCode).toBe(409);
      stripeFake.webhookCopies = 2;
      expect(await stripeFake.pay(id, STRIPE_FAKE_CARDS.held)).toBe('held');
      expect(stripeFake.delivered.filter((d) => d.session === id).map((d) => d.status)).toEqual([200, 200]);
      // The same event replayed, the return page, a reload and a second tab, all at once.
      const { payload, signature } = stripeFake.event(
        'checkout.session.completed',
        stripeFake.sessions.get(id)!,
      );
      const replay = () =>
        app.inject({
          method: 'POST',
          url: '/api/strip/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
      const [r1, r2, ...returns] = await Promise.all([
        replay(),
        replay(),
        call('/api/strip/payment', { guid: q.guid, session_id: id }),
        call('/api/strip/payment', { guid: q.guid, session_id: id }),
        call('/api/quote/payment', { guid: q.guid, reference: id }),
      ]);
      expect([r1!.statusCode, r2!.statusCode]).toEqual([200, 200]);
      const first = returns[0]!.json();
      expect(first.dck_docket).toBeGreaterThan(0);
      for (const r of returns) expect(r.json()).toEqual(first);
      expect(await docketCount()).toBe(before + 1);
      const auths = await authsOf(id);
      expect(auths).toHaveLength(1);
      expect(auths[0]).toMatchObject({
        pauth_provider: 'stripe',
        pauth_state: 'authorised',
        pauth_amount_pence: holdPence(q),
        pauth_dck_id: first.dck_id,
      });
      expect((await call('/api/strip/retriveSession', { session_id: id })).json()).toMatchObject({
        status: 'complete',
      });
      // The hold stays a hold: nothing captured.
      const pi = stripeFake.intents.get(stripeFake.sessions.get(id)!.payment_intent!)!;
      expect(pi).toMatchObject({
        status: 'requires_capture',
        amount_capturable: holdPence(q),
        amount_received: 0,
      });
    });

    it('refuses a webhook whose signature does not match the raw body, and ignores sessions it does not know', async () => {
      const q = await detailed(4);
      const { id } = (await call('/api/strip/checkout', { guid: q.guid })).json() as { id: string };
      const { payload, signature } = stripeFake.event(
        'checkout.session.completed',
        stripeFake.sessions.get(id)!,
      );
      const hook = (body: string, sig?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/strip/webhook',
          headers: { 'content-type': 'application/json', ...(sig ? { 'stripe-signature': sig } : {}) },
          payload: body,
        });
      // The same JSON re-serialised (spaces) is not what was signed.
      const reformatted = JSON.stringify(JSON.parse(payload), null, 1);
      for (const bad of [
        hook(reformatted, signature),
        hook(payload),
        hook(payload, stripeSignature(payload, 'whsec_other')),
      ]) {
        const res = await bad;
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({ 'stripe-signature': 'Invalid signature' });
      }
      const stranger = JSON.parse(payload) as { data: { object: { id: string } } };
      stranger.data.object.id = 'cs_test_not_ours';
      const body = JSON.stringify(stranger);
      const ignored = await hook(body, stripeSignature(body, WEBHOOK_SECRET));
      expect(ignored.json()).toEqual({ received: true, handled: false });
      // The real one, unpaid: Stripe is told to send it again later (409), nothing booked.
      const unpaid = await hook(payload, signature);
      expect(unpaid.statusCode).toBe(409);
      expect((await authsOf(id))[0]!.pauth_dck_id).toBeNull();
    });

    it('books nothing for a declined card: the /failed screen reads the last payment error from our server', async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const { id } = (await call('/api/strip/checkout', { guid: q.guid })).json() as { id: string };
      expect(await stripeFake.pay(id, STRIPE_FAKE_CARDS.declined)).toBe('declined');
      expect((await call('/api/strip/retriveSession', { session_id: id })).json()).toEqual({
        status: 'open',
        payment_status: 'unpaid',
        last_payment_error: STRIPE_DECLINE_MESSAGE,
      });
      const res = await call('/api/quote/payment', { guid: q.guid, reference: id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: PAYMENT_ERROR,
        fields: { reference: STRIPE_DECLINE_MESSAGE },
      });
      expect(await docketCount()).toBe(before);
      // Another card on the same page is held after all: it books.
      expect(await stripeFake.pay(id, STRIPE_FAKE_CARDS.held)).toBe('held');
      expect((await call('/api/strip/payment', { guid: q.guid, session_id: id })).statusCode).toBe(200);
      expect(await docketCount()).toBe(before + 1);
    });

    it('books nothing when the payer abandons 3-D Secure: pending until the session expires, then abandoned', async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const { id, url } = (await call('/api/strip/checkout', { guid: q.guid })).json() as {
        id: string;
        url: string;
      };
      // The hosted page asks for 3-D Secure; the payer goes Back instead (to cancel_url).
      const page = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card: STRIPE_FAKE_CARDS.threeDSecure, action: 'pay' }),
      });
      expect(await page.text()).toContain('3-D Secure authentication required');
      const back = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'cancel' }),
      });
      expect(back.headers.get('location')).toBe(`http://portal.test/failed?session_id=${id}`);
      expect((await call('/api/strip/payment', { guid: q.guid, session_id: id })).statusCode).toBe(409);
      await stripeFake.expire(id);
      const res = await call('/api/strip/payment', { guid: q.guid, session_id: id });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(PAYMENT_ERROR);
      expect((await authsOf(id))[0]!.pauth_state).toBe('abandoned');
      expect(await docketCount()).toBe(before);
    });

    it('leaves a payment pending when Stripe times out on retrieval, and books once it answers', async () => {
      const q = await detailed(4);
      const { id } = (await call('/api/strip/checkout', { guid: q.guid })).json() as { id: string };
      stripeFake.webhookCopies = 0;
      await stripeFake.pay(id, STRIPE_FAKE_CARDS.held);
      stripeFake.faults = ['hang', 'hang'];
      const slow = await call('/api/strip/payment', { guid: q.guid, session_id: id });
      expect(slow.statusCode).toBe(409);
      expect((await authsOf(id))[0]!.pauth_state).toBe('pending');
      expect((await call('/api/strip/payment', { guid: q.guid, session_id: id })).statusCode).toBe(200);
    });

    it("keeps tenants apart: another database's session is unknown, another provider's quote is refused", async () => {
      const q = await detailed(4);
      const { id } = (await call('/api/strip/checkout', { guid: q.guid })).json() as { id: string };
      const other = await call('/api/strip/retriveSession', { session_id: id }, TENANT_B);
      expect(other.statusCode).toBe(404);
      expect(other.json().fields).toEqual({ session_id: 'Unknown payment' });
      await useProvider('sandbox');
      const q2 = await detailed(4);
      const refused = await call('/api/strip/checkout', { guid: q2.guid });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields).toEqual({ provider: 'Paid through sandbox' });
    });
  });

  describe('Worldpay', () => {
    beforeEach(async () => {
      await useProvider('worldpay');
      worldpayFake.faults = [];
    });
    const orderOf = (reference: string) =>
      [...worldpayFake.orders.values()].filter((o) => o.customerOrderCode === reference);

    it('gives the card form its clientKey and templateName through system/worldpay, never the service key', async () => {
      const res = await call('/api/system/worldpay', {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        clientKey: CLIENT_KEY,
        templateName: 'courier-card',
        scriptUrl: `${worldpayFake.url}/v1/worldpay.js`,
        currencyCode: 'GBP',
        currencySymbol: '£',
        holdMargin: 10,
      });
      expect(res.body).not.toContain(SERVICE_KEY);
      const q = await detailed(4);
      const begun = await call('/api/quote/checkout', { guid: q.guid });
      expect(begun.json()).toMatchObject({ provider: 'worldpay', client: { clientKey: CLIENT_KEY } });
      expect(begun.body).not.toContain(SERVICE_KEY);
      expect(begun.json().url).toBeUndefined();
    });

    it('places one authorise-only order of the hold in pence with customerOrderCode, however often the token comes', async () => {
      const q = await detailed(5);
      const before = await docketCount();
      const { reference } = (await call('/api/quote/checkout', { guid: q.guid })).json() as {
        reference: string;
      };
      // Without the card form's token there is nothing to place yet.
      expect((await call('/api/quote/payment', { guid: q.guid, reference })).statusCode).toBe(409);
      const token = worldpayFake.token(WORLDPAY_FAKE_CARD);
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => call('/api/quote/payment', { guid: q.guid, reference, token })),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok.length).toBeGreaterThan(0);
      // A tab that asked while the order was being placed is told to ask again (409), never booked twice.
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      const booked = (await call('/api/quote/payment', { guid: q.guid, reference })).json();
      for (const a of ok) expect(a.json()).toEqual(booked);
      expect(orderOf(reference)).toHaveLength(1);
      expect(orderOf(reference)[0]).toMatchObject({
        amount: holdPence(q),
        currencyCode: 'GBP',
        authorizeOnly: true,
        paymentStatus: 'AUTHORIZED',
      });
      expect(
        worldpayFake.calls
          .filter((c) => c.path === '/v1/orders')
          .every((c) => c.authorization === SERVICE_KEY),
      ).toBe(true);
      expect(await docketCount()).toBe(before + 1);
      expect((await authsOf(reference))[0]).toMatchObject({
        pauth_provider: 'worldpay',
        pauth_state: 'authorised',
      });
    });

    it('books nothing for a declined card, then books a new attempt with a good card', async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const first = (await call('/api/quote/checkout', { guid: q.guid })).json() as { reference: string };
      const declined = await call('/api/quote/payment', {
        guid: q.guid,
        reference: first.reference,
        token: worldpayFake.token(WORLDPAY_FAKE_CARD, 'FAILED'),
      });
      expect(declined.statusCode).toBe(422);
      expect(declined.json()).toMatchObject({
        message: PAYMENT_ERROR,
        fields: { reference: WORLDPAY_DECLINE_REASON },
      });
      expect(await docketCount()).toBe(before);
      const second = (await call('/api/quote/checkout', { guid: q.guid })).json() as { reference: string };
      expect(second.reference).not.toBe(first.reference);
      const ok = await call('/api/quote/payment', {
        guid: q.guid,
        reference: second.reference,
        token: worldpayFake.token(WORLDPAY_FAKE_CARD),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await docketCount()).toBe(before + 1);
    });

    /** The card check's page of a challenged payment, as the portal's frame loads it. */
    const challengeOf = async (q: QuoteView, reference: string, card = '3D') => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/quote/payment',
        remoteAddress: '10.31.0.1',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Card holder browser',
          accept: 'text/html',
        },
        payload: JSON.stringify({
          database: TENANT_A,
          guid: q.guid,
          reference,
          token: worldpayFake.token(WORLDPAY_FAKE_CARD, card),
        }),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        message: MSG.cardCheckWaiting,
        fields: { reference: 'Not complete' },
      });
      const path = res.json().fields.challenge as string;
      expect(path).toBe(
        `/payment-return/worldpay/3ds/${encodeURIComponent(reference)}?database=${encodeURIComponent(TENANT_A)}`,
      );
      return path;
    };
    /** The issuer's answer posted to our TermUrl from the issuer's site, as the browser sends it. */
    const issuerAnswers = (paRes: string, md: string) =>
      app.inject({
        method: 'POST',
        url: `/payment-return/worldpay/3ds?database=${encodeURIComponent(TENANT_A)}`,
        remoteAddress: '10.31.0.1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: worldpayFake.url,
          'user-agent': 'Card holder browser',
        },
        payload: new URLSearchParams({ PaRes: paRes, MD: md }).toString(),
      });
    const putsOf = (reference: string) => {
      const code = orderOf(reference)[0]?.orderCode ?? '-';
      return worldpayFake.calls.filter((c) => c.method === 'PUT' && c.path === `/v1/orders/${code}`).length;
    };

    it("completes 3-D Secure: the issuer's page gets PaReq, TermUrl and MD; its answer books once, replayed or not", async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const { reference } = (await call('/api/quote/checkout', { guid: q.guid })).json() as {
        reference: string;
      };
      const path = await challengeOf(q, reference);
      // The order asked for 3-D Secure with the payer's browser as the shopper fields.
      const [order] = orderOf(reference);
      expect(order).toMatchObject({
        paymentStatus: 'PRE_AUTHORIZED',
        authorizeOnly: true,
        amount: holdPence(q),
        threeDs: { sessionId: reference, userAgent: 'Card holder browser', ip: '10.31.0.1' },
      });
      // Asked again while the issuer waits: the same challenge, no second order.
      expect((await call('/api/quote/payment', { guid: q.guid, reference })).json().fields.challenge).toBe(
        path,
      );
      expect(orderOf(reference)).toHaveLength(1);
      const frame = await app.inject({ method: 'GET', url: path });
      expect(frame.statusCode).toBe(200);
      expect(frame.headers['content-security-policy']).toContain(`form-action https: ${worldpayFake.url}`);
      expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(frame.body).toContain(`action="${worldpayFake.url}/3ds"`);
      expect(frame.body).toContain(`name="PaReq" value="${order!.threeDs!.token}"`);
      expect(frame.body).toContain(`name="MD" value="${reference}"`);
      expect(frame.body).toMatch(/name="TermUrl" value="[^"]*\/payment-return\/worldpay\/3ds\?database=/);
      expect(await docketCount()).toBe(before);
      // The issuer's page posts its answer back from its own site.
      const done = await issuerAnswers(`Y-${order!.threeDs!.token}`, reference);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.body).toContain('Card check complete');
      expect(await docketCount()).toBe(before + 1);
      expect(orderOf(reference)[0]!.paymentStatus).toBe('AUTHORIZED');
      // A replayed answer sends nothing to Worldpay and books nothing more; the portal's next question books.
      expect((await issuerAnswers(`Y-${order!.threeDs!.token}`, reference)).body).toContain(
        'Card check complete',
      );
      expect(putsOf(reference)).toBe(1);
      const booked = await call('/api/quote/payment', { guid: q.guid, reference });
      expect(booked.statusCode, booked.body).toBe(200);
      expect(booked.json().dck_docket).toBeGreaterThan(0);
      expect(await docketCount()).toBe(before + 1);
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    });

    it("keeps tenants apart on the card check: another database's name finds neither the page nor the order", async () => {
      const q = await detailed(4);
      const { reference } = (await call('/api/quote/checkout', { guid: q.guid })).json() as {
        reference: string;
      };
      await challengeOf(q, reference);
      const otherPage = await app.inject({
        method: 'GET',
        url: `/payment-return/worldpay/3ds/${encodeURIComponent(reference)}?database=${encodeURIComponent(TENANT_B)}`,
      });
      expect(otherPage.statusCode).toBe(404);
      expect(otherPage.body).not.toContain(orderOf(reference)[0]!.threeDs!.token);
      const otherAnswer = await app.inject({
        method: 'POST',
        url: `/payment-return/worldpay/3ds?database=${encodeURIComponent(TENANT_B)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          PaRes: `Y-${orderOf(reference)[0]!.threeDs!.token}`,
          MD: reference,
        }).toString(),
      });
      expect(otherAnswer.body).toContain('Card check not completed');
      expect(putsOf(reference)).toBe(0);
      expect((await call('/api/quote/payment', { guid: q.guid, reference })).statusCode).toBe(409);
    });

    it('keeps the check open after a forged answer, and releases a hold that can no longer book', async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const a = (await call('/api/quote/checkout', { guid: q.guid })).json() as { reference: string };
      const path = await challengeOf(q, a.reference);
      // Worldpay refuses a made-up PaRes: the payer's real answer still counts.
      expect((await issuerAnswers('forged', a.reference)).body).toContain('Card check not completed');
      expect(
        (await call('/api/quote/payment', { guid: q.guid, reference: a.reference })).json().fields,
      ).toEqual({
        reference: 'Not complete',
        challenge: path,
      });
      // The payer started a new attempt while Worldpay was completing this one (the payment was
      // abandoned, the order not yet answered): the authorised hold books nothing and is released.
      await db()
        .update(paymentAuthorisations)
        .set({ pauth_state: 'abandoned' })
        .where(eq(paymentAuthorisations.pauth_reference, a.reference));
      const late = await issuerAnswers(`Y-${orderOf(a.reference)[0]!.threeDs!.token}`, a.reference);
      expect(late.body).toContain('Card check not completed');
      expect(orderOf(a.reference)[0]!.paymentStatus).toBe('CANCELLED');
      expect(await docketCount()).toBe(before);
    });

    it('books nothing when the issuer refuses 3-D Secure, when the payer leaves it for a new attempt, or when Worldpay does not answer', async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const a = (await call('/api/quote/checkout', { guid: q.guid })).json() as { reference: string };
      await challengeOf(q, a.reference);
      const refused = await issuerAnswers(`N-${orderOf(a.reference)[0]!.threeDs!.token}`, a.reference);
      expect(refused.body).toContain('Card check not completed');
      const declined = await call('/api/quote/payment', { guid: q.guid, reference: a.reference });
      expect(declined.statusCode).toBe(422);
      expect(declined.json()).toMatchObject({
        message: PAYMENT_ERROR,
        fields: { reference: WORLDPAY_3DS_FAIL_REASON },
      });
      // Left unanswered, then a new attempt: the old check is cancelled, its late answer sends nothing.
      const b = (await call('/api/quote/checkout', { guid: q.guid })).json() as { reference: string };
      const path = await challengeOf(q, b.reference);
      await call('/api/quote/checkout', { guid: q.guid });
      const late = await issuerAnswers(`Y-${orderOf(b.reference)[0]!.threeDs!.token}`, b.reference);
      expect(late.body).toContain('Card check not completed');
      expect(putsOf(b.reference)).toBe(0);
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      // An answer for an order that never asked for a check, or an unknown one, sends nothing either.
      expect((await issuerAnswers('Y-x', 'Q0-unknown')).body).toContain('Card check not completed');
      expect((await issuerAnswers('', b.reference)).statusCode).toBe(400);
      expect(await docketCount()).toBe(before);
      const c = (await call('/api/quote/checkout', { guid: q.guid })).json() as { reference: string };
      worldpayFake.faults = ['hang'];
      const slow = await call('/api/quote/payment', {
        guid: q.guid,
        reference: c.reference,
        token: worldpayFake.token(WORLDPAY_FAKE_CARD),
      });
      expect(slow.statusCode).toBe(422);
      expect(slow.json().fields).toEqual({ reference: WORLDPAY_NO_ANSWER });
      const [row] = await db()
        .select()
        .from(worldpayOrders)
        .where(eq(worldpayOrders.wp_customer_order_code, c.reference));
      expect(row!.wp_state).toBe('failed');
      expect(await docketCount()).toBe(before);
    });

    it("takes a card payer's card on the booking screen with the card form: one order, one booking", async () => {
      const admin = await loginAs(app, ...ADMIN);
      const [walkIn] = await db().select().from(customers).where(eq(customers.cust_mop, 'O'));
      const [onAccount] = await db().select().from(customers).where(eq(customers.cust_mop, 'A'));
      const provider = await post(
        app,
        '/api/docket/checkout/provider',
        { dck_cust_id: walkIn!.cust_id },
        admin,
      );
      expect(provider.json()).toEqual({ cust_mop: 'O', card_provider: 'worldpay', form: true });
      const payer = await post(
        app,
        '/api/docket/checkout/provider',
        { dck_cust_id: onAccount!.cust_id },
        admin,
      );
      expect(payer.statusCode).toBe(422);
      expect(Object.keys(payer.json().fields)).toEqual(['dck_cust_id']);
      const guest = await call('/api/docket/checkout/provider', { dck_cust_id: walkIn!.cust_id });
      expect(guest.statusCode).toBe(401);
      // Another user's account: a customer not linked to the walk-in account learns nothing of it.
      const customer = await loginAs(app, ...CUSTOMER);
      const other = await post(
        app,
        '/api/docket/checkout/provider',
        { dck_cust_id: walkIn!.cust_id },
        customer,
      );
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain('worldpay');

      const before = await docketCount();
      const attempt = { ...booking(walkIn!.cust_id), attempt: 'booking-screen-worldpay-1' };
      const begun = await post(app, '/api/docket/checkout', attempt, admin);
      expect(begun.json()).toMatchObject({ provider: 'worldpay', client: { clientKey: CLIENT_KEY } });
      const { reference } = begun.json() as { reference: string };
      const declined = await post(
        app,
        '/api/docket/payment',
        { reference, token: worldpayFake.token(WORLDPAY_FAKE_CARD, 'FAILED') },
        admin,
      );
      expect(declined.statusCode).toBe(422);
      expect(declined.json().fields).toEqual({ reference: WORLDPAY_DECLINE_REASON });
      // The same attempt again with a good card: a new order, one booking however often it is sent.
      const again = (await post(app, '/api/docket/checkout', attempt, admin)).json() as { reference: string };
      expect(again.reference).not.toBe(reference);
      const token = worldpayFake.token(WORLDPAY_FAKE_CARD);
      const paid = await post(app, '/api/docket/payment', { reference: again.reference, token }, admin);
      expect(paid.statusCode, paid.body).toBe(200);
      const repeat = await post(app, '/api/docket/payment', { reference: again.reference, token }, admin);
      expect(repeat.json()).toEqual(paid.json());
      expect(orderOf(again.reference)).toHaveLength(1);
      expect(orderOf(again.reference)[0]).toMatchObject({ authorizeOnly: true, paymentStatus: 'AUTHORIZED' });
      expect(await docketCount()).toBe(before + 1);

      // A card whose issuer asks for 3-D Secure: the screen is told where the check is; its answer books once.
      const third = { ...booking(walkIn!.cust_id), attempt: 'booking-screen-worldpay-3ds' };
      const checked = (await post(app, '/api/docket/checkout', third, admin)).json() as { reference: string };
      const waiting = await post(
        app,
        '/api/docket/payment',
        { reference: checked.reference, token: worldpayFake.token(WORLDPAY_FAKE_CARD, '3D') },
        admin,
      );
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().fields.challenge).toMatch(/^\/payment-return\/worldpay\/3ds\//);
      const answered = await issuerAnswers(
        `Y-${orderOf(checked.reference)[0]!.threeDs!.token}`,
        checked.reference,
      );
      expect(answered.body).toContain('Card check complete');
      const confirmed = await post(app, '/api/docket/payment', { reference: checked.reference }, admin);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await docketCount()).toBe(before + 2);
    });

    it('places no order for a payment abandoned before the card form gave its token', async () => {
      const q = await detailed(4);
      const before = await docketCount();
      const { reference } = (await call('/api/quote/checkout', { guid: q.guid })).json() as {
        reference: string;
      };
      // The payer chose another tariff: the payment is abandoned before the card form's token came.
      await call('/api/quote', { guid: q.guid, ttyp_tariff: 5 });
      const late = await call('/api/quote/payment', {
        guid: q.guid,
        reference,
        token: worldpayFake.token(WORLDPAY_FAKE_CARD),
      });
      expect(late.statusCode).toBe(422);
      expect(orderOf(reference)).toHaveLength(0);
      expect(await docketCount()).toBe(before);
    });
  });
});
