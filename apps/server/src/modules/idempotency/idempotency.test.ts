import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { IDEMPOTENCY_KEEP_DAYS, purgeIdempotencyKeys } from './idempotency-purge.job';
import { ADMIN, CUSTOMER, DB_KINDS, booking, useTestApp, loginAs, post, TENANT_A } from '../../test/harness';

describe.each(DB_KINDS)('Idempotency-Key on docket/post on %s', (kind) => {
  let customer: string;
  let account: number;
  const db = () => t.tenants.get(TENANT_A)!.db;
  const postWithKey = (body: unknown, key: string, token = customer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/docket/post',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      payload: JSON.stringify(body),
    });
  const docketsWithRef = async (ref: string) =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from dockets where dck_cust_ref1 = ${ref}`,
      )
    )[0]!.n;

  const t = useTestApp(kind, { dockets: 0 });
  beforeAll(async () => {
    customer = await loginAs(t.app, ...CUSTOMER);
    account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });

  it('answers a retried booking with the first result, books it once and mails once', async () => {
    const body = booking(account, { dck_cust_ref1: 'IDEM-1', dck_email: 'idem@example.com' });
    const first = await postWithKey(body, 'key-0001');
    expect(first.statusCode).toBe(200);
    const again = await postWithKey(body, 'key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await docketsWithRef('IDEM-1')).toBe(1);
    await t.mail.next('idem@example.com', 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.to('idem@example.com')).toHaveLength(1);
    // The stored answer holds no registration secret.
    const stored = await queryRows<{ r: string }>(
      db(),
      sql`select idem_response::text as r from idempotency_keys`,
    );
    expect(stored[0]!.r).not.toMatch(/token/i);
  });

  it('lets five racing calls with one key make one booking, all with the same answer', async () => {
    const body = booking(account, { dck_cust_ref1: 'IDEM-RACE' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWithKey(body, 'race-key')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().dck_id)).size).toBe(1);
    expect(await docketsWithRef('IDEM-RACE')).toBe(1);
  });

  it('refuses a key used for another request, keeps keys per user, and checks the header', async () => {
    await postWithKey(booking(account, { dck_cust_ref1: 'IDEM-A' }), 'shared-key');
    const other = await postWithKey(booking(account, { dck_cust_ref1: 'IDEM-B' }), 'shared-key');
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual({ 'idempotency-key': 'Used for another request' });
    const admin = await loginAs(t.app, ...ADMIN);
    const adminAccount = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts[0].cust_id;
    expect(
      (await postWithKey(booking(adminAccount, { dck_cust_ref1: 'IDEM-C' }), 'shared-key', admin)).statusCode,
    ).toBe(200);
    const bad = await postWithKey(booking(account), 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['idempotency-key']);
    // Without a key every call books.
    await post(t.app, '/api/docket/post', booking(account, { dck_cust_ref1: 'IDEM-NONE' }), customer);
    await post(t.app, '/api/docket/post', booking(account, { dck_cust_ref1: 'IDEM-NONE' }), customer);
    expect(await docketsWithRef('IDEM-NONE')).toBe(2);
  });
  it('forgets a stored answer a week old in the nightly purge, and keeps the newer ones', async () => {
    const keys = async () =>
      (
        await queryRows<{ k: string }>(
          db(),
          sql`select idem_key as k from idempotency_keys where idem_key like 'purge-%' order by idem_key`,
        )
      ).map((r) => r.k);
    expect((await postWithKey(booking(account, { dck_cust_ref1: 'IDEM-OLD' }), 'purge-old')).statusCode).toBe(
      200,
    );
    t.clock.advance((IDEMPOTENCY_KEEP_DAYS + 1) * 86_400_000);
    customer = await loginAs(t.app, ...CUSTOMER);
    expect((await postWithKey(booking(account, { dck_cust_ref1: 'IDEM-NEW' }), 'purge-new')).statusCode).toBe(
      200,
    );
    expect(await keys()).toEqual(['purge-new', 'purge-old']);
    expect(await purgeIdempotencyKeys(db(), t.clock)).toBeGreaterThanOrEqual(1);
    expect(await keys()).toEqual(['purge-new']);
    expect(await purgeIdempotencyKeys(db(), t.clock)).toBe(0);
  });
});
