import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { MSG, type QuoteView } from '@courier/contracts';
import { customers, dockets, paymentAuthorisations, settings, tariffTypes, users } from '../../db/schema';
import {
  ADMIN,
  booking,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
  useTestApp,
} from '../../test/harness';
import { quoteDocketBody, quoteTariffsBody } from '../../test/quote-fixtures';
import { buildApp } from '../../app';
import { SANDBOX_CARDS, SANDBOX_DECLINED } from './sandbox.provider';
import { forgetLiveSessions } from '../../db/live-session-cache';

const PAYMENT_ERROR =
  'Unable to authorise your payment at this time, please try again later or give us a call';

describe.each(DB_KINDS)(
  'card payers on the booking screen and account payers in the wizard on %s',
  (kind) => {
    const t = useTestApp(kind, { dockets: 0 });
    const db = (name = TENANT_A) => t.tenants.get(name)!.db;
    let admin: string;
    let customer: string;
    let cardAccount: number;
    let ownAccount: number;

    const docketCount = async () => Number((await db().select({ n: count() }).from(dockets))[0]!.n);
    /** A booking attempt's body: the fixture booking on `custId` with a fresh attempt key. */
    const attemptOf = (custId: number, attempt: string = randomUUID(), extra: object = {}) => ({
      ...booking(custId),
      attempt,
      ...extra,
    });
    const checkout = (body: object, token = admin) => post(t.app, '/api/docket/checkout', body, token);
    const pay = (reference: string, token = admin) =>
      post(t.app, '/api/docket/payment', { reference }, token);
    /** The sandbox page's form, as the browser posts it. */
    const card = (url: string, number: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ card: number, action: 'pay' }).toString(),
      });

    beforeAll(async () => {
      admin = await loginAs(t.app, ...ADMIN);
      customer = await loginAs(t.app, ...CUSTOMER);
      const all = await db().select().from(customers);
      cardAccount = all.find((a) => a.cust_mop === 'O')!.cust_id;
      const [me] = await db().select().from(users).where(eq(users.ausr_logon, 'customer'));
      ownAccount = me!.ausr_cust_id!;
    });

    describe('docket/checkout and docket/payment', () => {
      it('prices on the server, holds the total + margin, books once however often the return repeats', async () => {
        const before = await docketCount();
        const priced = (await post(t.app, '/api/docket/price', booking(cardAccount), admin)).json();
        // Prices the browser sends are dropped: the hold is the server's total + the seeded 10 %.
        const res = await checkout(attemptOf(cardAccount, randomUUID(), { total: 0.01, hold: 0.01 }));
        expect(res.statusCode, res.body).toBe(200);
        const started = res.json();
        expect(started.provider).toBe('sandbox');
        expect(started.amount).toBe(Math.round(priced.total * 110) / 100);
        expect(started.url).toMatch(/^\/payment\/sandbox\/sbx_[\w-]+\?database=Demo\+Couriers$/);
        const page = await t.app.inject({ method: 'GET', url: started.url });
        expect(page.body).toContain(`£${started.amount.toFixed(2)}`);
        // Not paid yet: 409, nothing booked.
        expect((await pay(started.reference)).statusCode).toBe(409);
        expect(await docketCount()).toBe(before);
        expect((await card(started.url, SANDBOX_CARDS.authorised)).headers.location).toBe(
          'http://portal.test/success',
        );
        const answers = await Promise.all([1, 2, 3].map(() => pay(started.reference)));
        const first = answers[0]!.json();
        expect(answers[0]!.statusCode).toBe(200);
        expect(first).toMatchObject({ total: priced.total, netvat: priced.netvat });
        for (const a of answers) expect(a.json()).toEqual(first);
        expect(await docketCount()).toBe(before + 1);
        const [d] = await db().select().from(dockets).where(eq(dockets.dck_id, first.dck_id));
        expect(d).toMatchObject({
          dck_docket: first.dck_docket,
          dck_cust_id: cardAccount,
          dck_tariff: 4,
          dck_cust_ref1: 'PO-TEST-1',
          dck_total_pence: Math.round(priced.total * 100),
        });
        const [auth] = await db()
          .select()
          .from(paymentAuthorisations)
          .where(eq(paymentAuthorisations.pauth_reference, started.reference));
        expect(auth).toMatchObject({
          pauth_state: 'authorised',
          pauth_dck_id: first.dck_id,
          pauth_amount_pence: Math.round(started.amount * 100),
        });
      });

      it('books one docket for a double submit: the second checkout supersedes the first', async () => {
        const before = await docketCount();
        const attempt = randomUUID();
        const [a, b] = await Promise.all([
          checkout(attemptOf(cardAccount, attempt)),
          checkout(attemptOf(cardAccount, attempt)),
        ]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        const pages = [a.json(), b.json()];
        // Whichever began last holds the booking; the other is cancelled at the provider.
        const outcomes = await Promise.all(pages.map((p) => card(p.url, SANDBOX_CARDS.authorised)));
        const paid = pages.filter((_, i) => outcomes[i]!.headers.location === 'http://portal.test/success');
        expect(paid.length).toBeGreaterThanOrEqual(1);
        const booked = await Promise.all(pages.map((p) => pay(p.reference)));
        const docketNos = new Set(booked.filter((r) => r.statusCode === 200).map((r) => r.json().dck_docket));
        expect(docketNos.size).toBe(1);
        expect(await docketCount()).toBe(before + 1);
        // The attempt is booked: paying it again is refused, nothing more booked.
        const again = await checkout(attemptOf(cardAccount, attempt));
        expect(again.statusCode).toBe(409);
        expect(again.json().fields).toEqual({ attempt: 'Already booked' });
        expect(await docketCount()).toBe(before + 1);
      });

      it("declines with the settings' payment error and the provider's message, then pays again", async () => {
        const before = await docketCount();
        const attempt = randomUUID();
        const first = (await checkout(attemptOf(cardAccount, attempt))).json();
        expect((await card(first.url, SANDBOX_CARDS.declined)).headers.location).toBe(
          'http://portal.test/failed',
        );
        const declined = await pay(first.reference);
        expect(declined.statusCode).toBe(422);
        expect(declined.json()).toEqual({
          error: 'BUSINESS_RULE',
          message: PAYMENT_ERROR,
          fields: { reference: SANDBOX_DECLINED },
        });
        expect(await docketCount()).toBe(before);
        // The settings entry Quote.PaymentError overrides the message.
        const entry = and(eq(settings.sett_group, 'message'), eq(settings.sett_key, 'Quote.PaymentError'));
        const [seeded] = await db().select().from(settings).where(entry);
        await db().update(settings).set({ sett_value: 'Please ring us' }).where(entry);
        expect((await pay(first.reference)).json().message).toBe('Please ring us');
        await db().update(settings).set({ sett_value: seeded!.sett_value }).where(entry);
        const second = (await checkout(attemptOf(cardAccount, attempt))).json();
        await card(second.url, SANDBOX_CARDS.authorised);
        expect((await pay(second.reference)).statusCode).toBe(200);
        expect(await docketCount()).toBe(before + 1);
      });

      it('checks the session, the booking right, the account and whose payment it is', async () => {
        const body = attemptOf(cardAccount);
        expect((await post(t.app, '/api/docket/checkout', body)).statusCode).toBe(401);
        const control = await loginAs(t.app, ...CONTROL);
        expect((await checkout(body, control)).statusCode).toBe(403);
        // The customer is not linked to the card account.
        const other = await checkout(body, customer);
        expect(other.statusCode).toBe(403);
        expect(other.json().fields).toEqual({ dck_cust_id: 'Not your account' });
        // An account payer's booking is saved by docket/post, not paid by card.
        const onAccount = await checkout(attemptOf(ownAccount), customer);
        expect(onAccount.statusCode).toBe(422);
        expect(onAccount.json().fields).toEqual({ dck_cust_id: MSG.accountPayerBooking });
        // The booking rules hold as for docket/post, naming the field.
        const bad = await checkout({ ...attemptOf(cardAccount), parcels: [] });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toHaveProperty('parcels');
        const badAttempt = await checkout(attemptOf(cardAccount, 'short'));
        expect(badAttempt.statusCode).toBe(400);
        expect(badAttempt.json().fields).toEqual({ attempt: 'Unknown booking attempt' });
        // Another user cannot complete (or learn of) someone else's payment, nor a tenant's other one.
        const started = (await checkout(body)).json();
        await card(started.url, SANDBOX_CARDS.authorised);
        const stranger = await pay(started.reference, customer);
        expect(stranger.statusCode).toBe(404);
        expect(stranger.json().fields).toEqual({ reference: 'Unknown payment' });
        const elsewhere = await loginAs(t.app, ...ADMIN, TENANT_B);
        expect((await pay(started.reference, elsewhere)).statusCode).toBe(404);
        expect((await pay(started.reference, control)).statusCode).toBe(403);
        expect((await pay(started.reference)).statusCode).toBe(200);
      });

      it('takes no card payment through the sandbox where the deployment has it off (PAYMENT_SANDBOX)', async () => {
        const live = await buildApp({ ...t.deps, paymentSandbox: false });
        try {
          const token = await loginAs(live, ...ADMIN);
          const refused = await post(live, '/api/docket/checkout', attemptOf(cardAccount), token);
          expect(refused.statusCode).toBe(422);
          expect(refused.json()).toMatchObject({
            message: 'The card payment provider sandbox is not configured',
            fields: { provider: 'Not configured' },
          });
          // The page that takes test cards is not there either, even for a payment started elsewhere.
          const started = (await checkout(attemptOf(cardAccount))).json();
          expect((await live.inject({ method: 'GET', url: started.url })).statusCode).toBe(404);
          expect((await t.app.inject({ method: 'GET', url: started.url })).statusCode).toBe(200);
        } finally {
          await live.close();
        }
      });

      it("uses the provider of the account's method of payment; names a missing amount and provider", async () => {
        const b = db(TENANT_B);
        const token = await loginAs(t.app, ...ADMIN, TENANT_B);
        const [walkIn] = await b.select().from(customers).where(eq(customers.cust_mop, 'O'));
        const setting = (key: string) =>
          and(eq(settings.sett_group, 'payment'), eq(settings.sett_key, key), eq(settings.sett_cust_id, 0));
        await b.update(customers).set({ cust_mop: 'S' }).where(eq(customers.cust_id, walkIn!.cust_id));
        forgetLiveSessions();
        await b.update(settings).set({ sett_value: 'stripe' }).where(setting('provider.S'));
        const unset = await checkout(attemptOf(walkIn!.cust_id), token);
        expect(unset.statusCode).toBe(422);
        expect(unset.json()).toMatchObject({
          message: 'The card payment provider stripe is not configured',
          fields: { provider: 'Not configured' },
        });
        await b.update(settings).set({ sett_value: 'sandbox' }).where(setting('provider.S'));
        await b
          .update(tariffTypes)
          .set({ ttyp_base_pence: 0, ttyp_per_mile_pence: 0, ttyp_extra_parcel_pence: 0 })
          .where(eq(tariffTypes.ttyp_tariff, 4));
        const free = await checkout(attemptOf(walkIn!.cust_id), token);
        expect(free.statusCode).toBe(422);
        expect(free.json()).toMatchObject({
          message: MSG.paymentAmountMissing,
          fields: { amount: MSG.paymentAmountMissing },
        });
      });

      it("keeps the booking screen's payments out of the wizard's calls", async () => {
        const started = (await checkout(attemptOf(cardAccount))).json();
        const viaQuote = await post(t.app, '/api/quote/payment', {
          database: TENANT_A,
          guid: 'x'.repeat(43),
          reference: started.reference,
        });
        expect(viaQuote.statusCode).toBe(404);
      });
    });

    describe('quote/book: an account payer through the wizard', () => {
      const call = (url: string, body: object, token?: string) =>
        post(t.app, url, { database: TENANT_A, ...body }, token);

      /** A quote of `token`'s user with tariff 5 chosen and pages 3 and 4 saved. */
      async function detailed(token?: string): Promise<QuoteView> {
        const q = (await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A), token)).json();
        await call('/api/quote', { guid: q.guid, ttyp_tariff: 5 }, token);
        const res = await call('/api/quote/docket', quoteDocketBody(TENANT_A, q.guid), token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      }

      it("quotes on the user's own account and books it without payment, once, at the frozen price", async () => {
        const who = (await call('/api/quote/customer', {}, customer)).json();
        expect(who).toMatchObject({ cust_id: ownAccount, cust_mop: 'A' });
        expect((await call('/api/quote/customer', {})).json().cust_mop).toBe('O');
        const q = await detailed(customer);
        expect(q.dck_cust_id).toBe(ownAccount);
        const frozen = q.tariffs.find((x) => x.ttyp_tariff === 5)!;
        // The rates change after the tariffs page: the booking keeps the price quoted.
        await db().update(tariffTypes).set({ ttyp_base_pence: 999_00 }).where(eq(tariffTypes.ttyp_tariff, 5));
        // No card payment for an account payer's quote.
        const card = await call('/api/quote/checkout', { guid: q.guid }, customer);
        expect(card.statusCode).toBe(422);
        expect(card.json().fields).toEqual({ guid: MSG.accountPayerBooking });
        const before = await docketCount();
        const answers = await Promise.all(
          [1, 2, 3].map(() => call('/api/quote/book', { guid: q.guid, total: 0.01 }, customer)),
        );
        for (const a of answers) expect(a.statusCode, a.body).toBe(200);
        const first = answers[0]!.json();
        for (const a of answers) expect(a.json()).toEqual(first);
        expect(await docketCount()).toBe(before + 1);
        const [d] = await db().select().from(dockets).where(eq(dockets.dck_id, first.dck_id));
        expect(d).toMatchObject({
          dck_cust_id: ownAccount,
          dck_tariff: 5,
          dck_total_pence: Math.round(frozen.total * 100),
          dck_contact: 'Gwen Guest',
        });
        expect(
          (
            await db()
              .select()
              .from(paymentAuthorisations)
              .where(eq(paymentAuthorisations.pauth_dck_id, d!.dck_id))
          ).length,
        ).toBe(0);
        expect((await call('/api/quote', { guid: q.guid }, customer)).json()).toMatchObject({
          state: 'booked',
          dck_docket: first.dck_docket,
        });
      });

      it("quotes a user without the price right as a guest: never their account's rates, and 403 where guests are refused", async () => {
        const asGuest = (
          await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))
        ).json() as QuoteView;
        const own = (await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A), customer)).json();
        expect(own.dck_cust_id).toBe(ownAccount);
        const noPrice = eq(users.ausr_logon, 'customer');
        const guestAccess = and(
          eq(settings.sett_group, 'general'),
          eq(settings.sett_key, 'GuestAccessAllowed'),
        );
        await db().update(users).set({ ausr_rights_price: 'F' }).where(noPrice);
        forgetLiveSessions();
        try {
          const who = (await call('/api/quote/customer', {}, customer)).json();
          expect(who.cust_mop).toBe('O');
          const q = await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A), customer);
          expect(q.statusCode, q.body).toBe(200);
          expect(q.json().dck_cust_id).toBe(asGuest.dck_cust_id);
          expect(q.json().dck_cust_id).not.toBe(ownAccount);
          await db().update(settings).set({ sett_value: 'F' }).where(guestAccess);
          const refused = await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A), customer);
          expect(refused.statusCode, refused.body).toBe(403);
          // The wizard's first calls already say so.
          expect((await call('/api/quote/customer', {}, customer)).statusCode).toBe(403);
          expect((await call('/api/quote/tarifftype/list', {}, customer)).statusCode).toBe(403);
          expect((await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))).statusCode).toBe(401);
          // With the price right the user quotes on their own account even so.
          await db().update(users).set({ ausr_rights_price: 'T' }).where(noPrice);
          forgetLiveSessions();
          const priced = await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A), customer);
          expect(priced.statusCode, priced.body).toBe(200);
          expect(priced.json().dck_cust_id).toBe(ownAccount);
        } finally {
          await db().update(settings).set({ sett_value: 'T' }).where(guestAccess);
          await db().update(users).set({ ausr_rights_price: 'T' }).where(noPrice);
          forgetLiveSessions();
        }
      });

      it("keeps an account payer's quote to its user: its guid alone reads, changes and registers nothing", async () => {
        const q = await detailed(customer);
        const elsewhere = await loginAs(t.app, ...ADMIN, TENANT_B);
        // A guest holding the guid, another user of the database, the same name on another one.
        for (const token of [undefined, admin, elsewhere]) {
          for (const [url, body] of [
            ['/api/quote', { guid: q.guid }],
            ['/api/quote/docket', quoteDocketBody(TENANT_A, q.guid, { dck_email: 'mallory@example.org' })],
            ['/api/quote/checkout', { guid: q.guid }],
            ['/api/quote/register', { guid: q.guid }],
          ] as const) {
            const res = await call(url, body, token);
            expect(res.statusCode, `${url} ${res.body}`).toBe(404);
            expect(res.json().fields).toEqual({ guid: MSG.quoteNotFound });
          }
        }
        // The quote is as its user left it; once booked, its user gets no registration link either.
        const booked = (await call('/api/quote/book', { guid: q.guid }, customer)).json();
        const [d] = await db().select().from(dockets).where(eq(dockets.dck_id, booked.dck_id));
        expect(d!.dck_email).toBe(quoteDocketBody(TENANT_A, q.guid).dck_email);
        const own = await call('/api/quote/register', { guid: q.guid }, customer);
        expect(own.statusCode).toBe(422);
        expect(own.json().fields).toEqual({ guid: MSG.registerLinkInvalid });
        expect((await call('/api/quote/register', { guid: q.guid })).statusCode).toBe(404);
      });

      it('refuses guests, other users, card-paying quotes, incomplete and expired quotes', async () => {
        const q = await detailed(customer);
        expect((await call('/api/quote/book', { guid: q.guid })).statusCode).toBe(401);
        const elsewhere = await loginAs(t.app, ...ADMIN, TENANT_B);
        expect((await call('/api/quote/book', { guid: q.guid }, elsewhere)).statusCode).toBe(401);
        // Another user of the same database, even one linked to the account.
        const other = await call('/api/quote/book', { guid: q.guid }, admin);
        expect(other.statusCode).toBe(404);
        // A guest's quote on the card-paying quote account is paid by card.
        const guestQuote = await detailed();
        expect((await call('/api/quote/book', { guid: guestQuote.guid }, customer)).statusCode).toBe(404);
        // The account now pays by card: no booking on account.
        await db().update(customers).set({ cust_mop: 'O' }).where(eq(customers.cust_id, ownAccount));
        forgetLiveSessions();
        try {
          const fresh = await loginAs(t.app, ...CUSTOMER);
          const byCard = await call('/api/quote/book', { guid: q.guid }, fresh);
          expect(byCard.statusCode).toBe(422);
          expect(byCard.json().fields).toEqual({ guid: MSG.cardPayerBooking });
        } finally {
          await db().update(customers).set({ cust_mop: 'A' }).where(eq(customers.cust_id, ownAccount));
          forgetLiveSessions();
        }
        const fresh = await loginAs(t.app, ...CUSTOMER);
        const priced = (await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A), fresh)).json();
        await call('/api/quote', { guid: priced.guid, ttyp_tariff: 5 }, fresh);
        const incomplete = await call('/api/quote/book', { guid: priced.guid }, fresh);
        expect(incomplete.statusCode).toBe(422);
        expect(incomplete.json().message).toBe(MSG.incompleteAddresses);
        const before = await docketCount();
        t.clock.advance(16 * 60_000);
        try {
          const late = await call('/api/quote/book', { guid: q.guid }, fresh);
          expect(late.statusCode).toBe(410);
          expect(late.json().message).toBe(MSG.quoteExpired);
        } finally {
          t.clock.reset();
        }
        expect(await docketCount()).toBe(before);
      });
    });
  },
);
