import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quoteView } from '@courier/contracts';
import { responseSerializerCompiler } from './serializer';

/** The serializer Fastify would compile for a route answering `schema`. */
const serializerOf = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'POST', url: '/api/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

const account = z.object({
  cust_id: z.number().int(),
  cust_name: z.string(),
  cust_onhold: z.boolean().nullable(),
  tags: z.array(z.object({ t: z.string() })),
  note: z.string().optional(),
});

describe('response serializer', () => {
  it('writes only the fields the schema names, as zod would', () => {
    const json = serializerOf(account)({
      cust_id: 7,
      cust_name: 'Acme',
      cust_onhold: null,
      tags: [{ t: 'a', secret: 'x' }],
      ausr_password_hash: '$argon2id$…',
    });
    expect(JSON.parse(json)).toEqual({
      cust_id: 7,
      cust_name: 'Acme',
      cust_onhold: null,
      tags: [{ t: 'a' }],
    });
    expect(json).not.toContain('argon2');
  });

  it('refuses an answer without a required field (500), never sends it partly', () => {
    expect(() => serializerOf(account)({ cust_id: 7, cust_onhold: false, tags: [] })).toThrow(/cust_name/);
  });

  it('keeps zod for a union, which sends the branch a row fits once stripped', () => {
    const row = z.union([
      z.object({ kind: z.literal('full'), label: z.string().min(1) }),
      z.object({ kind: z.string() }),
    ]);
    const serialize = serializerOf(z.object({ rows: z.array(row) }));
    const rows = [
      { kind: 'full', label: 'Ref 1' },
      { kind: 'full', label: '', extra: 'dropped' },
    ];
    expect(JSON.parse(serialize({ rows }))).toEqual({
      rows: [{ kind: 'full', label: 'Ref 1' }, { kind: 'full' }],
    });
  });

  it('keeps zod for a schema with no JSON Schema form (a date)', () => {
    const serialize = serializerOf(z.object({ at: z.date() }));
    expect(JSON.parse(serialize({ at: new Date('2026-11-26T10:00:00Z') }))).toEqual({
      at: '2026-11-26T10:00:00.000Z',
    });
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });

  it('writes a guest quote exactly as JSON.stringify of what zod lets through', () => {
    const view = {
      guid: 'g'.repeat(43),
      state: 'priced',
      expires_at: '2026-11-26T10:15:00.000Z',
      dck_cust_id: 3,
      dck_serv_type: 'ST',
      tariffs: [
        {
          ttyp_tariff: 4,
          ttyp_description: 'Small Van',
          success: true,
          total: 123.45,
          hold: 135.8,
          netvat: 20.58,
          distance: 195.11,
          time: 293,
          lines: [{ kind: 'base', label: 'Base charge', amount: 25 }],
        },
      ],
      ttyp_tariff: null,
      dck_contact: '',
      dck_telephone: '',
      dck_email: '',
      addresses: [{ dadd_addresstype: 0, dadd_postalcode: 'M1 1AE' }],
      parcels: [{ dpcl_quantity: 1, dpcl_weight: 2.5 }],
      payment: null,
      dck_docket: null,
    };
    expect(serializerOf(quoteView)(view)).toBe(JSON.stringify(quoteView.parse(view)));
  });
});
