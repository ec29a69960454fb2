import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { dockets, settings, users } from '../../db/schema';
import { formatUk } from '../../lib/dates';
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
} from '../../test/harness';
import { nextWeekday } from '../../test/fixtures';
import { pdfPageCount, pdfText } from '../../test/pdf-text';
import { forgetLiveSessions } from '../../db/live-session-cache';

const daysAgo = (n: number) => formatUk(new Date(Date.now() - n * 86_400_000), 'DD/MM/YYYY');
describe.each(DB_KINDS)('booking rules, lists and documents on %s', (kind) => {
  let customer: string;
  let admin: string;
  let acc1: number;
  let acc2: number;
  const db = () => t.tenants.get(TENANT_A)!.db;
  const setSetting = (group: string, key: string, value: string) =>
    db()
      .update(settings)
      .set({ sett_value: value })
      .where(and(eq(settings.sett_group, group), eq(settings.sett_key, key)));
  const setExport = (flag: 'T' | 'F') =>
    db()
      .update(users)
      .set({ ausr_rights_export: flag })
      .where(eq(users.ausr_logon, 'customer'))
      .then(forgetLiveSessions);
  const postB = (body: unknown, token = customer) => post(t.app, '/api/docket/post', body, token);
  /** Dockets stored in the tenant, every account's. */
  const stored = async () => (await db().select({ n: count() }).from(dockets))[0]!.n;
  const addr = (i: number, patch: Record<string, unknown>) => {
    const b = booking(acc1);
    b.addresses[i] = { ...b.addresses[i]!, ...patch };
    return b;
  };

  const t = useTestApp(kind, { dockets: 40 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    admin = await loginAs(t.app, ...ADMIN);
    const accounts = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts as {
      cust_id: number;
    }[];
    [acc1, acc2] = [accounts[0]!.cust_id, accounts[1]!.cust_id];
  });

  it('lists the accounts with their reference labels and required flags', async () => {
    const rows = (await post(t.app, '/api/customer/list', {}, customer)).json();
    expect(rows.map((r: { cust_id: number }) => r.cust_id)).toEqual([acc1, acc2]);
    expect(rows[1]).toMatchObject({
      cust_ref1_lbl: 'Order number',
      cust_ref1_req: 'T',
      cust_ref5_lbl: 'Site type',
      cust_ref5_fromlist: 'T',
    });
    expect(rows[0].cust_ref1_req).toBe('F');
  });

  describe('validation (spec "bookings…" §5)', () => {
    it('requires a flagged reference with the settings message', async () => {
      const res = await postB(booking(acc2, { dck_cust_ref1: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ dck_cust_ref1: 'Order number is required.' });
      expect((await postB(booking(acc2))).statusCode).toBe(200);
    });

    it('refuses a tariff or a service type the tenant does not have, naming the field, and books nothing', async () => {
      const before = await stored();
      const tariff = await postB(booking(acc1, { dck_tariff: 999 }));
      expect(tariff.statusCode).toBe(400);
      expect(Object.keys(tariff.json().fields)).toEqual(['dck_tariff']);
      const service = await postB(booking(acc1, { dck_serv_type: 'ZZ' }));
      expect(service.statusCode).toBe(400);
      expect(service.json().fields).toEqual({ dck_serv_type: 'Unknown service type' });
      expect(await stored()).toBe(before);
    });

    it('checks reference 5 against the account list only when extra references are on', async () => {
      const off = await postB(booking(acc1, { dck_cust_ref5: 'Nowhere' }));
      expect(off.json()).toMatchObject({ dck_docket: expect.any(Number) });
      await setSetting('general', 'ExtraReferences', 'T');
      const bad = await postB(booking(acc1, { dck_cust_ref5: 'Nowhere' }));
      expect(bad.json().fields).toEqual({ dck_cust_ref5: 'Site type must be chosen from the list' });
      const good = await postB(booking(acc1, { dck_cust_ref5: 'Clinic' }));
      expect(good.json()).toMatchObject({ dck_docket: expect.any(Number) });
      await setSetting('general', 'ExtraReferences', 'F');
    });

    it('makes fields mandatory by service type, never the county', async () => {
      await setSetting(
        'mandatory',
        'Booking.S',
        'dadd_companyname,dadd_county,dadd_town,dadd_postalcode,dadd_name',
      );
      const b = booking(acc1, { dck_serv_type: 'S' });
      b.addresses[1] = { ...b.addresses[1]!, dadd_companyname: '' };
      const res = await postB(b);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        'addresses.0.dadd_name': 'Contact is required',
        'addresses.1.dadd_companyname': 'Company is required',
        'addresses.1.dadd_name': 'Contact is required',
      });
      expect((await postB(booking(acc1, { dck_serv_type: 'A' }))).statusCode).toBe(200);
    });

    it('refuses PO boxes when disallowed, else asks for a postcode search', async () => {
      const pobox = await postB(addr(1, { dadd_street: 'PO Box 123' }));
      expect(pobox.statusCode).toBe(422);
      expect(pobox.json().message).toBe("You can't use PO BOX as an address");
      const empty = await postB(addr(1, { dadd_street: '', dadd_build: '' }));
      expect(empty.json().message).toBe("You can't use PO BOX as an address");
      await setSetting('config', 'cfg_disallow_pobox', 'F');
      const insufficient = await postB(addr(1, { dadd_street: '', dadd_build: '' }));
      expect(insufficient.json().message).toBe(
        'Insufficient information, please use the search button next to the post code and select your specific address',
      );
      expect((await postB(addr(1, { dadd_street: 'PO Box 123' }))).statusCode).toBe(200);
      await setSetting('config', 'cfg_disallow_pobox', 'T');
    });

    it('lets the bypass right skip the UK pattern, not the distance', async () => {
      const strict = await postB(addr(1, { dadd_postalcode: 'A1' }));
      expect(strict.json().fields).toEqual({
        'addresses.1.dadd_postalcode': 'Please enter a valid UK post code',
      });
      await db()
        .update(users)
        .set({ ausr_bypass_pcode_validation: 'T' })
        .where(eq(users.ausr_logon, 'customer'));
      forgetLiveSessions();
      const loose = await postB(addr(1, { dadd_postalcode: 'A1' }));
      await db()
        .update(users)
        .set({ ausr_bypass_pcode_validation: 'F' })
        .where(eq(users.ausr_logon, 'customer'));
      forgetLiveSessions();
      expect(loose.statusCode).toBe(422);
      expect(loose.json().message).toBe('Unknown post code A1');
    });

    it('accepts e-mail lists separated by ; or , and names a bad one', async () => {
      expect(
        (await postB(booking(acc1, { dck_email: 'a@example.com; b@example.com,c@example.com' }))).statusCode,
      ).toBe(200);
      const bad = await postB(booking(acc1, { dck_email: 'a@example.com, nope' }));
      expect(bad.json().fields).toEqual({
        dck_email: 'Please enter valid e-mail addresses, separated by ; or ,',
      });
    });

    it('enforces the booking truncation limits by field', async () => {
      const res = await postB(addr(0, { dadd_companyname: 'x'.repeat(41) }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['addresses.0.dadd_companyname']);
    });

    it('keeps ready and deadline times inside the hours of operation', async () => {
      const sunday = await postB(addr(0, { dadd_ready: nextWeekday(0, '10:00') }));
      expect(sunday.statusCode).toBe(422);
      expect(sunday.json().message).toBe(
        'Booking jobs for outside of hours of operation is not available. (Sunday closed)',
      );
      const early = await postB(addr(1, { dadd_deadline: nextWeekday(1, '06:30') }));
      expect(early.json().message).toBe(
        'Booking jobs for outside of hours of operation is not available. (Monday 07:00 - 19:00)',
      );
      expect(early.json().fields).toHaveProperty(['addresses.1.dadd_deadline']);
      expect((await postB(addr(0, { dadd_ready: nextWeekday(1, '10:00') }))).statusCode).toBe(200);
      await setSetting('general', 'BookingHOO', 'F');
      expect((await postB(addr(0, { dadd_ready: nextWeekday(0, '10:00') }))).statusCode).toBe(200);
      await setSetting('general', 'BookingHOO', 'T');
    });
  });

  describe('lists (spec "bookings…" §2)', () => {
    it('sorts in SQL by the chosen column and pages 50', async () => {
      const res = (
        await post(
          t.app,
          '/api/docket/list',
          { pageSize: 50, sort: { column: 'dck_cust_ref1', direction: 'asc' } },
          customer,
        )
      ).json();
      const refs = res.rows.map((r: { dck_cust_ref1: string }) => r.dck_cust_ref1);
      expect(refs).toEqual([...refs].sort());
      expect(res.pageSize).toBe(50);
      expect((await post(t.app, '/api/docket/list', { pageSize: 30 }, customer)).statusCode).toBe(400);
    });

    it('searches within the history dates, sorted by any column', async () => {
      const base = { archive: true, pageSize: 50, dateStart: daysAgo(40), dateEnd: daysAgo(0) };
      const all = (await post(t.app, '/api/docket/list', base, customer)).json().rows as {
        to_town: string;
        dck_docket: number;
      }[];
      const town = all[0]!.to_town;
      const expected = all.filter((r) => JSON.stringify(r).toLowerCase().includes(town.toLowerCase()));
      const byDocket = (await post(t.app, '/api/docket/list', { ...base, search: town }, customer)).json()
        .rows;
      expect(byDocket.map((r: { dck_docket: number }) => r.dck_docket)).toEqual(
        expected.map((r) => r.dck_docket),
      );
      const byTown = (
        await post(
          t.app,
          '/api/docket/list',
          { ...base, search: town, sort: { column: 'to_town', direction: 'asc' } },
          customer,
        )
      ).json().rows;
      expect(byTown.map((r: { dck_docket: number }) => r.dck_docket).sort()).toEqual(
        expected.map((r) => r.dck_docket).sort(),
      );
      const oldest = (
        await post(
          t.app,
          '/api/docket/list',
          { ...base, search: town, sort: { column: 'dck_booked', direction: 'asc' } },
          customer,
        )
      ).json().rows;
      expect(oldest.map((r: { dck_docket: number }) => r.dck_docket)).toEqual(
        expected.map((r) => r.dck_docket).reverse(),
      );
    });

    it('does not sort by price without the price right', async () => {
      const control = await loginAs(t.app, ...CONTROL);
      expect(
        (
          await post(
            t.app,
            '/api/docket/list',
            { sort: { column: 'cust_total_price', direction: 'desc' } },
            control,
          )
        ).statusCode,
      ).toBe(403);
      await db().update(users).set({ ausr_rights_price: 'F' }).where(eq(users.ausr_logon, 'customer'));
      forgetLiveSessions();
      const res = await post(
        t.app,
        '/api/docket/list',
        { sort: { column: 'cust_total_price', direction: 'desc' } },
        customer,
      );
      await db().update(users).set({ ausr_rights_price: 'T' }).where(eq(users.ausr_logon, 'customer'));
      forgetLiveSessions();
      expect(res.statusCode).toBe(403);
    });

    it('needs both history dates and filters by them', async () => {
      const none = await post(t.app, '/api/docket/list', { archive: true }, customer);
      expect(none.statusCode).toBe(400);
      expect(none.json().fields).toEqual({
        dateStart: 'dateStart is required',
        dateEnd: 'dateEnd is required',
      });
      const all = (
        await post(
          t.app,
          '/api/docket/list',
          { archive: true, pageSize: 50, dateStart: daysAgo(40), dateEnd: daysAgo(0) },
          customer,
        )
      ).json();
      const old = (
        await post(
          t.app,
          '/api/docket/list',
          { archive: true, pageSize: 50, dateStart: daysAgo(40), dateEnd: daysAgo(20) },
          customer,
        )
      ).json();
      expect(old.rows.length).toBeGreaterThan(0);
      expect(old.rows.length).toBeLessThan(all.rows.length);
      const cutoff = Date.now() - 19 * 86_400_000;
      for (const r of old.rows) expect(new Date(r.dck_booked).getTime()).toBeLessThan(cutoff);
      const bad = await post(
        t.app,
        '/api/docket/list',
        { archive: true, dateStart: '31/02/2026', dateEnd: daysAgo(0) },
        customer,
      );
      expect(bad.json().fields).toEqual({ dateStart: 'Not a date' });
    });

    it('moves dockets to history after the archive window of the settings', async () => {
      const before = (await post(t.app, '/api/docket/list', { pageSize: 50 }, customer)).json().rows.length;
      await setSetting('general', 'ArchiveDays', '0');
      t.clock.advance(1000);
      const after = (await post(t.app, '/api/docket/list', { pageSize: 50 }, customer)).json().rows.length;
      t.clock.advance(-1000);
      await setSetting('general', 'ArchiveDays', '14');
      expect(before).toBeGreaterThan(0);
      expect(after).toBe(0);
    });

    it('exports the filter to CSV and PDF only with the export right', async () => {
      const body = { format: 'csv', archive: true, dateStart: daysAgo(40), dateEnd: daysAgo(0) };
      expect((await post(t.app, '/api/docket/export', body, customer)).statusCode).toBe(403);
      const csv = await post(t.app, '/api/docket/export', body, admin);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="booking-history.csv"');
      const lines = csv.body.trim().split('\n');
      expect(lines[0]).toBe(
        'Docket No,Date,Reference,Account,From,From Postcode,To,To Postcode,Vehicle,Status,Total',
      );
      const listed = (await post(t.app, '/api/docket/list', { ...body, pageSize: 50 }, admin)).json().rows;
      expect(lines.length - 1).toBe(listed.length);
      expect(lines[1]!.startsWith(`${listed[0].dck_docket},`)).toBe(true);
      const pdf = await post(t.app, '/api/docket/export', { ...body, format: 'pdf' }, admin);
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="booking-history.pdf"');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('existing bookings and documents', () => {
    it('reads a booking back with its addresses, barcodes and parcels', async () => {
      const b = booking(acc1, {
        dck_cust_ref2: 'CC-9',
        parcels: [
          { dpcl_quantity: 2, dpcl_weight: 1.5 },
          { dpcl_quantity: 1, dpcl_weight: 12 },
        ],
      });
      b.addresses[0] = {
        ...b.addresses[0]!,
        barcodes: [{ dab_barcode: 'BC-1' }, { dab_barcode: 'BC-2' }],
      } as never;
      const saved = (await postB(b)).json();
      const ref = { _docketId: saved.dck_id, archive: false };
      const detail = (await post(t.app, '/api/docket/detail', ref, customer)).json();
      expect(detail).toMatchObject({
        dck_docket: saved.dck_docket,
        dck_cust_ref2: 'CC-9',
        ttyp_description: 'Car',
        cust_total_price: saved.total,
        cust_ref1_lbl: 'Order number',
        cust_ref2_lbl: 'Cost centre',
      });
      const addresses = (await post(t.app, '/api/docket/address/list', ref, customer)).json();
      expect(addresses.map((a: { dadd_postalcode: string }) => a.dadd_postalcode)).toEqual([
        'M1 1AE',
        'SW1A 1AA',
      ]);
      const codes = (await post(t.app, '/api/docket/barcode/list', ref, customer)).json();
      expect(
        codes.map((c: { dab_barcode: string; dab_dadd_id: number }) => [c.dab_barcode, c.dab_dadd_id]),
      ).toEqual([
        ['BC-1', addresses[0].dadd_id],
        ['BC-2', addresses[0].dadd_id],
      ]);
      const parcels = (await post(t.app, '/api/docket/parcel/list', ref, customer)).json();
      expect(
        parcels.map((p: { dpcl_quantity: number; dpcl_weight: number }) => [p.dpcl_quantity, p.dpcl_weight]),
      ).toEqual([
        [2, 1.5],
        [1, 12],
      ]);
    });

    it("prices and books nothing on another account's id, a guessed one, or with a stale token", async () => {
      // The admin's card account: an account the customer user is not linked to.
      const foreign = (
        (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as {
          cust_id: number;
          cust_mop: string;
        }[]
      ).find((a) => a.cust_mop === 'O')!.cust_id;
      const before = await stored();
      for (const custId of [foreign, 99_999]) {
        for (const path of ['/api/docket/price', '/api/docket/post']) {
          const res = await post(t.app, path, booking(custId, { dck_cust_ref1: '' }), customer);
          expect(res.statusCode, `${path} ${custId}`).toBe(403);
          // Refused before the account's rules are read: nothing of them in the answer.
          expect(res.body).not.toMatch(/Order number|Reference|required/);
        }
      }
      const stale = await loginAs(t.app, ...CUSTOMER);
      await post(t.app, '/api/auth/logout', {}, stale);
      expect((await postB(booking(acc1), stale)).statusCode).toBe(401);
      expect(await stored()).toBe(before);
    });

    it("never shows another account's booking", async () => {
      const cardAccount = (
        (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as {
          cust_id: number;
          cust_mop: string;
        }[]
      ).find((a) => a.cust_mop === 'O')!.cust_id;
      const list = (
        await post(
          t.app,
          '/api/docket/list',
          { archive: true, pageSize: 50, dateStart: daysAgo(40), dateEnd: daysAgo(0) },
          admin,
        )
      ).json();
      const foreign = list.rows.find((r: { cust_acc_code: string }) => r.cust_acc_code.endsWith('003'));
      expect(foreign).toBeDefined();
      expect(cardAccount).toBeGreaterThan(0);
      const res = await post(t.app, '/api/docket/detail', { _docketId: foreign.dck_id }, customer);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Docket not found');
      expect(
        (await post(t.app, '/api/docket/address/list', { _docketId: foreign.dck_id }, customer)).statusCode,
      ).toBe(404);
      await setExport('T');
      expect(
        (await post(t.app, '/api/report/docket', { _docketId: foreign.dck_id }, customer)).statusCode,
      ).toBe(404);
      await setExport('F');
    });

    it('prints a consignment label and the docket report as PDFs with the bearer token, Welsh and Polish letters as typed', async () => {
      const body = booking(acc1);
      const [from, to] = body.addresses;
      const saved = (
        await postB({
          ...body,
          addresses: [
            { ...from!, dadd_companyname: 'Tŷ Newydd Bakery' },
            { ...to!, dadd_companyname: 'Łódź Trading', dadd_street: 'Ŵyn Street' },
          ],
        })
      ).json();
      const labelRes = await post(t.app, '/api/docket/label', { _docketId: saved.dck_id }, customer);
      expect(labelRes.statusCode).toBe(200);
      expect(labelRes.headers['content-type']).toBe('application/pdf');
      expect(labelRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const label = await pdfText(labelRes.rawPayload);
      for (const typed of ['Tŷ Newydd Bakery', 'Łódź Trading', 'Ŵyn Street']) expect(label).toContain(typed);
      // A6, one page: Noto Sans's taller lines still leave room for both addresses.
      expect(await pdfPageCount(labelRes.rawPayload)).toBe(1);
      // Download PDF is an export (spec "bookings…" §6): refused without the export right.
      const refused = await post(t.app, '/api/report/docket', { _docketId: saved.dck_id }, customer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('NOT_AUTHORIZED');
      await setExport('T');
      const report = await post(t.app, '/api/report/docket', { _docketId: saved.dck_id }, customer);
      await setExport('F');
      expect(report.headers['content-disposition']).toBe(`attachment; filename="${saved.dck_docket}.pdf"`);
      expect(report.rawPayload.length).toBeGreaterThan(1000);
      expect(await pdfText(report.rawPayload)).toContain('Łódź Trading');
      expect((await post(t.app, '/api/report/docket', { _docketId: saved.dck_id })).statusCode).toBe(401);
    });
  });
});
