import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { buildApp } from '../../app';
import { openTenants } from '../../db/tenants';
import { nextWeekday } from '../../test/fixtures';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  TENANT_A,
  TENANT_B,
  booking,
  loginAs,
  post,
  useTestApp,
} from '../../test/harness';
import { forgetLiveSessions } from '../../db/live-session-cache';

describe.each(DB_KINDS)('saving system settings on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });
  const list = async (group: string, token: string, cust_id?: number) =>
    (
      await post(
        t.app,
        `/api/system/${group}/list`,
        { type: 'settings', ...(cust_id ? { cust_id } : {}) },
        token,
      )
    ).json() as Record<string, string>;
  const save = (group: string, token: string, values: Record<string, string>, cust_id?: number) =>
    post(
      t.app,
      `/api/system/${group}/post`,
      { type: 'settings', values, ...(cust_id ? { cust_id } : {}) },
      token,
    );

  it("saves a group, answers 'Settings saved', logs each change's before and after, and every process reads it next call", async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const general = await list('general', admin);
    const res = await save('general', admin, { ...general, ArchiveDays: '30', NewKey: 'hello' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Settings saved' });
    expect(await list('general', admin)).toEqual({ ...general, ArchiveDays: '30', NewKey: 'hello' });

    const [entry] = await t.tenants
      .get(TENANT_A)!
      .db.select({ user: auditLog.log_user, detail: auditLog.log_detail })
      .from(auditLog)
      .where(sql`${auditLog.log_process} = 'save general'`)
      .orderBy(sql`${auditLog.log_id} desc`)
      .limit(1);
    expect(entry).toEqual({
      user: 'admin',
      detail: {
        group: 'general',
        cust_id: 0,
        changes: { ArchiveDays: { before: general.ArchiveDays, after: '30' }, NewKey: { after: 'hello' } },
      },
    });

    // Another server process over the same databases reads the new value on its next call.
    const tenants = await openTenants(t.specs);
    const other = await buildApp({ ...t.deps, tenants });
    try {
      const token = await loginAs(other, ...ADMIN);
      const seen = (await post(other, '/api/system/general/list', { type: 'settings' }, token)).json();
      expect(seen.ArchiveDays).toBe('30');
    } finally {
      await other.close();
      await tenants.close();
    }
    // Keys left out are removed; the other tenant kept its own values.
    expect((await save('general', admin, general)).statusCode).toBe(200);
    expect(await list('general', admin)).toEqual(general);
    const adminB = await loginAs(t.app, ADMIN[0], ADMIN[1], TENANT_B);
    expect((await list('general', adminB)).NewKey).toBeUndefined();
  });

  it('opens Sunday for bookings as soon as its hours of operation are saved', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    const accounts = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts as {
      cust_id: number;
    }[];
    const sunday = () => {
      const b = booking(accounts[0]!.cust_id);
      b.addresses[0] = { ...b.addresses[0]!, dadd_ready: nextWeekday(0, '10:00') };
      return post(t.app, '/api/docket/post', b, customer);
    };
    expect((await sunday()).json().message).toBe(
      'Booking jobs for outside of hours of operation is not available. (Sunday closed)',
    );
    const hoo = await list('hoo', admin);
    expect(
      (await save('hoo', admin, { ...hoo, hoo_sun_start: '09:00', hoo_sun_end: '16:00' })).statusCode,
    ).toBe(200);
    const open = await sunday();
    expect(open.statusCode, open.body).toBe(200);
    expect((await save('hoo', admin, hoo)).statusCode).toBe(200);
  });

  it('names every value that does not fit its type, and writes nothing', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const config = await list('config', admin);
    const bad = await save('config', admin, {
      ...config,
      PasswordMinLength: 'eight',
      PasswordEnforceRules: 'yes',
      SupportEmail: 'not-an-address',
      // 0 would end every session a minute after its last call.
      SessionIdleMinutes: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'values.PasswordMinLength': 'Use a whole number from 4 to 64',
      'values.PasswordEnforceRules': 'Use T or F',
      'values.SupportEmail': 'Please enter a valid e-mail address',
      'values.SessionIdleMinutes': 'Use a whole number from 1 to 10080',
    });
    expect(await list('config', admin)).toEqual(config);

    const hoo = await list('hoo', admin);
    const late = await save('hoo', admin, {
      ...hoo,
      hoo_mon_start: '18:00',
      hoo_mon_end: '09:00',
      hoo_tue_end: '25:00',
    });
    expect(late.json().fields).toEqual({
      'values.hoo_mon_end': 'Must be after the start',
      'values.hoo_tue_end': 'Use a 24-hour time HH:mm, or leave it empty',
    });
    const oddKey = await save('message', admin, { 'bad key': 'x' });
    expect(oddKey.statusCode).toBe(400);
    expect(Object.keys(oddKey.json().fields)).toEqual(['values.bad key']);
    const quote = await save('default', admin, {
      ...(await list('default', admin)),
      aset_quote_customer: '999999',
    });
    expect(quote.json().fields).toEqual({ 'values.aset_quote_customer': 'Account not found' });
  });

  it("keeps an account's own values apart, for an account that exists", async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const accounts = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as {
      cust_id: number;
    }[];
    const acc = accounts[0]!.cust_id;
    expect((await save('customer', admin, { InvoiceEmail: 'accounts@example.com' }, acc)).statusCode).toBe(
      200,
    );
    expect((await list('customer', admin, acc)).InvoiceEmail).toBe('accounts@example.com');
    expect((await list('customer', admin)).InvoiceEmail).toBeUndefined();
    // `own`: the account's own values alone, for administrators only.
    const own = (token: string) =>
      post(t.app, '/api/system/customer/list', { type: 'settings', cust_id: acc, own: true }, token);
    expect((await own(admin)).json()).toEqual({ InvoiceEmail: 'accounts@example.com' });
    expect((await own(await loginAs(t.app, ...CUSTOMER))).statusCode).toBe(403);
    const unknown = await save('customer', admin, { A: 'b' }, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual({ cust_id: 'Account not found' });
  });

  it('is for administrators with the system settings right only', async () => {
    for (const who of [CUSTOMER, CONTROL]) {
      const token = await loginAs(t.app, who[0], who[1]);
      expect((await save('general', token, { ArchiveDays: '1' })).statusCode).toBe(403);
      expect((await post(t.app, '/api/system/payment/list', { type: 'settings' }, token)).statusCode).toBe(
        403,
      );
    }
    expect((await save('general', '', { ArchiveDays: '1' })).statusCode).toBe(401);
    const db = t.tenants.get(TENANT_A)!.db;
    await db.update(users).set({ ausr_rights_system: 'F' }).where(eq(users.ausr_logon, 'admin'));
    forgetLiveSessions();
    try {
      const admin = await loginAs(t.app, ...ADMIN);
      expect((await save('general', admin, { ArchiveDays: '1' })).statusCode).toBe(403);
    } finally {
      await db.update(users).set({ ausr_rights_system: 'T' }).where(eq(users.ausr_logon, 'admin'));
      forgetLiveSessions();
    }
  });
});
