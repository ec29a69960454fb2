import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LogListResponse, LogRow } from '@courier/contracts';
import { auditLog, settings } from '../../db/schema';
import { formatUk } from '../../lib/dates';
import { ADMIN, CONTROL, CUSTOMER, DB_KINDS, TENANT_B, loginAs, post, useTestApp } from '../../test/harness';
import { purgeLog } from './log-purge.job';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('the log viewer on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });
  const today = () => formatUk(t.clock.now(), 'DD/MM/YYYY');
  const list = async (token: string, body: object) => {
    const res = await post(t.app, '/api/log/list', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LogListResponse;
  };

  it("lists the day's logins, failed ones too, newest first, a page at a time, with their detail", async () => {
    const intruder = `intruder-${Date.now()}`;
    expect(
      (await post(t.app, '/api/auth/login', { database: 'Demo Couriers', username: intruder, password: 'x' }))
        .statusCode,
    ).toBe(401);
    await loginAs(t.app, ...CUSTOMER);
    const admin = await loginAs(t.app, ...ADMIN);

    const first = await list(admin, { day: today() });
    const logins = first.rows.filter((r) => r.log_process === 'login');
    // The admin's own login is the newest; the failure is a warning under the name that was tried.
    expect(logins[0]).toMatchObject({ log_user: 'admin', log_unit: 'auth', log_type: 'info' });
    expect(logins.map((r) => r.log_user)).toEqual(expect.arrayContaining(['customer', intruder]));
    expect(logins.find((r) => r.log_user === intruder)?.log_type).toBe('warning');
    const times = first.rows.map((r) => r.log_time);
    expect([...times].sort().reverse()).toEqual(times);

    const detail = await post(
      t.app,
      '/api/log/detail',
      { log_id: logins.find((r) => r.log_user === intruder)!.log_id },
      admin,
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ log_user: intruder, log_detail: { result: 'failed' } });

    // More than a page: 20 rows and hasMore, then the rest on page 2, none twice.
    for (let i = 0; i < 21; i++)
      await post(t.app, '/api/auth/login', {
        database: 'Demo Couriers',
        username: `${intruder}-${i}`,
        password: 'x',
      });
    const p1 = await list(admin, { day: today(), page: 1, pageSize: 20 });
    const p2 = await list(admin, { day: today(), page: 2, pageSize: 20 });
    expect(p1.rows).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    const ids = [...p1.rows, ...p2.rows].map((r: LogRow) => r.log_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(p1.rows[0]!.log_user).toBe(`${intruder}-20`);
  });

  it('is for administrators of the tenant only', async () => {
    for (const who of [CUSTOMER, CONTROL]) {
      const token = await loginAs(t.app, who[0], who[1]);
      expect((await post(t.app, '/api/log/list', { day: today() }, token)).statusCode).toBe(403);
      expect((await post(t.app, '/api/log/detail', { log_id: 1 }, token)).statusCode).toBe(403);
    }
    expect((await post(t.app, '/api/log/list', { day: today() })).statusCode).toBe(401);
    expect((await post(t.app, '/api/log/detail', { log_id: 1 })).statusCode).toBe(401);

    // Another tenant's log is its own: a failure in Demo Couriers is not in Northern Express's.
    const marker = `only-in-a-${Date.now()}`;
    await post(t.app, '/api/auth/login', { database: 'Demo Couriers', username: marker, password: 'x' });
    const adminB = await loginAs(t.app, ADMIN[0], ADMIN[1], TENANT_B);
    const rowsB = (await list(adminB, { day: today(), pageSize: 50 })).rows;
    expect(rowsB.some((r) => r.log_user === marker)).toBe(false);
    expect((await post(t.app, '/api/log/detail', { log_id: 2_000_000_000 }, adminB)).statusCode).toBe(404);
  });

  it('names the day when it is not a real date, and an empty day is an empty page', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    for (const day of ['31/02/2026', '2026-01-01', '']) {
      const res = await post(t.app, '/api/log/list', { day }, admin);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain('day');
    }
    expect(await list(admin, { day: '01/01/2001' })).toEqual({
      rows: [],
      page: 1,
      pageSize: 20,
      hasMore: false,
    });
  });

  it('purges entries older than the retention setting (90 days unless set), and logs the purge', async () => {
    const db = t.tenants.tenants[0]!.db;
    const now = t.clock.now().getTime();
    const at = (days: number) => new Date(now - days * DAY_MS);
    await db.insert(auditLog).values(
      [100, 95, 91, 60, 31, 5].map((days) => ({
        log_time: at(days),
        log_user: `aged-${days}`,
        log_unit: 'test',
        log_process: 'aged',
        log_type: 'info',
      })),
    );
    const aged = async () =>
      (
        await db
          .select({ u: auditLog.log_user })
          .from(auditLog)
          .where(sql`${auditLog.log_process} = 'aged'`)
      )
        .map((r) => r.u)
        .sort();
    expect(await purgeLog(db, t.clock)).toBeGreaterThanOrEqual(3);
    expect(await aged()).toEqual(['aged-31', 'aged-5', 'aged-60']);
    expect(await purgeLog(db, t.clock)).toBe(0);

    await db
      .insert(settings)
      .values({ sett_group: 'config', sett_key: 'LogRetentionDays', sett_value: '30' })
      .onConflictDoUpdate({
        target: [settings.sett_group, settings.sett_key, settings.sett_cust_id],
        set: { sett_value: '30' },
      });
    expect(await purgeLog(db, t.clock)).toBe(2);
    expect(await aged()).toEqual(['aged-5']);
    const [purge] = await db
      .select({ detail: auditLog.log_detail })
      .from(auditLog)
      .where(sql`${auditLog.log_process} = 'log purge'`)
      .orderBy(sql`${auditLog.log_id} desc`)
      .limit(1);
    expect(purge?.detail).toMatchObject({ deleted: 2, retentionDays: 30 });
  });
});
