import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema';
import { booking, useTestApp, CUSTOMER, DB_KINDS, loginAs, post, TENANT_A } from '../../test/harness';

describe.each(DB_KINDS)('a consignment the vehicle can carry on %s', (kind) => {
  let customer: string;
  let custId: number;
  const t = useTestApp(kind, { dockets: 0 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    custId = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });

  const huge = () =>
    booking(custId, {
      dck_tariff: 4,
      parcels: Array.from({ length: 50 }, () => ({ dpcl_quantity: 999, dpcl_weight: 30000 })),
    });

  it.each(['/api/docket/price', '/api/docket/post'])(
    '%s refuses 50 parcels of 999 pieces at 30 t by car',
    async (url) => {
      const res = await post(t.app, url, huge(), customer);
      expect(res.statusCode).toBe(422);
      const message =
        'A car carries at most 200 kg in 30 pieces; this consignment is 1,498,500,000 kg in 49,950 pieces';
      expect(res.json()).toEqual({ error: 'BUSINESS_RULE', message, fields: { parcels: message } });
    },
  );

  it("follows the courier's Capacity setting for a vehicle", async () => {
    const load = booking(custId, { dck_tariff: 4, parcels: [{ dpcl_quantity: 2, dpcl_weight: 150 }] });
    expect((await post(t.app, '/api/docket/price', load, customer)).statusCode).toBe(422);
    await t.tenants
      .get(TENANT_A)!
      .db.insert(settings)
      .values({ sett_group: 'config', sett_key: 'Capacity.4', sett_value: '400,30' });
    expect((await post(t.app, '/api/docket/price', load, customer)).statusCode).toBe(200);
  });
});
