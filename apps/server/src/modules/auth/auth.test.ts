import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { settings } from '../../db/schema';
import { queryRows } from '../../db/client';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  useTestApp,
  loginAs,
  post,
  TENANT_A,
  TENANT_B,
} from '../../test/harness';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 5, loginRateMax: 5 });

  it('logs in, sets an httpOnly SameSite cookie and returns the session without secrets', async () => {
    const res = await post(t.app, '/api/auth/login', {
      database: TENANT_A,
      username: 'Customer',
      password: CUSTOMER[1],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.ausr_logon).toBe('customer');
    expect(body.user).not.toHaveProperty('ausr_password');
    expect(body.rights).toEqual(['home', 'history', 'booking', 'trace', 'addressbook', 'reports']);
    expect(body.accounts).toHaveLength(2);
    expect(body.tenant).toEqual({ name: TENANT_A, theme: { primaryColor: 'blue', name: TENANT_A } });
    const [session, hint] = res.cookies;
    expect(session).toMatchObject({ name: 'courier_session', value: body.token, httpOnly: true, path: '/' });
    expect(session!.sameSite).toMatch(/lax/i);
    // The signed-in hint a script may read (the web app draws a guest's public screen at once
    // without it): it holds no token and is not httpOnly.
    expect(hint).toMatchObject({ name: 'courier_signed_in', value: '1', path: '/' });
    expect(hint!.httpOnly).toBeFalsy();
    expect(hint!.sameSite).toMatch(/lax/i);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await post(t.app, '/api/auth/login', {
      database: TENANT_A,
      username: 'admin',
      password: 'nope',
    });
    const unknown = await post(t.app, '/api/auth/login', {
      database: TENANT_A,
      username: 'nobody',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: 'AUTHENTICATION_ERROR',
      message: 'The username or password is incorrect',
    });
  });

  it('rate-limits login attempts per address and username with 429', async () => {
    const attempt = (username: string) =>
      post(t.app, '/api/auth/login', { database: TENANT_A, username, password: 'bad' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt('rate-test-user')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes[5]).toBe(429);
    // Another username from the same address is counted apart.
    expect((await attempt('someone-else')).statusCode).toBe(401);
  });

  it('restores the session from the cookie and ends it on logout', async () => {
    const token = await loginAs(t.app, ...ADMIN);
    const cookie = { courier_session: token };
    const s = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      cookies: cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(s.statusCode).toBe(200);
    expect(s.json().user.ausr_logon).toBe('admin');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    // Logout clears the session cookie and its hint.
    expect(out.cookies.map((c) => [c.name, c.value])).toEqual([
      ['courier_session', ''],
      ['courier_signed_in', ''],
    ]);
    const after = await post(t.app, '/api/auth/session', {}, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('NOT_AUTHENTICATED');
  });

  it('grants nothing for the signed-in hint alone, nor with a stale session cookie', async () => {
    const call = (url: string, cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        cookies,
        headers: { 'content-type': 'application/json' },
        payload: url === '/api/docket/list' ? '{"pageSize":20}' : '{}',
      });
    const token = await loginAs(t.app, ...ADMIN);
    await call('/api/auth/logout', { courier_session: token });
    const tries: Record<string, string>[] = [
      { courier_signed_in: '1' },
      { courier_session: token, courier_signed_in: '1' },
    ];
    for (const cookies of tries)
      for (const url of ['/api/auth/session', '/api/docket/list']) {
        const res = await call(url, cookies);
        expect(res.statusCode, `${url} ${Object.keys(cookies).join('+')}`).toBe(401);
        expect(res.json().error).toBe('NOT_AUTHENTICATED');
      }
  });

  it('answers 401 NOT_AUTHENTICATED without a token and for a forged one', async () => {
    const none = await post(t.app, '/api/auth/session', {});
    expect(none.json()).toEqual({ error: 'NOT_AUTHENTICATED', message: 'NOT_AUTHENTICATED' });
    const forged = await post(t.app, '/api/auth/session', {}, 'RGVtbyBDb3VyaWVycw.forged');
    expect(forged.statusCode).toBe(401);
  });

  it('expires a session after the idle time', async () => {
    const token = await loginAs(t.app, ...CONTROL);
    t.clock.advance(61 * 60_000);
    const res = await post(t.app, '/api/auth/session', {}, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired, please login again');
    t.clock.advance(-61 * 60_000);
  });

  it("ends sessions after the tenant's idle setting", async () => {
    const db = t.tenants.get(TENANT_A)!.db;
    await db.update(settings).set({ sett_value: '5' }).where(eq(settings.sett_key, 'SessionIdleMinutes'));
    const token = await loginAs(t.app, ...CONTROL);
    t.clock.advance(4 * 60_000);
    expect((await post(t.app, '/api/auth/session', {}, token)).statusCode).toBe(200);
    t.clock.advance(4 * 60_000);
    // Used 4 minutes ago: still within 5 minutes of the last call.
    expect((await post(t.app, '/api/auth/session', {}, token)).statusCode).toBe(200);
    t.clock.advance(6 * 60_000);
    const res = await post(t.app, '/api/auth/session', {}, token);
    t.clock.advance(-14 * 60_000);
    await db.update(settings).set({ sett_value: '60' }).where(eq(settings.sett_key, 'SessionIdleMinutes'));
    expect(res.statusCode).toBe(401);
  });

  it('keeps the server default for a stored idle setting of 0 (the rule now refuses 0, settings-save.test)', async () => {
    const db = t.tenants.get(TENANT_A)!.db;
    await db.update(settings).set({ sett_value: '0' }).where(eq(settings.sett_key, 'SessionIdleMinutes'));
    try {
      const token = await loginAs(t.app, ...CONTROL);
      // Each call a few minutes after the last slides the expiry by the default hour, not by 0.
      for (let i = 0; i < 3; i++) {
        t.clock.advance(3 * 60_000);
        expect((await post(t.app, '/api/auth/session', {}, token)).statusCode).toBe(200);
      }
      t.clock.advance(-9 * 60_000);
    } finally {
      await db.update(settings).set({ sett_value: '60' }).where(eq(settings.sett_key, 'SessionIdleMinutes'));
    }
  });

  it('stores only the hash of a session token', async () => {
    const token = await loginAs(t.app, ...ADMIN);
    const rows = await queryRows<{ sess_token_hash: string }>(
      t.tenants.get(TENANT_A)!.db,
      sql`select sess_token_hash from sessions`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.sess_token_hash.includes(token.split('.')[1]!))).toBe(false);
  });

  it('keeps a session to its own tenant', async () => {
    const tokenA = await loginAs(t.app, ...CUSTOMER, TENANT_A);
    // Swap the tenant part: the token is unknown in tenant B.
    const keyB = Buffer.from(TENANT_B).toString('base64url');
    const res = await post(t.app, '/api/docket/list', {}, `${keyB}.${tokenA.split('.')[1]}`);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a state-changing call that is not JSON (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'database=x&username=admin&password=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('accepts the calls that take no body without one (no content type, no {})', async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    for (const url of ['/api/country/list', '/api/county/list', '/api/auth/session', '/api/database/list']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('refuses a state-changing call from another site, with the session cookie (403)', async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    const account = (await post(t.app, '/api/auth/session', {}, token)).json().accounts[0].cust_id;
    const address = {
      cadd_cust_id: account,
      cadd_coname: 'Evil Ltd',
      cadd_street: 'Portland Street',
      cadd_town: 'Manchester',
      cadd_postalcode: 'M1 1AE',
    };
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customer/address/post',
        headers: { 'content-type': 'application/json', cookie: `courier_session=${token}`, ...headers },
        payload: JSON.stringify(address),
      });
    const evil = await send({ origin: 'http://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe('Cross-site request refused');
    expect((await send({ referer: 'http://evil.example/page' })).statusCode).toBe(403);
    expect((await send({ origin: 'null' })).statusCode).toBe(403);
    // The portal's own origin (PUBLIC_URL, or the host it was reached on) and API clients pass.
    expect((await send({ origin: 'http://portal.test' })).statusCode).toBe(200);
    expect((await send({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
    expect((await send({})).statusCode).toBe(200);
  });

  it('names the database when it is unknown', async () => {
    const res = await post(t.app, '/api/auth/login', { database: 'Nope', username: 'admin', password: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual({ database: 'Unknown database' });
  });
});
