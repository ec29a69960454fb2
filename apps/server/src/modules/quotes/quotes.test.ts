import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MSG, quoteTariff, quoteView, type QuoteView } from '@courier/contracts';
import {
  auditLog,
  contextVersions,
  dockets,
  paymentAuthorisations,
  quotes,
  sandboxPayments,
  settings,
  tariffTypes,
} from '../../db/schema';
import { buildApp } from '../../app';
import { DB_KINDS, loginAs, post, TENANT_A, TENANT_B, useTestApp } from '../../test/harness';
import { quoteDocketBody, quoteTariffsBody } from '../../test/quote-fixtures';
import { sha256 } from '../../lib/tokens';
import { SANDBOX_CARDS } from '../payments/sandbox.provider';
import { PAYMENT_PAGE_SECONDS } from '../payments/payment-provider';
import { insertQuoteIfCurrent } from './quotes.repository';
import { purgeExpiredQuotes, QUOTE_KEEP_DAYS } from './quote-purge.job';

const EXPIRED = { error: 'GONE', message: MSG.quoteExpired, fields: { guid: 'Quote Expired' } };
const PAYMENT_ERROR =
  'Unable to authorise your payment at this time, please try again later or give us a call';

describe.each(DB_KINDS)('the quote wizard and card payments on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });
  const db = (name = TENANT_A) => t.tenants.get(name)!.db;
  let ip = 0;
  /** Each call from its own address, so the per-address rate limits stay out of the way. */
  const call = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.20.${Math.floor(++ip / 250)}.${ip % 250}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const docketCount = async (name = TENANT_A) =>
    Number((await db(name).select({ n: count() }).from(dockets))[0]!.n);

  /** A fresh quote with tariff `tariff` chosen; its view. */
  async function quoted(tariff = 5, body = quoteTariffsBody(TENANT_A)): Promise<QuoteView> {
    const res = await call('/api/quote/alltariffs/list', body);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as QuoteView;
    const chosen = await call('/api/quote', { database: TENANT_A, guid: q.guid, ttyp_tariff: tariff });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return chosen.json();
  }

  /** A quote ready to pay (contact and addresses saved). */
  async function detailed(tariff = 5, email = 'gwen@example.com'): Promise<QuoteView> {
    const q = await quoted(tariff);
    const res = await call('/api/quote/docket', quoteDocketBody(TENANT_A, q.guid, { dck_email: email }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const checkout = (guid: string) => call('/api/quote/checkout', { database: TENANT_A, guid });
  const pay = (guid: string, reference: string, extra: object = {}) =>
    call('/api/quote/payment', { database: TENANT_A, guid, reference, ...extra });
  /** The sandbox page's form, as the browser posts it. */
  const card = (url: string, number: string, action = 'pay') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: number, action }).toString(),
    });

  beforeAll(async () => {
    expect(t.app).toBeDefined();
  });

  it('prices every tariff on the server with its lines, freezes them and starts a 15-minute quote', async () => {
    const res = await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A));
    expect(res.statusCode).toBe(200);
    const q = res.json() as QuoteView;
    expect(q.guid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.state).toBe('priced');
    expect(new Date(q.expires_at).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
    expect(q.tariffs.map((x) => x.ttyp_tariff)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const tariff of q.tariffs) {
      const by = Object.fromEntries(tariff.lines.map((l) => [l.kind, l.amount]));
      expect(tariff.success).toBe(true);
      expect(Math.round((by.base! + by.distance! + by.vat!) * 100)).toBe(Math.round(tariff.total * 100));
      expect(by.total).toBe(tariff.total);
      // The hold is the total plus the seeded holdMargin of 10 %, to the penny.
      expect(tariff.hold).toBe(Math.round(tariff.total * 110) / 100);
      expect(by.hold).toBe(tariff.hold);
      expect(tariff.distance).toBeGreaterThan(150);
    }
    expect(q.tariffs[3]!.lines.map((l) => l.label)[1]).toMatch(/^[\d.]+ miles × £0\.\d\d a mile$/);
    // Only the guid's SHA-256 is stored: the table alone gives no usable guid.
    const rows = await db().select().from(quotes);
    expect(JSON.stringify(rows)).not.toContain(q.guid);
    // Read back from the database, the frozen tariffs show the very prices and lines answered.
    const again = await call('/api/quote', { database: TENANT_A, guid: q.guid });
    expect((again.json() as QuoteView).tariffs).toEqual(q.tariffs);
    const [stored] = rows.filter((r) => r.quote_guid_hash === sha256(q.guid));
    expect(JSON.stringify(stored!.quote_tariffs).length).toBeLessThan(11 * 100);
  });

  it('prices with the rates, settings and service types of the moment, whichever process wrote them', async () => {
    // A second server process over the same databases; both have priced once (each keeps a copy).
    const other = await buildApp(t.deps);
    const viaOther = (body: unknown) =>
      other.inject({
        method: 'POST',
        url: '/api/quote/alltariffs/list',
        remoteAddress: `10.21.0.${++ip % 250}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const van = (q: QuoteView) => q.tariffs.find((x) => x.ttyp_tariff === 4)!;
    const baseOf = (q: QuoteView) => van(q).lines.find((l) => l.kind === 'base')!.amount;
    const margin = and(eq(settings.sett_group, 'payment'), eq(settings.sett_key, 'holdMargin'));
    const [rate] = await db().select().from(tariffTypes).where(eq(tariffTypes.ttyp_tariff, 4));
    try {
      const before = (
        await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))
      ).json() as QuoteView;
      expect((await viaOther(quoteTariffsBody(TENANT_A))).statusCode).toBe(200);
      // Rates and the hold margin change outside either process (as an administrator's SQL would).
      await db()
        .update(tariffTypes)
        .set({ ttyp_base_pence: rate!.ttyp_base_pence + 1000 })
        .where(eq(tariffTypes.ttyp_tariff, 4));
      await db().update(settings).set({ sett_value: '20' }).where(margin);
      for (const res of [
        await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A)),
        await viaOther(quoteTariffsBody(TENANT_A)),
      ]) {
        const after = res.json() as QuoteView;
        expect(baseOf(after)).toBe(baseOf(before) + 10);
        expect(van(after).hold).toBe(Math.round(van(after).total * 120) / 100);
      }
      // A service type added since both kept their copy is known at once, not refused.
      await db().execute(
        sql`insert into service_types (styp_id, styp_description) values ('ZZ', 'Overnight')`,
      );
      const zz = await call(
        '/api/quote/alltariffs/list',
        quoteTariffsBody(TENANT_A, { dck_serv_type: 'ZZ' }),
      );
      expect(zz.statusCode, zz.body).toBe(200);
      expect(
        (
          await db()
            .select()
            .from(quotes)
            .where(eq(quotes.quote_guid_hash, sha256(zz.json().guid)))
        ).map((q) => (q.quote_data as { dck_serv_type: string }).dck_serv_type),
      ).toEqual(['ZZ']);
    } finally {
      await db()
        .update(tariffTypes)
        .set({ ttyp_base_pence: rate!.ttyp_base_pence })
        .where(eq(tariffTypes.ttyp_tariff, 4));
      await db().update(settings).set({ sett_value: '10' }).where(margin);
      await db().execute(sql`delete from service_types where styp_id = 'ZZ'`);
      await other.close();
    }
  });

  it('stores each of many concurrent quotes once, in batches, each standing or failing on its own', async () => {
    const before = Number((await db().select({ n: count() }).from(quotes))[0]!.n);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const guids = answers.map((r) => (r.json() as QuoteView).guid);
    expect(new Set(guids).size).toBe(40);
    expect(Number((await db().select({ n: count() }).from(quotes))[0]!.n)).toBe(before + 40);
    // Each answer's guid opens its own quote.
    for (const guid of guids.slice(0, 3)) {
      const res = await call('/api/quote', { database: TENANT_A, guid });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as QuoteView).guid).toBe(guid);
    }
    // In one batch: a quote of an account that does not exist fails alone, one priced on a
    // context that has moved on is not stored, the others are.
    const [current] = await db()
      .select({ v: sql<string>`${contextVersions.ctx_version}::text` })
      .from(contextVersions)
      .where(eq(contextVersions.ctx_name, 'lookups'));
    const [account] = await db().select({ id: quotes.quote_cust_id }).from(quotes).limit(1);
    const row = (hash: string, cust: number) => ({
      quote_guid_hash: hash.padEnd(64, '0'),
      quote_cust_id: cust,
      quote_state: 'priced',
      quote_data: {},
      quote_tariffs: [],
      quote_created: t.clock.now(),
      quote_expires_at: t.clock.now(),
    });
    const results = await Promise.allSettled([
      insertQuoteIfCurrent(db(), row('zz1', account!.id), current!.v),
      insertQuoteIfCurrent(db(), row('zz2', 999_999), current!.v),
      insertQuoteIfCurrent(db(), row('zz3', account!.id), String(BigInt(current!.v) - 1n)),
      insertQuoteIfCurrent(db(), row('zz4', account!.id), null),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = (r: PromiseSettledResult<unknown>) =>
      r.status === 'fulfilled' ? (r.value as { quote_id?: number } | undefined)?.quote_id : 'failed';
    expect(typeof stored(results[0]!)).toBe('number');
    expect(stored(results[2]!)).toBeUndefined();
    expect(typeof stored(results[3]!)).toBe('number');
    const hashes = await db()
      .select({ h: quotes.quote_guid_hash })
      .from(quotes)
      .where(sql`quote_guid_hash like 'zz%'`);
    expect(hashes.map((h) => h.h.slice(0, 3)).sort()).toEqual(['zz1', 'zz4']);
    await db().execute(sql`delete from quotes where quote_guid_hash like 'zz%'`);
  });

  it('drops the tariffs that cannot carry the consignment and shows the extra parcels line', async () => {
    const res = await call(
      '/api/quote/alltariffs/list',
      quoteTariffsBody(TENANT_A, { parcels: [{ dpcl_quantity: 12, dpcl_weight: 20 }] }),
    );
    const q = res.json() as QuoteView;
    expect(q.tariffs.map((x) => x.ttyp_tariff)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(q.tariffs[0]!.lines.find((l) => l.kind === 'parcels')?.label).toBe('11 extra parcels × £1.00');
    const unknown = await call('/api/quote', { database: TENANT_A, guid: q.guid, ttyp_tariff: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ ttyp_tariff: 'Unknown tariff' });
    const none = await call(
      '/api/quote/alltariffs/list',
      quoteTariffsBody(TENANT_A, { parcels: [{ dpcl_quantity: 1, dpcl_weight: 30000 }] }),
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().fields).toEqual({ parcels: 'No vehicle can carry this consignment' });
  });

  it('names the field of a bad post code, an unknown one and the address roles', async () => {
    const bad = await call(
      '/api/quote/alltariffs/list',
      quoteTariffsBody(TENANT_A, {
        addresses: [
          { dadd_addresstype: 1, dadd_postalcode: 'NOTAPC' },
          { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
        ],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'addresses.0.dadd_postalcode': 'Please enter a valid UK post code',
      'addresses.0.dadd_addresstype': expect.any(String),
    });
    const unknown = await call(
      '/api/quote/alltariffs/list',
      quoteTariffsBody(TENANT_A, {
        addresses: [
          { dadd_addresstype: 0, dadd_postalcode: 'ZZ9 9ZZ' },
          { dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA' },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ 'addresses.0.dadd_postalcode': 'Unknown post code ZZ9 9ZZ' });
  });

  it('ignores any price the browser sends: the checkout holds the frozen hold', async () => {
    const q = await quoted(4);
    const tampered = await call('/api/quote', {
      database: TENANT_A,
      guid: q.guid,
      ttyp_tariff: 4,
      total: 0.01,
      hold: 0.01,
      tariffs: [{ ttyp_tariff: 4, total: 0.01 }],
    });
    expect(tampered.statusCode).toBe(200);
    expect(tampered.json().tariffs).toEqual(q.tariffs);
    await call('/api/quote/docket', {
      ...quoteDocketBody(TENANT_A, q.guid),
      total: 0.01,
      cust_total_price: 0.01,
    });
    const started = await checkout(q.guid);
    expect(started.statusCode).toBe(200);
    const four = q.tariffs.find((x) => x.ttyp_tariff === 4)!;
    expect(started.json()).toMatchObject({ provider: 'sandbox', amount: four.hold, currencyCode: 'GBP' });
    const [auth] = await db()
      .select()
      .from(paymentAuthorisations)
      .where(eq(paymentAuthorisations.pauth_reference, started.json().reference));
    expect(auth!.pauth_amount_pence).toBe(Math.round(four.hold * 100));
  });

  it("shows a guest only the contract's fields: no stored rates, ids, hashes or account internals", async () => {
    const priced = await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A));
    const { guid } = priced.json() as QuoteView;
    // larry/cardbooking answers the same view once the addresses are complete (422 before).
    const reads = [priced, await call('/api/quote', { database: TENANT_A, guid, ttyp_tariff: 4 })];
    for (const res of reads) {
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json() as QuoteView;
      expect(Object.keys(view).sort()).toEqual(Object.keys(quoteView.shape).sort());
      for (const tariff of view.tariffs)
        expect(Object.keys(tariff).sort()).toEqual(Object.keys(quoteTariff.shape).sort());
      for (const leak of ['rates', 'quote_id', 'quote_guid_hash', 'ttyp_base_pence', 'pieces', 'cust_mop'])
        expect(res.body).not.toContain(leak);
    }
  });

  it("answers 404 for another tenant's guid and an unknown one, naming guid", async () => {
    const q = await quoted();
    for (const [database, guid] of [
      [TENANT_B, q.guid],
      [TENANT_A, 'A'.repeat(43)],
    ] as const) {
      const res = await call('/api/quote', { database, guid });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'NOT_FOUND',
        message: 'Quote not found',
        fields: { guid: 'Quote not found' },
      });
    }
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/larry/cardbooking/${q.guid}?database=${encodeURIComponent(TENANT_B)}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it("answers 'Quote Expired' to every call 15 minutes after the tariffs page, until paid", async () => {
    const q = await detailed();
    t.clock.advance(15 * 60_000 - 1000);
    expect((await call('/api/quote', { database: TENANT_A, guid: q.guid })).statusCode).toBe(200);
    t.clock.advance(1000);
    const calls = [
      call('/api/quote', { database: TENANT_A, guid: q.guid }),
      call('/api/quote', { database: TENANT_A, guid: q.guid, ttyp_tariff: 4 }),
      call('/api/quote/docket', quoteDocketBody(TENANT_A, q.guid)),
      checkout(q.guid),
      pay(q.guid, 'sbx_unknown'),
      t.app.inject({
        method: 'GET',
        url: `/api/larry/cardbooking/${q.guid}?database=${encodeURIComponent(TENANT_A)}`,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json()).toEqual(EXPIRED);
    }
  });

  it('purges quotes a week past their expiry that were never paid for, and keeps the rest', async () => {
    const DAY = 86_400_000;
    const idle = await quoted();
    const elsewhere = (
      await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_B))
    ).json() as QuoteView;
    const paying = await detailed();
    expect((await checkout(paying.guid)).statusCode).toBe(200);
    t.clock.advance(DAY);
    const younger = await quoted();
    // The first two expired 15 minutes after they were priced: now a minute past their week.
    t.clock.advance((QUOTE_KEEP_DAYS - 1) * DAY + 16 * 60_000);
    const fresh = await quoted();
    const status = async (q: QuoteView) =>
      (await call('/api/quote', { database: TENANT_A, guid: q.guid })).statusCode;
    expect(await status(idle)).toBe(410);

    expect(await purgeExpiredQuotes(db(), t.clock)).toBeGreaterThanOrEqual(1);
    // Gone: the guid is not found. A quote with a card payment, one expired less than a week ago
    // and a live one stay.
    expect(await status(idle)).toBe(404);
    expect(await status(paying)).toBe(410);
    expect(await status(younger)).toBe(410);
    expect(await status(fresh)).toBe(200);
    // The other database's expired quote is its own purge's to delete, and the purged guid is not
    // found under any database a caller names.
    const inB = (guid: string) => call('/api/quote', { database: TENANT_B, guid });
    expect((await inB(elsewhere.guid)).statusCode).toBe(410);
    expect((await inB(idle.guid)).statusCode).toBe(404);
    expect(await purgeExpiredQuotes(db(), t.clock)).toBe(0);
    const [entry] = await db()
      .select({ detail: auditLog.log_detail })
      .from(auditLog)
      .where(eq(auditLog.log_process, 'quote purge'))
      .orderBy(sql`${auditLog.log_id} desc`)
      .limit(1);
    expect(entry?.detail).toMatchObject({ keptDays: QUOTE_KEEP_DAYS });
    expect((entry?.detail as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
  });

  it('refuses guests where guest access is off, and serves the lookups where it is on', async () => {
    const ok = await call('/api/quote/customer', { database: TENANT_A });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      cust_mop: 'O',
      cust_name: 'Demo Couriers Walk-in Card Customer',
      terms_checkbox: 'T',
      currency_symbol: '£',
    });
    // The terms setting 'F' drops the wizard's three terms checkboxes (spec "bookings…" §4).
    const terms = and(eq(settings.sett_group, 'general'), eq(settings.sett_key, 'TermsCheckbox'));
    await db().update(settings).set({ sett_value: 'F' }).where(terms);
    try {
      const off = await call('/api/quote/customer', { database: TENANT_A });
      expect(off.json()).toMatchObject({ terms_checkbox: 'F' });
    } finally {
      await db().update(settings).set({ sett_value: 'T' }).where(terms);
    }
    const types = await call('/api/quote/tarifftype/list', { database: TENANT_A });
    expect(types.json()).toHaveLength(11);
    const q = (await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_B))).json() as QuoteView;
    await db(TENANT_B)
      .update(settings)
      .set({ sett_value: 'F' })
      .where(and(eq(settings.sett_group, 'general'), eq(settings.sett_key, 'GuestAccessAllowed')));
    try {
      for (const [url, body] of [
        ['/api/quote/customer', { database: TENANT_B }],
        ['/api/quote/tarifftype/list', { database: TENANT_B }],
        ['/api/quote/alltariffs/list', quoteTariffsBody(TENANT_B)],
        ['/api/quote', { database: TENANT_B, guid: q.guid }],
        ['/api/quote/checkout', { database: TENANT_B, guid: q.guid }],
      ] as const) {
        const res = await call(url, body);
        expect(res.statusCode, url).toBe(401);
      }
      // A user signed in to that database still may.
      const admin = await loginAs(t.app, 'admin', 'Admin#2026', TENANT_B);
      expect((await post(t.app, '/api/quote', { database: TENANT_B, guid: q.guid }, admin)).statusCode).toBe(
        200,
      );
    } finally {
      await db(TENANT_B)
        .update(settings)
        .set({ sett_value: 'T' })
        .where(and(eq(settings.sett_group, 'general'), eq(settings.sett_key, 'GuestAccessAllowed')));
    }
  });

  it('holds the quote rules on the addresses: quoted post codes, three parts, tariff first, complete before paying', async () => {
    const fresh = (await call('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))).json() as QuoteView;
    const early = await call('/api/quote/docket', quoteDocketBody(TENANT_A, fresh.guid));
    expect(early.statusCode).toBe(422);
    expect(early.json().fields).toEqual({ ttyp_tariff: 'Choose a tariff' });
    const q = await quoted();
    const incomplete = await t.app.inject({
      method: 'GET',
      url: `/api/larry/cardbooking/${q.guid}?database=${encodeURIComponent(TENANT_A)}`,
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      message: 'Incomplete addresses',
      fields: { addresses: 'Incomplete addresses' },
    });
    expect((await checkout(q.guid)).json().message).toBe('Incomplete addresses');
    const [from, to] = quoteDocketBody(TENANT_A, q.guid).addresses as [object, object];
    const moved = await call(
      '/api/quote/docket',
      quoteDocketBody(TENANT_A, q.guid, {
        addresses: [from, { ...to, dadd_postalcode: 'EH1 1YZ' }] as never,
      }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields).toEqual({
      'addresses.1.dadd_postalcode': 'Not the quoted post code SW1A 1AA, please get a new quote',
    });
    const thin = await call(
      '/api/quote/docket',
      quoteDocketBody(TENANT_A, q.guid, {
        addresses: [
          from,
          { dadd_addresstype: 1, dadd_street: 'The Mall', dadd_postalcode: 'SW1A 1AA' },
        ] as never,
      }),
    );
    expect(thin.statusCode).toBe(422);
    expect(thin.json()).toEqual({
      error: 'BUSINESS_RULE',
      message: 'Please use the search buttons next to each post code and select your specific address',
      fields: {
        'addresses.1':
          'Please use the search buttons next to each post code and select your specific address',
      },
    });
    const pobox = await call(
      '/api/quote/docket',
      quoteDocketBody(TENANT_A, q.guid, {
        addresses: [from, { ...to, dadd_street: 'PO Box 12' }] as never,
      }),
    );
    expect(pobox.statusCode).toBe(422);
    expect(pobox.json().message).toBe("You can't use PO BOX as an address");
    const noEmail = await call('/api/quote/docket', quoteDocketBody(TENANT_A, q.guid, { dck_email: '' }));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields).toEqual({ dck_email: 'Email is required' });
    const ok = await call('/api/quote/docket', quoteDocketBody(TENANT_A, q.guid));
    expect(ok.json()).toMatchObject({ state: 'detailed', dck_contact: 'Gwen Guest', payment: null });
    const loaded = await t.app.inject({
      method: 'GET',
      url: `/api/larry/cardbooking/${q.guid}?database=${encodeURIComponent(TENANT_A)}`,
    });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().addresses[1].dadd_companyname).toBe('Buckingham Palace');
  });

  it('takes a guest from quote to booking on the sandbox: one docket, however often the return repeats', async () => {
    const q = await detailed(5, 'sandbox.guest@example.com');
    const before = await docketCount();
    // What the live streams of the tenant hear (every server process's LISTEN).
    const heard: string[] = [];
    const unlisten = await t.tenants.get(TENANT_A)!.listen({ event: (payload) => heard.push(payload) });
    const started = (await checkout(q.guid)).json();
    expect(started.url).toMatch(/^\/payment\/sandbox\/sbx_[\w-]+\?database=Demo\+Couriers$/);
    const page = await t.app.inject({ method: 'GET', url: started.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST PAYMENT PAGE');
    expect(page.body).toContain(`£${started.amount.toFixed(2)}`);
    // A browser names our origin on the page's form post (no-referrer would send `Origin: null`,
    // which the same-origin check refuses), and a post from our own origin is taken.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const ownOrigin = await t.app.inject({
      method: 'POST',
      url: started.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://portal.test' },
      payload: new URLSearchParams({ card: '1234', action: 'pay' }).toString(),
    });
    expect(ownOrigin.statusCode).toBe(422);
    expect(ownOrigin.body).toContain('Use a test card');
    // Not yet paid: the return answers 409 and books nothing.
    expect((await pay(q.guid, started.reference)).statusCode).toBe(409);
    const paid = await card(started.url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://portal.test/success');
    // The page posted again (a reload, a replayed webhook) finds the same payment: still success.
    expect((await card(started.url, '4242 4242 4242 4242')).headers.location).toBe(
      'http://portal.test/success',
    );
    const answers = await Promise.all([1, 2, 3].map(() => pay(q.guid, started.reference, { hold: 0.01 })));
    const first = answers[0]!.json();
    expect(first.dck_docket).toBeGreaterThan(100000);
    for (const a of answers) expect(a.json()).toEqual(first);
    // A reload after the 15 minutes still finds the paid booking.
    t.clock.advance(60 * 60_000);
    expect((await pay(q.guid, started.reference)).json()).toEqual(first);
    expect((await call('/api/quote', { database: TENANT_A, guid: q.guid })).json()).toMatchObject({
      state: 'booked',
      payment: 'authorised',
      dck_docket: first.dck_docket,
    });
    expect(await docketCount()).toBe(before + 1);
    // The control room heard of the booking once, whatever the repeats: a guest's booking has no owner.
    const booked = () =>
      heard.map((p) => JSON.parse(p) as { dck_id: number }).filter((n) => n.dck_id === first.dck_id);
    await expect.poll(booked).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    unlisten();
    expect(booked()).toEqual([
      expect.objectContaining({
        event: 'booked',
        owners: [],
        dck_status: 'W',
        circuits: expect.arrayContaining(['LIVE']),
      }),
    ]);
    const [d] = await db().select().from(dockets).where(eq(dockets.dck_id, first.dck_id));
    const five = q.tariffs.find((x) => x.ttyp_tariff === 5)!;
    expect(d).toMatchObject({
      dck_cust_id: q.dck_cust_id,
      dck_tariff: 5,
      dck_total_pence: Math.round(five.total * 100),
    });
    const [auth] = await db()
      .select()
      .from(paymentAuthorisations)
      .where(eq(paymentAuthorisations.pauth_reference, started.reference));
    expect(auth).toMatchObject({
      pauth_provider: 'sandbox',
      pauth_state: 'authorised',
      pauth_dck_id: first.dck_id,
    });
    // The database holds one docket per quote (a unique index on booked quotes only): a second
    // quote cannot be marked with this docket, while any number of quotes have none.
    const [other] = await db()
      .select({ id: quotes.quote_id })
      .from(quotes)
      .where(sql`quote_dck_id is null`)
      .limit(1);
    const twice = await db()
      .execute(sql`update quotes set quote_dck_id = ${first.dck_id} where quote_id = ${other!.id}`)
      .then(
        () => 'stored',
        (err: { cause?: { code?: string } }) => err.cause?.code,
      );
    expect(twice).toBe('23505');
    const mail = await t.mail.next('sandbox.guest@example.com', 0);
    expect(mail.text).toContain(`Booking: ${first.dck_docket}`);
    expect(mail.text).toMatch(/\/register\?/);
  });

  it('books once when the return, the page and other tabs race for one authorisation', async () => {
    const q = await detailed(4);
    const before = await docketCount();
    const started = (await checkout(q.guid)).json();
    // The provider says authorised (as a webhook would find it), and every caller arrives at once.
    await db()
      .update(sandboxPayments)
      .set({ sbx_state: 'authorised' })
      .where(eq(sandboxPayments.sbx_reference, started.reference));
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(q.guid, started.reference)));
    const numbers = new Set(answers.map((a) => a.json().dck_docket));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    expect(await docketCount()).toBe(before + 1);
  });

  it('lets only one of two tabs book: the later checkout supersedes the first, a second hold is voided', async () => {
    const q = await detailed(4);
    const before = await docketCount();
    const tab1 = (await checkout(q.guid)).json();
    const tab2 = (await checkout(q.guid)).json();
    expect(tab2.reference).not.toBe(tab1.reference);
    // The first tab's page is closed: it cannot be paid.
    const stale = await card(tab1.url, SANDBOX_CARDS.authorised);
    expect(stale.headers.location).toBe('http://portal.test/failed');
    expect((await pay(q.guid, tab1.reference)).statusCode).toBe(422);
    // Should a provider authorise both anyway, the second hold is voided and released.
    await card(tab2.url, SANDBOX_CARDS.authorised);
    await db()
      .update(sandboxPayments)
      .set({ sbx_state: 'authorised' })
      .where(eq(sandboxPayments.sbx_reference, tab1.reference));
    await db()
      .update(paymentAuthorisations)
      .set({ pauth_state: 'pending' })
      .where(eq(paymentAuthorisations.pauth_reference, tab1.reference));
    const one = (await pay(q.guid, tab2.reference)).json();
    const two = await pay(q.guid, tab1.reference);
    expect(two.json()).toEqual(one);
    expect(await docketCount()).toBe(before + 1);
    const states = await db()
      .select({ ref: paymentAuthorisations.pauth_reference, state: paymentAuthorisations.pauth_state })
      .from(paymentAuthorisations)
      .where(
        eq(
          paymentAuthorisations.pauth_quote_id,
          (await db().select().from(quotes).where(eq(quotes.quote_dck_id, one.dck_id)))[0]!.quote_id,
        ),
      );
    expect(Object.fromEntries(states.map((s) => [s.ref, s.state]))).toEqual({
      [tab1.reference]: 'voided',
      [tab2.reference]: 'authorised',
    });
    const [released] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.sbx_reference, tab1.reference));
    expect(released!.sbx_state).toBe('cancelled');
  });

  it('books nothing for a declined card, answers the payment error, and lets the guest pay again', async () => {
    const q = await detailed(4);
    const before = await docketCount();
    const started = (await checkout(q.guid)).json();
    const declined = await card(started.url, SANDBOX_CARDS.declined);
    expect(declined.headers.location).toBe('http://portal.test/failed');
    const res = await pay(q.guid, started.reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PAYMENT_ERROR);
    expect(res.json().fields.reference).toMatch(/declined/);
    expect(await docketCount()).toBe(before);
    expect((await call('/api/quote', { database: TENANT_A, guid: q.guid })).json().payment).toBe('declined');
    // Another site cannot post the test page's form.
    const again0 = (await checkout(q.guid)).json();
    const forged = await t.app.inject({
      method: 'POST',
      url: again0.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ card: SANDBOX_CARDS.authorised, action: 'pay' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    // A card that is not a test card is refused on the page, nothing recorded.
    const again = (await checkout(q.guid)).json();
    expect((await card(again.url, '4111 1111 1111 1111')).statusCode).toBe(422);
    await card(again.url, SANDBOX_CARDS.authorised);
    expect((await pay(q.guid, again.reference)).statusCode).toBe(200);
    expect(await docketCount()).toBe(before + 1);
  });

  it('books nothing for an abandoned payment, and a cancelled page returns to /failed', async () => {
    const q = await detailed(4);
    const before = await docketCount();
    const started = (await checkout(q.guid)).json();
    const cancelled = await card(started.url, '', 'cancel');
    expect(cancelled.headers.location).toBe('http://portal.test/failed');
    expect((await pay(q.guid, started.reference)).statusCode).toBe(422);
    expect(await docketCount()).toBe(before);
    // Choosing another tariff abandons a payment in progress: its page can no longer pay.
    const next = (await checkout(q.guid)).json();
    await call('/api/quote', { database: TENANT_A, guid: q.guid, ttyp_tariff: 5 });
    const page = await t.app.inject({ method: 'GET', url: next.url });
    expect(page.body).toContain('This test payment is cancelled.');
    expect(await docketCount()).toBe(before);
  });

  it('keeps a paid payment and its booking when Cancel is pressed on its page afterwards', async () => {
    const q = await detailed(4);
    const started = (await checkout(q.guid)).json();
    expect((await card(started.url, SANDBOX_CARDS.authorised)).headers.location).toBe(
      'http://portal.test/success',
    );
    const booked = (await pay(q.guid, started.reference)).json();
    const before = await docketCount();
    const cancelled = await card(started.url, '', 'cancel');
    expect(cancelled.headers.location).toBe('http://portal.test/success');
    const page = await t.app.inject({ method: 'GET', url: started.url });
    expect(page.body).toContain('This test payment is authorised.');
    expect((await pay(q.guid, started.reference)).json()).toEqual(booked);
    const [held] = await db()
      .select({ state: paymentAuthorisations.pauth_state })
      .from(paymentAuthorisations)
      .where(eq(paymentAuthorisations.pauth_reference, started.reference));
    expect(held!.state).toBe('authorised');
    expect(await docketCount()).toBe(before);
  });

  it('takes no card on a payment page left open past its life (31 minutes, as Stripe’s session)', async () => {
    const q = await detailed(4);
    const before = await docketCount();
    const started = (await checkout(q.guid)).json();
    t.clock.advance(PAYMENT_PAGE_SECONDS * 1000 + 1000);
    try {
      const page = await t.app.inject({ method: 'GET', url: started.url });
      expect(page.body).toContain('This test payment is cancelled.');
      expect((await card(started.url, SANDBOX_CARDS.authorised)).headers.location).toBe(
        'http://portal.test/failed',
      );
      const late = await pay(q.guid, started.reference);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject(EXPIRED);
    } finally {
      t.clock.reset();
    }
    expect(await docketCount()).toBe(before);
  });

  it('lets each of two guests who register see only their own booking on the shared quote account', async () => {
    const guests = ['first.guest@example.com', 'second.guest@example.com'];
    const booked: number[] = [];
    for (const email of guests) {
      const q = await detailed(4, email);
      const started = (await checkout(q.guid)).json();
      await card(started.url, SANDBOX_CARDS.authorised);
      booked.push((await pay(q.guid, started.reference)).json().dck_docket);
    }
    const mail = await t.mail.next(guests[0]!, 0);
    const params = new URL(/(http:\/\/portal\.test\/register\?\S+)/.exec(mail.text ?? '')![1]!).searchParams;
    const registered = await call('/api/user/register', {
      database: params.get('database'),
      dck_id: Number(params.get('dck_id')),
      dck_email: params.get('dck_email'),
      dck_contact: params.get('dck_contact'),
      dck_telephone: params.get('dck_telephone'),
      token: params.get('token'),
      ausr_logon: 'firstguest',
      ausr_password: 'First#Guest2026',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = await loginAs(t.app, 'firstguest', 'First#Guest2026');
    const list = await post(t.app, '/api/docket/list', {}, token);
    expect(list.json().rows.map((r: { dck_docket: number }) => r.dck_docket)).toEqual([booked[0]]);
    // The quote account pays by card: the registered guest may book again, paying each time.
    const session = (await post(t.app, '/api/auth/session', {}, token)).json();
    expect(session.user.ausr_rights_booking).toBe('T');
    // …and sees prices, as they did when they paid.
    expect(session.user.ausr_rights_price).toBe('T');
  });

  it("gives the confirmation's Register a token by guid: only once booked, used once, never for a registered booking", async () => {
    const q = await detailed(4, 'third.guest@example.com');
    const early = await call('/api/quote/register', { database: TENANT_A, guid: q.guid });
    expect(early.statusCode).toBe(422);
    expect(early.json().fields).toEqual({ guid: MSG.registerLinkInvalid });
    const started = (await checkout(q.guid)).json();
    await card(started.url, SANDBOX_CARDS.authorised);
    const booking = (await pay(q.guid, started.reference)).json();
    const res = await call('/api/quote/register', { database: TENANT_A, guid: q.guid });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json();
    expect(link).toMatchObject({
      dck_id: booking.dck_id,
      dck_email: 'third.guest@example.com',
      dck_contact: 'Gwen Guest',
      dck_telephone: '0161 496 0999',
    });
    const check = (token: string) =>
      call('/api/user/register/check', { database: TENANT_A, dck_id: link.dck_id, token });
    expect((await check(link.token)).json()).toEqual({ valid: true });
    const registered = await call('/api/user/register', {
      database: TENANT_A,
      dck_id: link.dck_id,
      dck_email: link.dck_email,
      dck_contact: link.dck_contact,
      dck_telephone: link.dck_telephone,
      token: link.token,
      ausr_logon: 'thirdguest',
      ausr_password: 'Third#Guest2026',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    // The booking has its user: a new token from the guid registers nobody else.
    const again = (await call('/api/quote/register', { database: TENANT_A, guid: q.guid })).json();
    expect((await check(again.token)).json()).toEqual({ valid: false });
    const other = await call('/api/quote/register', { database: TENANT_B, guid: q.guid });
    expect(other.statusCode).toBe(404);
    // Two hours on, the guid (in the wizard's URL, so in the browser's history) asks in vain.
    t.clock.advance(2 * 60 * 60 * 1000 + 1000);
    const late = await call('/api/quote/register', { database: TENANT_A, guid: q.guid });
    expect(late.statusCode).toBe(422);
    expect(late.json().fields).toEqual({ guid: MSG.registerLinkInvalid });
  });
  it('limits quote/alltariffs/list, which stores a quote, to 30 a minute per address', async () => {
    const from = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/quote/alltariffs/list',
        remoteAddress: '10.30.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(quoteTariffsBody(TENANT_A)),
      });
    for (let i = 0; i < 30; i++) expect((await from()).statusCode).toBe(200);
    const limited = await from();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('RATE_LIMITED');
  });

  it('never writes a guid or a sandbox reference to the server log', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logged = await buildApp({ ...t.deps, logLevel: 'info', logStream: stream });
    try {
      const q = await detailed(4);
      const started = (await checkout(q.guid)).json();
      const database = encodeURIComponent(TENANT_A);
      expect(
        (await logged.inject({ method: 'GET', url: `/api/larry/cardbooking/${q.guid}?database=${database}` }))
          .statusCode,
      ).toBe(200);
      expect((await logged.inject({ method: 'GET', url: started.url })).statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/larry/cardbooking/{guid}');
      expect(log).toContain('/payment/sandbox/{reference}');
      expect(log).not.toContain(q.guid);
      expect(log).not.toContain(started.reference);
    } finally {
      await logged.close();
    }
  });
  it('names what is missing: no quote account, no amount to hold, a provider that is not configured', async () => {
    const b = db(TENANT_B);
    const setting = (group: string, key: string) =>
      and(eq(settings.sett_group, group), eq(settings.sett_key, key), eq(settings.sett_cust_id, 0));
    const [account] = await b.select().from(settings).where(setting('default', 'aset_quote_customer'));
    await b.delete(settings).where(setting('default', 'aset_quote_customer'));
    const none = await call('/api/quote/customer', { database: TENANT_B });
    expect(none.statusCode).toBe(422);
    expect(none.json().fields).toEqual({ database: 'No quote account (aset_quote_customer)' });
    await b.insert(settings).values(account!);
    // A tariff that costs nothing leaves nothing to hold.
    await b
      .update(tariffTypes)
      .set({ ttyp_base_pence: 0, ttyp_per_mile_pence: 0, ttyp_extra_parcel_pence: 0 })
      .where(eq(tariffTypes.ttyp_tariff, 1));
    const on = (url: string, body: object) => call(url, { database: TENANT_B, ...body });
    const q = (await on('/api/quote/alltariffs/list', quoteTariffsBody(TENANT_B))).json() as QuoteView;
    await on('/api/quote', { guid: q.guid, ttyp_tariff: 1 });
    expect((await on('/api/quote/docket', quoteDocketBody(TENANT_B, q.guid))).statusCode).toBe(200);
    const free = await on('/api/quote/checkout', { guid: q.guid });
    expect(free.statusCode).toBe(422);
    expect(free.json()).toMatchObject({
      message: 'Payment amount not provided',
      fields: { amount: 'Payment amount not provided' },
    });
    await on('/api/quote', { guid: q.guid, ttyp_tariff: 4 });
    await b.update(settings).set({ sett_value: 'worldpay' }).where(setting('payment', 'provider.O'));
    const unset = await on('/api/quote/checkout', { guid: q.guid });
    expect(unset.statusCode).toBe(422);
    expect(unset.json()).toMatchObject({
      message: 'The card payment provider worldpay is not configured',
      fields: { provider: 'Not configured' },
    });
  });
});
