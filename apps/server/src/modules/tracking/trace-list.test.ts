import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { TraceListResponse } from '@courier/contracts';
import { dockets, settings, traceRecords, users } from '../../db/schema';
import { formatUk, ukDayStart, ukNextDayStart } from '../../lib/dates';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
  useTestApp,
} from '../../test/harness';
import { forgetLiveSessions } from '../../db/live-session-cache';

const DAY = 86_400_000;

describe.each(DB_KINDS)('Track and Trace list on %s', (kind) => {
  const t = useTestApp(kind);
  const db = (tenant = TENANT_A) => t.tenants.get(tenant)!.db;
  let customer: string;
  let accounts: number[];
  const list = (body: object, token = customer) => post(t.app, '/api/trackandtrace/list', body, token);
  const day = (msAgo: number) => formatUk(new Date(t.clock.now().getTime() - msAgo), 'DD/MM/YYYY');

  /** The non-position trace records of `accountIds` scanned in the UK days `from` to `to`, in list order. */
  const expected = async (accountIds: number[], from: string, to: string) => {
    const rows = await db()
      .select({ dtr_id: traceRecords.dtr_id, docket: dockets.dck_docket, at: traceRecords.dtr_scandate })
      .from(traceRecords)
      .innerJoin(dockets, eq(dockets.dck_id, traceRecords.dtr_dck_id))
      .where(
        and(
          inArray(dockets.dck_cust_id, accountIds),
          ne(traceRecords.dtr_kind, 'position'),
          gte(traceRecords.dtr_scandate, ukDayStart(from)!),
          lt(traceRecords.dtr_scandate, ukNextDayStart(to)!),
        ),
      );
    return rows
      .sort(
        (a, b) =>
          Number(b.docket) - Number(a.docket) || b.at.getTime() - a.at.getTime() || b.dtr_id - a.dtr_id,
      )
      .map((r) => r.dtr_id);
  };

  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    accounts = (
      (await post(t.app, '/api/auth/session', {}, customer)).json().accounts as { cust_id: number }[]
    ).map((a) => a.cust_id);
  });

  it('defaults to two days back to today, descending by docket, with the columns the settings show', async () => {
    const res = await list({});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TraceListResponse;
    expect(body.dateStart).toBe(day(2 * DAY));
    expect(body.dateEnd).toBe(day(0));
    expect(body.columns).toEqual({ reference: true, consignment: true, traceRef: true });
    expect(body.docketAccess).toBe(true);
    expect(body.rows.length).toBeGreaterThan(0);
    const windowStart = Date.now() - 3 * DAY;
    for (const r of body.rows) {
      expect(Date.parse(r.dtr_scandate)).toBeGreaterThan(windowStart);
      expect(r.tracking_reference).toMatch(/^[A-Z0-9-]+$/);
    }
    const numbers = body.rows.map((r) => r.dck_docket);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it("pages in SQL through only the caller's accounts, no position reports", async () => {
    const from = day(60 * DAY);
    const to = day(0);
    const want = await expected(accounts, from, to);
    expect(want.length).toBeGreaterThan(20);
    const seen: number[] = [];
    for (let page = 1; page < 100; page++) {
      const body = (await list({ dateStart: from, dateEnd: to, page })).json() as TraceListResponse;
      expect(body.rows.length).toBeLessThanOrEqual(20);
      seen.push(...body.rows.map((r) => r.dtr_id));
      if (!body.hasMore) break;
    }
    expect(seen).toEqual(want);
    const ids = await db()
      .select({ cust: dockets.dck_cust_id, kind: traceRecords.dtr_kind })
      .from(traceRecords)
      .innerJoin(dockets, eq(dockets.dck_id, traceRecords.dtr_dck_id))
      .where(inArray(traceRecords.dtr_id, seen));
    expect(ids.every((r) => accounts.includes(r.cust) && r.kind !== 'position')).toBe(true);

    // The admin, linked to more accounts, sees records the customer does not.
    const admin = await loginAs(t.app, ...ADMIN);
    const adminRows = (
      await list({ dateStart: from, dateEnd: to, pageSize: 50 }, admin)
    ).json() as TraceListResponse;
    expect(adminRows.rows.some((r) => !seen.includes(r.dtr_id))).toBe(true);
  });

  it('sorts by scan time on request and filters by an explicit window', async () => {
    const body = (
      await list({
        dateStart: day(60 * DAY),
        dateEnd: day(0),
        sort: { column: 'dtr_scandate', direction: 'asc' },
      })
    ).json() as TraceListResponse;
    const times = body.rows.map((r) => r.dtr_scandate);
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort());
    const old = (await list({ dateStart: '01/01/2001', dateEnd: '31/12/2001' })).json() as TraceListResponse;
    expect(old.rows).toEqual([]);
    expect(old.hasMore).toBe(false);
  });

  it('names a bad date field (400)', async () => {
    const notDate = await list({ dateStart: '31/02/2026', dateEnd: '01/03/2026' });
    expect(notDate.statusCode).toBe(400);
    expect(notDate.json().fields).toMatchObject({ dateStart: 'Not a date' });
    const one = await list({ dateStart: '01/03/2026' });
    expect(one.statusCode).toBe(400);
    expect(one.json().fields).toMatchObject({ dateEnd: 'Give both dates' });
    const backwards = await list({ dateStart: '02/03/2026', dateEnd: '01/03/2026' });
    expect(backwards.json().fields).toMatchObject({ dateEnd: 'dateEnd is before dateStart' });
    const format = await list({ dateStart: '2026-03-01', dateEnd: '01/03/2026' });
    expect(format.statusCode).toBe(400);
  });

  it('needs the trace right (403) and a session (401)', async () => {
    const control = await loginAs(t.app, ...CONTROL);
    expect((await list({}, control)).statusCode).toBe(403);
    expect((await post(t.app, '/api/trackandtrace/list', {})).statusCode).toBe(401);
  });

  it("keeps each tenant's records to itself", async () => {
    const b = await loginAs(t.app, ...CUSTOMER, TENANT_B);
    const body = (
      await list({ dateStart: day(60 * DAY), dateEnd: day(0), pageSize: 50 }, b)
    ).json() as TraceListResponse;
    expect(body.rows.length).toBeGreaterThan(0);
    const refs = body.rows.map((r) => r.tracking_reference);
    const inA = await db()
      .select({ ref: dockets.tracking_reference })
      .from(dockets)
      .where(inArray(dockets.tracking_reference, refs));
    const inB = await db(TENANT_B)
      .select({ ref: dockets.tracking_reference })
      .from(dockets)
      .where(inArray(dockets.tracking_reference, refs));
    expect(inA).toEqual([]);
    expect(new Set(inB.map((r) => r.ref))).toEqual(new Set(refs));
  });

  it('hides the optional columns by settings and the tracking references when docket access is disabled', async () => {
    await db()
      .update(settings)
      .set({ sett_value: 'F' })
      .where(and(eq(settings.sett_group, 'default'), eq(settings.sett_key, 'aset_trace_consignment')));
    await db()
      .update(users)
      .set({ ausr_trace_disable_docket_access: 'T' })
      .where(eq(users.ausr_logon, CUSTOMER[0]));
    forgetLiveSessions();
    try {
      const token = await loginAs(t.app, ...CUSTOMER);
      const body = (
        await list({ dateStart: day(60 * DAY), dateEnd: day(0) }, token)
      ).json() as TraceListResponse;
      expect(body.columns).toEqual({ reference: true, consignment: false, traceRef: true });
      expect(body.docketAccess).toBe(false);
      expect(body.rows.length).toBeGreaterThan(0);
      expect(body.rows.every((r) => r.tracking_reference === '')).toBe(true);
    } finally {
      await db()
        .update(settings)
        .set({ sett_value: 'T' })
        .where(and(eq(settings.sett_group, 'default'), eq(settings.sett_key, 'aset_trace_consignment')));
      await db()
        .update(users)
        .set({ ausr_trace_disable_docket_access: 'F' })
        .where(eq(users.ausr_logon, CUSTOMER[0]));
      forgetLiveSessions();
    }
  });
});
