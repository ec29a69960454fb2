import { describe, expect, it } from 'vitest';
import { ADMIN, CONTROL, CUSTOMER, DB_KINDS, useTestApp, loginAs, post, TENANT_A } from '../../test/harness';

describe.each(DB_KINDS)('system settings lists on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });

  it('gives each group the booking form needs to a signed-in user', async () => {
    const token = await loginAs(t.app, ...CUSTOMER);
    const body = { type: 'settings', database: TENANT_A };
    expect((await post(t.app, '/api/system/hoo/list', body, token)).json()).toMatchObject({
      hoo_mon_start: '07:00',
      hoo_sun_end: '',
    });
    expect((await post(t.app, '/api/system/mandatory/list', body, token)).json()['Booking.A']).toBe(
      'dadd_street,dadd_town,dadd_postalcode',
    );
    expect((await post(t.app, '/api/system/general/list', body, token)).json()).toMatchObject({
      BookingHOO: 'T',
      ExtraReferences: 'F',
    });
    expect(
      (await post(t.app, '/api/system/message/list', body, token)).json()['Booking.ReferenceRequired'],
    ).toBe('{label} is required.');
    expect((await post(t.app, '/api/system/cfg_disallow_pobox/list', body, token)).json()).toEqual({
      cfg_disallow_pobox: 'T',
    });
  });

  it('needs a session, and a linked account for account values', async () => {
    expect((await post(t.app, '/api/system/general/list', { type: 'settings' })).statusCode).toBe(401);
    const admin = await loginAs(t.app, ...ADMIN);
    const card = (
      (await post(t.app, '/api/auth/session', {}, admin)).json().accounts as {
        cust_id: number;
        cust_mop: string;
      }[]
    ).find((a) => a.cust_mop === 'O')!;
    const control = await loginAs(t.app, ...CONTROL);
    const refused = await post(
      t.app,
      '/api/system/customer/list',
      { type: 'settings', cust_id: card.cust_id },
      control,
    );
    expect(refused.statusCode).toBe(403);
    // The 403 names the field the request sent.
    expect(refused.json().fields).toEqual({ cust_id: 'Not your account' });
    expect(
      (await post(t.app, '/api/system/customer/list', { type: 'settings', cust_id: card.cust_id }, admin))
        .statusCode,
    ).toBe(200);
  });
});
