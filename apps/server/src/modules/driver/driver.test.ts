import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DriverJob, DocketTrackingResponse, SignatureRow, StockRow } from '@courier/contracts';
import {
  circuits,
  customers,
  docketSignatures,
  docketStatusHistory,
  dockets,
  drivers,
  traceRecords,
  userAccounts,
  users,
} from '../../db/schema';
import { signaturePng } from '../../lib/png';
import { hashPassword } from '../auth/login.service';
import {
  allCircuits,
  allCircuitsSelectingEach,
  circuitsSelecting,
  circuitsSelectingEach,
} from '../control/circuits.repository';
import { parseNotice, type DocketNotice } from '../events/live';
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
import { forgetLiveSessions } from '../../db/live-session-cache';

const PIN = '135790';
const SIGNATURE = signaturePng('Test Signer').toString('base64');
/** The first bytes of a JPEG: the server checks the magic, not the picture. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).toString(
  'base64',
);

describe.each(DB_KINDS)('driver page and tracking on %s', (kind) => {
  const t = useTestApp(kind, { loginRateMax: 5 });
  const db = () => t.tenants.get(TENANT_A)!.db;
  let admin: string;
  let control: string;
  let customer: string;
  let account: number;
  let keyNo = 0;
  const newKey = () => `key-${++keyNo}-${Date.now()}`;

  beforeAll(async () => {
    [admin, control, customer] = await Promise.all([
      loginAs(t.app, ...ADMIN),
      loginAs(t.app, ...CONTROL),
      loginAs(t.app, ...CUSTOMER),
    ]);
    account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
    for (const code of ['TD1', 'TD2', 'TDR'])
      expect((await post(t.app, '/api/driver/post', driver(code, { drv_pin: PIN }), admin)).statusCode).toBe(
        200,
      );
  });

  const driverLogin = (drv_driver: string, pin: string, database = TENANT_A) =>
    post(t.app, '/api/driver/auth/login', { database, drv_driver, pin });
  const tokens = new Map<string, string>();
  /** The driver's session token, signed in once per file (sign-ins are rate limited). */
  const driverToken = async (code: string) => {
    if (!tokens.has(code)) {
      const res = await driverLogin(code, PIN);
      expect(res.statusCode, res.body).toBe(200);
      tokens.set(code, res.json().token as string);
    }
    return tokens.get(code)!;
  };
  /** POST with the driver's token and an Idempotency-Key. */
  const send = (url: string, body: unknown, token: string, key = newKey()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      payload: JSON.stringify(body),
    });
  /** The control room moves docket `dckDocket` from `from` to `to` (expects 200). */
  const controlMoves = async (
    dckDocket: number,
    from: string,
    to: string,
    extra: Parameters<typeof statusChange>[3] = {},
  ) => {
    const res = await post(
      t.app,
      '/api/docket/status/change',
      statusChange(dckDocket, from, to, extra),
      control,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** A new booking of the customer allocated by the control room to `code`: its id and number. */
  const allocated = async (code: string) => {
    const booked = await post(t.app, '/api/docket/post', booking(account), customer);
    expect(booked.statusCode, booked.body).toBe(200);
    const { dck_docket, dck_id } = booked.json() as { dck_docket: number; dck_id: number };
    await controlMoves(dck_docket, 'W', 'G', { driver: code });
    return { dck_id, dck_docket };
  };
  const jobsOf = async (token: string) => {
    const res = await post(t.app, '/api/driver/job/list', {}, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DriverJob[];
  };

  describe('credential', () => {
    it('stores the PIN hashed, signs in with code and PIN, and refuses a wrong PIN, an unknown driver or one without a PIN alike', async () => {
      const [row] = await db().select().from(drivers).where(eq(drivers.drv_driver, 'TD1'));
      expect(row!.drv_pin_hash).toMatch(/^\$argon2id\$/);
      expect(row!.drv_pin_hash).not.toContain(PIN);
      await post(t.app, '/api/driver/post', driver('TD0'), admin);
      const listed = (await post(t.app, '/api/driver/list', { active: false }, admin)).json() as {
        drv_driver: string;
        drv_pin_set: string;
      }[];
      expect(listed.find((d) => d.drv_driver === 'TD0')?.drv_pin_set).toBe('F');
      expect(listed.find((d) => d.drv_driver === 'TD1')?.drv_pin_set).toBe('T');
      expect(JSON.stringify(listed)).not.toContain('argon2');

      const ok = await driverLogin('td1', PIN);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        drv_driver: 'TD1',
        drv_name: 'Test Driver',
        tenant: { name: TENANT_A },
      });
      expect(ok.headers['set-cookie']).toMatch(/courier_driver=.*Path=\/api\/driver.*HttpOnly/);
      const session = await post(t.app, '/api/driver/auth/session', {}, ok.json().token);
      expect(session.json()).toMatchObject({ drv_driver: 'TD1' });

      for (const [code, pin] of [
        ['TD1', '000000'],
        ['NOPE', PIN],
        ['TD0', PIN],
      ] as const) {
        const res = await driverLogin(code, pin);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('The driver code or PIN is incorrect');
      }
    });

    it('rate limits sign-in attempts per address and driver code like the login', async () => {
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await driverLogin('TDR', '999999')).statusCode);
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes[5]).toBe(429);
      expect((await driverLogin('TDR', PIN)).statusCode).toBe(429);
    });

    it("counts a driver's wrong PINs from every address: 20 an hour, then 429 even for the right PIN, until a new PIN", async () => {
      expect((await post(t.app, '/api/driver/post', driver('TDL', { drv_pin: PIN }), admin)).statusCode).toBe(
        200,
      );
      let address = 0;
      let used = 0;
      /** A sign-in from the next address every four tries (below the per-address limit). */
      const from = (pin: string) => {
        if (used++ % 4 === 0) address++;
        return t.app.inject({
          method: 'POST',
          url: '/api/driver/auth/login',
          remoteAddress: `10.60.0.${address}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ database: TENANT_A, drv_driver: 'TDL', pin }),
        });
      };
      for (let i = 0; i < 19; i++)
        expect((await from(`10000${String(i).padStart(2, '0')}`)).statusCode).toBe(401);
      // A right PIN does not count.
      expect((await from(PIN)).statusCode).toBe(200);
      expect((await from('1000099')).statusCode).toBe(401);
      const locked = await from(PIN);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Too many wrong PINs for this driver, please try again in an hour or ask the control room for a new PIN',
      );
      // Another driver is not held out; the control room's new PIN lets this one in at once.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/driver/auth/login',
        remoteAddress: '10.60.1.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ database: TENANT_A, drv_driver: 'TD1', pin: PIN }),
      });
      expect(other.statusCode).toBe(200);
      expect(
        (await post(t.app, '/api/driver/post', driver('TDL', { drv_pin: '135790' }), control)).statusCode,
      ).toBe(200);
      expect((await from('135790')).statusCode).toBe(200);
    });

    it('keeps driver and user sessions apart: neither token reaches the other kind of call', async () => {
      const token = await driverToken('TD1');
      expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(401);
      expect((await post(t.app, '/api/exception/list', {}, token)).statusCode).toBe(401);
      expect((await post(t.app, '/api/driver/job/list', {}, admin)).statusCode).toBe(401);
      expect((await post(t.app, '/api/driver/job/list', {})).statusCode).toBe(401);
      // The page's session question answers null (200, no error in the phone's console) without a
      // driver session, and names the driver with one.
      for (const other of [admin, undefined]) {
        const res = await post(t.app, '/api/driver/auth/session', {}, other);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toBeNull();
      }
      expect((await post(t.app, '/api/driver/auth/session', {}, token)).json()).toMatchObject({
        drv_driver: 'TD1',
      });
    });

    it('names a bad PIN field (400) and ends the sessions when the PIN changes or the driver is made inactive', async () => {
      const bad = await post(t.app, '/api/driver/post', driver('TD2', { drv_pin: '12ab' }), control);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('drv_pin');
      expect(
        (await post(t.app, '/api/driver/post', driver('TD2', { drv_pin: PIN }), customer)).statusCode,
      ).toBe(403);

      const token = (await driverLogin('TD2', PIN)).json().token as string;
      // The session has just been used (and so is cached by the process): it still ends at once.
      expect((await post(t.app, '/api/driver/job/list', {}, token)).statusCode).toBe(200);
      expect(
        (await post(t.app, '/api/driver/post', driver('TD2', { drv_pin: '246802' }), control)).statusCode,
      ).toBe(200);
      expect(
        (
          await send(
            '/api/driver/position',
            { positions: [{ dtr_latitude: 53.4, dtr_longitude: -2.2, time: t.clock.now().toISOString() }] },
            token,
          )
        ).statusCode,
      ).toBe(401);
      expect((await post(t.app, '/api/driver/job/list', {}, token)).statusCode).toBe(401);
      expect((await driverLogin('TD2', PIN)).statusCode).toBe(401);
      const again = (await driverLogin('TD2', '246802')).json().token as string;
      expect((await post(t.app, '/api/driver/job/list', {}, again)).statusCode).toBe(200);
      // Saving without a PIN keeps it; making the driver inactive ends the session.
      expect(
        (await post(t.app, '/api/driver/post', driver('TD2', { drv_active: 'F' }), control)).statusCode,
      ).toBe(200);
      expect((await post(t.app, '/api/driver/job/list', {}, again)).statusCode).toBe(401);
      expect((await driverLogin('TD2', '246802')).statusCode).toBe(401);
      await post(t.app, '/api/driver/post', driver('TD2'), control);
      expect((await driverLogin('TD2', '246802')).statusCode).toBe(200);
    });
  });

  describe('jobs', () => {
    it("lists only the driver's own open jobs, with stops, and answers 404 for another driver's docket", async () => {
      const mine = await allocated('TD1');
      const theirs = await allocated('D01');
      const token = await driverToken('TD1');
      const jobs = await jobsOf(token);
      const job = jobs.find((j) => j.dck_id === mine.dck_id)!;
      expect(job).toMatchObject({
        dck_docket: mine.dck_docket,
        dck_status: 'G',
        dsts_description: 'Driver allocated',
      });
      expect(job.next).toContain('P');
      expect(job.stops.map((s) => s.dadd_postalcode)).toEqual(['M1 1AE', 'SW1A 1AA']);
      expect(job.stops[0]!.dadd_latitude).toBeTypeOf('number');
      expect(jobs.some((j) => j.dck_id === theirs.dck_id)).toBe(false);

      const action = await send(
        '/api/driver/job/action',
        { dck_id: theirs.dck_id, action: 'collected', from: 'G' },
        token,
      );
      expect(action.statusCode).toBe(404);
      expect(
        (await send('/api/driver/scan', { dck_id: theirs.dck_id, barcode: 'X1' }, token)).statusCode,
      ).toBe(404);
      const [still] = await db().select().from(dockets).where(eq(dockets.dck_id, theirs.dck_id));
      expect(still!.dck_status).toBe('G');
    });

    it('answers 404 to a scan or an action on a job of theirs that the control room cancelled, and on one delivered', async () => {
      const token = await driverToken('TD1');
      const cancelled = await allocated('TD1');
      await controlMoves(cancelled.dck_docket, 'G', 'B', { exception: 'CUSTREQ' });
      const [kept] = await db().select().from(dockets).where(eq(dockets.dck_id, cancelled.dck_id));
      expect(kept!.drv_driver).toBe('TD1');
      expect((await jobsOf(token)).some((j) => j.dck_id === cancelled.dck_id)).toBe(false);
      const scan = await send('/api/driver/scan', { dck_id: cancelled.dck_id, barcode: 'STILL-HERE' }, token);
      expect(scan.statusCode, scan.body).toBe(404);
      const action = await send(
        '/api/driver/job/action',
        { dck_id: cancelled.dck_id, action: 'exception', from: 'B', exception: 'CUSTREQ' },
        token,
      );
      expect(action.statusCode, action.body).toBe(404);

      const delivered = await allocated('TD1');
      for (const [from, to] of [
        ['G', 'P'],
        ['P', 'D'],
      ] as const)
        await controlMoves(delivered.dck_docket, from, to, { signed_by: 'A Person' });
      const late = await send('/api/driver/scan', { dck_id: delivered.dck_id, barcode: 'AFTER' }, token);
      expect(late.statusCode, late.body).toBe(404);
      const traced = await db()
        .select()
        .from(traceRecords)
        .where(eq(traceRecords.dtr_dck_id, delivered.dck_id));
      expect(traced.some((r) => JSON.stringify(r).includes('AFTER'))).toBe(false);
    });

    it('scans, collects, delivers with a signature and a photo, each through the status rules, and pushes each event live', async () => {
      const job = await allocated('TD1');
      const token = await driverToken('TD1');
      const heard: DocketNotice[] = [];
      const stop = await t.tenants.get(TENANT_A)!.listen({
        event: (payload) => {
          const n = parseNotice(payload);
          // Its booking's notice, sent after that commit and batched, may come at any point here.
          if (n?.dck_id === job.dck_id && n.event !== 'booked') heard.push(n);
        },
      });

      const scanned = await send(
        '/api/driver/scan',
        { dck_id: job.dck_id, barcode: 'PARCEL-001', dtr_latitude: 53.48, dtr_longitude: -2.24 },
        token,
      );
      expect(scanned.statusCode, scanned.body).toBe(200);
      expect(scanned.json()).toMatchObject({
        dck_docket: job.dck_docket,
        barcode: 'PARCEL-001',
        matched: false,
      });

      // The rules of the control room: an exception is not a next status of 'Driver allocated' (422).
      const early = await send(
        '/api/driver/job/action',
        { dck_id: job.dck_id, action: 'exception', from: 'G', exception: 'DAMAGED' },
        token,
      );
      expect(early.statusCode, early.body).toBe(422);
      // Stale `from`: 409.
      expect(
        (await send('/api/driver/job/action', { dck_id: job.dck_id, action: 'collected', from: 'P' }, token))
          .statusCode,
      ).toBe(409);

      const collected = await send(
        '/api/driver/job/action',
        { dck_id: job.dck_id, action: 'collected', from: 'G' },
        token,
      );
      expect(collected.statusCode, collected.body).toBe(200);
      expect(collected.json()).toMatchObject({ dck_status: 'P' });

      const noSignature = await send(
        '/api/driver/job/action',
        { dck_id: job.dck_id, action: 'delivered', from: 'P', signed_by: 'Ann Other' },
        token,
      );
      expect(noSignature.statusCode).toBe(400);
      expect(noSignature.json().fields).toHaveProperty('signature');
      const notPng = await send(
        '/api/driver/job/action',
        { dck_id: job.dck_id, action: 'delivered', from: 'P', signed_by: 'Ann Other', signature: JPEG },
        token,
      );
      expect(notPng.statusCode).toBe(400);
      expect(notPng.json().fields).toHaveProperty('signature');
      const noName = await send(
        '/api/driver/job/action',
        { dck_id: job.dck_id, action: 'delivered', from: 'P', signature: SIGNATURE },
        token,
      );
      expect(noName.statusCode).toBe(400);
      expect(noName.json().fields).toHaveProperty('signed_by');

      const delivered = await send(
        '/api/driver/job/action',
        {
          dck_id: job.dck_id,
          action: 'delivered',
          from: 'P',
          signed_by: 'Ann Other',
          signature: SIGNATURE,
          photo: JPEG,
          photo_type: 'image/jpeg',
          dtr_latitude: 51.501,
          dtr_longitude: -0.141,
        },
        token,
      );
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toMatchObject({ dck_status: 'D' });
      expect((await jobsOf(token)).some((j) => j.dck_id === job.dck_id)).toBe(false);

      const history = await db()
        .select()
        .from(docketStatusHistory)
        .where(eq(docketStatusHistory.dsh_dck_id, job.dck_id));
      expect(history.map((h) => [h.dsh_to, h.dsh_logon, h.dsh_signed_by])).toEqual([
        ['G', 'control', ''],
        ['P', 'driver TD1', 'Test Driver'],
        ['D', 'driver TD1', 'Ann Other'],
      ]);

      const tracking = (
        await post(t.app, '/api/docket/tracking', { id: job.dck_id }, customer)
      ).json() as DocketTrackingResponse;
      expect(tracking.records.map((r) => [r.dtr_kind, r.dsts_id ?? r.dtr_item])).toEqual([
        ['status', 'D'],
        ['status', 'P'],
        ['scan', 'PARCEL-001'],
        ['status', 'G'],
      ]);
      expect(tracking.records[0]).toMatchObject({
        drv_driver: 'TD1',
        dtr_latitude: 51.501,
        tloc_description: 'Delivered',
      });

      // Every subscriber of the process shares one LISTEN connection, so the allocation's notice,
      // still on its way when this listener started, may reach it too: first, if at all.
      await expect
        .poll(() => heard.map((n) => `${n.event}:${n.dck_status}`).join(' '))
        .toMatch(/^(status:G )?scan:G status:P status:D$/);
      stop();
    });

    it('pushes one live event per open job for a position, each to the circuits that select that job', async () => {
      const jobs = [await allocated('TD1'), await allocated('TD1')];
      const token = await driverToken('TD1');
      const open = (await jobsOf(token)).map((j) => j.dck_id);
      expect(open).toEqual(expect.arrayContaining(jobs.map((j) => j.dck_id)));
      const heard: DocketNotice[] = [];
      const stop = await t.tenants.get(TENANT_A)!.listen({
        event: (payload) => {
          const n = parseNotice(payload);
          if (n?.event === 'position') heard.push(n);
        },
      });
      const sent = await send(
        '/api/driver/position',
        { positions: [{ dtr_latitude: 53.41, dtr_longitude: -2.2, time: t.clock.now().toISOString() }] },
        token,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      await expect.poll(() => heard.map((n) => n.dck_id).sort()).toEqual([...open].sort());
      stop();
      const every = await allCircuits(db());
      for (const n of heard) {
        expect(n).toMatchObject({ event: 'position', from: n.dck_status, dck_cust_id: account });
        expect(n.circuits).toEqual((await circuitsSelecting(db(), n.dck_id, every, t.clock.now())).sort());
      }
      expect(heard.find((n) => n.dck_id === jobs[0]!.dck_id)!.circuits).toContain('LIVE');
    });

    it("selects a position event's circuits in SQL exactly as the control room's circuit rules do", async () => {
      const made = await db()
        .insert(circuits)
        .values([
          { cir_circ_code: 'TSQ1', cir_name: 'Statuses', cir_statuses: ['G', 'P'] },
          { cir_circ_code: 'TSQ2', cir_name: 'Account', cir_cust_ids: [account] },
          { cir_circ_code: 'TSQ3', cir_name: 'Service', cir_serv_types: ['A', 'ZZ'] },
          { cir_circ_code: 'TSQ4', cir_name: 'Areas', cir_postcode_areas: ['m', 'SW'] },
          { cir_circ_code: 'TSQ5', cir_name: 'Window', cir_window_hours: 30 },
          { cir_circ_code: 'TSQ6', cir_name: 'All', cir_statuses: ['T'], cir_postcode_areas: ['WA'] },
          { cir_circ_code: 'TSQ7', cir_name: 'Empty', cir_cust_ids: [-1] },
        ])
        .returning({ cir_id: circuits.cir_id });
      try {
        const ids = (await db().select({ id: dockets.dck_id }).from(dockets)).map((r) => r.id);
        const now = t.clock.now();
        const every = await allCircuits(db());
        const bySql = await allCircuitsSelectingEach(db(), ids, now);
        const byRules = await circuitsSelectingEach(db(), ids, every, now);
        expect(bySql.size).toBe(ids.length);
        for (const id of ids) expect(bySql.get(id), `docket ${id}`).toEqual((byRules.get(id) ?? []).sort());
        // Each test circuit selects some dockets and not others (so the comparison can tell).
        for (const code of ['TSQ1', 'TSQ2', 'TSQ4', 'TSQ5']) {
          const n = ids.filter((id) => bySql.get(id)!.includes(code)).length;
          expect(n, code).toBeGreaterThan(0);
          expect(n, code).toBeLessThan(ids.length);
        }
      } finally {
        await db()
          .delete(circuits)
          .where(
            inArray(
              circuits.cir_id,
              made.map((c) => c.cir_id),
            ),
          );
      }
    });

    it('applies a replayed action, scan or position batch once and answers the first result again', async () => {
      const job = await allocated('TD1');
      const token = await driverToken('TD1');
      const key = newKey();
      const body = { dck_id: job.dck_id, action: 'collected', from: 'G', time: t.clock.now().toISOString() };
      const first = await send('/api/driver/job/action', body, token, key);
      const second = await send('/api/driver/job/action', body, token, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      const rows = await db()
        .select({ n: count() })
        .from(docketStatusHistory)
        .where(and(eq(docketStatusHistory.dsh_dck_id, job.dck_id), eq(docketStatusHistory.dsh_to, 'P')));
      expect(rows[0]!.n).toBe(1);
      // The same key with another request is refused.
      expect(
        (await send('/api/driver/job/action', { ...body, signed_by: 'Someone' }, token, key)).statusCode,
      ).toBe(422);

      // A report replayed after the job moved to another driver still gets its first answer (the
      // phone lost it), while a new report on that job is refused (404).
      const moved = await allocated('TD1');
      const movedKey = newKey();
      const movedBody = {
        dck_id: moved.dck_id,
        action: 'collected',
        from: 'G',
        time: t.clock.now().toISOString(),
      };
      const before = await send('/api/driver/job/action', movedBody, token, movedKey);
      expect(before.statusCode, before.body).toBe(200);
      for (const [from, to, extra] of [
        ['P', 'Q', { signed_by: 'Control room' }],
        ['Q', 'G', { driver: 'TDR' }],
      ] as const)
        await controlMoves(moved.dck_docket, from, to, extra);
      const replayed = await send('/api/driver/job/action', movedBody, token, movedKey);
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json()).toEqual(before.json());
      expect(
        (await send('/api/driver/scan', { dck_id: moved.dck_id, barcode: 'LATE' }, token)).statusCode,
      ).toBe(404);

      const scanKey = newKey();
      for (let i = 0; i < 2; i++)
        expect(
          (await send('/api/driver/scan', { dck_id: job.dck_id, barcode: 'TWICE' }, token, scanKey))
            .statusCode,
        ).toBe(200);
      const scans = await db()
        .select({ n: count() })
        .from(traceRecords)
        .where(and(eq(traceRecords.dtr_dck_id, job.dck_id), eq(traceRecords.dtr_item, 'TWICE')));
      expect(scans[0]!.n).toBe(1);

      const open = (await jobsOf(token)).length;
      const now = t.clock.now().getTime();
      const positions = [0, 1, 2].map((i) => ({
        dtr_latitude: 53.4 + i / 100,
        dtr_longitude: -2.2,
        time: new Date(now - (3 - i) * 30_000).toISOString(),
      }));
      const posKey = newKey();
      const sent = await send('/api/driver/position', { positions }, token, posKey);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ recorded: 3 * open });
      expect((await send('/api/driver/position', { positions }, token, posKey)).json()).toEqual({
        recorded: 3 * open,
      });
      const stored = await db()
        .select({ n: count() })
        .from(traceRecords)
        .where(and(eq(traceRecords.dtr_dck_id, job.dck_id), eq(traceRecords.dtr_kind, 'position')));
      expect(stored[0]!.n).toBe(3);
      // The same key with other positions is refused, and writes nothing.
      const other = await send('/api/driver/position', { positions: positions.slice(1) }, token, posKey);
      expect(other.statusCode).toBe(422);
      expect(other.json().fields).toHaveProperty('idempotency-key');

      // Two copies of one report racing each other: one is applied, both get its answer.
      const raceKey = newKey();
      const race = {
        positions: [{ dtr_latitude: 52.5, dtr_longitude: -1.9, time: new Date(now).toISOString() }],
      };
      const answers = await Promise.all([0, 1].map(() => send('/api/driver/position', race, token, raceKey)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.json())).toEqual([{ recorded: open }, { recorded: open }]);
      const raced = await db()
        .select({ n: count() })
        .from(traceRecords)
        .where(and(eq(traceRecords.dtr_dck_id, job.dck_id), eq(traceRecords.dtr_latitude, 52.5)));
      expect(raced[0]!.n).toBe(1);
    });

    it("signs out: the session just used is refused at once, the driver's other sessions stay", async () => {
      const [first, second] = [
        (await driverLogin('TD1', PIN)).json(),
        (await driverLogin('TD1', PIN)).json(),
      ];
      for (const token of [first.token, second.token] as string[])
        expect((await post(t.app, '/api/driver/job/list', {}, token)).statusCode).toBe(200);
      expect((await post(t.app, '/api/driver/auth/logout', {}, first.token as string)).statusCode).toBe(200);
      expect((await post(t.app, '/api/driver/job/list', {}, first.token as string)).statusCode).toBe(401);
      expect((await post(t.app, '/api/driver/job/list', {}, second.token as string)).statusCode).toBe(200);
      expect((await post(t.app, '/api/driver/auth/session', {}, first.token as string)).json()).toBeNull();
    });

    it('needs an Idempotency-Key and names bad fields (400), never 5xx', async () => {
      const token = await driverToken('TD1');
      const noKey = await post(t.app, '/api/driver/scan', { dck_id: 1, barcode: 'X' }, token);
      expect(noKey.statusCode).toBe(400);
      const cases: [string, object, string][] = [
        ['/api/driver/scan', { dck_id: 1, barcode: '' }, 'barcode'],
        ['/api/driver/scan', { dck_id: 99999999999, barcode: 'X' }, 'dck_id'],
        [
          '/api/driver/position',
          { positions: [{ dtr_latitude: 91, dtr_longitude: 0, time: new Date().toISOString() }] },
          'positions.0.dtr_latitude',
        ],
        [
          '/api/driver/position',
          {
            positions: [
              { dtr_latitude: 1, dtr_longitude: 0, time: new Date(Date.now() + 3_600_000).toISOString() },
            ],
          },
          'positions.0.time',
        ],
        ['/api/driver/job/action', { dck_id: 1, action: 'lost', from: 'G' }, 'action'],
        [
          '/api/driver/job/action',
          { dck_id: 1, action: 'delivered', from: 'P', signature: 'not base64!' },
          'signature',
        ],
      ];
      for (const [url, body, field] of cases) {
        const res = await send(url, body, token);
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}).join(' ') + res.json().message).toContain(field);
      }
    });
  });

  describe('positions', () => {
    it("shows a job's route and driver to its booker and a guest only from its first scan or collection: before, the driver was on other jobs", async () => {
      const job = await allocated('TD1');
      const token = await driverToken('TD1');
      const [{ ref }] = (await db()
        .select({ ref: dockets.tracking_reference })
        .from(dockets)
        .where(eq(dockets.dck_id, job.dck_id))) as [{ ref: string }];
      const report = async (lat: number, at: number) => {
        const res = await send(
          '/api/driver/position',
          { positions: [{ dtr_latitude: lat, dtr_longitude: -2.2, time: new Date(at).toISOString() }] },
          token,
        );
        expect(res.statusCode, res.body).toBe(200);
      };
      const guestView = async () => {
        const res = await post(t.app, '/api/docket/track/detail', { database: TENANT_A, tracking_ref: ref });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { live: boolean; route: unknown[]; driver: unknown };
      };
      const positionsSeenBy = async (caller: string) => {
        const res = await post(t.app, '/api/docket/tracking', { id: job.dck_id }, caller);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as DocketTrackingResponse).records
          .filter((r) => r.dtr_kind === 'position')
          .map((r) => r.dtr_latitude);
      };
      const now = t.clock.now().getTime();
      // On the way to collect it, the driver passes another customer's door.
      await report(54.9, now - 60_000);
      expect(await guestView()).toMatchObject({ live: true, route: [], driver: null });
      expect(await positionsSeenBy(customer)).toEqual([]);

      const collected = await send(
        '/api/driver/job/action',
        { dck_id: job.dck_id, action: 'collected', from: 'G' },
        token,
      );
      expect(collected.statusCode, collected.body).toBe(200);
      await report(53.1, now + 1_000);
      expect(await guestView()).toMatchObject({
        live: true,
        route: [{ lat: 53.1, lon: -2.2 }],
        driver: { lat: 53.1, lon: -2.2 },
      });
      expect(await positionsSeenBy(customer)).toEqual([53.1]);
      // The control room and administrators still see where the driver went.
      expect(await positionsSeenBy(admin)).toEqual([53.1, 54.9]);

      // Handed over to another driver: their way to it stays hidden until they scan it.
      const at = (ms: number) => new Date(now + ms);
      const handed = (kind: 'position' | 'scan', lat: number, ms: number) => ({
        dtr_dck_id: job.dck_id,
        drv_driver: 'TD2',
        dtr_kind: kind,
        dtr_scandate: at(ms),
        dtr_latitude: lat,
        dtr_longitude: -2.2,
        ...(kind === 'scan' ? { dtr_item: 'HANDOVER', tloc_description: 'Scanned' } : {}),
      });
      await db()
        .insert(traceRecords)
        .values(handed('position', 52.0, 2_000));
      expect((await guestView()).route).toEqual([{ lat: 53.1, lon: -2.2 }]);
      expect(await positionsSeenBy(customer)).toEqual([53.1]);
      await db()
        .insert(traceRecords)
        .values([handed('scan', 51.9, 3_000), handed('position', 51.8, 4_000)]);
      expect((await guestView()).route).toEqual([
        { lat: 53.1, lon: -2.2 },
        { lat: 51.9, lon: -2.2 },
        { lat: 51.8, lon: -2.2 },
      ]);
      expect(await positionsSeenBy(customer)).toEqual([51.8, 53.1]);

      // A scan at the collection starts the route too (the driver is at this job), before Collected.
      const scanned = await allocated('TD1');
      const [{ ref: scannedRef }] = (await db()
        .select({ ref: dockets.tracking_reference })
        .from(dockets)
        .where(eq(dockets.dck_id, scanned.dck_id))) as [{ ref: string }];
      await report(54.8, now - 30_000);
      const scan = await send(
        '/api/driver/scan',
        { dck_id: scanned.dck_id, barcode: 'AT-THE-DOOR', dtr_latitude: 53.3, dtr_longitude: -2.2 },
        token,
      );
      expect(scan.statusCode, scan.body).toBe(200);
      const atTheDoor = await post(t.app, '/api/docket/track/detail', {
        database: TENANT_A,
        tracking_ref: scannedRef,
      });
      expect(atTheDoor.json()).toMatchObject({
        route: [{ lat: 53.3, lon: -2.2 }],
        driver: { lat: 53.3, lon: -2.2 },
      });
    });
  });

  describe('tracking, stock and proof of delivery', () => {
    let delivered: { dck_id: number; dck_docket: number };
    let dsigId: number;
    let outsider: string;

    beforeAll(async () => {
      delivered = await allocated('TD1');
      const token = await driverToken('TD1');
      await send(
        '/api/driver/job/action',
        { dck_id: delivered.dck_id, action: 'collected', from: 'G' },
        token,
      );
      const res = await send(
        '/api/driver/job/action',
        {
          dck_id: delivered.dck_id,
          action: 'delivered',
          from: 'P',
          signed_by: 'Ann Other',
          signature: SIGNATURE,
          photo: JPEG,
          photo_type: 'image/jpeg',
        },
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [sig] = await db()
        .select()
        .from(docketSignatures)
        .where(eq(docketSignatures.dsig_dck_id, delivered.dck_id));
      dsigId = sig!.dsig_id;
      // A booking user of the tenant's third account only.
      const [other] = await db().select().from(customers).where(eq(customers.cust_acc_code, 'DEMO003'));
      const [u] = await db()
        .insert(users)
        .values({
          ausr_logon: 'outsider',
          ausr_password: await hashPassword('Outsider#2026'),
          ausr_rights_history: 'T',
          ausr_rights_trace: 'T',
          ausr_cust_id: other!.cust_id,
        })
        .returning();
      await db().insert(userAccounts).values({ uacc_ausr_id: u!.ausr_id, uacc_cust_id: other!.cust_id });
      forgetLiveSessions();
      outsider = await loginAs(t.app, 'outsider', 'Outsider#2026');
    });

    it('lists the signatures without their images and serves each image as image/png with the docket rights', async () => {
      const list = await post(t.app, '/api/docket/signature/list', { _docketId: delivered.dck_id }, customer);
      expect(list.statusCode).toBe(200);
      const rows = list.json() as SignatureRow[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        dsig_signed_by: 'Ann Other',
        drv_driver: 'TD1',
        url: `/api/docket/signature/${dsigId}`,
      });
      expect(list.body).not.toContain(SIGNATURE.slice(0, 40));

      for (const token of [customer, admin, control]) {
        const img = await t.app.inject({
          method: 'GET',
          url: `/api/docket/signature/${dsigId}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(img.statusCode).toBe(200);
        expect(img.headers['content-type']).toBe('image/png');
        expect(img.rawPayload.equals(Buffer.from(SIGNATURE, 'base64'))).toBe(true);
      }
      const photos = (
        await post(t.app, '/api/docket/photo/list', { _docketId: delivered.dck_id }, customer)
      ).json() as { url: string }[];
      const photo = await t.app.inject({
        method: 'GET',
        url: photos[0]!.url,
        headers: { authorization: `Bearer ${customer}` },
      });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    });

    it("refuses another account's user (404), a user without a booking right (403), a guest (401) and another tenant", async () => {
      const get = (url: string, token?: string) =>
        t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect((await get(`/api/docket/signature/${dsigId}`, outsider)).statusCode).toBe(404);
      expect((await get(`/api/docket/photo/1`, outsider)).statusCode).toBe(404);
      expect((await get(`/api/docket/signature/${dsigId}`)).statusCode).toBe(401);
      for (const url of ['/api/docket/signature/list', '/api/stock/list', '/api/docket/photo/list'])
        expect((await post(t.app, url, { _docketId: delivered.dck_id }, outsider)).statusCode).toBe(404);
      expect((await post(t.app, '/api/docket/tracking', { id: delivered.dck_id }, outsider)).statusCode).toBe(
        404,
      );

      // A user with no right on dockets at all.
      await db()
        .update(users)
        .set({ ausr_rights_history: 'F', ausr_rights_trace: 'F' })
        .where(eq(users.ausr_logon, 'outsider'));
      forgetLiveSessions();
      const rightless = await loginAs(t.app, 'outsider', 'Outsider#2026');
      expect((await get(`/api/docket/signature/${dsigId}`, rightless)).statusCode).toBe(403);
      expect(
        (await post(t.app, '/api/docket/tracking', { id: delivered.dck_id }, rightless)).statusCode,
      ).toBe(403);

      // Tenant B's administrator reads tenant B's database only: A's new signature is not there.
      const bAdmin = await loginAs(t.app, ...ADMIN, TENANT_B);
      const bDb = t.tenants.get(TENANT_B)!.db;
      const bSig = await bDb.select().from(docketSignatures).where(eq(docketSignatures.dsig_id, dsigId));
      const fromB = await get(`/api/docket/signature/${dsigId}`, bAdmin);
      if (bSig.length === 0) expect(fromB.statusCode).toBe(404);
      else expect(fromB.rawPayload.equals(Buffer.from(SIGNATURE, 'base64'))).toBe(false);
      const bDocket = await bDb.select().from(dockets).where(eq(dockets.dck_id, delivered.dck_id));
      const bTrack = await post(t.app, '/api/docket/tracking', { id: delivered.dck_id }, bAdmin);
      if (bDocket.length === 0) expect(bTrack.statusCode).toBe(404);
      else expect(bTrack.body).not.toContain('"drv_driver":"TD1"');
    });

    it('lists stock lines ticked by scans, and the seeded road history of delivered demo dockets', async () => {
      const [seeded] = await db()
        .select({ dck_id: dockets.dck_id })
        .from(dockets)
        .innerJoin(docketSignatures, eq(docketSignatures.dsig_dck_id, dockets.dck_id))
        .where(eq(dockets.dck_status, 'D'))
        .limit(1);
      expect(seeded).toBeDefined();
      const stock = (
        await post(t.app, '/api/stock/list', { _docketId: seeded!.dck_id }, admin)
      ).json() as StockRow[];
      expect(stock.length).toBeGreaterThan(0);
      expect(stock.every((s) => s.scanned)).toBe(true);
      const trace = (
        await post(t.app, '/api/docket/tracking', { id: seeded!.dck_id }, admin)
      ).json() as DocketTrackingResponse;
      const kinds = new Set(trace.records.map((r) => r.dtr_kind));
      expect([...kinds].sort()).toEqual(['position', 'scan', 'status']);
      expect(trace.records[0]).toMatchObject({ dtr_kind: 'status', dsts_id: 'D' });
      const sigs = (
        await post(t.app, '/api/docket/signature/list', { _docketId: seeded!.dck_id }, admin)
      ).json() as SignatureRow[];
      const img = await t.app.inject({
        method: 'GET',
        url: sigs[0]!.url,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    });
  });
});
