import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { ADDRESS_MSG } from '@courier/contracts';
import { queryRows } from '../../db/client';
import { dockets, users } from '../../db/schema';
import {
  CUSTOMER,
  DB_KINDS,
  booking,
  useTestApp,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
} from '../../test/harness';
import { forgetLiveSessions } from '../../db/live-session-cache';

const REFUSED =
  'This registration link is invalid or has already been used. Please use the link in your booking confirmation e-mail.';

/** The /register link of a booking confirmation mail, and its parameters. */
function registerLinkOf(text: string | undefined) {
  const link = /(http:\/\/portal\.test\/register\?\S+)/.exec(text ?? '')?.[1];
  if (!link) throw new Error(`no register link in:\n${text}`);
  return { link, params: new URL(link).searchParams };
}

describe.each(DB_KINDS)('registration from a booking on %s', (kind) => {
  let customer: string;
  let account: number;
  let accountCode: string;
  const logs: string[] = [];
  const db = () => t.tenants.get(TENANT_A)!.db;

  /** A booking by the demo customer for `email`; its answer and the confirmation mail's link. */
  async function book(email: string, overrides: Record<string, unknown> = {}) {
    const sent = t.mail.to(email).length;
    const res = await post(
      t.app,
      '/api/docket/post',
      booking(account, {
        dck_email: email,
        dck_contact: 'Nia Person',
        dck_telephone: '0161 000 0000',
        ...overrides,
      }),
      customer,
    );
    expect(res.statusCode).toBe(200);
    const mail = await t.mail.next(email, sent);
    return { saved: res.json(), mail, ...registerLinkOf(mail.text) };
  }

  /** POST from its own address each time (registration is limited per address; see its own test). */
  let caller = 0;
  const postFrom = (url: string, body: unknown, ip = `10.9.${Math.floor(++caller / 250)}.${caller % 250}`) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  /** user/register with the link's parameters, as the /register screen sends them. */
  const register = (params: URLSearchParams, over: Record<string, unknown> = {}) =>
    postFrom('/api/user/register', {
      database: params.get('database'),
      dck_id: Number(params.get('dck_id')),
      dck_email: params.get('dck_email'),
      dck_contact: params.get('dck_contact'),
      dck_telephone: params.get('dck_telephone'),
      token: params.get('token'),
      ausr_password: 'Nia#Register1',
      ...over,
    });

  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const t = useTestApp(kind, { dockets: 12, logLevel: 'trace', logStream: stream });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    const first = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0];
    account = first.cust_id;
    accountCode = first.cust_acc_code;
  });

  it('mails the booker a confirmation with the booking, its tracking link and a /register link', async () => {
    const { saved, mail, params } = await book('booker.one@example.com');
    expect(mail.subject).toBe(`Demo Couriers: booking ${saved.dck_docket} confirmed`);
    expect(mail.text).toContain(`Booking: ${saved.dck_docket}`);
    expect(mail.text).toContain('Collect from: Piccadilly Plaza, Portland Street, Manchester, M1 1AE');
    expect(mail.text).toContain('Deliver to: Buckingham Palace, The Mall, London, SW1A 1AA');
    expect(mail.text).toMatch(/Total: £\d/);
    expect(mail.text).toContain(
      `http://portal.test/docket/track?tracking_ref=${saved.tracking_reference}&database=Demo+Couriers`,
    );
    expect(Object.fromEntries(params)).toMatchObject({
      database: TENANT_A,
      dck_id: String(saved.dck_id),
      dck_email: 'booker.one@example.com',
      dck_contact: 'Nia Person',
      dck_telephone: '0161 000 0000',
    });
    // 256 random bits, base64url; only its SHA-256 is stored.
    const token = params.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await queryRows<{ rtok_token_hash: string }>(
      db(),
      sql`select rtok_token_hash from registration_tokens where rtok_dck_id = ${saved.dck_id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.rtok_token_hash).not.toContain(token);
    expect(stored[0]!.rtok_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a stranger who has the tracking link and the true contact details but no token', async () => {
    const { saved } = await book('booker.two@example.com');
    const stranger = {
      database: TENANT_A,
      ausr_logon: 'stranger',
      ausr_password: 'Stranger#2026',
      dck_id: saved.dck_id,
      tracking_reference: saved.tracking_reference,
      dck_email: 'booker.two@example.com',
      dck_contact: 'Nia Person',
      dck_telephone: '0161 000 0000',
    };
    const res = await post(t.app, '/api/user/register', stranger);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'BUSINESS_RULE', message: REFUSED, fields: { token: REFUSED } });
    expect(
      (await post(t.app, '/api/user/register', { ...stranger, dck_id: saved.dck_id + 1 })).statusCode,
    ).toBe(422);
    expect(
      (
        await post(t.app, '/api/auth/login', {
          database: TENANT_A,
          username: 'stranger',
          password: 'Stranger#2026',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('gives one and the same answer for a wrong, another booking’s, an expired and a used token', async () => {
    const one = await book('booker.three@example.com');
    const two = await book('booker.four@example.com');
    const answers = [
      await register(one.params, { ausr_logon: 'wrongtoken', token: 'A'.repeat(43) }),
      await register(one.params, { ausr_logon: 'missingtoken', token: '' }),
      // the other booking's valid token against this booking
      await register(one.params, { ausr_logon: 'othertoken', token: two.params.get('token') }),
    ];
    expect((await register(one.params, { ausr_logon: 'firstuse' })).statusCode).toBe(200);
    answers.push(await register(one.params, { ausr_logon: 'reused' }));
    t.clock.advance(31 * 86_400_000);
    answers.push(await register(two.params, { ausr_logon: 'expired' }));
    t.clock.advance(-31 * 86_400_000);
    for (const a of answers) {
      expect(a.statusCode).toBe(422);
      expect(a.json()).toEqual({ error: 'BUSINESS_RULE', message: REFUSED, fields: { token: REFUSED } });
    }
    // The check call the /register screen makes says the same.
    const check = (params: URLSearchParams) =>
      postFrom('/api/user/register/check', {
        database: TENANT_A,
        dck_id: Number(params.get('dck_id')),
        token: params.get('token'),
      });
    expect((await check(one.params)).json()).toEqual({ valid: false });
    expect((await check(two.params)).json()).toEqual({ valid: true });
    // Every attempt, refused ones too, is in the audit log; the token never is.
    const audit = await queryRows<{ log_user: string; log_type: string; log_detail: { result: string } }>(
      db(),
      sql`select log_user, log_type, log_detail from audit_log where log_process = 'register' order by log_id`,
    );
    const byUser = Object.fromEntries(audit.map((a) => [a.log_user, a.log_detail.result]));
    expect(byUser).toMatchObject({
      wrongtoken: 'invalid link',
      missingtoken: 'invalid link',
      othertoken: 'invalid link',
      firstuse: 'registered',
      reused: 'invalid link',
      expired: 'invalid link',
      stranger: 'invalid link',
    });
    expect(JSON.stringify(audit)).not.toContain(one.params.get('token'));
  });

  it('registers through the mailed link; the new user sees exactly that booking, then their own new ones', async () => {
    const { saved, params } = await book('nia.person@example.com');
    const accountBookings = (await post(t.app, '/api/docket/list', { pageSize: 50 }, customer)).json().rows;
    expect(accountBookings.length).toBeGreaterThan(3);
    const ok = await register(params, { ausr_logon: 'nia' });
    expect(ok.json()).toEqual({
      message: 'Registered Successfully',
      detail: 'Please login to view your booking history',
    });
    const nia = await loginAs(t.app, 'nia', 'Nia#Register1');
    const session = (await post(t.app, '/api/auth/session', {}, nia)).json();
    expect(session.user).toMatchObject({
      ausr_firstname: 'Nia',
      ausr_lastname: 'Person',
      ausr_email: 'nia.person@example.com',
      ausr_own_bookings: 'T',
    });
    const list = (await post(t.app, '/api/docket/list', { pageSize: 50 }, nia)).json();
    expect(list.rows.map((r: { dck_id: number }) => r.dck_id)).toEqual([saved.dck_id]);
    // The account is invoiced: whoever the booker named as the e-mail may not book on its credit,
    // nor read its contract prices (a booker without the price right could otherwise read them
    // by naming their own address and registering)…
    expect(session.user.ausr_rights_booking).toBe('F');
    expect(session.user.ausr_rights_price).toBe('F');
    const detail = await post(t.app, '/api/docket/detail', { _docketId: saved.dck_id }, nia);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().cust_total_price).toBeNull();
    const refused = await post(t.app, '/api/docket/post', booking(account), nia);
    expect(refused.statusCode).toBe(403);
    // …until the account's administrator grants it.
    await db().update(users).set({ ausr_rights_booking: 'T' }).where(eq(users.ausr_logon, 'nia'));
    forgetLiveSessions();
    // A booking of their own shows too, and still nothing else of the account.
    const mine = (
      await post(t.app, '/api/docket/post', booking(account, { dck_email: 'nia.person@example.com' }), nia)
    ).json();
    const after = (await post(t.app, '/api/docket/list', { pageSize: 50 }, nia)).json();
    expect(after.rows.map((r: { dck_id: number }) => r.dck_id).sort()).toEqual(
      [saved.dck_id, mine.dck_id].sort(),
    );
  });

  it('keeps a self-registered user out of every other booking of the account', async () => {
    const nia = await loginAs(t.app, 'nia', 'Nia#Register1');
    const own = (await post(t.app, '/api/docket/list', { pageSize: 50 }, nia)).json().rows;
    const ownIds = own.map((r: { dck_id: number }) => r.dck_id);
    const foreign = (await post(t.app, '/api/docket/list', { pageSize: 50 }, customer))
      .json()
      .rows.find(
        (r: { dck_id: number; cust_acc_code: string }) =>
          r.cust_acc_code === accountCode && !ownIds.includes(r.dck_id),
      );
    expect(foreign).toBeDefined();
    const ref = { _docketId: foreign.dck_id };
    for (const url of [
      '/api/docket/detail',
      '/api/docket/address/list',
      '/api/docket/barcode/list',
      '/api/docket/parcel/list',
      '/api/docket/label',
    ])
      expect((await post(t.app, url, ref, nia)).statusCode, url).toBe(404);
    // Download PDF and export need the export right, which registration does not give…
    expect((await post(t.app, '/api/report/docket', ref, nia)).statusCode).toBe(403);
    expect((await post(t.app, '/api/docket/export', { format: 'csv' }, nia)).statusCode).toBe(403);
    // …and once an administrator grants it, they still reach only their own bookings.
    await db().update(users).set({ ausr_rights_export: 'T' }).where(eq(users.ausr_logon, 'nia'));
    forgetLiveSessions();
    expect((await post(t.app, '/api/report/docket', ref, nia)).statusCode).toBe(404);
    const csv = (await post(t.app, '/api/docket/export', { format: 'csv' }, nia)).body;
    const rows = parse(csv) as string[][];
    expect(rows.length).toBe(1 + own.length);
    expect(rows.map((r) => r[0])).not.toContain(String(foreign.dck_docket));
    await db().update(users).set({ ausr_rights_export: 'F' }).where(eq(users.ausr_logon, 'nia'));
    forgetLiveSessions();
    // The account's saved addresses and contacts are not theirs to see either.
    expect((await post(t.app, '/api/customer/contact/list', { ccnt_cust_id: account }, nia)).json()).toEqual(
      [],
    );
    const addresses = (
      await post(t.app, '/api/customer/address/list', { cadd_cust_id: account }, nia)
    ).json();
    for (const a of addresses) expect(a.cadd_address_type).toBe(0);
    expect((await post(t.app, '/api/customer/address/list', {}, nia)).statusCode).toBe(403);
    // Nor do they reach them through the address search: the delivery address of a booking not
    // theirs, which the account's booker finds by its post code district, is not among what the
    // search shows them; what it shows is their own bookings' addresses and the account's own.
    type Stop = { dadd_street: string; dadd_postalcode: string };
    const stopsOf = async (id: number, token: string) =>
      (await post(t.app, '/api/docket/address/list', { _docketId: id }, token)).json() as Stop[];
    const keyOf = (street: string, postcode: string) => `${street}|${postcode}`;
    const ownStops = new Set<string>();
    for (const id of ownIds)
      for (const a of await stopsOf(id, nia)) ownStops.add(keyOf(a.dadd_street, a.dadd_postalcode));
    let delivery: Stop | undefined;
    for (const r of (await post(t.app, '/api/docket/list', { pageSize: 50 }, customer)).json().rows) {
      if (r.cust_acc_code !== accountCode || ownIds.includes(r.dck_id)) continue;
      const last = (await stopsOf(r.dck_id, customer)).at(-1)!;
      if (!ownStops.has(keyOf(last.dadd_street, last.dadd_postalcode))) {
        delivery = last;
        break;
      }
    }
    expect(delivery).toBeDefined();
    type Found = { source: string; street: string; postcode: string };
    const search = async (token: string) =>
      (
        (
          await post(
            t.app,
            '/api/postcode/list',
            { address: { postcode: delivery!.dadd_postalcode.split(' ')[0] } },
            token,
          )
        ).json().addresses as Found[]
      ).filter((a) => a.source === 'docket' || a.source === 'addressbook');
    const foreignStop = keyOf(delivery!.dadd_street, delivery!.dadd_postalcode);
    expect((await search(customer)).map((a) => keyOf(a.street, a.postcode))).toContain(foreignStop);
    const accountStops = new Set(
      addresses.map((a: { cadd_street: string; cadd_postalcode: string }) =>
        keyOf(a.cadd_street, a.cadd_postalcode),
      ),
    );
    for (const a of await search(nia))
      expect(a.source === 'docket' ? ownStops : accountStops).toContain(keyOf(a.street, a.postcode));
    // Their own bookings' addresses they do find.
    const [ownStop] = await stopsOf(ownIds[0], nia);
    const mine = (
      await post(t.app, '/api/postcode/list', { address: { postcode: ownStop!.dadd_postalcode } }, nia)
    ).json().addresses as Found[];
    expect(mine.filter((a) => a.source === 'docket').map((a) => keyOf(a.street, a.postcode))).toContain(
      keyOf(ownStop!.dadd_street, ownStop!.dadd_postalcode),
    );
    // With the address-book right an administrator might give them, the book shows the account's
    // own address only, and its shared entries are not theirs to change or delete.
    await db().update(users).set({ ausr_rights_addressbook: 'T' }).where(eq(users.ausr_logon, 'nia'));
    forgetLiveSessions();
    try {
      const page = (await post(t.app, '/api/customer/address/list', {}, nia)).json();
      expect(page.rows.length).toBeGreaterThan(0);
      for (const a of page.rows) expect(a.cadd_address_type).toBe(0);
      const shared = (
        await post(
          t.app,
          '/api/customer/address/list',
          { cadd_cust_id: account, cadd_address_type: 1 },
          customer,
        )
      ).json()[0];
      expect(shared).toBeDefined();
      const changed = await post(
        t.app,
        '/api/customer/address/post',
        { ...shared, cadd_coname: 'Hijacked' },
        nia,
      );
      expect(changed.statusCode).toBe(403);
      expect(changed.json().message).toBe(ADDRESS_MSG.ownBookingsOnly);
      const made = await post(t.app, '/api/customer/address/post', { ...shared, cadd_id: undefined }, nia);
      expect(made.statusCode).toBe(403);
      expect(
        (await post(t.app, '/api/customer/address/delete', { cadd_id: shared.cadd_id }, nia)).statusCode,
      ).toBe(403);
      const still = (
        await post(t.app, '/api/customer/address/list', { cadd_id: shared.cadd_id }, customer)
      ).json();
      expect(still.cadd_coname).toBe(shared.cadd_coname);
    } finally {
      await db().update(users).set({ ausr_rights_addressbook: 'F' }).where(eq(users.ausr_logon, 'nia'));
      forgetLiveSessions();
    }
  });

  it('lets four racing registrations of one booking make exactly one user', async () => {
    const { saved, params } = await book('racer@example.com');
    const answers = await Promise.all(
      ['racer1', 'racer2', 'racer3', 'racer4'].map((ausr_logon) => register(params, { ausr_logon })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const made = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users where ausr_logon like 'racer%'`,
    );
    expect(made[0]!.n).toBe(1);
    const [d] = await db().select().from(dockets).where(eq(dockets.dck_id, saved.dck_id));
    expect(d!.dck_registered_ausr_id).not.toBeNull();
  });

  it('checks the password rule before the username, and names a taken one', async () => {
    const { params } = await book('naming@example.com');
    const weakAndTaken = await register(params, { ausr_logon: 'customer', ausr_password: 'weak' });
    expect(weakAndTaken.statusCode).toBe(400);
    expect(weakAndTaken.json().fields).toEqual({ ausr_password: 'Password must be at least 8 characters' });
    const taken = await register(params, { ausr_logon: 'CUSTOMER' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ ausr_logon: 'Username taken' });
    // The link still works after a refused name.
    expect((await register(params, { ausr_logon: 'naming' })).statusCode).toBe(200);
  });

  it('refuses e-mail addresses with line breaks, in the booking and in the registration', async () => {
    const bad = await post(
      t.app,
      '/api/docket/post',
      booking(account, { dck_email: 'a@example.com\nBcc: victim@example.com' }),
      customer,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['dck_email']);
    const { params } = await book('lines@example.com');
    const res = await register(params, {
      ausr_logon: 'lines',
      dck_email: 'lines@example.com\r\nBcc: x@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['dck_email']);
    const contact = await register(params, { ausr_logon: 'lines', dck_contact: 'Nia\nPerson' });
    expect(Object.keys(contact.json().fields)).toEqual(['dck_contact']);
  });

  it('never shows the token in tracking answers, lists, the detail or the logs', async () => {
    const { saved, params } = await book('secret@example.com');
    const token = params.get('token')!;
    const answers = [
      await post(t.app, '/api/docket/track', { database: TENANT_A, tracking_ref: saved.tracking_reference }),
      await post(t.app, '/api/docket/list', { pageSize: 50 }, customer),
      await post(t.app, '/api/docket/detail', { _docketId: saved.dck_id }, customer),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).not.toContain(token);
    }
    await register(params, { ausr_logon: 'secretive' });
    await register(params, { ausr_logon: 'secretive2' });
    const all = logs.join('');
    expect(all.length).toBeGreaterThan(1000);
    expect(all).not.toContain(token);
    expect(all).not.toContain('Nia#Register1');
  });

  it('moves users registered through the old path to their own bookings only (migration 0005)', async () => {
    const [{ ausr_id }] = (await db()
      .insert(users)
      .values({ ausr_logon: 'oldpath', ausr_password: 'x', ausr_rights_history: 'T' })
      .returning({ ausr_id: users.ausr_id })) as [{ ausr_id: number }];
    const { saved } = await book('oldpath@example.com');
    await db()
      .update(dockets)
      .set({ dck_registered_ausr_id: ausr_id })
      .where(eq(dockets.dck_id, saved.dck_id));
    const migration = readFileSync(
      resolve(import.meta.dirname, '../../db/migrations/0005_registration_tokens.sql'),
      'utf8',
    );
    const update = migration.slice(migration.lastIndexOf('UPDATE "users"'));
    await db().execute(sql.raw(update));
    const [row] = await db()
      .select({ f: users.ausr_own_bookings })
      .from(users)
      .where(and(eq(users.ausr_id, ausr_id)));
    expect(row!.f).toBe('T');
    const [admin] = await db()
      .select({ f: users.ausr_own_bookings })
      .from(users)
      .where(eq(users.ausr_logon, 'admin'));
    expect(admin!.f).toBe('F');
  });

  it('limits registration attempts per address', async () => {
    const { params } = await book('limit@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await postFrom(
            '/api/user/register?n=' + i,
            { ...Object.fromEntries(params), dck_id: 1, ausr_logon: 'limit', ausr_password: 'Limit#2026x' },
            '10.8.8.8',
          )
        ).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c !== 429)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('never registers on another tenant with a token of this one', async () => {
    const { params } = await book('tenant@example.com');
    const res = await register(params, { ausr_logon: 'crosstenant', database: TENANT_B });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(REFUSED);
  });
});
