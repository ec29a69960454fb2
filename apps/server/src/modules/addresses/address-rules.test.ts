import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADDRESS_MSG } from '@courier/contracts';
import { settings } from '../../db/schema';
import { booking, useTestApp, CUSTOMER, DB_KINDS, loginAs, post, TENANT_A } from '../../test/harness';

/**
 * One rule set for the booking and the address book (spec "bookings…" §5): each mandatory
 * setting, county never, street not with a building nor with neither, and an empty address.
 */
describe.each(DB_KINDS)('address rules of the booking and the address book on %s', (kind) => {
  let customer: string;
  let custId: number;
  const setSetting = (group: string, key: string, value: string) =>
    t.tenants
      .get(TENANT_A)!
      .db.update(settings)
      .set({ sett_value: value })
      .where(and(eq(settings.sett_group, group), eq(settings.sett_key, key), eq(settings.sett_cust_id, 0)));

  const t = useTestApp(kind, { dockets: 0 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    custId = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });

  const EMPTY_BOOK = {
    cadd_coname: '',
    cadd_build: '',
    cadd_street: '',
    cadd_locality: '',
    cadd_town: '',
    cadd_county: '',
    cadd_postalcode: '',
  };
  const entry = (over: Record<string, string>) => ({
    cadd_cust_id: custId,
    cadd_coname: 'Acme Test Ltd',
    cadd_street: '10 Downing Street',
    cadd_town: 'London',
    cadd_postalcode: 'SW1A 2AA',
    ...over,
  });
  const saveEntry = (body: unknown) => post(t.app, '/api/customer/address/post', body, customer);
  /** The fixture booking with its delivery changed. */
  const delivery = (over: Record<string, string>, serv = 'A') => {
    const [from, to] = booking(custId).addresses;
    return booking(custId, { dck_serv_type: serv, addresses: [from, { ...to, ...over }] });
  };
  const book = (body: unknown) => post(t.app, '/api/docket/post', body, customer);

  describe('address book (mandatory.AddressBook)', () => {
    it('requires each field the setting names, never the county', async () => {
      await setSetting('mandatory', 'AddressBook', 'cadd_coname,cadd_locality,cadd_county,cadd_town');
      const res = await saveEntry(entry({ cadd_coname: '', cadd_town: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        cadd_coname: 'Company name is required',
        cadd_locality: 'Locality is required',
        cadd_town: 'Town is required',
      });
      expect((await saveEntry(entry({ cadd_locality: 'Westminster' }))).statusCode).toBe(200);
    });

    it('does not require the street with a building; with neither the PO box rule answers', async () => {
      await setSetting('mandatory', 'AddressBook', 'cadd_street,cadd_town');
      expect((await saveEntry(entry({ cadd_street: '', cadd_build: 'Unit 4' }))).statusCode).toBe(200);
      const neither = await saveEntry(entry({ cadd_street: '' }));
      expect(neither.statusCode).toBe(422);
      expect(neither.json().message).toBe(ADDRESS_MSG.poBox);
    });

    it('gives an empty address the mandatory fields, or insufficient information, never the PO box', async () => {
      await setSetting('mandatory', 'AddressBook', 'cadd_coname,cadd_street,cadd_town,cadd_postalcode');
      const mandatory = await saveEntry({ cadd_cust_id: custId, ...EMPTY_BOOK });
      expect(mandatory.statusCode).toBe(400);
      expect(mandatory.json().fields).toEqual({
        cadd_coname: 'Company name is required',
        cadd_town: 'Town is required',
        cadd_postalcode: 'Post code is required',
      });
      await setSetting('mandatory', 'AddressBook', '');
      const empty = await saveEntry({ cadd_cust_id: custId, ...EMPTY_BOOK });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({
        message: ADDRESS_MSG.insufficient,
        fields: { cadd_street: ADDRESS_MSG.insufficient },
      });
    });
  });

  describe('booking (mandatory.Booking.{service type})', () => {
    it('requires each field the setting names, never the county', async () => {
      await setSetting('mandatory', 'Booking.N', 'dadd_companyname,dadd_locality,dadd_county,dadd_town');
      const res = await book(delivery({ dadd_companyname: '' }, 'N'));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        'addresses.0.dadd_locality': 'Locality is required',
        'addresses.1.dadd_companyname': 'Company is required',
        'addresses.1.dadd_locality': 'Locality is required',
      });
    });

    it('does not require the street with a building; with neither the PO box rule answers', async () => {
      await setSetting('mandatory', 'Booking.A', 'dadd_street,dadd_town,dadd_postalcode');
      expect((await book(delivery({ dadd_street: '', dadd_build: 'Unit 4' }))).statusCode).toBe(200);
      const neither = await book(delivery({ dadd_street: '' }));
      expect(neither.statusCode).toBe(422);
      expect(neither.json().message).toBe(ADDRESS_MSG.poBox);
    });

    it('gives an empty address the mandatory fields, never the PO box', async () => {
      const empty = Object.fromEntries(
        ['dadd_companyname', 'dadd_build', 'dadd_street', 'dadd_town', 'dadd_postalcode'].map((f) => [f, '']),
      );
      const res = await book(delivery(empty));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toContain('PO BOX');
      expect(res.json().fields).toMatchObject({
        'addresses.1.dadd_town': 'Town is required',
        'addresses.1.dadd_postalcode': 'Post code is required',
      });
    });
  });
});
