import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { CUSTOMER, loginAs, post, TENANT_A, useTestApp } from '../../test/harness';
import { forgetWindowMisses, NEWEST_WINDOW } from './docket-list.repository';

/**
 * docket/list newest first (spec "bookings…" §2) reads a page from the tenant's newest dockets
 * when they hold it, else from all of them: either way the page is the one the filter defines.
 */
describe('docket/list pages, newest docket first, whoever booked since', () => {
  const t = useTestApp('postgres', { dockets: 45 });
  let customer: string;
  let accounts: number[];
  const db = () => t.tenants.get(TENANT_A)!.db;

  // A page the window missed would skip it for a minute: each test tries it afresh.
  beforeEach(forgetWindowMisses);

  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    const session = (await post(t.app, '/api/auth/session', {}, customer)).json();
    accounts = session.accounts.map((a: { cust_id: number }) => a.cust_id);
  });

  /** `count` new bookings of account `custId`, numbered as bookings are, booked now, status W. */
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
          select ${sql.raw(columns.map((c) => `src.${c}`).join(', '))}, n, 'WIN' || n, ${custId}, 'W', ${t.clock.now().toISOString()}::timestamptz
            from (select * from dockets order by dck_id limit 1) src,
                 lateral (select nextval('dck_docket_seq') n from generate_series(1, ${count})) g`,
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

  /** A page as the customer sees it: its docket numbers, and whether Next is offered. */
  async function shown(archive: boolean, page: number) {
    const dates = archive ? { dateStart: '01/01/2000', dateEnd: '31/12/2099' } : {};
    const res = await post(t.app, '/api/docket/list', { archive, page, ...dates }, customer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { rows: body.rows.map((r: { dck_docket: number }) => r.dck_docket), hasMore: body.hasMore };
  }

  async function expectEveryPageAsDefined() {
    for (const archive of [false, true])
      for (const page of [1, 2, 3]) {
        const rows = await expected(archive, page);
        const hasMore = (await expected(archive, page + 1)).length > 0;
        expect(await shown(archive, page), `${archive ? 'history' : 'recent'} page ${page}`).toEqual({
          rows,
          hasMore,
        });
      }
  }

  it('reads the pages of a busy account among the newest dockets as they are defined', async () => {
    await book(accounts[0]!, 45);
    expect((await expected(false, 2)).length).toBe(20);
    await expectEveryPageAsDefined();
  });

  /** An account the customer is not linked to. */
  const otherAccount = async () =>
    (
      await queryRows<{ cust_id: number }>(
        db(),
        sql`select cust_id from customers where cust_id <> all(${`{${accounts.join(',')}}`}::int[]) limit 1`,
      )
    )[0]!.cust_id;

  it('reads a page the newest dockets hold only part of from all of them', async () => {
    await book(accounts[0]!, 10);
    await book(await otherAccount(), NEWEST_WINDOW - 15);
    await book(accounts[0]!, 15);
    // The window holds the customer's 15 newest: page 1 needs 5 older ones too.
    await expectEveryPageAsDefined();
  });

  it("still finds an account's dockets once another account has booked more than the window since", async () => {
    await book(await otherAccount(), NEWEST_WINDOW + 30);
    // Then 5 of its own: the newest window holds those only, the rest of page 1 is older.
    await book(accounts[0]!, 5);
    expect((await expected(false, 1)).length).toBe(20);
    expect((await expected(true, 1)).length).toBeGreaterThan(0);
    await expectEveryPageAsDefined();
  });
});
