import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  CUSTOMER,
  DB_KINDS,
  booking,
  driver,
  statusChange,
  useTestApp,
  loginAs,
  post,
  TENANT_A,
} from '../test/harness';
import { quoteDocketBody, quoteTariffsBody } from '../test/quote-fixtures';

const NUL = 'a\u0000b';
/** Half of a UTF-16 surrogate pair: JSON can carry it, PostgreSQL refuses it in text and jsonb. */
const LONE = 'a\ud800b';

/** A JSON schema as the OpenAPI document gives it (the part a generator reads). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
}

/**
 * A body for `schema` where every string is `text`, every number `num`: the generator of the fuzz
 * below. Enums and constants keep a legal value, so the strings and numbers are what is tested.
 */
function bodyOf(schema: Schema | undefined, text: string, num: number, depth = 0): unknown {
  if (!schema || depth > 6) return text;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return bodyOf(alt.find((s) => s.type !== 'null') ?? alt[0], text, num, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? 'string') {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, bodyOf(v, text, num, depth + 1)]),
      );
    case 'array':
      return [bodyOf(schema.items, text, num, depth + 1)];
    case 'integer':
    case 'number':
      return num;
    case 'boolean':
      return true;
    default:
      return text;
  }
}

/** The paths of every string leaf of a JSON value. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

/** A deep copy of `value` with the leaf at `path` set to `leaf`. */
function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((k) => (node = node[k] as Record<string | number, unknown>));
  node[path.at(-1)!] = leaf;
  return copy;
}

describe.each(DB_KINDS)('bad input at the edge on %s', (kind) => {
  let customer: string;
  let account: number;

  const t = useTestApp(kind, { dockets: 3 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });

  it('answers a NUL character in a text field with a 400 naming the field', async () => {
    const address = {
      cadd_cust_id: account,
      cadd_coname: NUL,
      cadd_street: 'Portland Street',
      cadd_town: 'Manchester',
      cadd_postalcode: 'M1 1AE',
    };
    const cases: [string, unknown, string][] = [
      ['/api/docket/post', booking(account, { dck_cust_ref1: NUL }), 'dck_cust_ref1'],
      ['/api/docket/price', booking(account, { dck_cust_ref1: NUL }), 'dck_cust_ref1'],
      ['/api/customer/address/post', address, 'cadd_coname'],
      ['/api/customer/address/list', { search: NUL }, 'search'],
      ['/api/docket/list', { search: NUL }, 'search'],
      ['/api/postcode/list', { address: { postcode: 'M1\u00001AE' } }, 'address.postcode'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(t.app, url, body, customer);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({ [field]: 'Control characters are not allowed' });
    }
    const track = await post(t.app, '/api/docket/track', { database: TENANT_A, tracking_ref: 'T\u0000' });
    expect(track.json().fields).toEqual({ tracking_ref: 'Control characters are not allowed' });
  });

  it('answers a lone surrogate anywhere, and a NUL in free text, with a 400 naming the field', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const cases: [string, unknown, string, string, string?][] = [
      [
        '/api/docket/post',
        booking(account, { dck_cust_ref1: LONE }),
        'dck_cust_ref1',
        'Text must be valid Unicode',
      ],
      [
        '/api/quote/alltariffs/list',
        {
          ...quoteTariffsBody(TENANT_A),
          parcels: [{ dpcl_quantity: 1, dpcl_weight: 1, dpcl_description: LONE }],
        },
        'parcels.0.dpcl_description',
        'Text must be valid Unicode',
      ],
      [
        '/api/system/message/post',
        { values: { 'Quote.PaymentError': LONE } },
        'values.Quote.PaymentError',
        'Text must be valid Unicode',
        admin,
      ],
      [
        '/api/system/message/post',
        { values: { 'Quote.PaymentError': NUL } },
        'values.Quote.PaymentError',
        'Control characters are not allowed',
        admin,
      ],
      [
        '/api/system/message/post',
        { values: { [LONE]: 'x' } },
        `values.${LONE}`,
        'Text must be valid Unicode',
        admin,
      ],
    ];
    for (const [url, body, field, message, token] of cases) {
      const res = await post(t.app, url, body, token ?? customer);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json().fields, url).toEqual({ [field]: message });
    }
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await post(
      t.app,
      '/api/docket/price',
      booking(account, { dck_cust_ref1: 'Box \ud83d\udce6' }),
      customer,
    );
    expect(emoji.statusCode, emoji.body).toBe(200);
    // Nothing was stored: the message setting is unchanged.
    const listed = await post(t.app, '/api/system/message/list', { type: 'settings' }, admin);
    expect(JSON.stringify(listed.json())).not.toMatch(/\\u0000|\\ud800/);
  });

  it('answers a body nested thousands deep with a 400, before sign-in and after (it ran out of stack: 500)', async () => {
    const arrays = '['.repeat(100_000) + ']'.repeat(100_000);
    const objects = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    for (const [url, payload, token] of [
      ['/api/auth/login', arrays, undefined],
      ['/api/docket/list', objects, customer],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json().fields as Record<string, string>), url).toEqual([
        'The request is nested too deeply',
      ]);
    }
  });

  /** The guid of a new quote with a tariff chosen, so quote/docket's strings reach its rules. */
  async function chosenQuote(): Promise<string> {
    const guid = (await post(t.app, '/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A))).json().guid;
    await post(t.app, '/api/quote', { database: TENANT_A, guid, ttyp_tariff: 4 });
    return guid as string;
  }

  it('answers every call of the API document without a 5xx, whatever its strings and numbers hold', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        path,
        method,
        schema: op.requestBody?.content?.['application/json']?.schema,
      })),
    );
    expect(operations.length).toBeGreaterThan(30);
    // Numbers of 1 pass the id, tariff and quantity rules, so the strings are judged further in.
    const variants: [string, number][] = [
      [NUL, 1],
      [LONE, 1],
      ['M1 1AE', 1],
      [NUL, 99_999_999_999],
      ['\r\n=HYPERLINK("x")', -1],
      ['x'.repeat(5000), 1.5],
      ['', 0],
      ["'; drop table dockets; --", 2_147_483_648],
    ];
    const failures: string[] = [];
    for (const op of operations) {
      if (op.method !== 'post' || op.path === '/api/auth/logout') continue;
      const url = op.path.replace(/\{[^}]+\}/g, 'X');
      const bodies = [{}, [], 'x', ...variants.map(([text, num]) => bodyOf(op.schema, text, num))];
      for (const body of bodies)
        for (const token of [undefined, admin]) {
          const res = await post(t.app, url, body, token);
          if (res.statusCode >= 500)
            failures.push(`${url} ${JSON.stringify(body).slice(0, 80)} → ${res.statusCode}`);
        }
    }
    // Valid examples, each string leaf replaced in turn, so the strings reach the rules and the SQL.
    const examples: [string, unknown][] = [
      ['/api/docket/post', booking(account)],
      ['/api/docket/price', booking(account)],
      [
        '/api/customer/address/post',
        {
          cadd_cust_id: account,
          cadd_coname: 'Acme',
          cadd_street: 'Portland Street',
          cadd_town: 'Manchester',
          cadd_postalcode: 'M1 1AE',
        },
      ],
      ['/api/docket/list', { search: 'x' }],
      ['/api/customer/address/list', { search: 'x' }],
      ['/api/circuit/docket/list/LIVE', { search: 'x', sort: { column: 'to_town', direction: 'asc' } }],
      [
        '/api/docket/status/change',
        statusChange(100001, 'W', 'G', { driver: 'D01', exception: 'DUPL', signed_by: 'x', reason: 'x' }),
      ],
      ['/api/driver/post', driver('FZ1')],
      ['/api/driver/list', { search: 'x' }],
      ['/api/postcode/list', { address: { street: 'Portland Street', postcode: 'M1 1AE' } }],
      ['/api/quote/alltariffs/list', quoteTariffsBody(TENANT_A)],
      ['/api/quote/docket', quoteDocketBody(TENANT_A, await chosenQuote())],
      ['/api/system/message/post', { values: { 'Quote.PaymentError': 'x' } }],
      ['/api/system/general/post', { values: { ArchiveDays: '14' } }],
    ];
    for (const [url, example] of examples)
      for (const path of stringPaths(example))
        for (const [text] of variants) {
          const body = withLeaf(example, path, text);
          const res = await post(t.app, url, body, admin);
          if (res.statusCode >= 500)
            failures.push(
              `${url} ${path.join('.')}=${JSON.stringify(text).slice(0, 20)} → ${res.statusCode}`,
            );
        }
    expect(failures).toEqual([]);
    // The admin's session survived all of it.
    expect((await post(t.app, '/api/auth/session', {}, admin)).statusCode).toBe(200);
  });
});
