import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { CUSTOMER, loginAs, post, TENANT_A, useTestApp } from '../../test/harness';

/** A list row's names as the API answers them. */
interface Named {
  dck_id: number;
  cust_acc_code: string;
  dsts_description: string;
  dsts_color: string;
  dsts_font_color: string;
  ttyp_description: string;
}

/**
 * docket/list rows name their account, status and vehicle (spec "bookings…" §2) from the caller's
 * linked accounts and the tenant's lookups kept in memory, not from joins: each must still say
 * what the tables hold, at once after any change to them.
 */
describe('docket/list: account, status and vehicle of each row', () => {
  const t = useTestApp('postgres', { dockets: 45 });
  let customer: string;
  const db = () => t.tenants.get(TENANT_A)!.db;
  const history = { archive: true, dateStart: '01/01/2000', dateEnd: '31/12/2099' };

  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
  });

  /** The names of these dockets as a join of the tables gives them. */
  async function joined(ids: number[]): Promise<Named[]> {
    return queryRows<Named>(
      db(),
      sql`select d.dck_id, c.cust_acc_code, s.dsts_description, s.dsts_color, s.dsts_font_color, tt.ttyp_description
            from dockets d join customers c on c.cust_id = d.dck_cust_id
            join docket_statuses s on s.dsts_id = d.dck_status
            join tariff_types tt on tt.ttyp_tariff = d.dck_tariff
           where d.dck_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
  }

  async function page(body: object): Promise<Named[]> {
    const res = await post(t.app, '/api/docket/list', { page: 1, pageSize: 50, ...body }, customer);
    expect(res.statusCode).toBe(200);
    return res.json().rows.map((r: Named) => ({
      dck_id: r.dck_id,
      cust_acc_code: r.cust_acc_code,
      dsts_description: r.dsts_description,
      dsts_color: r.dsts_color,
      dsts_font_color: r.dsts_font_color,
      ttyp_description: r.ttyp_description,
    }));
  }

  async function expectAsJoined(rows: Named[]) {
    expect(rows.length).toBeGreaterThan(0);
    const byId = new Map((await joined(rows.map((r) => r.dck_id))).map((r) => [r.dck_id, r]));
    for (const r of rows) expect(r).toEqual(byId.get(r.dck_id));
  }

  it('names them as the tables do, in recent, history, a search and every sort', async () => {
    const recent = await page({ archive: false });
    const all = await page(history);
    await expectAsJoined(recent);
    await expectAsJoined(all);
    // More than one status and account on the page, so a wrong lookup would show.
    expect(new Set(all.map((r) => r.dsts_description)).size).toBeGreaterThan(1);
    expect(new Set(all.map((r) => r.cust_acc_code)).size).toBeGreaterThan(1);
    await expectAsJoined(await page({ ...history, search: 'a' }));
    for (const column of ['dsts_description', 'cust_acc_code'] as const)
      for (const direction of ['asc', 'desc'] as const) {
        const sorted = await page({ ...history, sort: { column, direction } });
        await expectAsJoined(sorted);
        const values = sorted.map((r) => r[column]);
        const order = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${column} ${direction}`).toEqual(direction === 'asc' ? order : order.reverse());
      }
  });

  it('names at once a status and a vehicle added since, a rename, and no vehicle for an unknown tariff', async () => {
    const [first] = await page(history);
    const shown = async () => (await page(history)).find((r) => r.dck_id === first!.dck_id);
    await db().execute(
      // Complete, so that the docket stays in history.
      sql`insert into docket_statuses (dsts_id, dsts_description, dsts_color, dsts_font_color, dsts_complete)
          values ('9', 'Held at depot', '#123456', '#fedcba', 'T')`,
    );
    await db().execute(sql`update dockets set dck_status = '9' where dck_id = ${first!.dck_id}`);
    expect(await shown()).toMatchObject({
      dsts_description: 'Held at depot',
      dsts_color: '#123456',
      dsts_font_color: '#fedcba',
    });
    await db().execute(
      sql`insert into tariff_types (ttyp_tariff, ttyp_description, ttyp_base_pence, ttyp_per_mile_pence, ttyp_extra_parcel_pence, ttyp_speed_mph)
          values (99, 'Tail-lift lorry', 1, 1, 1, 30)`,
    );
    await db().execute(sql`update dockets set dck_tariff = 99 where dck_id = ${first!.dck_id}`);
    expect(await shown()).toMatchObject({ ttyp_description: 'Tail-lift lorry' });

    await db().execute(sql`update docket_statuses set dsts_description = 'Held at hub' where dsts_id = '9'`);
    expect((await shown())?.dsts_description).toBe('Held at hub');
    await db().execute(
      sql`update tariff_types set ttyp_description = 'Lorry with tail-lift' where ttyp_tariff = 99`,
    );
    expect((await shown())?.ttyp_description).toBe('Lorry with tail-lift');

    // A tariff the table does not hold (dck_tariff has no foreign key): listed, with no vehicle.
    await db().execute(sql`update dockets set dck_tariff = 0 where dck_id = ${first!.dck_id}`);
    expect(await shown()).toMatchObject({ dck_id: first!.dck_id, ttyp_description: '' });
  });
});
