import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ReportListResponse, ReportRunResponse } from '@courier/contracts';
import { queryRows } from '../../db/client';
import { forgetLiveSessions } from '../../db/live-session-cache';
import { users } from '../../db/schema';
import { formatUk, ukDayStart, ukNextDayStart } from '../../lib/dates';
import { ADMIN, CONTROL, CUSTOMER, DB_KINDS, TENANT_A, loginAs, post, useTestApp } from '../../test/harness';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('reports on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.tenants.get(TENANT_A)!.db;
  const day = (daysAgo: number) =>
    formatUk(new Date(t.clock.now().getTime() - daysAgo * DAY_MS), 'DD/MM/YYYY');
  const range = () => ({ dateStart: day(40), dateEnd: day(0) });

  const list = async (token: string, body: object = {}) => {
    const res = await post(t.app, '/api/report/list', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportListResponse;
  };
  /** The id of a report linked to the caller, by description. */
  const reportId = async (token: string, desc: string) =>
    (await list(token, { search: desc })).rows.find((r) => r.rpt_desc === desc)!.rpt_id;
  const run = async (token: string, body: object) => {
    const res = await post(t.app, '/api/report/run', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportRunResponse;
  };
  const accounts = () =>
    queryRows<{ cust_id: number; cust_acc_code: string }>(
      db(),
      sql`select cust_id, cust_acc_code from customers order by cust_id`,
    );

  it('lists only the reports linked to the caller, description ascending, searched by description', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    expect((await list(admin)).rows.map((r) => r.rpt_desc)).toEqual([
      'Bookings per day by account',
      'Driver jobs per day',
      'On-time delivery rate',
      'Spend by account and service',
      'Status breakdown',
    ]);
    expect((await list(customer)).rows.map((r) => r.rpt_desc)).toEqual([
      'Bookings per day by account',
      'Status breakdown',
    ]);
    expect((await list(admin, { search: 'PER DAY' })).rows.map((r) => r.rpt_desc)).toEqual([
      'Bookings per day by account',
      'Driver jobs per day',
    ]);
    const paged = await list(admin, { page: 1, pageSize: 20 });
    expect(paged.hasMore).toBe(false);
  });

  it('treats a hostile search as text: no report matches and nothing else changes', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    for (const search of ["' or 1=1 --", '%', '_', "'); delete from reports; --"])
      expect((await list(admin, { search })).rows).toEqual([]);
    expect((await list(admin)).rows).toHaveLength(5);
  });

  it('counts the seeded bookings by status as a direct SQL count does', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const { dateStart, dateEnd } = range();
    const result = await run(admin, {
      rpt_id: await reportId(admin, 'Status breakdown'),
      dateStart,
      dateEnd,
    });
    expect(result.columns.map((c) => c.title)).toEqual(['Status', 'Bookings', 'Share']);
    expect(result.chart).toEqual({ type: 'bar', x: 'status', y: ['bookings'] });
    const direct = await queryRows<{ status: string; n: number }>(
      db(),
      sql`select s.dsts_description as status, count(*)::int as n
          from dockets d join docket_statuses s on s.dsts_id = d.dck_status
          where d.dck_booked >= ${ukDayStart(dateStart)} and d.dck_booked < ${ukNextDayStart(dateEnd)}
          group by 1`,
    );
    expect(direct.length).toBeGreaterThan(1);
    expect(Object.fromEntries(result.rows.map((r) => [r.status, r.bookings]))).toEqual(
      Object.fromEntries(direct.map((r) => [r.status, r.n])),
    );
    const shares = result.rows.reduce((n, r) => n + Number(r.share), 0);
    expect(Math.abs(shares - 100)).toBeLessThan(1);
  });

  it('rates deliveries on time as the trace and the last deadline say, one docket at a time', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const { dateStart, dateEnd } = range();
    const from = ukDayStart(dateStart);
    const to = ukNextDayStart(dateEnd);
    // Two dockets with no trace yet: one delivered as its trace says only (its docket moved on), one
    // late against its deadline.
    const [moved, late] = await queryRows<{ dck_id: number }>(
      db(),
      sql`select d.dck_id from dockets d where d.dck_booked >= ${from} and d.dck_booked < ${to}
            and not exists (select 1 from trace_records tr where tr.dtr_dck_id = d.dck_id)
          order by d.dck_id limit 2`,
    );
    await db().execute(sql`
      insert into trace_records (dtr_dck_id, dtr_kind, dsts_id, dtr_scandate)
      select dck_id, 'status', 'D', dck_booked + interval '1 minute' from dockets where dck_id = ${moved!.dck_id}`);
    // A second, earlier record of the same delivery arrives later (a driver's queued report): the first counts.
    await db().execute(sql`
      insert into trace_records (dtr_dck_id, dtr_kind, dsts_id, dtr_scandate)
      select dck_id, 'status', 'D', dck_booked + interval '30 seconds' from dockets where dck_id = ${moved!.dck_id}`);
    await db().execute(sql`update dockets set dck_status = 'I' where dck_id = ${moved!.dck_id}`);
    await db().execute(sql`
      update dockets set dck_status = 'D', dck_status_time = dck_booked + interval '30 days' where dck_id = ${late!.dck_id}`);
    // A new last deadline, written as every write of deadlines does: the address and the docket's
    // copy (dck_last_deadline) together.
    await db().transaction(async (tx) => {
      await tx.execute(sql`
        update docket_addresses a set dadd_deadline = d.dck_booked + interval '2 hours' from dockets d
         where d.dck_id = a.dadd_dck_id and a.dadd_dck_id = ${late!.dck_id}
           and a.dadd_seq = (select max(dadd_seq) from docket_addresses where dadd_dck_id = ${late!.dck_id})`);
      await tx.execute(sql`
        update dockets set dck_last_deadline = dck_booked + interval '2 hours' where dck_id = ${late!.dck_id}`);
    });
    const result = await run(admin, {
      rpt_id: await reportId(admin, 'On-time delivery rate'),
      dateStart,
      dateEnd,
    });
    // The definition of the rate, docket by docket, as a direct query computes it.
    const direct = await queryRows<Record<string, number | string>>(
      db(),
      sql`select account, count(*)::int as delivered,
                 count(*) filter (where delivered_at <= deadline)::int as on_time,
                 count(*) filter (where delivered_at > deadline)::int as late
          from (select c.cust_acc_code as account,
                       coalesce((select min(tr.dtr_scandate) from trace_records tr
                                  where tr.dtr_dck_id = d.dck_id and tr.dtr_kind = 'status' and tr.dsts_id = 'D'),
                                case when d.dck_status = 'D' then d.dck_status_time end) as delivered_at,
                       (select a.dadd_deadline from docket_addresses a
                         where a.dadd_dck_id = d.dck_id order by a.dadd_seq desc limit 1) as deadline
                from dockets d join customers c on c.cust_id = d.dck_cust_id
                where d.dck_booked >= ${from} and d.dck_booked < ${to}) x
          where delivered_at is not null group by account order by account`,
    );
    expect(direct.some((r) => Number(r.late) > 0)).toBe(true);
    expect(result.rows.map(({ rate: _rate, ...r }) => r)).toEqual(direct);
  });

  it('counts bookings and driver jobs per UK day as a booking-by-booking count does', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const { dateStart, dateEnd } = range();
    const from = ukDayStart(dateStart);
    const to = ukNextDayStart(dateEnd);
    const runRows = async (desc: string) =>
      (await run(admin, { rpt_id: await reportId(admin, desc), dateStart, dateEnd })).rows;
    /** `columns` (the second one a key) over `source` per UK day, counted booking by booking. */
    const perUkDay = (columns: SQL, source: SQL) => {
      const ukDate = sql`(d.dck_booked at time zone 'Europe/London')::date`;
      return queryRows<Record<string, number | string>>(
        db(),
        sql`select to_char(${ukDate}, 'DD/MM/YYYY') as day, ${columns} from ${source}
            where d.dck_booked >= ${from} and d.dck_booked < ${to}
            group by ${ukDate}, 1, 2 order by ${ukDate}, 2`,
      );
    };
    const perDay = await perUkDay(
      sql`c.cust_acc_code as account, count(*)::int as bookings, sum(d.dck_total_pence)::float8 as total`,
      sql`dockets d join customers c on c.cust_id = d.dck_cust_id`,
    );
    expect(perDay.length).toBeGreaterThan(10);
    expect(await runRows('Bookings per day by account')).toEqual(perDay);
    const jobs = await perUkDay(
      sql`v.drv_name as driver, count(*)::int as jobs, round(sum(d.dck_distance), 1)::float8 as miles`,
      sql`dockets d join drivers v on v.drv_driver = d.drv_driver`,
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(await runRows('Driver jobs per day')).toEqual(jobs);
  });

  it("limits a non-admin to their accounts and refuses another account's cust_id", async () => {
    const customer = await loginAs(t.app, ...CUSTOMER);
    const admin = await loginAs(t.app, ...ADMIN);
    const [first, second, third] = await accounts();
    const rptId = await reportId(customer, 'Bookings per day by account');
    const all = await run(customer, { rpt_id: rptId, ...range() });
    const seen = new Set(all.rows.map((r) => r.account));
    expect(seen.has(third!.cust_acc_code)).toBe(false);
    expect([...seen].every((a) => [first!.cust_acc_code, second!.cust_acc_code].includes(String(a)))).toBe(
      true,
    );

    // One account: the report's bookings are that account's, as counted directly.
    const one = await run(customer, { rpt_id: rptId, ...range(), cust_id: first!.cust_id });
    const [direct] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from dockets where dck_cust_id = ${first!.cust_id}`,
    );
    expect(one.rows.reduce((n, r) => n + Number(r.bookings), 0)).toBe(direct!.n);
    expect(direct!.n).toBeGreaterThan(0);

    // Another account's id is refused, naming the field; the admin sees that account.
    const refused = await post(
      t.app,
      '/api/report/run',
      { rpt_id: rptId, ...range(), cust_id: third!.cust_id },
      customer,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual({ cust_id: 'Not your account' });
    const adminAll = await run(admin, {
      rpt_id: await reportId(admin, 'Bookings per day by account'),
      ...range(),
    });
    const [total] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from dockets`);
    expect(adminAll.rows.reduce((n, r) => n + Number(r.bookings), 0)).toBe(total!.n);
  });

  it('runs every definition the admin is linked to', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    for (const r of (await list(admin)).rows) {
      const result = await run(admin, { rpt_id: r.rpt_id, ...range() });
      expect(result.rpt_desc).toBe(r.rpt_desc);
      expect(result.rows.length, r.rpt_desc).toBeGreaterThan(0);
      for (const row of result.rows)
        expect(Object.keys(row).sort()).toEqual(result.columns.map((c) => c.key).sort());
    }
  });

  it('answers 400 naming the field, 401, 403 and 404 as it should', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    const control = await loginAs(t.app, ...CONTROL);
    const rptId = await reportId(admin, 'Status breakdown');
    const status = (body: object, token?: string, url = '/api/report/run') =>
      post(t.app, url, body, token).then((r) => ({ code: r.statusCode, fields: r.json().fields as object }));

    expect(await status({ rpt_id: rptId, dateStart: day(400), dateEnd: day(0) }, admin)).toMatchObject({
      code: 400,
      fields: { dateEnd: 'The date range is at most 366 days' },
    });
    expect(await status({ rpt_id: rptId, dateStart: day(0), dateEnd: day(3) }, admin)).toMatchObject({
      code: 400,
      fields: { dateEnd: 'dateEnd is before dateStart' },
    });
    expect((await status({ rpt_id: rptId, dateStart: '2026-01-01', dateEnd: day(0) }, admin)).code).toBe(400);
    expect((await status({ rpt_id: rptId, dateStart: '31/02/2026', dateEnd: day(0) }, admin)).fields).toEqual(
      {
        dateStart: 'Not a real date',
      },
    );
    expect((await status({ rpt_id: 'x; drop table reports', ...range() }, admin)).code).toBe(400);

    expect((await status({ rpt_id: rptId, ...range() })).code).toBe(401);
    expect((await status({}, control, '/api/report/list')).code).toBe(403);
    expect((await status({ rpt_id: rptId, ...range() }, control)).code).toBe(403);

    // Not linked to the customer: 404 as for a report that does not exist.
    const spend = await reportId(admin, 'Spend by account and service');
    expect((await status({ rpt_id: spend, ...range() }, customer)).code).toBe(404);
    expect((await status({ rpt_id: 2_000_000_000, ...range() }, admin)).code).toBe(404);
  });

  it('exports a report as CSV and PDF with the export right only', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    const rptId = await reportId(admin, 'Spend by account and service');
    const ran = await run(admin, { rpt_id: rptId, ...range() });
    const csv = await post(t.app, '/api/report/export', { rpt_id: rptId, ...range(), format: 'csv' }, admin);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="spend-by-account-service.csv"');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Account,Service,Bookings,Net,VAT,Total');
    expect(lines).toHaveLength(ran.rows.length + 1);
    const top = ran.rows[0]!;
    expect(lines[1]).toContain(`${top.account},${top.service},${top.bookings},`);
    expect(lines[1]).toMatch(new RegExp(`,${(Number(top.total) / 100).toFixed(2)}$`));

    const pdf = await post(t.app, '/api/report/export', { rpt_id: rptId, ...range(), format: 'pdf' }, admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const statusId = await reportId(customer, 'Status breakdown');
    expect(
      (await post(t.app, '/api/report/export', { rpt_id: statusId, ...range(), format: 'csv' }, customer))
        .statusCode,
    ).toBe(403);
  });
  it('leaves the money out of a report for a user without the price right, in its answer and its file', async () => {
    const priced = await loginAs(t.app, ...ADMIN);
    const rptId = await reportId(priced, 'Spend by account and service');
    const perDay = await reportId(priced, 'Bookings per day by account');
    expect((await run(priced, { rpt_id: rptId, ...range() })).columns.map((c) => c.key)).toContain('total');
    await db().update(users).set({ ausr_rights_price: 'F' }).where(eq(users.ausr_logon, 'admin'));
    forgetLiveSessions();
    try {
      const admin = await loginAs(t.app, ...ADMIN);
      for (const id of [rptId, perDay]) {
        const ran = await run(admin, { rpt_id: id, ...range() });
        expect(ran.rows.length).toBeGreaterThan(0);
        expect(ran.columns.some((c) => c.kind === 'money')).toBe(false);
        for (const row of ran.rows) expect(Object.keys(row)).not.toContain('total');
        expect(ran.chart.y.every((k) => ran.columns.some((c) => c.key === k))).toBe(true);
      }
      const csv = await post(
        t.app,
        '/api/report/export',
        { rpt_id: rptId, ...range(), format: 'csv' },
        admin,
      );
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.split(/\r?\n/)[0]).toBe('Account,Service,Bookings');
    } finally {
      await db().update(users).set({ ausr_rights_price: 'T' }).where(eq(users.ausr_logon, 'admin'));
      forgetLiveSessions();
    }
  });
});
