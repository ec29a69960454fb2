import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customerFields, type CustomerDetail, type DocketInput } from '@courier/contracts';
import { auditLog, users } from '../../db/schema';
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

describe.each(DB_KINDS)("an account's fields and reference lists on %s", (kind) => {
  const t = useTestApp(kind, { dockets: 0 });

  const accountsOf = async (token: string) =>
    (await post(t.app, '/api/auth/session', {}, token)).json().accounts as { cust_id: number }[];
  const detail = async (token: string, custId: number) => {
    const res = await post(t.app, '/api/customer/list', { cust_id: custId }, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as CustomerDetail[])[0]!;
  };
  /** customer/post with the account's current fields and `changes`. */
  const save = async (token: string, custId: number, changes: Record<string, unknown>) => {
    const fields = customerFields.parse(await detail(token, custId));
    return post(t.app, '/api/customer/post', { ...fields, cust_id: custId, ...changes }, token);
  };
  /** A weekday booking of `custId` inside the hours of operation. */
  const book = (
    token: string,
    custId: number,
    refs: Pick<Partial<DocketInput>, 'dck_cust_ref3' | 'dck_cust_ref5'> = {},
  ) => {
    const b = booking(custId, refs);
    b.addresses[0] = { ...b.addresses[0], dadd_ready: nextWeekday(3, '10:00') };
    return post(t.app, '/api/docket/post', b, token);
  };
  const lastAudit = async (process: string) =>
    (
      await t.tenants
        .get(TENANT_A)!
        .db.select({ user: auditLog.log_user, unit: auditLog.log_unit, detail: auditLog.log_detail })
        .from(auditLog)
        .where(sql`${auditLog.log_process} = ${process}`)
        .orderBy(sql`${auditLog.log_id} desc`)
        .limit(1)
    )[0];

  it('saves the fields, logs before and after, and the booking screen and docket/post use them next call', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    const custId = (await accountsOf(customer))[0]!.cust_id;
    const before = await detail(admin, custId);
    expect(before).toMatchObject({ cust_ref3_lbl: 'Reference 3', cust_ref3_req: 'F', cust_max_delay: 0 });
    expect((await book(customer, custId)).statusCode).toBe(200);

    const res = await save(admin, custId, {
      cust_ref3_lbl: ' Ward ',
      cust_ref3_req: 'T',
      cust_max_delay: 45,
      cust_pod_mandatory: 'P',
      cust_web_tracking: 'Portal=https://track.example.com\nPhone=0161 496 0000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Settings saved' });
    expect(await detail(admin, custId)).toMatchObject({
      cust_ref3_lbl: 'Ward',
      cust_ref3_req: 'T',
      cust_max_delay: 45,
      cust_pod_mandatory: 'P',
      cust_web_tracking: 'Portal=https://track.example.com\nPhone=0161 496 0000',
    });
    expect(await lastAudit('save customer')).toEqual({
      user: 'admin',
      unit: 'customers',
      detail: {
        cust_id: custId,
        cust_acc_code: before.cust_acc_code,
        changes: {
          cust_ref3_lbl: { before: 'Reference 3', after: 'Ward' },
          cust_ref3_req: { before: 'F', after: 'T' },
          cust_max_delay: { before: 0, after: 45 },
          cust_pod_mandatory: { before: 'N', after: 'P' },
          cust_web_tracking: { before: '', after: 'Portal=https://track.example.com\nPhone=0161 496 0000' },
        },
      },
    });
    // The booking screen's customer/list shows the new label; docket/post now asks for it.
    const rows = (await post(t.app, '/api/customer/list', {}, customer)).json() as CustomerDetail[];
    expect(rows.find((r) => r.cust_id === custId)).toMatchObject({
      cust_ref3_lbl: 'Ward',
      cust_ref3_req: 'T',
    });
    const refused = await book(customer, custId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ dck_cust_ref3: 'Ward is required.' });
    expect((await book(customer, custId, { dck_cust_ref3: 'W12' })).statusCode).toBe(200);

    // The other tenant's account of the same id is untouched.
    const adminB = await loginAs(t.app, ADMIN[0], ADMIN[1], TENANT_B);
    expect((await detail(adminB, custId)).cust_ref3_lbl).toBe('Reference 3');
    expect((await save(admin, custId, {})).statusCode).toBe(200);
    const fields = { ...customerFields.parse(before), cust_id: custId };
    expect((await post(t.app, '/api/customer/post', fields, admin)).statusCode).toBe(200);
    expect(await detail(admin, custId)).toEqual(before);
  });

  it('names every field that does not fit, and writes nothing', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const custId = (await accountsOf(admin))[0]!.cust_id;
    const before = await detail(admin, custId);
    const bad = await save(admin, custId, {
      cust_ref1_lbl: '',
      cust_ref2_lbl: 'x'.repeat(31),
      cust_ref4_req: 'Y',
      cust_mop: 'X',
      cust_pod_mandatory: 'E',
      cust_max_delay: 2000,
      cust_web_quicktracking: 'no equals sign',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'cust_max_delay',
      'cust_mop',
      'cust_pod_mandatory',
      'cust_ref1_lbl',
      'cust_ref2_lbl',
      'cust_ref4_req',
      'cust_web_quicktracking',
    ]);
    expect(bad.json().fields.cust_web_quicktracking).toBe('Use one name=value per line');
    const unknown = await save(admin, custId, { cust_maintariff: 11, cust_mainservice: 'ZZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ cust_mainservice: 'No such service type' });
    expect((await save(admin, custId, { cust_maintariff: 12 })).json().fields).toHaveProperty(
      'cust_maintariff',
    );
    expect(await detail(admin, custId)).toEqual(before);
    const fields = customerFields.parse(before);
    const none = await post(t.app, '/api/customer/post', { ...fields, cust_id: 999_999 }, admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().fields).toEqual({ cust_id: 'Account not found' });
    expect((await post(t.app, '/api/customer/list', { cust_id: 999_999 }, admin)).statusCode).toBe(404);
  });

  it('replaces the ref-5 list, which docket/post then holds a booking to', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const customer = await loginAs(t.app, ...CUSTOMER);
    const custId = (await accountsOf(customer))[0]!.cust_id;
    const list = async () =>
      (
        (await post(t.app, '/api/customer/reference/lists', { cref_cust_id: custId }, customer)).json() as {
          cref_description: string;
          cref_ref_type: number;
        }[]
      )
        .filter((r) => r.cref_ref_type === 5)
        .map((r) => r.cref_description);
    const original = await list();
    expect(original).toContain('Pharmacy');
    const res = await post(
      t.app,
      '/api/customer/reference/post',
      { cref_cust_id: custId, values: ['Ward A', 'Ward B'] },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await list()).toEqual(['Ward A', 'Ward B']);
    expect((await lastAudit('save reference list'))?.detail).toEqual({
      cust_id: custId,
      cref_ref_type: 5,
      changes: { values: { before: [...original].sort(), after: ['Ward A', 'Ward B'] } },
    });
    const general = (await post(t.app, '/api/system/general/list', { type: 'settings' }, admin)).json();
    const saveGeneral = (values: Record<string, string>) =>
      post(t.app, '/api/system/general/post', { type: 'settings', values }, admin);
    expect((await saveGeneral({ ...general, ExtraReferences: 'T' })).statusCode).toBe(200);
    try {
      const old = await book(customer, custId, { dck_cust_ref5: 'Pharmacy' });
      expect(old.json().fields).toEqual({ dck_cust_ref5: 'Site type must be chosen from the list' });
      expect((await book(customer, custId, { dck_cust_ref5: 'Ward B' })).statusCode).toBe(200);
    } finally {
      expect((await saveGeneral(general)).statusCode).toBe(200);
    }
    const twice = await post(
      t.app,
      '/api/customer/reference/post',
      { cref_cust_id: custId, values: ['A', 'A', ''] },
      admin,
    );
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json().fields).sort()).toEqual(['values', 'values.2']);
    expect(await list()).toEqual(['Ward A', 'Ward B']);
    const none = await post(
      t.app,
      '/api/customer/reference/post',
      { cref_cust_id: 999_999, values: [] },
      admin,
    );
    expect(none.json().fields).toEqual({ cref_cust_id: 'Account not found' });
    await post(t.app, '/api/customer/reference/post', { cref_cust_id: custId, values: original }, admin);
    expect((await list()).sort()).toEqual([...original].sort());
  });

  it('is for administrators with the system settings right only', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const custId = (await accountsOf(admin))[0]!.cust_id;
    const fields = { ...customerFields.parse(await detail(admin, custId)), cust_id: custId };
    const refs = { cref_cust_id: custId, values: ['X'] };
    for (const who of [CUSTOMER, CONTROL]) {
      const token = await loginAs(t.app, who[0], who[1]);
      expect((await post(t.app, '/api/customer/post', fields, token)).statusCode).toBe(403);
      expect((await post(t.app, '/api/customer/reference/post', refs, token)).statusCode).toBe(403);
      expect((await post(t.app, '/api/customer/list', { cust_id: custId }, token)).statusCode).toBe(403);
    }
    expect((await post(t.app, '/api/customer/post', fields, '')).statusCode).toBe(401);
    expect((await post(t.app, '/api/customer/reference/post', refs, '')).statusCode).toBe(401);
    const db = t.tenants.get(TENANT_A)!.db;
    // An administrator without the system settings (and booking) right reads what the read-only
    // Customer tab shows, and changes nothing; without the admin right the reference lists go too.
    const setAdmin = async (flags: Partial<typeof users.$inferInsert>) => {
      await db.update(users).set(flags).where(eq(users.ausr_logon, 'admin'));
      forgetLiveSessions();
    };
    await setAdmin({ ausr_rights_system: 'F', ausr_rights_booking: 'F' });
    try {
      const token = await loginAs(t.app, ...ADMIN);
      expect((await post(t.app, '/api/customer/post', fields, token)).statusCode).toBe(403);
      expect((await post(t.app, '/api/customer/reference/post', refs, token)).statusCode).toBe(403);
      expect((await post(t.app, '/api/customer/list', { cust_id: custId }, token)).statusCode).toBe(200);
      const lists = await post(t.app, '/api/customer/reference/lists', { cref_cust_id: custId }, token);
      expect(lists.statusCode, lists.body).toBe(200);
      // The admin right reads the reference lists of linked accounts only: a guessed id is refused.
      const guessed = await post(t.app, '/api/customer/reference/lists', { cref_cust_id: 999_999 }, token);
      expect(guessed.statusCode).toBe(403);
      expect(guessed.json().fields).toEqual({ cref_cust_id: 'Not your account' });
      await setAdmin({ ausr_rights_admin: 'F' });
      const refused = await post(t.app, '/api/customer/reference/lists', { cref_cust_id: custId }, token);
      expect(refused.statusCode).toBe(403);
    } finally {
      await setAdmin({ ausr_rights_system: 'T', ausr_rights_booking: 'T', ausr_rights_admin: 'T' });
    }
  });
});
