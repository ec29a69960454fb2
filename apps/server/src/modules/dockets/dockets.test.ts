import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { dockets } from '../../db/schema';
import { MSG } from '@courier/contracts';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  booking,
  useTestApp,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
} from '../../test/harness';
import { insertBooking } from './dockets.repository';
import { searchTrigrams } from './docket-search';
import { readSearchSamples } from './docket-search.repository';
import { formatUk } from '../../lib/dates';
import { forgetLiveSessions } from '../../db/live-session-cache';
import { queryRows } from '../../db/client';

const daysAgo = (n: number) => formatUk(new Date(Date.now() - n * 86_400_000), 'DD/MM/YYYY');
const window30 = { dateStart: daysAgo(31), dateEnd: daysAgo(0) };

describe.each(DB_KINDS)('dockets on %s', (kind) => {
  let customer: string;
  let accounts: { cust_id: number; cust_mop: string }[];
  let cardAccount: number;
  const t = useTestApp(kind, { dockets: 45 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    accounts = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts;
    const admin = await loginAs(t.app, ...ADMIN);
    const all = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as {
      cust_id: number;
      cust_mop: string;
    }[];
    cardAccount = all.find((a) => a.cust_mop === 'O')!.cust_id;
  });
  const custId = () => accounts[0]!.cust_id;

  describe('docket/price', () => {
    it('prices M1 1AE → SW1A 1AA on about 195 miles with 20 % VAT', async () => {
      const res = await post(t.app, '/api/docket/price', booking(custId()), customer);
      expect(res.statusCode).toBe(200);
      const p = res.json();
      expect(p.distance).toBeGreaterThan(193);
      expect(p.distance).toBeLessThan(197);
      // Car: £12.00 + £0.95 a mile, then VAT.
      const net = Math.round(1200 + 95 * p.distance) / 100;
      expect(p.netvat).toBeCloseTo(net * 0.2, 1);
      expect(p.total).toBeCloseTo(net * 1.2, 1);
      expect(p.hold).toBe(p.total);
    });

    it('charges extra pieces', async () => {
      const one = (await post(t.app, '/api/docket/price', booking(custId()), customer)).json();
      const three = (
        await post(
          t.app,
          '/api/docket/price',
          booking(custId(), { parcels: [{ dpcl_quantity: 3, dpcl_weight: 1 }] }),
          customer,
        )
      ).json();
      expect(Math.round((three.total - one.total) * 100)).toBe(240); // 2 × £1.00 + VAT
    });

    it('is refused without the price right', async () => {
      const control = await loginAs(t.app, ...CONTROL);
      const res = await post(t.app, '/api/docket/price', booking(custId()), control);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('NOT_AUTHORIZED');
    });
  });

  describe('docket/post', () => {
    it('saves a booking with sequential docket numbers and an unguessable tracking reference', async () => {
      const a = await post(t.app, '/api/docket/post', booking(custId()), customer);
      const b = await post(t.app, '/api/docket/post', booking(custId()), customer);
      expect(a.statusCode).toBe(200);
      expect(b.json().dck_docket).toBe(a.json().dck_docket + 1);
      expect(a.json().tracking_reference).toMatch(/^T[0-9A-Z]{14}$/);
      expect(a.json().tracking_reference).not.toBe(b.json().tracking_reference);
      const list = (await post(t.app, '/api/docket/list', { archive: false, page: 1 }, customer)).json();
      expect(list.rows[0].dck_docket).toBe(b.json().dck_docket);
      expect(list.rows[0]).toMatchObject({
        from_town: 'Manchester',
        from_postcode: 'M1 1AE',
        to_postcode: 'SW1A 1AA',
      });
    });

    it('refuses fewer than two addresses and no parcel with the spec messages', async () => {
      const one = await post(
        t.app,
        '/api/docket/post',
        booking(custId(), { addresses: [booking(1).addresses[0]] }),
        customer,
      );
      expect(one.statusCode).toBe(400);
      expect(one.json().message).toBe('Cannot have less than two addresses');
      expect(one.json().fields).toHaveProperty('addresses', 'Cannot have less than two addresses');
      const none = await post(t.app, '/api/docket/post', booking(custId(), { parcels: [] }), customer);
      expect(none.json().message).toBe('Cannot have less than one parcel');
    });

    it('names a bad post code and a missing town', async () => {
      const b = booking(custId());
      b.addresses[1] = { ...b.addresses[1]!, dadd_postalcode: 'NOT UK' };
      const res = await post(t.app, '/api/docket/post', b, customer);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        'addresses.1.dadd_postalcode': 'Please enter a valid UK post code',
      });
      const c = booking(custId());
      c.addresses[0] = { ...c.addresses[0]!, dadd_town: '' };
      const res2 = await post(t.app, '/api/docket/post', c, customer);
      expect(res2.json().fields).toHaveProperty(['addresses.0.dadd_town'], 'Town is required');
    });

    it('gives 422 naming a well-formed post code that does not exist', async () => {
      const b = booking(custId());
      b.addresses[1] = { ...b.addresses[1]!, dadd_postalcode: 'ZZ99 9ZZ' };
      const res = await post(t.app, '/api/docket/post', b, customer);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('ZZ99 9ZZ');
    });

    it('answers 400 naming the field for wrong types, huge strings and malformed JSON', async () => {
      const wrongType = await post(t.app, '/api/docket/post', booking('1' as unknown as number), customer);
      expect(wrongType.statusCode).toBe(400);
      expect(Object.keys(wrongType.json().fields)).toContain('dck_cust_id');
      const huge = await post(
        t.app,
        '/api/docket/post',
        booking(custId(), { dck_cust_ref1: 'x'.repeat(5000) }),
        customer,
      );
      expect(huge.statusCode).toBe(400);
      expect(Object.keys(huge.json().fields)).toContain('dck_cust_ref1');
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/docket/post',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
        payload: '{"dck_cust_id": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toBe('BAD_REQUEST');
    });

    it('refuses an account not linked to the user with 403', async () => {
      const res = await post(t.app, '/api/docket/post', booking(cardAccount), customer);
      expect(res.statusCode).toBe(403);
      const missing = await post(t.app, '/api/docket/post', booking(999999), customer);
      expect(missing.statusCode).toBe(403);
    });

    it('saves nothing for a card-paying account: its booking is saved by the card payment', async () => {
      const admin = await loginAs(t.app, ...ADMIN);
      const db = t.tenants.get(TENANT_A)!.db;
      const before = await db.select({ n: count() }).from(dockets);
      const res = await post(t.app, '/api/docket/post', booking(cardAccount), admin);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: MSG.cardPayerBooking,
        fields: { dck_cust_id: MSG.cardPayerBooking },
      });
      const after = await db.select({ n: count() }).from(dockets);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('needs a session (401) and the booking right (403)', async () => {
      expect((await post(t.app, '/api/docket/post', booking(custId()))).statusCode).toBe(401);
      const control = await loginAs(t.app, ...CONTROL);
      expect((await post(t.app, '/api/docket/post', booking(custId()), control)).statusCode).toBe(403);
    });

    it('writes docket, addresses and parcels all or nothing', async () => {
      const db = t.tenants.get(TENANT_A)!.db;
      const before = await db.select({ n: count() }).from(dockets);
      await expect(
        db.transaction(async (tx) => {
          await insertBooking(tx, {
            docket: {
              dck_cust_id: custId(),
              dck_tariff: 4,
              dck_status: 'W',
              tracking_reference: `TX${Date.now()}`,
            },
            search: '',
            addresses: [
              { dadd_seq: 0, dadd_addresstype: 0, dadd_postalcode: 'M1 1AE', barcodes: ['ONE'] },
              { dadd_seq: 1, dadd_addresstype: 1, dadd_postalcode: 'SW1A 1AA', barcodes: [] },
            ],
            parcels: [{ dpcl_quantity: null as unknown as number, dpcl_weight: 1 }],
            audit: { user: 'test', process: 'post' },
          });
        }),
      ).rejects.toThrow();
      const after = await db.select({ n: count() }).from(dockets);
      expect(after[0]!.n).toBe(before[0]!.n);
    });
  });

  describe('docket/list', () => {
    it('pages 20 rows, newest docket number first, only the linked accounts', async () => {
      const p1 = (await post(t.app, '/api/docket/list', { archive: false, page: 1 }, customer)).json();
      const numbers = p1.rows.map((r: { dck_docket: number }) => r.dck_docket);
      expect(numbers).toEqual([...numbers].sort((a: number, b: number) => b - a));
      expect(p1.rows.length).toBeLessThanOrEqual(20);
      const codes = new Set(accounts.map((a) => a.cust_id));
      const accCodes = (await post(t.app, '/api/auth/session', {}, customer))
        .json()
        .accounts.map((a: { cust_acc_code: string }) => a.cust_acc_code);
      for (const r of p1.rows) expect(accCodes).toContain(r.cust_acc_code);
      expect(codes.size).toBe(2);
      const hist = (
        await post(t.app, '/api/docket/list', { archive: true, page: 1, ...window30 }, customer)
      ).json();
      expect(hist.rows.length).toBe(20);
      expect(hist.hasMore).toBe(true);
      const hist2 = (
        await post(t.app, '/api/docket/list', { archive: true, page: 2, ...window30 }, customer)
      ).json();
      expect(hist2.rows[0].dck_docket).toBeLessThan(hist.rows[19].dck_docket);
    });

    it('searches on the server', async () => {
      await post(t.app, '/api/docket/post', booking(custId(), { dck_cust_ref1: 'FINDME-42' }), customer);
      const res = (await post(t.app, '/api/docket/list', { search: 'findme-42' }, customer)).json();
      expect(res.rows).toHaveLength(1);
      expect(res.rows[0].dck_cust_ref1).toBe('FINDME-42');
      const none = (await post(t.app, '/api/docket/list', { search: '%' }, customer)).json();
      expect(none.rows).toHaveLength(0);
    });

    it('finds a rare term through its trigrams and a common one as one condition, with the same rows', async () => {
      const db = t.tenants.get(TENANT_A)!.db;
      // The sample of a small table holds every docket: this one comes after it, as a rare term.
      await db.execute(sql`analyze dockets`);
      const samples = (await readSearchSamples(db))!;
      await post(t.app, '/api/docket/post', booking(custId(), { dck_cust_ref1: 'QZX-73190' }), customer);
      expect(samples.length).toBeGreaterThan(0);
      const common = samples[0]!.split(' ').find((w) => /^[a-z0-9]{4,}$/.test(w))!;
      expect(searchTrigrams(common, samples)).toBeNull();
      expect(searchTrigrams('x-7319', samples)).toEqual(expect.arrayContaining(['319', '731']));
      const expected = async (term: string) => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int n from dockets where dck_search like ${'%' + term + '%'}
                and dck_cust_id in ${sql.raw(`(${accounts.map((a) => a.cust_id).join(',')})`)}`,
        );
        return row!.n;
      };
      const found = async (body: object) => {
        const refs: string[] = [];
        for (let page = 1; ; page++) {
          const res = (
            await post(t.app, '/api/docket/list', { ...body, page, pageSize: 50 }, customer)
          ).json();
          refs.push(...res.rows.map((r: { dck_cust_ref1: string }) => r.dck_cust_ref1));
          if (!res.hasMore) return refs;
        }
      };
      for (const search of ['x-7319', common]) {
        const hist = await found({ archive: true, dateStart: '01/01/2000', dateEnd: daysAgo(-1), search });
        const recent = await found({ search });
        expect(hist.length + recent.length, search).toBe(await expected(search));
        if (search === 'x-7319') expect(recent).toEqual(['QZX-73190']);
      }
    });

    it("keeps the search index's pending list of new bookings to 512 kB, which every search reads through", async () => {
      const db = t.tenants.get(TENANT_A)!.db;
      const [row] = await db
        .select({ reloptions: sql<string[] | null>`reloptions` })
        .from(sql`pg_class`)
        .where(sql`relname = 'dockets_search_trgm_idx'`);
      expect(row?.reloptions).toEqual(['gin_pending_list_limit=512']);
    });

    it('keeps the default statistics of the search text, which planning each search reads whole', async () => {
      const db = t.tenants.get(TENANT_A)!.db;
      const [row] = await db
        .select({ target: sql<number>`coalesce(attstattarget::int, -1)` })
        .from(sql`pg_attribute`)
        .where(sql`attrelid = 'dockets'::regclass and attname = 'dck_search'`);
      expect(row?.target).toBe(-1);
    });

    it('hides totals without the price right', async () => {
      const db = t.tenants.get(TENANT_A)!.db;
      const { users } = await import('../../db/schema');
      await db.update(users).set({ ausr_rights_price: 'F' }).where(eq(users.ausr_logon, 'customer'));
      forgetLiveSessions();
      const res = (await post(t.app, '/api/docket/list', { archive: true, ...window30 }, customer)).json();
      await db.update(users).set({ ausr_rights_price: 'T' }).where(eq(users.ausr_logon, 'customer'));
      forgetLiveSessions();
      expect(res.rows.every((r: { cust_total_price: unknown }) => r.cust_total_price === null)).toBe(true);
    });

    it('answers a range that ends on 31/12/9999, here and in Track and Trace, not a 500', async () => {
      const range = { dateStart: '01/01/2026', dateEnd: '31/12/9999' };
      const hist = await post(t.app, '/api/docket/list', { archive: true, ...range }, customer);
      expect(hist.statusCode, hist.body).toBe(200);
      expect(hist.json().rows.length).toBeGreaterThan(0);
      const trace = await post(t.app, '/api/trackandtrace/list', range, customer);
      expect(trace.statusCode, trace.body).toBe(200);
    });

    it('is 403 for a user without the history right', async () => {
      const control = await loginAs(t.app, ...CONTROL);
      const res = await post(t.app, '/api/docket/list', {}, control);
      expect(res.statusCode).toBe(403);
    });

    it("never shows another tenant's dockets", async () => {
      const other = await loginAs(t.app, ...CUSTOMER, TENANT_B);
      const mine = (await post(t.app, '/api/docket/list', { search: 'findme-42' }, other)).json();
      expect(mine.rows).toHaveLength(0);
    });
  });

  describe('docket/track', () => {
    it('shows the order summary without price or contact details', async () => {
      const saved = (
        await post(
          t.app,
          '/api/docket/post',
          booking(custId(), { dck_contact: 'Secret Person', dck_telephone: '0700 900 900' }),
          customer,
        )
      ).json();
      const res = await post(t.app, '/api/docket/track', {
        database: TENANT_A,
        tracking_ref: saved.tracking_reference,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        dck_docket: saved.dck_docket,
        status: 'Web booking received',
        collection: { town: 'Manchester', postcode: 'M1 1AE' },
        delivery: { town: 'London', postcode: 'SW1A 1AA' },
      });
      // The status in its own colours, the same as the booking list's row.
      const [listed] = (await post(t.app, '/api/docket/list', { archive: false, page: 1 }, customer)).json()
        .rows as { dck_docket: number; dsts_color: string; dsts_font_color: string }[];
      expect(listed!.dck_docket).toBe(saved.dck_docket);
      expect(res.json()).toMatchObject({
        dsts_color: listed!.dsts_color,
        dsts_font_color: listed!.dsts_font_color,
      });
      expect(listed!.dsts_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(res.body).not.toMatch(/Secret Person|0700 900 900|total|price/i);
    });

    it('does not find an unknown reference, nor one of another tenant', async () => {
      const unknown = await post(t.app, '/api/docket/track', {
        database: TENANT_A,
        tracking_ref: 'TNOTAREALREF000',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Your order was not found, please check your Tracking Reference');
      const saved = (await post(t.app, '/api/docket/post', booking(custId()), customer)).json();
      const other = await post(t.app, '/api/docket/track', {
        database: TENANT_B,
        tracking_ref: saved.tracking_reference,
      });
      expect(other.statusCode).toBe(404);
    });
  });

  describe('postcode/distance', () => {
    it('gives miles and minutes at the vehicle speed', async () => {
      const res = await post(
        t.app,
        '/api/postcode/distance',
        { origin: 'M1 1AE', destination: 'SW1A 1AA', ttyp_tariff: 4 },
        customer,
      );
      expect(res.json().distance).toBeCloseTo(195.1, 0);
      expect(res.json().time).toBe(Math.round((res.json().distance / 30) * 60));
    });
    it('names an unknown post code with 422', async () => {
      const res = await post(
        t.app,
        '/api/postcode/distance',
        { origin: 'M1 1AE', destination: 'ZZ99 9ZZ' },
        customer,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ destination: 'Unknown post code ZZ99 9ZZ' });
    });
  });
});
