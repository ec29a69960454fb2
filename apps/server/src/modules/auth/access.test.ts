import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { CUSTOMER, DB_KINDS, useTestApp, loginAs, post, TENANT_A } from '../../test/harness';
import { forgetLiveSessions } from '../../db/live-session-cache';

const codeOf = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')![1]!;
const linkOf = (text: string | undefined) => /(http:\/\/portal\.test\/reset\/\S+)/.exec(text ?? '')![1]!;

describe.each(DB_KINDS)('access flows on %s', (kind) => {
  const logs: string[] = [];
  const db = () => t.tenants.get(TENANT_A)!.db;
  const setUser = (logon: string, values: Partial<typeof users.$inferInsert>) =>
    db().update(users).set(values).where(eq(users.ausr_logon, logon)).then(forgetLiveSessions);
  const login = (username: string, password: string) =>
    post(t.app, '/api/auth/login', { database: TENANT_A, username, password });

  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const t = useTestApp(kind, { dockets: 3, logLevel: 'trace', logStream: stream });

  describe('one-time code', () => {
    it('mails a code after the password; nothing else opens until it is verified', async () => {
      await setUser('admin', { ausr_rights_otp: 'T' });
      const res = await login('admin', 'Admin#2026');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ stage: 'otp', otp_expire_minutes: 10 });
      const token = res.json().token as string;
      expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(401);
      const mail = await t.mail.next('admin@example.com', 0);
      expect(mail.subject).toBe('Demo Couriers: your one-time code');
      expect(mail.text).toContain('The code will expire in 10 minutes');
      expect(mail.html).toContain('Demo Couriers');
      const code = codeOf(mail.text);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await post(t.app, '/api/auth/otp/verify', { code: wrong }, token)).json()).toEqual({
        errorLevel: 1,
        message: 'The code is not correct, 4 tries left',
      });
      expect((await post(t.app, '/api/auth/otp/verify', { code }, token)).json()).toEqual({
        errorLevel: 0,
        message: 'OK',
      });
      expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(200);
      expect((await post(t.app, '/api/auth/session', {}, token)).json().stage).toBe('full');
    });

    it('stores the code only as an argon2id hash', async () => {
      const rows = await queryRows<{ otp_code_hash: string }>(db(), sql`select otp_code_hash from otp_codes`);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.otp_code_hash).toMatch(/^\$argon2id\$/);
    });

    it('needs a new code after five wrong tries, and throttles resending', async () => {
      const sent = t.mail.to('admin@example.com').length;
      const token = (await login('admin', 'Admin#2026')).json().token as string;
      const code = codeOf((await t.mail.next('admin@example.com', sent)).text);
      const wrong = code === '000000' ? '111111' : '000000';
      const levels: number[] = [];
      for (let i = 0; i < 5; i++)
        levels.push((await post(t.app, '/api/auth/otp/verify', { code: wrong }, token)).json().errorLevel);
      expect(levels).toEqual([1, 1, 1, 1, 2]);
      expect((await post(t.app, '/api/auth/otp/verify', { code }, token)).json().errorLevel).toBe(2);
      expect((await post(t.app, '/api/auth/otp/resend', {}, token)).statusCode).toBe(429);
      t.clock.advance(31_000);
      const resent = await post(t.app, '/api/auth/otp/resend', {}, token);
      expect(resent.json()).toEqual({ otp_expire_minutes: 10 });
      const fresh = codeOf((await t.mail.next('admin@example.com', sent + 1)).text);
      expect((await post(t.app, '/api/auth/otp/verify', { code: fresh }, token)).json().errorLevel).toBe(0);
    });

    it('refuses an expired code', async () => {
      const sent = t.mail.to('admin@example.com').length;
      const token = (await login('admin', 'Admin#2026')).json().token as string;
      const code = codeOf((await t.mail.next('admin@example.com', sent)).text);
      t.clock.advance(11 * 60_000);
      const res = (await post(t.app, '/api/auth/otp/verify', { code }, token)).json();
      expect(res).toEqual({ errorLevel: 2, message: 'The code has expired, please ask for a new code' });
      await setUser('admin', { ausr_rights_otp: 'F' });
    });

    it('refuses OTP users without an e-mail address', async () => {
      await setUser('control', { ausr_rights_otp: 'T', ausr_email: '' });
      const res = await login('control', 'Control#2026');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('OTP authorization is not yet available');
      await setUser('control', { ausr_rights_otp: 'F', ausr_email: 'control@example.com' });
    });
  });

  describe('forgotten password', () => {
    it('answers the same for unknown users and mails a single-use link to known ones', async () => {
      const before = t.mail.mails.length;
      const unknown = await post(t.app, '/api/auth/password/forgot', {
        database: TENANT_A,
        username: 'nobody',
      });
      const known = await post(t.app, '/api/auth/password/forgot', {
        database: TENANT_A,
        username: 'customer',
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json()).toEqual({ message: 'Check your email account for a reset password mail' });
      const mail = await t.mail.next('customer@example.com', 0);
      expect(t.mail.mails.length).toBe(before + 1);
      const link = linkOf(mail.text);
      const token = decodeURIComponent(link.split('/reset/')[1]!);

      const other = await loginAs(t.app, ...CUSTOMER);
      const weak = await post(t.app, '/api/auth/password/reset', { token, password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields).toEqual({ password: 'Password must be at least 8 characters' });
      const ok = await post(t.app, '/api/auth/password/reset', { token, password: 'Fresh#Pass2026' });
      expect(ok.json()).toEqual({ message: 'Your password has been changed' });
      expect(
        (await post(t.app, '/api/auth/password/reset', { token, password: 'Other#Pass2026' })).statusCode,
      ).toBe(422);
      expect((await post(t.app, '/api/auth/session', {}, other)).statusCode).toBe(401);
      expect((await login('customer', CUSTOMER[1])).statusCode).toBe(401);
      expect((await login('customer', 'Fresh#Pass2026')).statusCode).toBe(200);
    });

    it('lets a reset link expire after one hour', async () => {
      const sent = t.mail.to('customer@example.com').length;
      await post(t.app, '/api/auth/password/forgot', { database: TENANT_A, username: 'customer' });
      const token = decodeURIComponent(
        linkOf((await t.mail.next('customer@example.com', sent)).text).split('/reset/')[1]!,
      );
      t.clock.advance(61 * 60_000);
      const res = await post(t.app, '/api/auth/password/reset', { token, password: 'Later#Pass2026' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This reset link is invalid or has expired, please ask for a new one');
    });
  });

  describe('forced password change', () => {
    it('lets an expired password do nothing but change, then ends the other sessions', async () => {
      const older = await loginAs(t.app, 'control', 'Control#2026');
      await setUser('control', { ausr_password_expired: 'T' });
      const res = await login('control', 'Control#2026');
      expect(res.json().stage).toBe('password');
      const token = res.json().token as string;
      expect((await post(t.app, '/api/customer/list', {}, token)).statusCode).toBe(401);
      const change = (ausr_password: string, ausr_current_password = 'Control#2026') =>
        post(t.app, '/api/auth/password/change', { ausr_password, ausr_current_password }, token);
      expect((await change('Control')).statusCode).toBe(400);
      expect((await change('control')).json().fields.ausr_password).toMatch(/^Password must/);
      // The current password is required, and the new one must differ from it.
      const noCurrent = await post(
        t.app,
        '/api/auth/password/change',
        { ausr_password: 'Changed#2026x' },
        token,
      );
      expect(noCurrent.json().fields).toEqual({
        ausr_current_password: 'The current password is not correct',
      });
      expect((await change('Changed#2026x', 'Wrong#2026')).json().fields).toEqual({
        ausr_current_password: 'The current password is not correct',
      });
      expect((await change('Control#2026')).json().fields).toEqual({
        ausr_password: 'The new password must be different from the current one',
      });
      const ok = await change('Changed#2026x');
      expect(ok.json()).toEqual({ message: 'Your password has been changed' });
      expect((await post(t.app, '/api/auth/session', {}, token)).json().stage).toBe('full');
      expect((await post(t.app, '/api/auth/session', {}, older)).statusCode).toBe(401);
      expect((await login('control', 'Changed#2026x')).json().stage).toBe('full');
    });
  });

  describe('public settings', () => {
    it('gives the password policy, OTP lifetime and guest access of a database', async () => {
      expect((await post(t.app, '/api/system/password', { database: TENANT_A })).json()).toEqual({
        minLength: 8,
        enforceRules: 'T',
      });
      expect((await post(t.app, '/api/system/otp', { database: TENANT_A })).json()).toEqual({
        otp_expire_minutes: 10,
      });
      expect((await post(t.app, '/api/system/guestAccessAllowed', { database: TENANT_A })).json()).toEqual({
        guestAccessAllowed: true,
      });
      expect((await post(t.app, '/api/system/otp', { database: 'Nope' })).statusCode).toBe(404);
    });
  });

  it('never logs a password, session token or code', async () => {
    const all = logs.join('');
    expect(all.length).toBeGreaterThan(1000);
    for (const secret of ['Admin#2026', 'Fresh#Pass2026', 'Changed#2026x']) expect(all).not.toContain(secret);
    const tokens = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from sessions`);
    expect(tokens[0]!.n).toBeGreaterThan(0);
    expect(all).not.toMatch(/courier_session=|Bearer [A-Za-z0-9_-]{10}/);
    for (const m of t.mail.mails) {
      const code = /\b(\d{6})\b/.exec(m.text ?? '')?.[1];
      if (code) expect(all).not.toContain(`"code":"${code}"`);
    }
  });
});
