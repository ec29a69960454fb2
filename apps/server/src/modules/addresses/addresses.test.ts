import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  customerAddresses,
  customerContacts,
  customerReferences,
  settings,
  userAccounts,
  users,
} from '../../db/schema';
import type { Db } from '../../db/client';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  useTestApp,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
  testGeo,
} from '../../test/harness';
import { hashPassword } from '../auth/login.service';
import { forgetLiveSessions } from '../../db/live-session-cache';

type Row = Record<string, unknown> & { cadd_id: number; cadd_coname: string };

/** Adds a user with these flags, linked to `custIds`; returns its login. */
async function addUser(db: Db, logon: string, flags: Record<string, 'T'>, custIds: number[]) {
  const password = 'Passw0rd#2026';
  const [u] = await db
    .insert(users)
    .values({ ausr_logon: logon, ausr_password: await hashPassword(password), ...flags })
    .returning({ id: users.ausr_id });
  if (custIds.length)
    await db.insert(userAccounts).values(custIds.map((c) => ({ uacc_ausr_id: u!.id, uacc_cust_id: c })));
  forgetLiveSessions();
  return [logon, password] as const;
}

async function setSetting(db: Db, group: string, key: string, value: string) {
  await db
    .update(settings)
    .set({ sett_value: value })
    .where(and(eq(settings.sett_group, group), eq(settings.sett_key, key), eq(settings.sett_cust_id, 0)));
}

describe.each(DB_KINDS)('address book and customer lookups on %s', (kind) => {
  let db: Db;
  let customer: string;
  let control: string;
  let booker: string;
  let bypass: string;
  let acc1: number;
  let acc2: number;
  let unlinked: number;
  const t = useTestApp(kind, { dockets: 0 });
  beforeAll(async () => {
    db = t.tenants.get(TENANT_A)!.db;
    customer = await loginAs(t.app, ...CUSTOMER);
    control = await loginAs(t.app, ...CONTROL);
    const mine = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts as {
      cust_id: number;
    }[];
    [acc1, acc2] = mine.map((a) => a.cust_id) as [number, number];
    const admin = await loginAs(t.app, ...ADMIN);
    const all = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as { cust_id: number }[];
    unlinked = all.find((a) => a.cust_id !== acc1 && a.cust_id !== acc2)!.cust_id;
    booker = await loginAs(t.app, ...(await addUser(db, 'booker', { ausr_rights_booking: 'T' }, [acc1])));
    bypass = await loginAs(
      t.app,
      ...(await addUser(db, 'bypass', { ausr_rights_addressbook: 'T', ausr_bypass_pcode_validation: 'T' }, [
        acc1,
      ])),
    );
  });

  const address = (over: Record<string, unknown> = {}) => ({
    cadd_cust_id: acc1,
    cadd_coname: 'Acme Test Ltd',
    cadd_street: '10 Downing Street',
    cadd_town: 'London',
    cadd_postalcode: 'sw1a2aa',
    ...over,
  });
  const save = (body: unknown, token = customer) => post(t.app, '/api/customer/address/post', body, token);
  const list = (body: unknown, token = customer) => post(t.app, '/api/customer/address/list', body, token);

  describe('customer/reference/lists and customer/contact/list', () => {
    beforeAll(async () => {
      await db.insert(customerReferences).values([
        { cref_cust_id: acc1, cref_ref_type: 5, cref_description: 'Pharmacy' },
        { cref_cust_id: acc1, cref_ref_type: 1, cref_description: 'Zeta' },
        { cref_cust_id: acc1, cref_ref_type: 1, cref_description: 'Alpha' },
        { cref_cust_id: unlinked, cref_ref_type: 1, cref_description: 'Secret' },
      ]);
      await db.insert(customerContacts).values([
        {
          ccnt_cust_id: acc1,
          ccnt_name: 'Zoe Young',
          ccnt_telephone: '0161 496 0001',
          ccnt_email: 'zoe@example.com',
        },
        { ccnt_cust_id: acc1, ccnt_name: 'Adam Ant' },
        { ccnt_cust_id: unlinked, ccnt_name: 'Hidden Person' },
      ]);
    });

    it('lists an account reference values by type then description', async () => {
      const res = await post(t.app, '/api/customer/reference/lists', { cref_cust_id: acc1 }, customer);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { cref_id: number; cref_ref_type: number; cref_description: string }[];
      expect(Object.keys(rows[0]!).sort()).toEqual(['cref_description', 'cref_id', 'cref_ref_type']);
      const types = rows.map((r) => r.cref_ref_type);
      expect(types).toEqual([...types].sort((a, b) => a - b));
      const typeOne = rows.filter((r) => r.cref_ref_type === 1).map((r) => r.cref_description);
      expect(typeOne.indexOf('Alpha')).toBeLessThan(typeOne.indexOf('Zeta'));
      expect(typeOne.indexOf('Alpha')).toBeGreaterThanOrEqual(0);
      expect(rows.map((r) => r.cref_description)).not.toContain('Secret');
    });

    it('lists an account contacts by name', async () => {
      const res = await post(t.app, '/api/customer/contact/list', { ccnt_cust_id: acc1 }, customer);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { ccnt_name: string }[];
      expect(rows[0]).toEqual({
        ccnt_id: expect.any(Number),
        ccnt_name: 'Adam Ant',
        ccnt_telephone: '',
        ccnt_email: '',
      });
      expect(rows[rows.length - 1]).toEqual({
        ccnt_id: expect.any(Number),
        ccnt_name: 'Zoe Young',
        ccnt_telephone: '0161 496 0001',
        ccnt_email: 'zoe@example.com',
      });
      expect(rows.map((r) => r.ccnt_name)).not.toContain('Hidden Person');
    });

    it('refuses an unlinked or unknown account, a control user and no session', async () => {
      for (const [url, field] of [
        ['/api/customer/reference/lists', 'cref_cust_id'],
        ['/api/customer/contact/list', 'ccnt_cust_id'],
      ] as const) {
        const other = await post(t.app, url, { [field]: unlinked }, customer);
        expect(other.statusCode).toBe(403);
        expect(other.json()).toMatchObject({
          error: 'NOT_AUTHORIZED',
          fields: { [field]: 'Not your account' },
        });
        expect((await post(t.app, url, { [field]: 999999 }, customer)).statusCode).toBe(403);
        expect((await post(t.app, url, { [field]: acc1 }, control)).statusCode).toBe(403);
        expect((await post(t.app, url, { [field]: acc1 })).statusCode).toBe(401);
        const bad = await post(t.app, url, { [field]: 'one' }, customer);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toHaveProperty(field);
      }
    });
  });

  describe('customer/address/post', () => {
    it('creates an address: post code normalised, country defaulted, coordinates from the post code, audited', async () => {
      const res = await save(address());
      expect(res.statusCode).toBe(200);
      const row = res.json();
      const place = testGeo().locate('SW1A 2AA')!;
      expect(row).toMatchObject({
        cadd_cust_id: acc1,
        cadd_coname: 'Acme Test Ltd',
        cadd_build: '',
        cadd_street: '10 Downing Street',
        cadd_postalcode: 'SW1A 2AA',
        cadd_country: 'United Kingdom',
        cadd_address_type: 1,
        cadd_default_delivery: 'F',
        cadd_latitude: place.lat,
        cadd_longitude: place.lon,
      });
      expect(row.cust_acc_code).toMatch(/^DEMO/);
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.log_unit, 'address'))
        .orderBy(desc(auditLog.log_id))
        .limit(1);
      expect(audit).toMatchObject({
        log_user: 'customer',
        log_process: 'create',
        log_detail: { cadd_id: row.cadd_id, cadd_cust_id: acc1 },
      });
    });

    it('updates an address, keeping its type; given coordinates and country are kept', async () => {
      const created = (await save(address({ cadd_coname: 'To Update Ltd' }))).json();
      const res = await save(
        address({
          cadd_id: created.cadd_id,
          cadd_cust_id: acc2,
          cadd_coname: 'Updated Ltd',
          cadd_country: 'France',
          cadd_latitude: 48.85,
          cadd_longitude: 2.35,
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        cadd_id: created.cadd_id,
        cadd_cust_id: acc2,
        cadd_coname: 'Updated Ltd',
        cadd_country: 'France',
        cadd_latitude: 48.85,
        cadd_longitude: 2.35,
        cadd_address_type: 1,
      });
      const again = (await list({ cadd_id: created.cadd_id })).json();
      expect(again.cadd_coname).toBe('Updated Ltd');
    });

    it('keeps the account address with its account', async () => {
      const [main] = (await list({ cadd_cust_id: acc1, cadd_address_type: 0 })).json();
      const res = await save(address({ cadd_id: main.cadd_id, cadd_cust_id: acc2 }));
      expect(res.statusCode).toBe(422);
      const same = await save(address({ cadd_id: main.cadd_id, cadd_coname: 'Head Office' }));
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ cadd_address_type: 0, cadd_coname: 'Head Office' });
    });

    it('names each missing mandatory field (mandatory.AddressBook)', async () => {
      const res = await save(address({ cadd_coname: '', cadd_town: ' ', cadd_postalcode: undefined }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        cadd_coname: 'Company name is required',
        cadd_town: 'Town is required',
        cadd_postalcode: 'Post code is required',
      });
    });

    it('reads the mandatory fields from the setting; county is never mandatory', async () => {
      await setSetting(db, 'mandatory', 'AddressBook', 'cadd_town,cadd_county,cadd_locality');
      try {
        const res = await save(address({ cadd_coname: '', cadd_postalcode: '' }));
        expect(res.json().fields).toEqual({ cadd_locality: 'Locality is required' });
        const ok = await save(
          address({ cadd_coname: '', cadd_postalcode: '', cadd_locality: 'Westminster' }),
        );
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toMatchObject({ cadd_postalcode: '', cadd_latitude: null });
      } finally {
        await setSetting(db, 'mandatory', 'AddressBook', 'cadd_coname,cadd_street,cadd_town,cadd_postalcode');
      }
    });

    it('needs no street when a building is given', async () => {
      const res = await save(address({ cadd_street: '', cadd_build: 'Unit 4, Trade Park' }));
      expect(res.statusCode).toBe(200);
    });

    it('refuses values over the address book limits, naming the field', async () => {
      const limits = {
        cadd_coname: 50,
        cadd_build: 50,
        cadd_street: 110,
        cadd_locality: 50,
        cadd_town: 50,
        cadd_county: 50,
        cadd_country: 50,
        cadd_postalcode: 9,
      };
      for (const [field, max] of Object.entries(limits)) {
        const ok = field === 'cadd_postalcode' ? 'SW1A  2AA' : 'x'.repeat(max);
        expect((await save(address({ [field]: ok }))).statusCode, field).toBe(200);
        const res = await save(address({ [field]: 'x'.repeat(max + 1) }));
        expect(res.statusCode, field).toBe(400);
        expect(res.json().fields).toEqual({ [field]: `must be at most ${max} characters` });
        expect(res.json().message).toBe(`${field}: must be at most ${max} characters`);
      }
      const huge = await save(address({ cadd_street: 'y'.repeat(200_000) }));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().fields).toHaveProperty('cadd_street');
    });

    it('refuses wrong types naming the field', async () => {
      const res = await save(
        address({ cadd_cust_id: 'abc', cadd_latitude: 'north', cadd_default_delivery: 'Y' }),
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual([
        'cadd_cust_id',
        'cadd_default_delivery',
        'cadd_latitude',
      ]);
      expect((await save({ cadd_coname: 'No account' })).json().fields).toHaveProperty('cadd_cust_id');
    });

    it('checks the UK post code, only letters, digits and spaces for the bypass right', async () => {
      const bad = await save(address({ cadd_postalcode: 'NOT UK' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ cadd_postalcode: 'Please enter a valid UK post code' });
      const loose = await save(address({ cadd_postalcode: 'abc 123' }), bypass);
      expect(loose.statusCode).toBe(200);
      expect(loose.json()).toMatchObject({ cadd_postalcode: 'ABC 123', cadd_latitude: null });
      const symbols = await save(address({ cadd_postalcode: 'ABC-123' }), bypass);
      expect(symbols.json().fields).toEqual({ cadd_postalcode: 'Please enter a valid UK post code' });
    });

    it('refuses a PO box or an address without building and street (setting cfg_disallow_pobox T)', async () => {
      for (const street of ['PO Box 123', 'P.O. Box 5', 'POBOX 7', 'p o box 9']) {
        const res = await save(address({ cadd_street: street }));
        expect(res.statusCode, street).toBe(422);
        expect(res.json().message).toBe("You can't use PO BOX as an address");
      }
      const build = await save(address({ cadd_street: 'High Street', cadd_build: 'P.O. Box 12' }));
      expect(build.json().message).toBe("You can't use PO BOX as an address");
      const empty = await save(address({ cadd_street: '', cadd_build: '' }));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe("You can't use PO BOX as an address");
    });

    it('with PO boxes allowed, still refuses an address without building and street', async () => {
      await setSetting(db, 'config', 'cfg_disallow_pobox', 'F');
      try {
        expect((await save(address({ cadd_street: 'PO Box 123' }))).statusCode).toBe(200);
        const empty = await save(address({ cadd_street: '' }));
        expect(empty.statusCode).toBe(422);
        expect(empty.json().message).toBe(
          'Insufficient information, please use the search button next to the post code and select your specific address',
        );
      } finally {
        await setSetting(db, 'config', 'cfg_disallow_pobox', 'T');
      }
    });

    it('refuses unlinked accounts, addresses of other accounts, users without the right and no session', async () => {
      const other = await save(address({ cadd_cust_id: unlinked }));
      expect(other.statusCode).toBe(403);
      expect(other.json().fields).toEqual({ cadd_cust_id: 'Not your account' });
      expect((await save(address({ cadd_cust_id: 987654 }))).statusCode).toBe(403);
      const [foreign] = await db
        .select({ id: customerAddresses.cadd_id })
        .from(customerAddresses)
        .where(eq(customerAddresses.cadd_cust_id, unlinked))
        .limit(1);
      const notMine = await save(address({ cadd_id: foreign!.id }));
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().message).toBe('Address not found');
      expect((await save(address(), booker)).statusCode).toBe(403);
      expect((await save(address(), control)).statusCode).toBe(403);
      expect((await post(t.app, '/api/customer/address/post', address())).statusCode).toBe(401);
    });
  });

  describe('customer/address/list', () => {
    it('answers one address by cadd_id, only the caller\u2019s', async () => {
      const created = (await save(address({ cadd_coname: 'By Id Ltd' }))).json();
      const res = await list({ cadd_id: created.cadd_id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
      const [foreign] = await db
        .select({ id: customerAddresses.cadd_id })
        .from(customerAddresses)
        .where(eq(customerAddresses.cadd_cust_id, unlinked))
        .limit(1);
      for (const id of [foreign!.id, 99999999]) {
        const missing = await list({ cadd_id: id });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('Address not found');
      }
      expect((await list({ cadd_id: created.cadd_id }, booker)).statusCode).toBe(200);
      expect((await list({ cadd_id: created.cadd_id }, control)).statusCode).toBe(403);
    });

    it('answers an account addresses of a type (0 = the account address)', async () => {
      const main = await list({ cadd_cust_id: acc2, cadd_address_type: 0 });
      expect(main.statusCode).toBe(200);
      expect(main.json()).toHaveLength(1);
      expect(main.json()[0]).toMatchObject({ cadd_cust_id: acc2, cadd_address_type: 0 });
      const delivery = (await list({ cadd_cust_id: acc1, cadd_address_type: 1 })).json() as Row[];
      expect(delivery.length).toBeGreaterThanOrEqual(8);
      expect(delivery.every((r) => r.cadd_address_type === 1 && r.cadd_cust_id === acc1)).toBe(true);
      const all = (await list({ cadd_cust_id: acc1 })).json() as Row[];
      expect(all.length).toBe(delivery.length + 1);
      expect((await list({ cadd_cust_id: acc1, cadd_address_type: 0 }, booker)).statusCode).toBe(200);
    });

    it('refuses the addresses of an unlinked account', async () => {
      const res = await list({ cadd_cust_id: unlinked, cadd_address_type: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().fields).toEqual({ cadd_cust_id: 'Not your account' });
      expect((await list({ cadd_cust_id: acc1 }, control)).statusCode).toBe(403);
      expect((await list({ cadd_cust_id: acc1 })).statusCode).toBe(200);
      expect((await post(t.app, '/api/customer/address/list', { cadd_cust_id: acc1 })).statusCode).toBe(401);
    });

    describe('the address book page', () => {
      beforeAll(async () => {
        const rows = ['Beta', 'alpha', 'Gamma', 'delta'].map((n, i) => ({
          cadd_cust_id: i % 2 ? acc2 : acc1,
          cadd_coname: `Zz Sort ${n}`,
          cadd_street: `${i + 1} Sorting Lane`,
          cadd_town: ['York', 'Bath', 'Leeds', 'Ayr'][i]!,
          cadd_postalcode: 'LS1 4AP',
        }));
        rows.push({
          cadd_cust_id: unlinked,
          cadd_coname: 'Zz Sort Unlinked',
          cadd_street: '9 Sorting Lane',
          cadd_town: 'Hull',
          cadd_postalcode: 'LS1 4AP',
        });
        await db.insert(customerAddresses).values(rows);
        await db.insert(customerAddresses).values(
          Array.from({ length: 45 }, (_, i) => ({
            cadd_cust_id: acc1,
            cadd_coname: `Paging ${String(i).padStart(2, '0')}`,
            cadd_street: '1 Page Street',
            cadd_town: 'Leeds',
            cadd_postalcode: 'LS2 7EW',
          })),
        );
      });
      const names = (res: { json(): { rows: Row[] } }) => res.json().rows.map((r) => r.cadd_coname);

      it('defaults to company name ascending over all the caller accounts', async () => {
        const res = await list({ search: 'zz sort' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
        expect(names(res)).toEqual(['Zz Sort alpha', 'Zz Sort Beta', 'Zz Sort delta', 'Zz Sort Gamma']);
        expect(res.json().rows[0]).toMatchObject({
          cust_acc_code: expect.any(String),
          cust_name: expect.any(String),
        });
      });

      it('sorts by each column either way', async () => {
        const desc = await list({ search: 'Zz Sort', sort: { column: 'cadd_coname', direction: 'desc' } });
        expect(names(desc)).toEqual(['Zz Sort Gamma', 'Zz Sort delta', 'Zz Sort Beta', 'Zz Sort alpha']);
        const town = await list({ search: 'Zz Sort', sort: { column: 'cadd_town', direction: 'asc' } });
        expect(town.json().rows.map((r: Row) => r.cadd_town)).toEqual(['Ayr', 'Bath', 'Leeds', 'York']);
        const street = await list({ search: 'Zz Sort', sort: { column: 'cadd_street', direction: 'desc' } });
        expect(street.json().rows.map((r: Row) => r.cadd_street)[0]).toBe('4 Sorting Lane');
        const account = await list({
          search: 'Zz Sort',
          sort: { column: 'cust_acc_code', direction: 'asc' },
        });
        const codes = account.json().rows.map((r: Row) => r.cadd_cust_id);
        expect(codes).toEqual([acc1, acc1, acc2, acc2]);
        for (const column of ['cadd_build', 'cadd_county', 'cadd_country', 'cadd_postalcode'])
          expect((await list({ search: 'Zz Sort', sort: { column, direction: 'asc' } })).statusCode).toBe(
            200,
          );
      });

      it('pages in 20s or 50s with hasMore', async () => {
        const p1 = await list({ search: 'paging', page: 1, pageSize: 20 });
        expect(p1.json()).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
        expect(names(p1)).toHaveLength(20);
        expect(names(p1)[0]).toBe('Paging 00');
        const p3 = await list({ search: 'paging', page: 3, pageSize: 20 });
        expect(names(p3)).toEqual(['Paging 40', 'Paging 41', 'Paging 42', 'Paging 43', 'Paging 44']);
        expect(p3.json().hasMore).toBe(false);
        const big = await list({ search: 'paging', pageSize: 50 });
        expect(names(big)).toHaveLength(45);
        expect(big.json().hasMore).toBe(false);
      });

      it('searches the columns case-insensitively, the post code with or without its space', async () => {
        expect(names(await list({ search: 'SORTING LANE' }))).toHaveLength(4);
        expect(names(await list({ search: 'ls14ap' }))).toHaveLength(4);
        expect(names(await list({ search: 'LS1 4AP' }))).toHaveLength(4);
        const code = (await list({ cadd_cust_id: acc2, cadd_address_type: 0 })).json()[0].cust_acc_code;
        const byAccount = (await list({ search: code, pageSize: 50 })).json().rows as Row[];
        expect(byAccount.length).toBeGreaterThan(0);
        expect(byAccount.every((r) => r.cadd_cust_id === acc2)).toBe(true);
        expect(names(await list({ search: 'Unlinked' }))).toEqual([]);
      });

      it('treats % and _ as plain characters', async () => {
        expect(names(await list({ search: '%' }))).toEqual([]);
        expect(names(await list({ search: '_' }))).toEqual([]);
        expect(names(await list({ search: 'Zz_Sort' }))).toEqual([]);
      });

      it('never shows another tenant addresses', async () => {
        const b = await loginAs(t.app, ...CUSTOMER, TENANT_B);
        const bAcc = (await post(t.app, '/api/auth/session', {}, b)).json().accounts[0].cust_id;
        const created = await save(address({ cadd_cust_id: bAcc, cadd_coname: 'Tenant B Only Ltd' }), b);
        expect(created.statusCode).toBe(200);
        expect(names(await list({ search: 'Tenant B Only' }))).toEqual([]);
        expect(names(await list({ search: 'Tenant B Only' }, b))).toEqual(['Tenant B Only Ltd']);
      });

      it('needs the addressbook right', async () => {
        expect((await list({}, booker)).statusCode).toBe(403);
        expect((await list({}, control)).statusCode).toBe(403);
        expect((await post(t.app, '/api/customer/address/list', {})).statusCode).toBe(401);
      });

      it('refuses bad paging and sorting naming the field', async () => {
        const size = await list({ pageSize: 30 });
        expect(size.statusCode).toBe(400);
        expect(size.json().fields).toHaveProperty('pageSize');
        const col = await list({ sort: { column: 'ausr_password', direction: 'asc' } });
        expect(col.json().fields).toHaveProperty(['sort.column']);
        expect((await list({ page: 'two' })).json().fields).toHaveProperty('page');
        expect((await list({ page: 0 })).statusCode).toBe(400);
        expect((await list({ search: 'x'.repeat(101) })).json().fields).toHaveProperty('search');
        expect((await list({ cadd_id: 'one' })).json().fields).toHaveProperty('cadd_id');
      });
    });
  });

  describe('customer/address/delete', () => {
    const remove = (cadd_id: unknown, token = customer) =>
      post(t.app, '/api/customer/address/delete', { cadd_id }, token);

    it('deletes an address of a linked account, audited', async () => {
      const created = (await save(address({ cadd_coname: 'To Delete Ltd' }))).json();
      const res = await remove(created.cadd_id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ cadd_id: created.cadd_id });
      expect((await list({ cadd_id: created.cadd_id })).statusCode).toBe(404);
      expect((await remove(created.cadd_id)).statusCode).toBe(404);
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.log_unit, 'address'), eq(auditLog.log_process, 'delete')))
        .orderBy(desc(auditLog.log_id))
        .limit(1);
      expect(audit!.log_detail).toEqual({ cadd_id: created.cadd_id, cadd_cust_id: acc1 });
    });

    it('never deletes the account address', async () => {
      const [main] = (await list({ cadd_cust_id: acc1, cadd_address_type: 0 })).json();
      const res = await remove(main.cadd_id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The account address cannot be deleted');
    });

    it('refuses other accounts, users without the right, no session and bad ids', async () => {
      const [foreign] = await db
        .select({ id: customerAddresses.cadd_id })
        .from(customerAddresses)
        .where(and(eq(customerAddresses.cadd_cust_id, unlinked), eq(customerAddresses.cadd_address_type, 1)))
        .limit(1);
      expect((await remove(foreign!.id)).statusCode).toBe(404);
      const created = (await save(address({ cadd_coname: 'Kept Ltd' }))).json();
      expect((await remove(created.cadd_id, booker)).statusCode).toBe(403);
      expect((await remove(created.cadd_id, control)).statusCode).toBe(403);
      expect(
        (await post(t.app, '/api/customer/address/delete', { cadd_id: created.cadd_id })).statusCode,
      ).toBe(401);
      const bad = await remove('x');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('cadd_id');
    });
  });
});
