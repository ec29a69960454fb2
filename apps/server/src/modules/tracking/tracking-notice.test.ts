import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TrackDetailResponse } from '@courier/contracts';
import { docketNotices, settings } from '../../db/schema';
import { signaturePng } from '../../lib/png';
import {
  ADMIN,
  CONTROL,
  CUSTOMER,
  DB_KINDS,
  booking,
  driver,
  loginAs,
  post,
  statusChange,
  TENANT_A,
  TENANT_B,
  useTestApp,
} from '../../test/harness';
import { queueStatusNotice, sendPendingNotices } from './tracking-notice.service';

const PIN = '246802';
const SIGNATURE = signaturePng('Notice Signer').toString('base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

describe.each(DB_KINDS)('tracking e-mail notices and public photos on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.tenants.get(TENANT_A)!.db;
  let control: string;
  let customer: string;
  let driverToken: string;
  let account: number;
  let keyNo = 0;

  const act = (body: object, key = `n-${++keyNo}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/driver/job/action',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${driverToken}`,
        'idempotency-key': key,
      },
      payload: JSON.stringify(body),
    });

  /** A booking with e-mail addresses, allocated to the test driver: its id, number and reference. */
  const allocated = async (dck_email: string) => {
    const booked = await post(t.app, '/api/docket/post', booking(account, { dck_email }), customer);
    expect(booked.statusCode, booked.body).toBe(200);
    const b = booked.json() as { dck_id: number; dck_docket: number; tracking_reference: string };
    // The booking confirmation first (each test uses fresh addresses).
    if (dck_email) await t.mail.next(dck_email.split(';')[0]!.trim(), 0);
    const res = await post(
      t.app,
      '/api/docket/status/change',
      statusChange(b.dck_docket, 'W', 'G', { driver: 'TN1' }),
      control,
    );
    expect(res.statusCode, res.body).toBe(200);
    return b;
  };

  beforeAll(async () => {
    const admin = await loginAs(t.app, ...ADMIN);
    [control, customer] = await Promise.all([loginAs(t.app, ...CONTROL), loginAs(t.app, ...CUSTOMER)]);
    account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
    expect((await post(t.app, '/api/driver/post', driver('TN1', { drv_pin: PIN }), admin)).statusCode).toBe(
      200,
    );
    const login = await post(t.app, '/api/driver/auth/login', {
      database: TENANT_A,
      drv_driver: 'TN1',
      pin: PIN,
    });
    driverToken = login.json().token as string;
  });

  it("mails the docket's addresses the tracking link when it is collected and when delivered, once each", async () => {
    const b = await allocated('notice.one@test.local; notice.two@test.local');
    const before = t.mail.to('notice.one@test.local').length;
    const key = 'collect-once';
    const collected = await act({ dck_id: b.dck_id, action: 'collected', from: 'G' }, key);
    expect(collected.statusCode, collected.body).toBe(200);
    const mail = await t.mail.next('notice.one@test.local', before);
    expect(mail.subject).toBe(`${TENANT_A}: booking ${b.dck_docket} collected`);
    expect(mail.text).toContain(`Your booking ${b.dck_docket} has been collected.`);
    const link = `http://portal.test/docket/track?${new URLSearchParams({ tracking_ref: b.tracking_reference, database: TENANT_A })}`;
    expect(mail.text).toContain(link);
    expect(JSON.stringify(mail.to)).toContain('notice.two@test.local');

    // The phone's queue sends the action again: the same answer, no second mail.
    const replay = await act({ dck_id: b.dck_id, action: 'collected', from: 'G' }, key);
    expect(replay.statusCode).toBe(200);
    // Queueing the event again (a second process, a race) is refused by the unique key.
    expect(await queueStatusNotice(db(), b.dck_id, 'P', new Date())).toBe(false);
    expect(await sendPendingNotices({ ...t.deps, clock: t.clock }, t.tenants.get(TENANT_A)!)).toBe(0);

    const delivered = await act({
      dck_id: b.dck_id,
      action: 'delivered',
      from: 'P',
      signed_by: 'Ann Other',
      signature: SIGNATURE,
      photo: JPEG.toString('base64'),
      photo_type: 'image/jpeg',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const second = await t.mail.next('notice.one@test.local', before + 1);
    expect(second.subject).toBe(`${TENANT_A}: booking ${b.dck_docket} delivered`);
    expect(second.text).toContain(link);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.to('notice.one@test.local').length).toBe(before + 2);
    const rows = await db().select().from(docketNotices).where(eq(docketNotices.dnot_dck_id, b.dck_id));
    expect(rows.map((r) => r.dnot_event).sort()).toEqual(['collected', 'delivered']);
    expect(rows.every((r) => r.dnot_sent !== null)).toBe(true);
  });

  it('sends nothing when the tenant switches the notices off', async () => {
    const where = and(eq(settings.sett_group, 'general'), eq(settings.sett_key, 'TrackingMail'));
    await db().update(settings).set({ sett_value: 'F' }).where(where);
    try {
      const b = await allocated('notice.off@test.local');
      expect((await act({ dck_id: b.dck_id, action: 'collected', from: 'G' })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      expect(t.mail.to('notice.off@test.local').length).toBe(1); // the booking confirmation only
      expect(await db().select().from(docketNotices).where(eq(docketNotices.dnot_dck_id, b.dck_id))).toEqual(
        [],
      );
    } finally {
      await db().update(settings).set({ sett_value: 'T' }).where(where);
    }
  });

  it("serves a delivery photo publicly only by its own docket's reference", async () => {
    const b = await allocated('photo@test.local');
    expect((await act({ dck_id: b.dck_id, action: 'collected', from: 'G' })).statusCode).toBe(200);
    const done = await act({
      dck_id: b.dck_id,
      action: 'delivered',
      from: 'P',
      signed_by: 'Photo Taker',
      signature: SIGNATURE,
      photo: JPEG.toString('base64'),
      photo_type: 'image/jpeg',
    });
    expect(done.statusCode, done.body).toBe(200);
    const other = await allocated('');
    const detail = (
      await post(t.app, '/api/docket/track/detail', {
        database: TENANT_A,
        tracking_ref: b.tracking_reference,
      })
    ).json() as TrackDetailResponse;
    expect(detail.photos).toHaveLength(1);
    const photo = detail.photos[0]!;
    expect(photo.url).toBe(
      `/api/docket/track/photo/${photo.dpho_id}?${new URLSearchParams({ database: TENANT_A, tracking_ref: b.tracking_reference })}`,
    );
    const ok = await t.app.inject({ method: 'GET', url: photo.url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(ok.rawPayload.equals(JPEG)).toBe(true);

    const get = (id: number, tracking_ref: string, database = TENANT_A) =>
      t.app.inject({
        method: 'GET',
        url: `/api/docket/track/photo/${id}?${new URLSearchParams({ database, tracking_ref })}`,
      });
    // Another docket's reference, a guessed id, the other tenant, an unknown reference, none at all.
    expect((await get(photo.dpho_id, other.tracking_reference)).statusCode).toBe(404);
    expect((await get(photo.dpho_id + 1000, b.tracking_reference)).statusCode).toBe(404);
    expect((await get(photo.dpho_id, b.tracking_reference, TENANT_B)).statusCode).toBe(404);
    expect((await get(photo.dpho_id, 'TNOTAREALREF000')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/docket/track/photo/${photo.dpho_id}` })).statusCode,
    ).toBe(400);
  });
});
