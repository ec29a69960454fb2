import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { USER_MSG, type UserPostRequest } from '@courier/contracts';
import { auditLog, dockets, sessions, users } from '../../db/schema';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  booking,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
  useTestApp,
} from '../../test/harness';

const PASSWORD = 'Temp#Pass2026';

describe.each(DB_KINDS)('user administration on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 5 });
  const db = () => t.tenants.get(TENANT_A)!.db;
  let admin: string;
  let customer: string;
  let control: string;
  let account: number;
  let adminId: number;
  let customerId: number;

  beforeAll(async () => {
    [admin, customer, control] = await Promise.all([
      loginAs(t.app, ...ADMIN),
      loginAs(t.app, ...CUSTOMER),
      loginAs(t.app, ...CONTROL),
    ]);
    const session = (await post(t.app, '/api/auth/session', {}, admin)).json();
    adminId = session.user.ausr_id;
    account = session.accounts[0].cust_id;
    customerId = (await post(t.app, '/api/auth/session', {}, customer)).json().user.ausr_id;
  });

  /** A user/post body: a booking user on `account`, with overrides. */
  const user = (logon: string, overrides: Partial<UserPostRequest> = {}): UserPostRequest => ({
    ausr_logon: logon,
    ausr_firstname: 'Test',
    ausr_lastname: `User ${logon}`,
    ausr_email: `${logon}@example.com`,
    ausr_password: PASSWORD,
    ausr_rights_booking: 'T',
    ausr_rights_history: 'T',
    accounts: [{ cust_id: account }],
    ...overrides,
  });
  const save = (body: UserPostRequest, token = admin) => post(t.app, '/api/user/post', body, token);
  const create = async (logon: string, overrides: Partial<UserPostRequest> = {}) => {
    const res = await save(user(logon, overrides));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User data saved');
    return res.json().ausr_id as number;
  };

  it('lists users by last name, searches, sorts and pages in SQL', async () => {
    const res = await post(t.app, '/api/user/list', {}, admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const last = page.rows.map((r: { ausr_lastname: string }) => r.ausr_lastname);
    expect(last).toEqual([...last].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(page.rows[0]).toEqual({
      ausr_id: expect.any(Number),
      cust_acc_code: expect.any(String),
      cust_name: expect.any(String),
      ausr_logon: expect.any(String),
      ausr_firstname: expect.any(String),
      ausr_lastname: expect.any(String),
      ausr_email: expect.any(String),
    });
    const found = (await post(t.app, '/api/user/list', { search: 'casey' }, admin)).json();
    expect(found.rows.map((r: { ausr_logon: string }) => r.ausr_logon)).toEqual(['customer']);
    const byLogon = (
      await post(
        t.app,
        '/api/user/list',
        { sort: { column: 'ausr_logon', direction: 'desc' }, pageSize: 20 },
        admin,
      )
    ).json();
    const logons = byLogon.rows.map((r: { ausr_logon: string }) => r.ausr_logon);
    expect(logons).toEqual([...logons].sort().reverse());
    for (let i = 0; i < 21; i++) await create(`pager${String(i).padStart(2, '0')}`);
    const first = (await post(t.app, '/api/user/list', { search: 'pager' }, admin)).json();
    expect(first.rows).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = (await post(t.app, '/api/user/list', { search: 'pager', page: 2 }, admin)).json();
    expect(second.rows).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    for (const body of [
      { sort: { column: 'ausr_password', direction: 'asc' } },
      { pageSize: 1000 },
      { _id: 2 ** 40 },
    ]) {
      const res = await post(t.app, '/api/user/list', body, admin);
      expect(res.statusCode, res.body).toBe(400);
    }
    const bad = await save({ ...user('badflag'), ausr_rights_admin: 'X' as 'T' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('ausr_rights_admin');
    const unknown = await save(user('unknownacct', { accounts: [{ cust_id: 999_999 }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ accounts: 'Unknown account' });
    const circuit = await save(
      user('unknowncirc', { ausr_rights_control: 'T', circuits: [{ cir_circ_code: 'NOPE' }] }),
    );
    expect(circuit.json().fields).toEqual({ circuits: 'Unknown circuit' });
  });

  it('seeds demo users that keep the save rules, so an administrator can save each as it is', async () => {
    // Spec "bookings…" §5 User save: an account for everyone, a circuit for a control user.
    const broken = await queryRows<{ ausr_logon: string }>(
      db(),
      sql`select u.ausr_logon from users u
           where not exists (select 1 from user_accounts a where a.uacc_ausr_id = u.ausr_id)
              or (u.ausr_rights_control = 'T'
                  and not exists (select 1 from circuit_users c where c.acia_ausr_id = u.ausr_id))`,
    );
    expect(broken).toEqual([]);
  });

  it('applies every save rule with the spec messages', async () => {
    const noAccount = await save(user('noacct', { accounts: [] }));
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toBe(USER_MSG.accountRequired);
    expect(noAccount.json().message).toBe('At least one account is required');
    const noCircuit = await save(user('nocirc', { ausr_rights_control: 'T' }));
    expect(noCircuit.statusCode).toBe(400);
    expect(noCircuit.json().message).toBe('At least one circuit is required');
    expect(noCircuit.json().fields).toEqual({ circuits: 'At least one circuit is required' });
    const otp = await save(user('otpuser', { ausr_rights_otp: 'T', ausr_email: 'not-an-email' }));
    expect(otp.statusCode).toBe(400);
    expect(otp.json().fields).toEqual({ ausr_email: 'Please enter a valid user email address' });
    const weak = await save(user('weakpw', { ausr_password: 'short' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ ausr_password: 'Password must be at least 8 characters' });
    const same = await save(user('Same.User1', { ausr_password: 'Same.User1' }));
    expect(same.json().fields).toEqual({ ausr_password: 'Password cannot be the same as the username' });
    const noPassword = await save(user('nopw', { ausr_password: '' }));
    expect(noPassword.json().fields).toEqual({ ausr_password: USER_MSG.passwordRequired });
    // The default account becomes the first linked one when none (or an unlinked one) is set.
    const id = await create('defaults', { ausr_cust_id: null });
    const detail = (await post(t.app, '/api/user/list', { _id: id }, admin)).json();
    expect(detail.ausr_cust_id).toBe(account);
    expect(detail).not.toHaveProperty('ausr_password');
    const withCircuit = await create('controller', {
      ausr_rights_control: 'T',
      circuits: [{ cir_circ_code: 'LIVE', acia_update: 'T', acia_refresh: 45 }],
    });
    expect((await post(t.app, '/api/user/circuits', { _id: withCircuit }, admin)).json()).toEqual([
      expect.objectContaining({ cir_circ_code: 'LIVE', acia_update: 'T', acia_refresh: 45 }),
    ]);
    const audit = await db().select().from(auditLog).orderBy(desc(auditLog.log_id)).limit(1);
    expect(audit[0]).toMatchObject({ log_user: 'admin', log_unit: 'users', log_process: 'user create' });
    const taken = await save(user('CUSTOMER'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ ausr_logon: 'Username taken' });
  });

  it('links accounts, circuits and reports, and offers the rest in scope', async () => {
    const reports = (await post(t.app, '/api/user/reports', { _inScope: true }, admin)).json();
    expect(reports.length).toBeGreaterThan(1);
    const id = await create('linker', { reports: [{ rpt_id: reports[0].rpt_id }] });
    expect((await post(t.app, '/api/user/reports', { _id: id }, admin)).json()).toEqual([reports[0]]);
    const rest = (await post(t.app, '/api/user/reports', { _id: id, _inScope: true }, admin)).json();
    expect(rest.map((r: { rpt_id: number }) => r.rpt_id)).not.toContain(reports[0].rpt_id);
    expect(rest).toHaveLength(reports.length - 1);
    const accounts = (await post(t.app, '/api/user/accounts', { _id: id }, admin)).json();
    expect(accounts.map((a: { cust_id: number }) => a.cust_id)).toEqual([account]);
    const candidates = (await post(t.app, '/api/user/accounts', { _id: id, _inScope: true }, admin)).json();
    expect(candidates.map((a: { cust_id: number }) => a.cust_id)).not.toContain(account);
    const circuits = (await post(t.app, '/api/user/circuits', { _inScope: true }, admin)).json();
    expect(circuits.length).toBeGreaterThan(0);
    expect((await post(t.app, '/api/site/list', {}, admin)).json().length).toBeGreaterThan(0);
    const units = (await post(t.app, '/api/businessunit/list', {}, admin)).json();
    expect(units[0]).toEqual({
      bu_id: expect.any(Number),
      bu_name: expect.any(String),
      bu_site_id: expect.any(Number),
    });
  });

  it('refuses every admin call to a non-admin (401 without a session, 403 without the right)', async () => {
    const calls: [string, object][] = [
      ['/api/user/list', {}],
      ['/api/user/list', { _id: adminId }],
      ['/api/user/post', user('sneaky')],
      ['/api/user/post', { ...user('admin'), ausr_id: adminId, ausr_password: '' }],
      ['/api/user/delete', { _id: adminId }],
      ['/api/user/accounts', { _id: adminId }],
      ['/api/user/accounts', { _inScope: true }],
      ['/api/user/circuits', { _id: adminId }],
      ['/api/user/circuits', { _inScope: true }],
      ['/api/user/reports', { _id: adminId }],
      ['/api/user/reports', { _inScope: true }],
    ];
    for (const [url, body] of calls) {
      expect((await post(t.app, url, body)).statusCode, url).toBe(401);
      expect((await post(t.app, url, body, customer)).statusCode, url).toBe(403);
      expect((await post(t.app, url, body, control)).statusCode, url).toBe(403);
    }
    const [row] = await db().select().from(users).where(eq(users.ausr_id, customerId));
    expect(row!.ausr_rights_admin).toBe('F');
  });

  it('lets a user read and update their own details (My Account), never their rights or links', async () => {
    const mine = await post(t.app, '/api/user/list', { _id: customerId }, customer);
    expect(mine.statusCode).toBe(200);
    const me = mine.json();
    expect((await post(t.app, '/api/user/accounts', { _id: customerId }, customer)).statusCode).toBe(200);
    const res = await save(
      {
        ...me,
        ausr_id: customerId,
        ausr_firstname: 'Cassie',
        ausr_telephone: '0161 000 0000',
        ausr_rights_admin: 'T',
        ausr_rights_system: 'T',
        accounts: [],
      },
      customer,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User data saved');
    const [row] = await db().select().from(users).where(eq(users.ausr_id, customerId));
    expect(row).toMatchObject({
      ausr_firstname: 'Cassie',
      ausr_telephone: '0161 000 0000',
      ausr_rights_admin: 'F',
      ausr_rights_system: 'F',
    });
    expect((await post(t.app, '/api/user/accounts', { _id: customerId }, customer)).json()).toHaveLength(2);
    const password = await save({ ...me, ausr_id: customerId, ausr_password: 'Other#Pass2026' }, customer);
    expect(password.statusCode).toBe(400);
    expect(Object.keys(password.json().fields)).toEqual(['ausr_password']);
    const badEmail = await save({ ...me, ausr_id: customerId, ausr_email: 'nope' }, customer);
    expect(badEmail.json().fields).toEqual({ ausr_email: 'Please enter a valid user email address' });
    // Without the "my details" right (ausr_rights_password) the own record is read-only.
    const controlMe = (await post(t.app, '/api/auth/session', {}, control)).json().user;
    const own = await post(t.app, '/api/user/list', { _id: controlMe.ausr_id }, control);
    expect(own.statusCode).toBe(200);
    const refused = await save({ ...own.json(), ausr_id: controlMe.ausr_id, ausr_firstname: 'X' }, control);
    expect(refused.statusCode).toBe(403);
  });

  it('mails a link to a new e-mail address on My Account; the address changes only when it is opened', async () => {
    const me = (await post(t.app, '/api/user/list', { _id: customerId }, customer)).json();
    const [before] = await db().select().from(users).where(eq(users.ausr_id, customerId));
    const oldEmail = before!.ausr_email;
    expect(oldEmail).not.toBe('');
    const confirm = (token: string) => post(t.app, '/api/user/email/confirm', { token });
    const tokenOf = (text: string | undefined) => /\/email\/confirm\/(\S+)/.exec(text ?? '')![1]!;
    const ask = async (email: string) => {
      const sent = t.mail.to(email).length;
      const res = await save(
        { ...me, ausr_id: customerId, ausr_email: email, ausr_current_password: CUSTOMER[1] },
        customer,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'User data saved', emailPending: email });
      return tokenOf((await t.mail.next(email, sent)).text);
    };

    // A new address needs the current password: a stolen session alone cannot move the account's mail.
    for (const ausr_current_password of ['', 'Wrong#Pass2026']) {
      const refused = await save(
        { ...me, ausr_id: customerId, ausr_email: 'thief@example.com', ausr_current_password },
        customer,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ ausr_current_password: 'The current password is not correct' });
    }
    expect(t.mail.to('thief@example.com')).toEqual([]);

    const oldNotices = t.mail.to(oldEmail).length;
    const first = await ask('cassie.first@example.com');
    const notice = await t.mail.next(oldEmail, oldNotices);
    expect(notice.text).toContain('cassie.first@example.com');
    expect(notice.text).not.toContain(first);
    const [pending] = await db().select().from(users).where(eq(users.ausr_id, customerId));
    expect(pending!.ausr_email).toBe(oldEmail);

    // A newer request revokes the first link; a made-up token names the field.
    const second = await ask('cassie.second@example.com');
    for (const token of [first, `${first}x`, 'nonsense'])
      expect((await confirm(token)).json()).toMatchObject({
        message: 'This confirmation link is invalid or has expired',
        fields: { token: 'Invalid or expired' },
      });
    const ok = await confirm(second);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Your e-mail address has been changed',
      ausr_email: 'cassie.second@example.com',
    });
    const [after] = await db().select().from(users).where(eq(users.ausr_id, customerId));
    expect(after!.ausr_email).toBe('cassie.second@example.com');
    expect((await confirm(second)).statusCode).toBe(422);

    // A link works for 24 hours; My Account cannot clear the address.
    const clear = await save({ ...me, ausr_id: customerId, ausr_email: '' }, customer);
    expect(clear.json().fields).toEqual({ ausr_email: 'Ask an administrator to remove your e-mail address' });
    const late = await ask(oldEmail);
    t.clock.advance(25 * 3_600_000);
    expect((await confirm(late)).statusCode).toBe(422);
    const [last] = await db().select().from(users).where(eq(users.ausr_id, customerId));
    expect(last!.ausr_email).toBe('cassie.second@example.com');
  });

  it('refuses an administrator deleting themselves or removing their own admin right', async () => {
    const del = await post(t.app, '/api/user/delete', { _id: adminId }, admin);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('You cannot delete your own user');
    const me = (await post(t.app, '/api/user/list', { _id: adminId }, admin)).json();
    const accounts = (await post(t.app, '/api/user/accounts', { _id: adminId }, admin)).json();
    const circuits = (await post(t.app, '/api/user/circuits', { _id: adminId }, admin)).json();
    const demote = await save({ ...me, ausr_id: adminId, ausr_rights_admin: 'F', accounts, circuits }, admin);
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe('You cannot remove your own user admin right');
    const [row] = await db().select().from(users).where(eq(users.ausr_id, adminId));
    expect(row!.ausr_rights_admin).toBe('T');
    // Their own save with the right kept goes through, and keeps their session.
    const keep = await save({ ...me, ausr_id: adminId, accounts, circuits }, admin);
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await post(t.app, '/api/user/list', {}, admin)).statusCode).toBe(200);
  });

  it('lets only a holder of the system, price or export right give or take it, themselves included', async () => {
    // A user administrator without those three rights.
    const subId = await create('subadmin', {
      ausr_rights_admin: 'T',
      ausr_rights_system: 'F',
      ausr_rights_price: 'F',
      ausr_rights_export: 'F',
    });
    const sub = await loginAs(t.app, 'subadmin', PASSWORD);
    const mine = async () => ({
      ...(await post(t.app, '/api/user/list', { _id: subId }, sub)).json(),
      ausr_id: subId,
      accounts: (await post(t.app, '/api/user/accounts', { _id: subId }, sub)).json(),
      circuits: [],
      reports: [],
    });
    const self = await save({ ...(await mine()), ausr_rights_system: 'T' }, sub);
    expect(self.statusCode, self.body).toBe(403);
    expect(self.json().fields).toEqual({
      ausr_rights_system: 'Only a user with the System settings right can change it',
    });
    const fresh = await save(user('made-by-sub', { ausr_rights_price: 'T', ausr_rights_export: 'T' }), sub);
    expect(fresh.statusCode).toBe(403);
    expect(Object.keys(fresh.json().fields).sort()).toEqual(['ausr_rights_export', 'ausr_rights_price']);
    // Taking the right from someone who has it is refused too…
    const holderId = await create('priced', { ausr_rights_price: 'T' });
    const holder = {
      ...(await post(t.app, '/api/user/list', { _id: holderId }, admin)).json(),
      ausr_id: holderId,
      accounts: [{ cust_id: account }],
      circuits: [],
      reports: [],
    };
    const taken = await save({ ...holder, ausr_rights_price: 'F' }, sub);
    expect(taken.statusCode).toBe(403);
    // …while the sub-administrator's other saves, and the rights they hand out, go through.
    const other = await save({ ...holder, ausr_telephone: '0161 555 0199', ausr_rights_reports: 'T' }, sub);
    expect(other.statusCode, other.body).toBe(200);
    expect((await save({ ...(await mine()), ausr_telephone: '0161 555 0100' }, sub)).statusCode).toBe(200);
    const rows = await db().select().from(users).where(eq(users.ausr_id, subId));
    expect(rows[0]).toMatchObject({
      ausr_rights_system: 'F',
      ausr_rights_price: 'F',
      ausr_rights_export: 'F',
    });
    expect((await db().select().from(users).where(eq(users.ausr_id, holderId)))[0]!.ausr_rights_price).toBe(
      'T',
    );
    // Nor can they sign in as a holder: its username, password, e-mail and one-time password stay,
    // and it cannot be deleted by them.
    for (const [field, value] of [
      ['ausr_password', 'Taken#Over2026'],
      ['ausr_email', 'sub@example.com'],
      ['ausr_logon', 'priced2'],
      ['ausr_rights_otp', 'T'],
    ] as const) {
      const res = await save({ ...holder, [field]: value }, sub);
      expect(res.statusCode, field).toBe(403);
      expect(res.json().fields).toEqual({
        [field]: "Only a user with the Price right can change this user's sign-in details",
      });
    }
    expect((await post(t.app, '/api/user/delete', { _id: holderId }, sub)).statusCode).toBe(403);
    expect((await db().select().from(users).where(eq(users.ausr_id, holderId))).length).toBe(1);
    // An administrator who holds them may.
    const granted = await save({ ...(await mine()), ausr_rights_system: 'T', ausr_rights_price: 'T' }, admin);
    expect(granted.statusCode, granted.body).toBe(200);
  });

  it('applies a rights change on the next call of the changed user', async () => {
    const id = await create('changing');
    const token = await loginAs(t.app, 'changing', PASSWORD);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/user/list', {}, token)).statusCode).toBe(403);
    const me = (await post(t.app, '/api/user/list', { _id: id }, admin)).json();
    const grant = await save(
      {
        ...me,
        ausr_id: id,
        ausr_rights_admin: 'T',
        ausr_rights_history: 'F',
        accounts: [{ cust_id: account }],
      },
      admin,
    );
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await post(t.app, '/api/user/list', {}, token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(403);
    const session = (await post(t.app, '/api/auth/session', {}, token)).json();
    expect(session.rights).toContain('admin');
  });

  it("ends a deleted user's sessions and keeps their bookings and audit rows", async () => {
    const id = await create('leaver');
    const token = await loginAs(t.app, 'leaver', PASSWORD);
    const booked = await post(t.app, '/api/docket/post', booking(account), token);
    expect(booked.statusCode, booked.body).toBe(200);
    const dckId = booked.json().dck_id as number;
    const res = await post(t.app, '/api/user/delete', { _id: id }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.sess_ausr_id, id))).toEqual([]);
    const [docket] = await db().select().from(dockets).where(eq(dockets.dck_id, dckId));
    expect(docket).toBeDefined();
    expect(docket!.dck_ausr_id).toBeNull();
    const rows = await db().select().from(auditLog).where(eq(auditLog.log_user, 'leaver'));
    expect(rows.length).toBeGreaterThan(0);
    const [deletion] = await db().select().from(auditLog).orderBy(desc(auditLog.log_id)).limit(1);
    expect(deletion).toMatchObject({ log_user: 'admin', log_process: 'user delete' });
    expect((await post(t.app, '/api/user/delete', { _id: id }, admin)).statusCode).toBe(404);
    const login = await post(t.app, '/api/auth/login', {
      database: TENANT_A,
      username: 'leaver',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);
  });

  it('ends the other sessions of a user whose password an administrator sets', async () => {
    const id = await create('reset-by-admin');
    const token = await loginAs(t.app, 'reset-by-admin', PASSWORD);
    const me = (await post(t.app, '/api/user/list', { _id: id }, admin)).json();
    const res = await save(
      { ...me, ausr_id: id, ausr_password: 'Brand#New2026', accounts: [{ cust_id: account }] },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(401);
    await loginAs(t.app, 'reset-by-admin', 'Brand#New2026');
  });

  it('ends pending e-mail changes and open reset links with every new password', async () => {
    const id = await create('taken-over', { ausr_rights_password: 'T' });
    const token = await loginAs(t.app, 'taken-over', PASSWORD);
    const me = (await post(t.app, '/api/user/list', { _id: id }, admin)).json();
    const confirm = (link: string) => post(t.app, '/api/user/email/confirm', { token: link });
    /** A change to `email` asked from the user's session with `password`: the mailed link's token. */
    const askEmail = async (email: string, password: string, session = token) => {
      const sent = t.mail.to(email).length;
      const res = await save(
        { ...me, ausr_id: id, ausr_email: email, ausr_current_password: password },
        session,
      );
      expect(res.statusCode, res.body).toBe(200);
      return /\/email\/confirm\/(\S+)/.exec((await t.mail.next(email, sent)).text ?? '')![1]!;
    };
    const askReset = async () => {
      const sent = t.mail.to('taken-over@example.com').length;
      await post(t.app, '/api/auth/password/forgot', { database: TENANT_A, username: 'taken-over' });
      const text = (await t.mail.next('taken-over@example.com', sent)).text ?? '';
      return decodeURIComponent(/\/reset\/(\S+)/.exec(text)![1]!);
    };
    const reset = (link: string) =>
      post(t.app, '/api/auth/password/reset', { token: link, password: 'Thief#Pass2026' });

    // The user's own change ends the pending e-mail change.
    const link1 = await askEmail('thief1@example.com', PASSWORD);
    const changed = await post(
      t.app,
      '/api/auth/password/change',
      { ausr_current_password: PASSWORD, ausr_password: 'Second#Pass2026' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(link1)).statusCode).toBe(422);

    // A password an administrator sets ends an open reset link and a pending e-mail change.
    const resetLink = await askReset();
    const link2 = await askEmail('thief2@example.com', 'Second#Pass2026');
    const bySet = await save({
      ...me,
      ausr_id: id,
      ausr_password: 'Admin#Set2026',
      accounts: [{ cust_id: account }],
    });
    expect(bySet.statusCode, bySet.body).toBe(200);
    expect((await reset(resetLink)).statusCode).toBe(422);
    expect((await confirm(link2)).statusCode).toBe(422);
    const [row] = await db().select().from(users).where(eq(users.ausr_id, id));
    expect(row!.ausr_email).toBe('taken-over@example.com');
    await loginAs(t.app, 'taken-over', 'Admin#Set2026');
  });

  it("saves an administrator's own details from My Account (state current) without their links", async () => {
    const me = (await post(t.app, '/api/user/list', { _id: adminId }, admin)).json();
    const res = await save({ ...me, ausr_id: adminId, ausr_telephone: '0161 555 0101', state: 'current' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.ausr_id, adminId));
    expect(row!.ausr_telephone).toBe('0161 555 0101');
    // Links and rights stay as they were: My Account never touches them.
    expect((await post(t.app, '/api/user/accounts', { _id: adminId }, admin)).json().length).toBeGreaterThan(
      0,
    );
    expect(row!.ausr_rights_admin).toBe('T');
    // state 'current' is the caller's own record only: another user's id stays refused.
    const other = (await post(t.app, '/api/user/list', { _id: adminId }, admin)).json();
    const foreign = await save(
      { ...other, ausr_id: adminId, ausr_email: 'x@evil.test', state: 'current' },
      customer,
    );
    expect(foreign.statusCode).toBe(403);
    // Its e-mail change goes through the mailed link, with the current password.
    const moved = await save({ ...me, ausr_id: adminId, ausr_email: 'boss@example.com', state: 'current' });
    expect(moved.json().fields).toEqual({ ausr_current_password: 'The current password is not correct' });
  });

  it("keeps an administrator's own password and e-mail address to My Account, with the current password", async () => {
    const me = (await post(t.app, '/api/user/list', { _id: adminId }, admin)).json();
    const accounts = (await post(t.app, '/api/user/accounts', { _id: adminId }, admin)).json();
    const circuits = (await post(t.app, '/api/user/circuits', { _id: adminId }, admin)).json();
    const own = { ...me, ausr_id: adminId, accounts, circuits };
    const password = await save({ ...own, ausr_password: 'Taken#Over2026' });
    expect(password.statusCode).toBe(400);
    expect(password.json().fields).toEqual({ ausr_password: USER_MSG.ownPassword });
    const email = await save({ ...own, ausr_email: 'thief@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json().fields).toEqual({ ausr_email: USER_MSG.ownEmail });
    const [row] = await db().select().from(users).where(eq(users.ausr_id, adminId));
    expect(row!.ausr_email).toBe(me.ausr_email);
    await loginAs(t.app, ...ADMIN);
  });

  it("never lets an administrator of tenant A touch tenant B's users", async () => {
    const dbB = t.tenants.get(TENANT_B)!.db;
    const [bUser] = await dbB
      .insert(users)
      .values({ ausr_id: 900_000, ausr_logon: 'only-in-b', ausr_password: 'x', ausr_firstname: 'Bea' })
      .returning({ ausr_id: users.ausr_id });
    const bId = bUser!.ausr_id;
    // No user with B's id in A.
    const [clash] = await db().select().from(users).where(eq(users.ausr_id, bId));
    expect(clash).toBeUndefined();
    expect((await post(t.app, '/api/user/list', { _id: bId }, admin)).statusCode).toBe(404);
    expect((await post(t.app, '/api/user/delete', { _id: bId }, admin)).statusCode).toBe(404);
    const update = await save({ ...user('only-in-b'), ausr_id: bId }, admin);
    expect(update.statusCode).toBe(404);
    const listed = (await post(t.app, '/api/user/list', { search: 'only-in-b' }, admin)).json();
    expect(listed.rows).toEqual([]);
    const [still] = await dbB.select().from(users).where(eq(users.ausr_id, bId));
    expect(still).toMatchObject({ ausr_logon: 'only-in-b', ausr_firstname: 'Bea' });
  });
});
