import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { createMailer } from '../../../lib/mail';
import {
  CUSTOMER,
  DB_KINDS,
  createTestApp,
  loginAs,
  post,
  TENANT_A,
  testGeo,
  type TestApp,
} from '../../../test/harness';
import { parseQuery } from '../address-search';
import { AddressProviderError, GetAddressProvider, getAddressFindResponse } from './getaddress';

const GOOD_KEY = 'good-key';
const LIMITED_KEY = 'limited-key';

/** getAddress.io's documented `find` answer for SW1A 2AA (expand=true). */
const DOWNING_STREET = {
  postcode: 'SW1A 2AA',
  latitude: 51.50354,
  longitude: -0.127695,
  addresses: [
    {
      formatted_address: ['10 Downing Street', '', '', 'London', 'Greater London'],
      thoroughfare: 'Downing Street',
      building_name: '',
      sub_building_name: '',
      sub_building_number: '',
      building_number: '10',
      line_1: '10 Downing Street',
      line_2: '',
      line_3: '',
      line_4: '',
      locality: '',
      town_or_city: 'London',
      county: 'Greater London',
      district: 'City of Westminster',
      country: 'England',
    },
    {
      formatted_address: ['Flat 1', 'Example House', 'Downing Street', 'London', 'Greater London'],
      thoroughfare: 'Downing Street',
      building_name: 'Example House',
      sub_building_name: 'Flat 1',
      sub_building_number: '',
      building_number: '',
      line_1: 'Flat 1',
      line_2: 'Example House',
      line_3: 'Downing Street',
      line_4: '',
      locality: 'Westminster',
      town_or_city: 'London',
      county: 'Greater London',
      district: 'City of Westminster',
      country: 'England',
    },
  ],
};

/** A local fake of getAddress.io: documented answers, 404 unknown post code, 401 bad key, 429 limit. */
class FakeGetAddress {
  server: Server;
  requests: URL[] = [];
  constructor() {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      this.requests.push(url);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const key = url.searchParams.get('api-key');
      const match = /^\/find\/([^/]+)$/.exec(url.pathname);
      if (key === LIMITED_KEY) return send(429, { Message: 'Too Many Requests' });
      if (key !== GOOD_KEY) return send(401, { Message: 'Api-key is not valid.' });
      if (!match) return send(400, { Message: 'Bad Request' });
      const postcode = decodeURIComponent(match[1]!);
      if (postcode === 'SW1A2AA') return send(200, DOWNING_STREET);
      if (postcode === 'SLOW1AA' || postcode === 'BS11AA') {
        setTimeout(() => send(200, DOWNING_STREET), 1000);
        return;
      }
      if (postcode === 'BS12AA') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"not":"getAddress"}');
      }
      return send(404, { Message: 'Postcode not found' });
    });
  }
  async start(): Promise<string> {
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }
}

it('the fake answers the documented shape', () => {
  expect(getAddressFindResponse.safeParse(DOWNING_STREET).success).toBe(true);
});

describe('GetAddressProvider against a local fake', () => {
  const fake = new FakeGetAddress();
  let url: string;
  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(() => fake.close());
  const provider = (apiKey = GOOD_KEY, timeoutMs?: number) =>
    new GetAddressProvider({ apiKey, baseUrl: `${url}/`, timeoutMs });

  it('asks for the expanded answer of the compact post code with the key', async () => {
    await provider().search(parseQuery({ postcode: 'sw1a 2aa' }));
    const last = fake.requests[fake.requests.length - 1]!;
    expect(last.pathname).toBe('/find/SW1A2AA');
    expect(last.searchParams.get('api-key')).toBe(GOOD_KEY);
    expect(last.searchParams.get('expand')).toBe('true');
  });

  it('maps the documented answer to search results', async () => {
    const found = await provider().search(parseQuery({ postcode: 'SW1A 2AA' }));
    expect(found).toEqual([
      {
        organisation: '',
        dwelling: '',
        subdwelling: '',
        building: '',
        street: '10 Downing Street',
        locality: '',
        town: 'London',
        county: 'Greater London',
        country: 'United Kingdom',
        postcode: 'SW1A 2AA',
        latitude: 51.50354,
        longitude: -0.127695,
        source: 'getaddress',
      },
      {
        organisation: '',
        dwelling: 'Example House',
        subdwelling: 'Flat 1',
        building: 'Example House, Flat 1',
        street: 'Downing Street',
        locality: 'Westminster',
        town: 'London',
        county: 'Greater London',
        country: 'United Kingdom',
        postcode: 'SW1A 2AA',
        latitude: 51.50354,
        longitude: -0.127695,
        source: 'getaddress',
      },
    ]);
  });

  it('answers no address for an unknown post code (404)', async () => {
    expect(await provider().search(parseQuery({ postcode: 'SW1A 1AA' }))).toEqual([]);
  });

  it('is not asked anything but a full post code', async () => {
    const before = fake.requests.length;
    expect(await provider().search(parseQuery({ postcode: 'SW1A' }))).toEqual([]);
    expect(await provider().search(parseQuery({ organisation: 'Downing' }))).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('throws on a bad key (401), too many requests (429), a timeout and an answer it cannot read', async () => {
    const q = parseQuery({ postcode: 'SW1A 2AA' });
    await expect(provider('wrong-key').search(q)).rejects.toMatchObject({ status: 401 });
    await expect(provider(LIMITED_KEY).search(q)).rejects.toMatchObject({ status: 429 });
    await expect(provider(GOOD_KEY, 100).search(parseQuery({ postcode: 'BS1 1AA' }))).rejects.toBeInstanceOf(
      AddressProviderError,
    );
    await expect(provider().search(parseQuery({ postcode: 'BS1 2AA' }))).rejects.toThrow('not understood');
  });

  it('throws when the service cannot be reached, without the key in the message', async () => {
    const down = new GetAddressProvider({ apiKey: 'secret-key-123', baseUrl: 'http://127.0.0.1:9' });
    const err = await down.search(parseQuery({ postcode: 'SW1A 2AA' })).catch((e: Error) => e);
    expect(err).toBeInstanceOf(AddressProviderError);
    expect((err as Error).message).not.toContain('secret-key-123');
  });
});

describe.each(DB_KINDS)('postcode/list with the getAddress provider on %s', (kind) => {
  const fake = new FakeGetAddress();
  let t: TestApp;
  let url: string;
  const logs: string[] = [];
  const apps: FastifyInstance[] = [];

  /** An app over the test tenants whose address search uses getAddress.io with this key. */
  async function appWithKey(apiKey: string): Promise<FastifyInstance> {
    const app = await buildApp({
      tenants: t.tenants,
      geo: testGeo(),
      clock: t.clock,
      appVersion: 'test',
      idleMinutes: 60,
      loginRateMax: 50,
      cookieSecure: false,
      mailer: createMailer({ from: 'Portal <portal@test.local>', outboxDir: '/nonexistent' }),
      publicUrl: 'http://portal.test',
      logLevel: 'warn',
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
      addressProvider: new GetAddressProvider({ apiKey, baseUrl: url, timeoutMs: 2000 }),
    });
    apps.push(app);
    return app;
  }

  let good: FastifyInstance;
  let badKey: FastifyInstance;
  let limited: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    url = await fake.start();
    t = await createTestApp(kind, { dockets: 0 });
    [good, badKey, limited] = await Promise.all([
      appWithKey(GOOD_KEY),
      appWithKey('bad-key'),
      appWithKey(LIMITED_KEY),
    ]);
    token = await loginAs(good, ...CUSTOMER);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
    await fake.close();
  });

  const search = (app: FastifyInstance, address: Record<string, string>) =>
    post(app, '/api/postcode/list', { address }, token);

  it('answers the provider addresses after the caller address book, the post code itself last', async () => {
    const custId = (await post(good, '/api/auth/session', {}, token)).json().accounts[0].cust_id;
    const saved = await post(
      good,
      '/api/customer/address/post',
      {
        cadd_cust_id: custId,
        cadd_coname: 'Cabinet Office',
        cadd_street: '70 Whitehall',
        cadd_town: 'London',
        cadd_postalcode: 'SW1A 2AA',
      },
      token,
    );
    expect(saved.statusCode).toBe(200);
    const res = await search(good, { postcode: 'SW1A 2AA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses.map((a: { source: string; street: string }) => [a.source, a.street])).toEqual(
      [
        ['addressbook', '70 Whitehall'],
        ['getaddress', '10 Downing Street'],
        ['getaddress', 'Downing Street'],
        ['postcode', ''],
      ],
    );
    const flat = await search(good, { postcode: 'SW1A 2AA', building: 'flat 1' });
    expect(flat.json().addresses.map((a: { building: string }) => a.building)).toEqual([
      'Example House, Flat 1',
      '',
    ]);
  });

  it('answers just the post code when the provider does not know it (404)', async () => {
    const res = await search(good, { postcode: 'SW1A 1AA' });
    expect(res.json().addresses.map((a: { source: string }) => a.source)).toEqual(['postcode']);
    const unknown = await search(good, { postcode: 'ZZ99 9ZZ' });
    expect(unknown.json()).toEqual({ addresses: [], message: 'No matching addresses found' });
  });

  it('falls back to the open data on a bad key (401) or too many requests (429), logged without the key', async () => {
    const key = await loginAs(badKey, ...CUSTOMER);
    for (const [app, tok] of [
      [badKey, key],
      [limited, key],
    ] as const) {
      const res = await post(app, '/api/postcode/list', { address: { postcode: 'TS18 1HU' } }, tok);
      expect(res.statusCode).toBe(200);
      const sources = res.json().addresses.map((a: { source: string }) => a.source);
      expect(sources).toContain('open-data');
      expect(sources).not.toContain('getaddress');
      expect(sources[sources.length - 1]).toBe('postcode');
    }
    const warnings = logs.filter((l) => l.includes('address provider failed'));
    expect(warnings.some((l) => l.includes('getAddress answered 401'))).toBe(true);
    expect(warnings.some((l) => l.includes('getAddress answered 429'))).toBe(true);
    expect(logs.join('\n')).not.toContain('bad-key');
    expect(logs.join('\n')).not.toContain(LIMITED_KEY);
  });

  it('uses the provider for public quote searches too, never the address book', async () => {
    const res = await post(good, '/api/quote/postcode/list', {
      address: { postcode: 'SW1A 2AA' },
      database: TENANT_A,
    });
    expect(res.json().addresses.map((a: { source: string }) => a.source)).toEqual([
      'getaddress',
      'getaddress',
      'postcode',
    ]);
  });

  it('searches words and post code starts in the open data without asking the provider', async () => {
    const before = fake.requests.length;
    const words = await search(good, { organisation: 'Densham Surgery' });
    expect(words.json().addresses[0]).toMatchObject({ organisation: 'The Densham Surgery' });
    const outcode = await search(good, { postcode: 'TS18' });
    expect(outcode.json().addresses.length).toBeGreaterThan(3);
    expect(fake.requests.length).toBe(before);
  });
});
