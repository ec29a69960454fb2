import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CUSTOMER, DB_KINDS, booking, loginAs, post, useTestApp } from '../../test/harness';

/**
 * docket/post sends its confirmation to the e-mail address typed in the booking: per user, from
 * whichever session, at most docketMailRateMax such bookings a minute (here 2), so a signed-in
 * caller cannot use the portal as a mailer, even by signing in again; bookings without an e-mail,
 * and other users, are not held.
 */
describe.each(DB_KINDS)('booking confirmation mails per user on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0, docketMailRateMax: 2 });
  let first: string;
  let account: number;
  beforeAll(async () => {
    first = await loginAs(t.app, ...CUSTOMER);
    account = (await post(t.app, '/api/auth/session', {}, first)).json().accounts[0].cust_id;
  });
  const book = (token: string, email?: string, custId = account) =>
    post(t.app, '/api/docket/post', booking(custId, email ? { dck_email: email } : {}), token);

  it('refuses a third booking naming an e-mail within the minute with 429, and stores none of it', async () => {
    expect((await book(first, 'one@example.com')).statusCode).toBe(200);
    expect((await book(first, 'two@example.com')).statusCode).toBe(200);
    const listed = async () =>
      (await post(t.app, '/api/docket/list', { archive: false, page: 1 }, first)).json().rows.length;
    const before = await listed();
    const third = await book(first, 'three@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(await listed()).toBe(before);
  });

  it('holds the same user signed in again, but not bookings without an e-mail, nor another user', async () => {
    expect((await book(first)).statusCode).toBe(200);
    const again = await loginAs(t.app, ...CUSTOMER);
    expect((await book(again, 'four@example.com')).statusCode).toBe(429);
    const admin = await loginAs(t.app, ...ADMIN);
    const adminAccount = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts[0].cust_id;
    expect((await book(admin, 'five@example.com', adminAccount)).statusCode).toBe(200);
  });

  it('cannot be filled for a user by calls that are not signed in, whatever token they make up', async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    const session = (await post(t.app, '/api/auth/session', {}, admin)).json();
    const adminAccount = session.accounts[0].cust_id;
    // Bearer tokens shaped like a user's key: each answers 401 and fills no user's count.
    for (const forged of [
      `${session.tenant.name}|${session.user.ausr_id}`,
      `user|${session.tenant.name}|${session.user.ausr_id}`,
    ])
      for (let i = 0; i < 3; i++)
        expect([401, 429]).toContain((await book(forged, 'x@example.com', adminAccount)).statusCode);
    expect((await book(admin, 'six@example.com', adminAccount)).statusCode).toBe(200);
  });
});
