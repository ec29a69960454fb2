import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { queryRows } from '../../db/client';
import { settings, users } from '../../db/schema';
import { errorSummary } from '../../lib/error-summary';
import { OTP_USER_LOCKED_MESSAGE } from './otp.service';
import { forgetChecks } from './credential-checks.repository';
import { PASSWORD_USER_LOCKED_MESSAGE } from './login.service';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  booking,
  useTestApp,
  loginAs,
  post,
  TENANT_A,
} from '../../test/harness';
import { forgetLiveSessions } from '../../db/live-session-cache';

const linkTokenOf = (text: string | undefined) =>
  decodeURIComponent(/http:\/\/portal\.test\/reset\/(\S+)/.exec(text ?? '')![1]!);
const codeOf = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')![1]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each finding of the attacker's review, sent as the attacker sent it, now gets the safe answer. */
describe.each(DB_KINDS)('what an attacker tried, on %s', (kind) => {
  const db = () => t.tenants.get(TENANT_A)!.db;
  const setUser = (logon: string, values: Partial<typeof users.$inferInsert>) =>
    db().update(users).set(values).where(eq(users.ausr_logon, logon)).then(forgetLiveSessions);
  const from = (ip: string, url: string, body: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(body),
    });

  const t = useTestApp(kind, { dockets: 6, loginRateMax: 20 });
  /** Forgets a user's wrong passwords and codes (the clock goes back after each test; they would not). */
  const forgetWrongTries = async (logon: string) => {
    const [u] = await db().select({ id: users.ausr_id }).from(users).where(eq(users.ausr_logon, logon));
    await forgetChecks(db(), u!.id);
  };

  it('1. keys rate limits on the route, so a query string does not reset them', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      codes.push(
        (
          await from('10.1.1.1', `/api/auth/login?x=${i}`, {
            database: TENANT_A,
            username: 'admin',
            password: 'wrong',
          })
        ).statusCode,
      );
    expect(codes).toEqual([...Array<number>(20).fill(401), 429, 429]);
    const right = await from('10.1.1.1', '/api/auth/login?x=99', {
      database: TENANT_A,
      username: 'admin',
      password: ADMIN[1],
    });
    expect(right.statusCode).toBe(429);
    const forgot: number[] = [];
    for (let i = 0; i < 6; i++)
      forgot.push(
        (
          await from('10.1.1.2', `/api/auth/password/forgot?n=${i}`, {
            database: TENANT_A,
            username: 'secure',
          })
        ).statusCode,
      );
    expect(forgot).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('1. sends one user at most three reset mails an hour, from however many addresses', async () => {
    const before = t.mail.to('customer@example.com').length;
    for (let i = 0; i < 6; i++)
      expect(
        (await from(`10.2.0.${i}`, '/api/auth/password/forgot', { database: TENANT_A, username: 'customer' }))
          .statusCode,
      ).toBe(200);
    await t.mail.next('customer@example.com', before + 2);
    await sleep(800);
    expect(t.mail.to('customer@example.com').length - before).toBe(3);
    t.clock.advance(61 * 60_000);
  });

  it('2. revokes older reset links when a newer one is sent, a reset is made or the password changes', async () => {
    const ask = async () => {
      const sent = t.mail.to('admin@example.com').length;
      await from('10.3.0.1', '/api/auth/password/forgot', { database: TENANT_A, username: 'admin' });
      return linkTokenOf((await t.mail.next('admin@example.com', sent)).text);
    };
    const reset = (token: string, password: string) =>
      post(t.app, '/api/auth/password/reset', { token, password });
    const link1 = await ask();
    const link2 = await ask();
    expect((await reset(link1, 'Reset#One2026')).statusCode).toBe(422);
    expect((await reset(link2, 'Reset#Two2026')).statusCode).toBe(200);
    // A link asked for after the reset dies when the signed-in user changes the password.
    const link3 = await ask();
    const admin = await loginAs(t.app, 'admin', 'Reset#Two2026');
    const changed = await post(
      t.app,
      '/api/user/password',
      { ausr_password: ADMIN[1], ausr_current_password: 'Reset#Two2026' },
      admin,
    );
    expect(changed.statusCode).toBe(200);
    const late = await reset(link3, 'Reset#Three2026');
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('This reset link is invalid or has expired, please ask for a new one');
    expect(
      (await post(t.app, '/api/auth/login', { database: TENANT_A, username: 'admin', password: ADMIN[1] }))
        .statusCode,
    ).toBe(200);
  });

  it('3. escapes formula cells in the CSV export', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const account = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts[0].cust_id;
    const evil = booking(account, { dck_cust_ref1: '=HYPERLINK("//evil.tld","x")' });
    evil.addresses[0]!.dadd_town = '=1+1';
    evil.addresses[1]!.dadd_town = '@SUM(A1:A9)';
    const saved = await post(t.app, '/api/docket/post', evil, admin);
    expect(saved.statusCode).toBe(200);
    const csv = await post(
      t.app,
      '/api/docket/export',
      { format: 'csv', search: String(saved.json().dck_docket) },
      admin,
    );
    expect(csv.statusCode).toBe(200);
    const [header, row] = parse(csv.body) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Reference')).toBe(`'=HYPERLINK("//evil.tld","x")`);
    expect(cell('From')).toBe(`'=1+1`);
    expect(cell('To')).toBe(`'@SUM(A1:A9)`);
  });

  it('5. leaves the price out of docket/post for users without the price right', async () => {
    await setUser('customer', { ausr_rights_price: 'F' });
    const customer = await loginAs(t.app, ...CUSTOMER);
    const account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
    const res = await post(t.app, '/api/docket/post', booking(account), customer);
    await setUser('customer', { ausr_rights_price: 'T' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['dck_docket', 'dck_id', 'tracking_reference']);
    const withRight = await post(
      t.app,
      '/api/docket/post',
      booking(account),
      await loginAs(t.app, ...CUSTOMER),
    );
    expect(withRight.json()).toMatchObject({ total: expect.any(Number), netvat: expect.any(Number) });
  });

  it('6. refuses guests on the public calls when the database does not allow guest access', async () => {
    const customer = await loginAs(t.app, ...CUSTOMER);
    const ref = (await post(t.app, '/api/docket/list', {}, customer)).json().rows[0].tracking_reference;
    const calls: [string, unknown][] = [
      ['/api/docket/track', { database: TENANT_A, tracking_ref: ref }],
      ['/api/quote/county/list', { database: TENANT_A }],
      ['/api/quote/country/list', { database: TENANT_A }],
      ['/api/quote/postcode/list', { database: TENANT_A, address: { postcode: 'M1 1AE' } }],
    ];
    for (const [url, body] of calls) expect((await post(t.app, url, body)).statusCode, url).toBe(200);
    await db()
      .update(settings)
      .set({ sett_value: 'F' })
      .where(sql`${settings.sett_group} = 'general' and ${settings.sett_key} = 'GuestAccessAllowed'`);
    for (const [url, body] of calls) {
      const res = await post(t.app, url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error).toBe('NOT_AUTHENTICATED');
    }
    // An unknown reference is refused the same, before any look-up, and a stale (logged-out) token
    // is no sign-in: it is refused as a guest is.
    const unknown = { database: TENANT_A, tracking_ref: 'TNOTAREALREF000' };
    expect((await post(t.app, '/api/docket/track', unknown)).statusCode).toBe(401);
    const stale = await loginAs(t.app, ...CUSTOMER);
    expect((await post(t.app, '/api/auth/logout', {}, stale)).statusCode).toBeLessThan(300);
    expect((await post(t.app, '/api/docket/track', calls[0]![1], stale)).statusCode).toBe(401);
    // Signed in to the database, the tracking box of the shell still tracks.
    expect((await post(t.app, '/api/docket/track', calls[0]![1], customer)).statusCode).toBe(200);
    await db()
      .update(settings)
      .set({ sett_value: 'T' })
      .where(sql`${settings.sett_group} = 'general' and ${settings.sett_key} = 'GuestAccessAllowed'`);
  });

  it('7. answers forgot-password the same, before any look-up, for known and unknown users', async () => {
    const known = await from('10.7.0.1', '/api/auth/password/forgot', {
      database: TENANT_A,
      username: 'control',
    });
    const unknown = await from('10.7.0.2', '/api/auth/password/forgot', {
      database: TENANT_A,
      username: 'nobody-here',
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
  });

  it('8. needs the current password and the "my details" right to change a password', async () => {
    const customer = await loginAs(t.app, ...CUSTOMER);
    const noCurrent = await post(t.app, '/api/user/password', { ausr_password: 'Taken#Over2026' }, customer);
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json().fields).toEqual({ ausr_current_password: 'The current password is not correct' });
    await setUser('customer', { ausr_rights_password: 'F' });
    const noRight = await post(
      t.app,
      '/api/user/password',
      { ausr_password: 'Taken#Over2026', ausr_current_password: CUSTOMER[1] },
      customer,
    );
    await setUser('customer', { ausr_rights_password: 'T' });
    expect(noRight.statusCode).toBe(403);
    expect(
      (
        await post(t.app, '/api/auth/login', {
          database: TENANT_A,
          ...{ username: 'customer', password: CUSTOMER[1] },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('9. answers out-of-range ids with a 400 naming the field', async () => {
    const customer = await loginAs(t.app, ...CUSTOMER);
    const huge = 99_999_999_999;
    const calls: [string, Record<string, unknown>, string, string?][] = [
      ['/api/docket/detail', { _docketId: huge }, '_docketId', customer],
      ['/api/report/docket', { _docketId: huge }, '_docketId', customer],
      ['/api/docket/label', { _docketId: huge }, '_docketId', customer],
      ['/api/customer/address/list', { cadd_id: huge }, 'cadd_id', customer],
      ['/api/customer/address/list', { cadd_cust_id: huge }, 'cadd_cust_id', customer],
      ['/api/customer/contact/list', { ccnt_cust_id: huge }, 'ccnt_cust_id', customer],
      [
        '/api/user/register',
        { database: TENANT_A, ausr_logon: 'huge', ausr_password: 'Huge#2026x', dck_id: huge, token: 'x' },
        'dck_id',
      ],
    ];
    for (const [url, body, field, token] of calls) {
      const res = await post(t.app, url, body, token);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields), url).toEqual([field]);
    }
  });

  it('9. logs a failed query without its parameters', async () => {
    let caught: unknown;
    try {
      await db().execute(sql`select ${'$argon2id$v=19$secret-hash'}::int`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeDefined();
    const summary = JSON.stringify(errorSummary(caught));
    expect(summary).toContain('Failed query');
    expect(summary).not.toContain('secret-hash');
  });

  it('10. counts one-time-code tries atomically, and shows no profile before the code', async () => {
    await setUser('admin', { ausr_rights_otp: 'T' });
    const sent = t.mail.to('admin@example.com').length;
    const login = await from('10.10.0.1', '/api/auth/login', {
      database: TENANT_A,
      username: 'admin',
      password: ADMIN[1],
    });
    await setUser('admin', { ausr_rights_otp: 'F' });
    expect(Object.keys(login.json()).sort()).toEqual(['otp_expire_minutes', 'stage', 'tenant', 'token']);
    const token = login.json().token as string;
    expect((await post(t.app, '/api/auth/session', {}, token)).json()).toEqual({
      stage: 'otp',
      tenant: { name: TENANT_A, theme: { primaryColor: 'blue', name: TENANT_A } },
    });
    const code = codeOf((await t.mail.next('admin@example.com', sent)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    const wrongChecks = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from audit_log where log_process = 'otp' and log_type = 'warning'`,
        )
      )[0]!.n;
    const before = await wrongChecks();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => post(t.app, '/api/auth/otp/verify', { code: wrong }, token)),
    );
    // Fifteen parallel guesses get exactly five real checks between them.
    expect((await wrongChecks()) - before).toBe(5);
    expect(answers.filter((a) => a.json().errorLevel === 1)).toHaveLength(4);
    const rows = await queryRows<{ otp_tries: number }>(
      db(),
      sql`select otp_tries from otp_codes order by otp_id desc limit 1`,
    );
    expect(rows[0]!.otp_tries).toBe(5);
    expect((await post(t.app, '/api/auth/otp/verify', { code }, token)).json().errorLevel).toBe(2);
  });

  it('11. lets one user enter 20 wrong codes an hour over all their logins, from any address', async () => {
    await setUser('control', { ausr_rights_otp: 'T' });
    const login = async (ip: string) => {
      const sent = t.mail.to('control@example.com').length;
      const res = await from(ip, '/api/auth/login', {
        database: TENANT_A,
        username: CONTROL[0],
        password: CONTROL[1],
      });
      expect(res.json().stage).toBe('otp');
      const code = codeOf((await t.mail.next('control@example.com', sent)).text);
      return { ip, token: res.json().token as string, code };
    };
    const verify = (l: { ip: string; token: string }, code: string) =>
      from(l.ip, '/api/auth/otp/verify', { code }, l.token);
    const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
    try {
      // A right code does not count: a user who mistypes nothing is never held up.
      const first = await login('10.11.0.1');
      expect((await verify(first, first.code)).json().errorLevel).toBe(0);
      // Five logins from five addresses, five wrong codes each, all at once: 20 are checked.
      const logins = await Promise.all([2, 3, 4, 5, 6].map((n) => login(`10.11.0.${n}`)));
      const answers = await Promise.all(
        logins.flatMap((l) => Array.from({ length: 5 }, () => verify(l, wrongOf(l.code)))),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.json().message).toBe(OTP_USER_LOCKED_MESSAGE);
      // A fresh login from a fresh address, even with the right code, waits for the hour to pass.
      const next = await login('10.11.0.7');
      const locked = await verify(next, next.code);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(OTP_USER_LOCKED_MESSAGE);
      t.clock.advance(61 * 60_000);
      const later = await login('10.11.0.8');
      expect((await verify(later, later.code)).json().errorLevel).toBe(0);
    } finally {
      await setUser('control', { ausr_rights_otp: 'F' });
    }
  });

  it('13. asks for a mailed code with the right password after 20 wrong ones an hour, from however many addresses', async () => {
    const signIn = (ip: string, username: string, password: string) =>
      from(ip, '/api/auth/login', { database: TENANT_A, username, password });
    // A right password does not count: a user who mistypes nothing is never held up.
    expect((await signIn('10.13.0.1', CONTROL[0], CONTROL[1])).json().stage).toBe('full');
    // Four addresses, five wrong guesses each (under each address's own limit), all at once.
    const guesses = await Promise.all(
      [2, 3, 4, 5].flatMap((n) =>
        Array.from({ length: 5 }, (_, i) => signIn(`10.13.0.${n}`, CONTROL[0], `Wrong#Guess${n}${i}`)),
      ),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual(Array(20).fill(401));
    // Past the limit a wrong password answers as it always does, as for a name that does not exist…
    const wrong = await signIn('10.13.0.6', CONTROL[0], 'Wrong#Again1');
    const unknown = await signIn('10.13.0.6', 'nosuchuser', 'Wrong#Again1');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    // …and the right one alone no longer signs in: the login waits for the code mailed to the user.
    const sent = t.mail.to('control@example.com').length;
    const right = await signIn('10.13.0.7', CONTROL[0], CONTROL[1]);
    expect(right.statusCode).toBe(200);
    expect(right.json().stage).toBe('otp');
    expect(right.json().user).toBeUndefined();
    const token = right.json().token as string;
    expect((await from('10.13.0.7', '/api/docket/list', {}, token)).statusCode).toBe(401);
    const code = codeOf((await t.mail.next('control@example.com', sent)).text);
    const verified = await from('10.13.0.7', '/api/auth/otp/verify', { code }, token);
    expect(verified.json().errorLevel).toBe(0);
    expect((await from('10.13.0.7', '/api/auth/session', {}, token)).json().stage).toBe('full');
    // Other users sign in as before, and after the hour so does this one.
    expect((await signIn('10.13.0.8', CUSTOMER[0], CUSTOMER[1])).json().stage).toBe('full');
    t.clock.advance(61 * 60_000);
    expect((await signIn('10.13.0.9', CONTROL[0], CONTROL[1])).json().stage).toBe('full');
    await forgetWrongTries('control');
  });

  it('13. holds a user without an e-mail address out for the hour instead, telling only the password holder', async () => {
    await setUser('control', { ausr_email: '' });
    try {
      for (let n = 0; n < 20; n++)
        expect(
          (
            await from(`10.14.0.${n % 4}`, '/api/auth/login', {
              database: TENANT_A,
              username: CONTROL[0],
              password: `Wrong#${n}`,
            })
          ).statusCode,
        ).toBe(401);
      const locked = await from('10.14.0.9', '/api/auth/login', {
        database: TENANT_A,
        username: CONTROL[0],
        password: CONTROL[1],
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(PASSWORD_USER_LOCKED_MESSAGE);
      expect(locked.json().token).toBeUndefined();
    } finally {
      await setUser('control', { ausr_email: 'control@example.com' });
      await forgetWrongTries('control');
    }
  });

  it('12. lets one stolen session try 20 wrong current passwords an hour over every call that asks for one', async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    const me = (await post(t.app, '/api/auth/session', {}, token)).json().user as { ausr_id: number };
    const details = (await post(t.app, '/api/user/list', { _id: me.ausr_id }, token)).json();
    const guess = (n: number, current: string) => {
      const newPassword = { ausr_password: 'Another#Pass2026', ausr_current_password: current };
      if (n % 3 === 0) return post(t.app, '/api/auth/password/change', newPassword, token);
      if (n % 3 === 1) return post(t.app, '/api/user/password', newPassword, token);
      return post(
        t.app,
        '/api/user/post',
        { ...details, ausr_id: me.ausr_id, ausr_email: 'thief@example.com', ausr_current_password: current },
        token,
      );
    };
    // Each route allows 10 a minute to a session; 20 wrong guesses spread over the three all count.
    for (let n = 0; n < 20; n++) {
      const res = await guess(n, `Wrong#Guess${n}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ ausr_current_password: 'The current password is not correct' });
    }
    // The 21st, even the right password, waits for the hour to pass; nothing was mailed or changed.
    for (const n of [20, 21, 22]) {
      const locked = await guess(n, CUSTOMER[1]);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(PASSWORD_USER_LOCKED_MESSAGE);
    }
    expect(t.mail.to('thief@example.com')).toEqual([]);
    // An administrator gives the owner a new password: what the old one let anyone try ends with
    // it (as with a reset by the mailed link), and the owner is not held out for the rest of the hour.
    const admin = await loginAs(t.app, ...ADMIN);
    const record = (await post(t.app, '/api/user/list', { _id: me.ausr_id }, admin)).json();
    const links = async (kind: 'accounts' | 'circuits' | 'reports') =>
      (await post(t.app, `/api/user/${kind}`, { _id: me.ausr_id }, admin)).json();
    const set = await post(
      t.app,
      '/api/user/post',
      {
        ...record,
        ausr_id: me.ausr_id,
        ausr_password: 'Reset#Pass2026',
        accounts: await links('accounts'),
        circuits: await links('circuits'),
        reports: await links('reports'),
      },
      admin,
    );
    expect(set.statusCode, set.body).toBe(200);
    const owner = await loginAs(t.app, CUSTOMER[0], 'Reset#Pass2026');
    const change = (current: string, next: string) =>
      post(
        t.app,
        '/api/auth/password/change',
        { ausr_password: next, ausr_current_password: current },
        owner,
      );
    expect((await change('Wrong#Again1', 'Another#Pass2026')).statusCode).toBe(400);
    expect((await change('Reset#Pass2026', CUSTOMER[1])).statusCode).toBe(200);
  });
});
