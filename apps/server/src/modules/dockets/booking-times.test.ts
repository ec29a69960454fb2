import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADDRESS_ROLE_MSG, TIME_ORDER_MSG } from '@courier/contracts';
import { settings } from '../../db/schema';
import { booking, useTestApp, CUSTOMER, DB_KINDS, loginAs, post, TENANT_A } from '../../test/harness';

/** 1 July 2030 at hh:mm, UK summer time. */
const at = (hhmm: string) => `2030-07-01T${hhmm}:00+01:00`;

describe.each(DB_KINDS)('ready and deadline in order on %s', (kind) => {
  let customer: string;
  let custId: number;
  const t = useTestApp(kind, { dockets: 0 });
  beforeAll(async () => {
    // Hours of operation apart: only the order of the times is under test.
    await t.tenants
      .get(TENANT_A)!
      .db.update(settings)
      .set({ sett_value: 'F' })
      .where(and(eq(settings.sett_group, 'general'), eq(settings.sett_key, 'BookingHOO')));
    customer = await loginAs(t.app, ...CUSTOMER);
    custId = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });

  /** The fixture booking with the collection's and the delivery's [ready, deadline]. */
  const timed = (collect: [string, string], deliver: [string, string]) => {
    const [from, to] = booking(custId).addresses;
    return booking(custId, {
      addresses: [
        { ...from, dadd_ready: at(collect[0]), dadd_deadline: at(collect[1]) },
        { ...to, dadd_ready: at(deliver[0]), dadd_deadline: at(deliver[1]) },
      ],
    });
  };

  it.each(['/api/docket/price', '/api/docket/post'])('%s names the times out of order', async (url) => {
    const res = await post(t.app, url, timed(['13:00', '11:00'], ['09:00', '10:00']), customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeReady,
      'addresses.1.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeCollection,
    });
  });

  it.each(['/api/docket/price', '/api/docket/post'])('%s refuses a deadline already passed', async (url) => {
    const [from, to] = booking(custId).addresses;
    const hoursAgo = (h: number) => new Date(t.clock.now().getTime() - h * 3_600_000).toISOString();
    const yesterday = booking(custId, {
      addresses: [
        { ...from, dadd_ready: hoursAgo(30), dadd_deadline: hoursAgo(28) },
        { ...to, dadd_ready: hoursAgo(29), dadd_deadline: hoursAgo(26) },
      ],
    });
    const res = await post(t.app, url, yesterday, customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'addresses.0.dadd_deadline': TIME_ORDER_MSG.deadlinePassed,
      'addresses.1.dadd_deadline': TIME_ORDER_MSG.deadlinePassed,
    });
    // The same times seen from two days earlier are still to come, and priced.
    t.clock.advance(-2 * 86_400_000);
    const before = await post(t.app, '/api/docket/price', yesterday, customer);
    expect(before.statusCode, before.body).toBe(200);
  });

  it.each(['/api/docket/price', '/api/docket/post'])(
    '%s refuses a booking with two collections and no delivery',
    async (url) => {
      const [from, to] = booking(custId).addresses;
      const res = await post(
        t.app,
        url,
        booking(custId, { addresses: [from, { ...to, dadd_addresstype: 0 }] }),
        customer,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ 'addresses.1.dadd_addresstype': ADDRESS_ROLE_MSG });
      const starts = await post(
        t.app,
        url,
        booking(custId, { addresses: [{ ...from, dadd_addresstype: 1 }, to] }),
        customer,
      );
      expect(starts.json().fields).toEqual({ 'addresses.0.dadd_addresstype': ADDRESS_ROLE_MSG });
    },
  );

  it('refuses a delivery due before the collection is ready, even in its own order', async () => {
    const res = await post(
      t.app,
      '/api/docket/post',
      timed(['13:00', '15:00'], ['09:00', '10:00']),
      customer,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'addresses.1.dadd_deadline': TIME_ORDER_MSG.deadlineBeforeCollection,
    });
  });

  it('books times in order', async () => {
    const res = await post(
      t.app,
      '/api/docket/post',
      timed(['09:00', '11:00'], ['10:00', '12:00']),
      customer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dck_docket: expect.any(Number) });
  });
});
