import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { CUSTOMER, loginAs, post, TENANT_A, useTestApp } from '../../test/harness';
import { NEWEST_WINDOW } from './docket-list.repository';

/**
 * docket/list newest first (spec "bookings…" §2) reads a page from the tenant's newest dockets
 * when they hold it, else from all of them: either way the page is the one the filter defines.
 */
describe('docket/list pages, newest docket first, whoever booked since', () => {
  const t = useTestApp('postgres', { dockets: 45 });
  let customer: string;
  let accounts: number[];
  const db = () => t.tenants.get(TENANT_A)!.db;

  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    const session = (await post(t.app, '/api/auth/session', {}, customer)).json();
    accounts = session.accounts.map((a: { cust_id: number }) => a.cust_id);
  });

  /** `count` new bookings of account `custId`, numbered after every docket, booked now, status W. */
  async function book(custId: number, count: number) {
    const columns = (
      await queryRows<{ column_name: string }>(
        db(),
        sql`select column_name from information_schema.columns
             where table_name = 'dockets' and column_default is distinct from 'nextval(''dockets_dck_id_seq''::regclass)'
               and column_name not in ('dck_docket', 'tracking_reference', 'dck_cust_id', 'dck_status', 'dck_booked')`,
      )
    ).map((c) => `"${c.column_name}"`);
    await db().execute(
      sql`insert into dockets (${sql.raw(columns.join(', '))}, dck_docket, tracking_reference, dck_cust_id, dck_status, dck_booked)
          select ${sql.raw(columns.map((c) => `src.${c}`).join(', '))}, top.n + g, 'WIN' || (top.n + g), ${custId}, 'W', ${t.clock.now().toISOString()}::timestamptz
            from (select * from dockets order by dck_id limit 1) src,
                 (select max(dck_docket) n from dockets) top,
                 generate_series(1, ${count}) g`,
    );
  }

  /** The customer's docket numbers for a page as SQL defines it: recent, or history from 2000 on. */
  async function expected(archive: boolean, page: number): Promise<number[]> {
    const archived = sql`(dck_status in (select dsts_id from docket_statuses where dsts_complete = 'T')
                          or dck_booked < ${t.clock.now().toISOString()}::timestamptz - interval '14 days')`;
    const rows = await queryRows<{ n: string }>(
      db(),
      sql`select dck_docket n from dockets
           where dck_cust_id = any(${`{${accounts.join(',')}}`}::int[]) and ${archive ? archived : sql`not ${archived}`}
           order by dck_docket desc limit 20 offset ${(page - 1) * 20}`,
    );
    return rows.map((r) => Number(r.n));
  }

  async function shown(archive: boolean, page: number): Promise<number[]> {
    const dates = archive ? { dateStart: '01/01/2000', dateEnd: '31/12/2099' } : {};
    const res = await post(t.app, '/api/docket/list', { archive, page, ...dates }, customer);
    expect(res.statusCode).toBe(200);
    return res.json().rows.map((r: { dck_docket: number }) => r.dck_docket);
  }

  async function expectEveryPageAsDefined() {
    for (const archive of [false, true])
      for (const page of [1, 2, 3]) {
        const want = await expected(archive, page);
        expect(await shown(archive, page), `${archive ? 'history' : 'recent'} page ${page}`).toEqual(want);
      }
  }

  it('reads the pages of a busy account among the newest dockets as they are defined', async () => {
    await book(accounts[0]!, 45);
    expect((await expected(false, 2)).length).toBe(20);
    await expectEveryPageAsDefined();
  });

  it("still finds an account's dockets once another account has booked more than the window since", async () => {
    const other = (
      await queryRows<{ cust_id: number }>(
        db(),
        sql`select cust_id from customers where cust_id <> all(${`{${accounts.join(',')}}`}::int[]) limit 1`,
      )
    )[0]!.cust_id;
    await book(other, NEWEST_WINDOW + 30);
    expect((await expected(false, 1)).length).toBe(20);
    expect((await expected(true, 1)).length).toBeGreaterThan(0);
    await expectEveryPageAsDefined();
  });
});
