import { beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, userAccounts, users } from '../../db/schema';
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
  testGeo,
} from '../../test/harness';
import { hashPassword } from '../auth/login.service';
import { forgetLiveSessions } from '../../db/live-session-cache';

type Result = {
  organisation: string;
  building: string;
  dwelling: string;
  subdwelling: string;
  street: string;
  locality: string;
  town: string;
  county: string;
  country: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  source: string;
};
type Answer = { addresses: Result[]; message?: string };

const NO_MATCH = { addresses: [], message: 'No matching addresses found' };

describe.each(DB_KINDS)('address search and lookups on %s', (kind) => {
  let customer: string;
  let control: string;
  let booker: string;
  let acc1: number;
  let unlinked: number;
  const t = useTestApp(kind, { dockets: 0 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    control = await loginAs(t.app, ...CONTROL);
    acc1 = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
    const admin = await loginAs(t.app, ...ADMIN);
    const all = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as { cust_id: number }[];
    unlinked = all[all.length - 1]!.cust_id;
    // A user with the booking right only, on the first account.
    const db = t.tenants.get(TENANT_A)!.db;
    const [u] = await db
      .insert(users)
      .values({
        ausr_logon: 'booker',
        ausr_password: await hashPassword('Passw0rd#2026'),
        ausr_rights_booking: 'T',
      })
      .returning({ id: users.ausr_id });
    await db.insert(userAccounts).values({ uacc_ausr_id: u!.id, uacc_cust_id: acc1 });
    forgetLiveSessions();
    booker = await loginAs(t.app, 'booker', 'Passw0rd#2026');
  });

  const search = (address: Record<string, string>, token = customer) =>
    post(t.app, '/api/postcode/list', { address }, token);
  const guest = (address: Record<string, string>, database = TENANT_A) =>
    post(t.app, '/api/quote/postcode/list', { address, database });
  const answer = async (p: ReturnType<typeof search>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  };
  const saveAddress = (body: Record<string, unknown>, token = customer) =>
    post(t.app, '/api/customer/address/post', body, token);

  it('finds the open-data addresses of a real post code, the post code itself last', async () => {
    const { addresses, message } = await answer(search({ postcode: 'ts181hu' }));
    expect(message).toBeUndefined();
    const densham = addresses.find((a) => a.organisation === 'The Densham Surgery');
    expect(densham).toMatchObject({
      dwelling: 'The Health Centre',
      subdwelling: '',
      building: 'The Health Centre',
      street: 'Lawson Street',
      town: 'Stockton On Tees',
      county: 'Cleveland',
      country: 'United Kingdom',
      postcode: 'TS18 1HU',
      latitude: 54.56163,
      longitude: -1.31899,
    });
    expect(['open-data', 'addressbook']).toContain(densham!.source);
    expect(addresses.map((a) => a.organisation)).toEqual(
      expect.arrayContaining(['The Densham Surgery', 'The Dovecot Surgery', 'Sexual Health (Stockton)']),
    );
    const place = testGeo().locate('TS18 1HU')!;
    expect(addresses[addresses.length - 1]).toEqual({
      organisation: '',
      dwelling: '',
      subdwelling: '',
      building: '',
      street: '',
      locality: '',
      town: place.town,
      county: place.county,
      country: 'United Kingdom',
      postcode: 'TS18 1HU',
      latitude: place.lat,
      longitude: place.lon,
      source: 'postcode',
    });
  });

  it('answers just the post code, with town, county and coordinates, when no address is known there', async () => {
    const { addresses } = await answer(search({ postcode: 'SW1A 1AA' }));
    expect(addresses).toEqual([
      expect.objectContaining({
        source: 'postcode',
        postcode: 'SW1A 1AA',
        town: 'Westminster',
        county: 'Westminster',
        latitude: expect.closeTo(51.505, 2),
        longitude: expect.closeTo(-0.139, 2),
      }),
    ]);
  });

  it("answers 'No matching addresses found' for an unknown or invalid post code", async () => {
    expect(await answer(search({ postcode: 'ZZ99 9ZZ' }))).toEqual(NO_MATCH);
    expect(await answer(search({ postcode: 'NOT A CODE' }))).toEqual(NO_MATCH);
    expect(await answer(search({ postcode: 'TS18', organisation: 'No Such Practice Anywhere' }))).toEqual(
      NO_MATCH,
    );
    expect(await answer(search({}))).toEqual(NO_MATCH);
  });

  it('filters by organisation, building and street words, case-insensitive', async () => {
    const dens = await answer(search({ postcode: 'TS18 1HU', organisation: 'DENSHAM' }));
    expect(dens.addresses.map((a) => a.organisation)).toEqual(['The Densham Surgery', '']);
    const street = await answer(
      search({ postcode: 'TS18 1HU', street: 'lawson st', organisation: 'dovecot' }),
    );
    expect(street.addresses.map((a) => a.organisation)).toEqual(['The Dovecot Surgery', '']);
    // The post code itself stays even when no address matches the words.
    const none = await answer(search({ postcode: 'TS18 1HU', organisation: 'Nowhere' }));
    expect(none.addresses.map((a) => a.source)).toEqual(['postcode']);
  });

  it('searches the start of a post code by outcode, and drops the town when the post code starts with it', async () => {
    const outcode = await answer(search({ postcode: 'TS18', town: 'TS18' }));
    expect(outcode.addresses.length).toBeGreaterThan(3);
    expect(outcode.addresses.every((a) => a.postcode.startsWith('TS18 '))).toBe(true);
    // Not dropped, the town filters the outcode search: nothing in TS18 is in Leeds.
    expect(await answer(search({ postcode: 'TS18', town: 'Leeds' }))).toEqual(NO_MATCH);
    const partial = await answer(search({ postcode: 'TS18 1H', town: 'Stockton' }));
    expect(partial.addresses.length).toBeGreaterThan(0);
    expect(partial.addresses.every((a) => a.postcode.startsWith('TS18 1H'))).toBe(true);
  });

  it('finds addresses by words alone, and by words when the post code finds nothing', async () => {
    const words = await answer(search({ organisation: 'Densham Surgery', town: 'Stockton' }));
    expect(words.addresses.map((a) => a.organisation)).toContain('The Densham Surgery');
    const rescued = await answer(search({ postcode: 'ZZ99 9ZZ', organisation: 'Densham Surgery' }));
    expect(rescued.addresses[0]).toMatchObject({ organisation: 'The Densham Surgery', postcode: 'TS18 1HU' });
  });

  it('answers at most 100 addresses', async () => {
    const { addresses } = await answer(search({ organisation: 'surgery' }));
    expect(addresses).toHaveLength(100);
  });

  it('finds the caller address-book entries by post code, first, and only the caller accounts', async () => {
    const saved = await saveAddress({
      cadd_cust_id: acc1,
      cadd_coname: 'Postcode Test Ltd',
      cadd_build: 'Example House',
      cadd_street: '10 Downing Street',
      cadd_town: 'London',
      cadd_postalcode: 'SW1A 2AA',
    });
    expect(saved.statusCode).toBe(200);
    const { addresses } = await answer(search({ postcode: 'sw1a2aa' }));
    expect(addresses[0]).toMatchObject({
      organisation: 'Postcode Test Ltd',
      dwelling: 'Example House',
      building: 'Example House',
      street: '10 Downing Street',
      town: 'London',
      postcode: 'SW1A 2AA',
      source: 'addressbook',
      latitude: expect.any(Number),
    });
    expect(addresses[addresses.length - 1]!.source).toBe('postcode');
    // A user with the booking right on the same account sees it too; words filter it.
    const booked = await answer(search({ postcode: 'SW1A 2AA', organisation: 'postcode test' }, booker));
    expect(booked.addresses.map((a) => a.source)).toEqual(['addressbook', 'postcode']);
    // Another account's entry at a post code is not shown.
    const db = t.tenants.get(TENANT_A)!.db;
    await db.insert(customerAddresses).values({
      cadd_cust_id: unlinked,
      cadd_coname: 'Unlinked Secret Ltd',
      cadd_street: '1 Horse Guards Road',
      cadd_town: 'London',
      cadd_postalcode: 'SW1A 2HQ',
    });
    const hidden = await answer(search({ postcode: 'SW1A 2HQ' }));
    expect(hidden.addresses.map((a) => a.organisation)).not.toContain('Unlinked Secret Ltd');
    const byWords = await answer(search({ organisation: 'Unlinked Secret' }));
    expect(byWords).toEqual(NO_MATCH);
  });

  it('finds the addresses of the caller past dockets by post code', async () => {
    const booked = await post(t.app, '/api/docket/post', booking(acc1), customer);
    expect(booked.statusCode, booked.body).toBe(200);
    const { addresses } = await answer(search({ postcode: 'M1 1AE' }));
    expect(addresses[0]).toMatchObject({
      organisation: 'Piccadilly Plaza',
      street: 'Portland Street',
      town: 'Manchester',
      postcode: 'M1 1AE',
      source: 'docket',
    });
    // Booked twice, listed once.
    await post(t.app, '/api/docket/post', booking(acc1), customer);
    const again = await answer(search({ postcode: 'M1 1AE' }));
    expect(again.addresses.filter((a) => a.organisation === 'Piccadilly Plaza')).toHaveLength(1);
    // Neither a guest nor the other tenant sees it.
    const quoted = await answer(guest({ postcode: 'M1 1AE' }));
    expect(quoted.addresses.map((a) => a.source)).toEqual(['postcode']);
    const b = await loginAs(t.app, ...CUSTOMER, TENANT_B);
    const other = await answer(search({ postcode: 'M1 1AE' }, b));
    expect(other.addresses.map((a) => a.organisation)).not.toContain('Piccadilly Plaza');
  });

  it('never shows another tenant address book', async () => {
    const b = await loginAs(t.app, ...CUSTOMER, TENANT_B);
    const bAcc = (await post(t.app, '/api/auth/session', {}, b)).json().accounts[0].cust_id;
    const saved = await saveAddress(
      {
        cadd_cust_id: bAcc,
        cadd_coname: 'Northern Only Ltd',
        cadd_street: '2 The Mall',
        cadd_town: 'London',
        cadd_postalcode: 'SW1A 1AA',
      },
      b,
    );
    expect(saved.statusCode).toBe(200);
    const inB = await answer(search({ postcode: 'SW1A 1AA' }, b));
    expect(inB.addresses[0]!.organisation).toBe('Northern Only Ltd');
    const inA = await answer(search({ postcode: 'SW1A 1AA' }));
    expect(inA.addresses.map((a) => a.organisation)).not.toContain('Northern Only Ltd');
    expect(inA.addresses[inA.addresses.length - 1]!.source).toBe('postcode');
    const quoted = await answer(guest({ postcode: 'SW1A 1AA' }, TENANT_B));
    expect(quoted.addresses.map((a) => a.source)).toEqual(['postcode']);
  });

  it('needs a session and the booking or addressbook right', async () => {
    expect((await post(t.app, '/api/postcode/list', { address: { postcode: 'TS18 1HU' } })).statusCode).toBe(
      401,
    );
    const res = await search({ postcode: 'TS18 1HU' }, control);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('NOT_AUTHORIZED');
    expect((await search({ postcode: 'TS18 1HU' }, booker)).statusCode).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const long = await search({ postcode: 'X'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty(['address.postcode']);
    const huge = await search({ organisation: 'y'.repeat(100_000) });
    expect(huge.json().fields).toHaveProperty(['address.organisation']);
    const type = await post(t.app, '/api/postcode/list', { address: { postcode: 1234 } }, customer);
    expect(type.json().fields).toHaveProperty(['address.postcode']);
    const none = await post(t.app, '/api/postcode/list', { database: TENANT_A }, customer);
    expect(none.json().fields).toHaveProperty('address');
  });

  describe('quote/postcode/list (public)', () => {
    it('searches the open data and the post code itself', async () => {
      const { addresses } = await answer(guest({ postcode: 'TS18 1HU', organisation: 'densham' }));
      expect(addresses.map((a) => [a.organisation, a.source])).toEqual([
        ['The Densham Surgery', 'open-data'],
        ['', 'postcode'],
      ]);
      expect(await answer(guest({ postcode: 'ZZ99 9ZZ' }))).toEqual(NO_MATCH);
    });

    it('never shows a tenant address book', async () => {
      const { addresses } = await answer(guest({ postcode: 'SW1A 2AA' }));
      expect(addresses.map((a) => a.organisation)).not.toContain('Postcode Test Ltd');
      const words = await answer(guest({ organisation: 'Postcode Test' }));
      expect(words).toEqual(NO_MATCH);
    });

    it('needs a known database', async () => {
      const missing = await post(t.app, '/api/quote/postcode/list', { address: { postcode: 'TS18 1HU' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toHaveProperty('database');
      const unknown = await guest({ postcode: 'TS18 1HU' }, 'Nobody Couriers');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().fields).toEqual({ database: 'Unknown database' });
    });
  });

  describe('country and county lists', () => {
    it('lists countries, United Kingdom first', async () => {
      const res = await post(t.app, '/api/country/list', {}, customer);
      expect(res.statusCode).toBe(200);
      const names = res.json().map((c: { name: string }) => c.name);
      expect(names[0]).toBe('United Kingdom');
      expect(names).toEqual(expect.arrayContaining(['Ireland', 'France', 'United States']));
      expect(new Set(names).size).toBe(names.length);
      const quoted = await post(t.app, '/api/quote/country/list', { database: TENANT_A });
      expect(quoted.json()).toEqual(res.json());
    });

    it('lists the counties of the open data, sorted', async () => {
      const res = await post(t.app, '/api/county/list', {}, customer);
      const names = res.json().map((c: { name: string }) => c.name) as string[];
      expect(names).toEqual(expect.arrayContaining(['Cleveland', 'Westminster', 'Stockton-on-Tees']));
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
      expect(names.every((n) => n !== n.toUpperCase())).toBe(true);
      const quoted = await post(t.app, '/api/quote/county/list', { database: TENANT_B });
      expect(quoted.json()).toEqual(res.json());
    });

    it('needs a session, or a known database for the quote ones', async () => {
      expect((await post(t.app, '/api/country/list', {})).statusCode).toBe(401);
      expect((await post(t.app, '/api/county/list', {})).statusCode).toBe(401);
      expect((await post(t.app, '/api/quote/country/list', {})).statusCode).toBe(400);
      expect((await post(t.app, '/api/quote/county/list', { database: 'Nobody' })).statusCode).toBe(404);
    });
  });

  it('limits public searches to 60 a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await guest({ postcode: 'TS18 1HU' })).statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses[statuses.length - 1]).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    const limited = await guest({ postcode: 'TS18 1HU' });
    expect(limited.json().error).toBe('RATE_LIMITED');
    // The signed-in search is not limited that way.
    expect((await search({ postcode: 'TS18 1HU' })).statusCode).toBe(200);
  });
});
