import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { circuitDocketListResponse, type CircuitDocketListResponse } from '@courier/contracts';
import {
  auditLog,
  circuitUsers,
  circuits,
  docketSignatures,
  docketStatusHistory,
  dockets,
  drivers,
  traceRecords,
  users,
} from '../../db/schema';
import { seedControlRoomIfMissing } from '../../db/seed/demo';
import { notifyDocket } from '../events/events.repository';
import { BOARD_KEEP_MS, boardPagesOf } from './board-pages';
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

const NORTH_WEST = ['M', 'L', 'WA', 'CH', 'OL', 'WN', 'BB', 'BL', 'SK', 'PR', 'CW', 'LA', 'FY', 'CA'];
const LIVE = ['W', 'O', 'G', 'P', 'T', 'E', 'Q'];

describe.each(DB_KINDS)('control room on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 60 });
  const db = () => t.tenants.get(TENANT_A)!.db;
  let control: string;
  let admin: string;
  let customer: string;
  let account: number;

  beforeAll(async () => {
    [control, admin, customer] = await Promise.all([
      loginAs(t.app, ...CONTROL),
      loginAs(t.app, ...ADMIN),
      loginAs(t.app, ...CUSTOMER),
    ]);
    account = (await post(t.app, '/api/auth/session', {}, customer)).json().accounts[0].cust_id;
  });

  const board = async (code: string, body: object = {}, token = control) => {
    const res = await post(t.app, `/api/circuit/docket/list/${code}`, { pageSize: 100, ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Exactly the contract's shape (the rows are built by PostgreSQL), each cell of its column's kind.
    const page = circuitDocketListResponse.parse(res.json());
    expect(res.json()).toEqual(page);
    for (const r of page.rows)
      for (const c of page.columns) {
        const v = r.cells[c.field];
        if (v === null) continue;
        expect(typeof v, c.field).toBe(c.kind === 'number' ? 'number' : 'string');
        if (c.kind === 'date') expect(new Date(v as string).toISOString()).toBe(v);
      }
    return page;
  };
  /** A new booking of the customer (status W, collected in Manchester): its docket number. */
  const book = async () => {
    const res = await post(t.app, '/api/docket/post', booking(account), customer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().dck_docket as number;
  };
  const change = (body: ReturnType<typeof statusChange>, token = control) =>
    post(t.app, '/api/docket/status/change', body, token);
  const statusOf = async (docket: number) =>
    (await db().select().from(dockets).where(eq(dockets.dck_docket, docket)))[0]!;

  describe('circuits', () => {
    it("lists the caller's circuits with acia_update and acia_refresh; none for others", async () => {
      const res = await post(t.app, '/api/circuit/list', {}, control);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          cir_circ_code: 'LIVE',
          cir_name: 'All live jobs',
          acia_update: 'T',
          acia_refresh: 30,
          cir_countdown_minutes: 30,
        },
        {
          cir_circ_code: 'NWCOLL',
          cir_name: 'North West collections',
          acia_update: 'F',
          acia_refresh: 60,
          cir_countdown_minutes: 45,
        },
      ]);
      const all = (await post(t.app, '/api/circuit/list', {}, admin)).json() as { cir_circ_code: string }[];
      expect(all.map((c) => c.cir_circ_code).sort()).toEqual(['EXQ', 'LIVE', 'NWCOLL']);
      expect((await post(t.app, '/api/circuit/list', {}, customer)).statusCode).toBe(403);
      expect((await post(t.app, '/api/circuit/list', {})).statusCode).toBe(401);
    });

    it('resolves acia_refresh: empty is 30 seconds, 0 is none', async () => {
      const ids = await db().select().from(users).where(eq(users.ausr_logon, 'admin'));
      const [exq] = await db().select().from(circuits).where(eq(circuits.cir_circ_code, 'EXQ'));
      const link = and(
        eq(circuitUsers.acia_ausr_id, ids[0]!.ausr_id),
        eq(circuitUsers.acia_cir_id, exq!.cir_id),
      );
      const refresh = async () =>
        (
          (await post(t.app, '/api/circuit/list', {}, admin)).json() as {
            cir_circ_code: string;
            acia_refresh: number;
          }[]
        ).find((c) => c.cir_circ_code === 'EXQ')!.acia_refresh;
      await db().update(circuitUsers).set({ acia_refresh: null }).where(link);
      expect(await refresh()).toBe(30);
      await db().update(circuitUsers).set({ acia_refresh: 0 }).where(link);
      expect(await refresh()).toBe(0);
      await db().update(circuitUsers).set({ acia_refresh: 30 }).where(link);
    });

    it("gives a circuit's columns from cir_selectfields, and 404 for a circuit not linked to the caller", async () => {
      const res = await post(t.app, '/api/circuit/columns/NWCOLL', {}, control);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { name: 'Docket', field: 'dck_docket', kind: 'number' },
        { name: 'Status', field: 'dsts_description', kind: 'text' },
        { name: 'Collect from', field: 'from_companyname', kind: 'text' },
        { name: 'From post code', field: 'from_postcode', kind: 'text' },
        { name: 'Ready', field: 'from_ready', kind: 'date' },
        { name: 'Collect by', field: 'from_deadline', kind: 'date' },
        { name: 'Driver', field: 'drv_driver', kind: 'text' },
        { name: 'Vehicle', field: 'ttyp_description', kind: 'text' },
      ]);
      const exq = await post(t.app, '/api/circuit/columns/EXQ', {}, control);
      expect(exq.statusCode).toBe(404);
      expect(exq.json().message).toBe('Circuit not found');
      expect((await post(t.app, '/api/circuit/docket/list/EXQ', {}, control)).statusCode).toBe(404);
      expect((await post(t.app, '/api/circuit/columns/LIVE', {}, customer)).statusCode).toBe(403);
    });

    it('lists the dockets a circuit selects with its columns, colours, countdown flags and counts', async () => {
      const live = await board('LIVE', { counts: true });
      expect(live.rows.length).toBeGreaterThan(5);
      expect(live.columns.map((c) => c.field)).toContain('from_deadline');
      for (const r of live.rows) {
        expect(LIVE).toContain(r.dck_status);
        expect(Object.keys(r.cells)).toEqual(live.columns.map((c) => c.field));
        expect(r.dsts_color).toMatch(/^#/);
        expect(r.cells.dck_docket).toBe(r.dck_docket);
        if (r.cells.from_deadline !== null)
          expect(new Date(r.cells.from_deadline as string).toISOString()).toBe(r.cells.from_deadline);
        const due = r.due ? new Date(r.due).getTime() : undefined;
        expect(r.countdown).toBe(due !== undefined && due <= t.clock.now().getTime() + 30 * 60_000);
      }
      expect(live.rows.some((r) => r.countdown)).toBe(true);
      expect(live.rows.map((r) => r.dck_docket)).toEqual(
        [...live.rows.map((r) => r.dck_docket)].sort((a, b) => a - b),
      );
      const total = live.counts!.reduce((n, c) => n + c.n, 0);
      expect(total).toBe(live.rows.length);
      for (const c of live.counts!)
        expect(live.rows.filter((r) => r.dck_status === c.dck_status).length).toBe(c.n);

      const nw = await board('NWCOLL');
      expect(nw.rows.length).toBeGreaterThan(0);
      for (const r of nw.rows) {
        expect(NORTH_WEST).toContain(/^[A-Z]{1,2}/.exec(r.cells.from_postcode as string)![0]);
        expect(LIVE).toContain(r.dck_status);
      }
      const exq = await board('EXQ', {}, admin);
      for (const r of exq.rows) expect(['E', 'Q']).toContain(r.dck_status);
    });

    it("shows a changed circuit or link at the next load: the board's prepared statements hold no selection", async () => {
      const [live] = await db().select().from(circuits).where(eq(circuits.cir_circ_code, 'LIVE'));
      const [me] = await db().select().from(users).where(eq(users.ausr_logon, 'control'));
      const statuses = (b: CircuitDocketListResponse) => [...new Set(b.rows.map((r) => r.dck_status))].sort();
      const sort = { column: 'from_deadline', direction: 'asc' } as const;
      const mine = and(
        eq(circuitUsers.acia_ausr_id, me!.ausr_id),
        eq(circuitUsers.acia_cir_id, live!.cir_id),
      );
      const [link] = await db().select().from(circuitUsers).where(mine);
      const before = await board('LIVE', { sort });
      expect(statuses(before).length).toBeGreaterThan(1);
      const restore = {
        cir_statuses: live!.cir_statuses,
        cir_postcode_areas: live!.cir_postcode_areas,
        cir_selectfields: live!.cir_selectfields,
      };
      try {
        // Same criteria, other values: the same prepared statement with the new values.
        await db()
          .update(circuits)
          .set({ cir_statuses: ['T'] })
          .where(eq(circuits.cir_id, live!.cir_id));
        const onlyT = await board('LIVE', { sort });
        expect(statuses(onlyT)).toEqual(['T']);
        // A new criterion: a statement of another shape.
        await db()
          .update(circuits)
          .set({
            cir_statuses: LIVE,
            cir_postcode_areas: ['M'],
            cir_selectfields: 'Docket~dck_docket\nFrom~from_postcode',
          })
          .where(eq(circuits.cir_id, live!.cir_id));
        const manchester = await board('LIVE', { sort });
        expect(manchester.columns.map((c) => c.field)).toEqual(['dck_docket', 'from_postcode']);
        expect(manchester.rows.length).toBeGreaterThan(0);
        for (const r of manchester.rows) expect(r.cells.from_postcode).toMatch(/^M\d/);
        expect(manchester.rows.length).toBeLessThan(before.rows.length);
        // The link taken away: not found at once.
        await db().delete(circuitUsers).where(mine);
        const gone = await post(t.app, '/api/circuit/docket/list/LIVE', { sort }, control);
        expect(gone.statusCode).toBe(404);
      } finally {
        await db().update(circuits).set(restore).where(eq(circuits.cir_id, live!.cir_id));
        await db().insert(circuitUsers).values(link!).onConflictDoNothing();
      }
      expect((await board('LIVE', { sort })).rows).toEqual(before.rows);
    });

    it('pages, sorts and filters in SQL', async () => {
      const all = (await board('LIVE')).rows;
      const first = await board('LIVE', { pageSize: 20, sort: { column: 'dck_docket', direction: 'desc' } });
      const expected = [...all].sort((a, b) => b.dck_docket - a.dck_docket);
      expect(first.rows.map((r) => r.dck_docket)).toEqual(expected.slice(0, 20).map((r) => r.dck_docket));
      expect(first.hasMore).toBe(all.length > 20);
      const second = await board('LIVE', {
        pageSize: 20,
        page: 2,
        sort: { column: 'dck_docket', direction: 'desc' },
      });
      expect(second.rows.map((r) => r.dck_docket)).toEqual(expected.slice(20, 40).map((r) => r.dck_docket));

      // A column of the delivery address (a lateral join), nulls last.
      const byDeadline = (
        await board('LIVE', { sort: { column: 'to_deadline', direction: 'asc' } })
      ).rows.map((r) =>
        r.cells.to_deadline === null ? Infinity : Date.parse(r.cells.to_deadline as string),
      );
      expect(byDeadline).toEqual([...byDeadline].sort((a, b) => a - b));

      const one = all[0]!;
      const found = await board('LIVE', { search: String(one.dck_docket) });
      expect(found.rows.map((r) => r.dck_docket)).toEqual([one.dck_docket]);

      const bad = await post(
        t.app,
        '/api/circuit/docket/list/LIVE',
        { sort: { column: 'dck_password', direction: 'asc' } },
        control,
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['sort.column']);
    });
  });

  describe('statuses, exception reasons and drivers', () => {
    it('lists the statuses with the ones the control room may choose next and what each asks for', async () => {
      const res = await post(t.app, '/api/docket/status/list', {}, customer);
      expect(res.statusCode).toBe(200);
      const byId = Object.fromEntries((res.json() as { dsts_id: string }[]).map((s) => [s.dsts_id, s]));
      expect(byId.W).toMatchObject({
        dsts_fwds: 'O,G,B,C',
        next: ['G', 'B', 'C'],
        need: 'signed_by',
        stamped_now: false,
      });
      expect(byId.G).toMatchObject({ next: ['P', 'B', 'Q', 'R'], need: 'driver', stamped_now: false });
      expect(byId.B).toMatchObject({ need: 'reason', stamped_now: true });
      expect(byId.D).toMatchObject({ need: 'signed_by', stamped_now: true, next: ['I', 'Q'] });
      expect(byId.I).toMatchObject({ next: [] });
    });

    it('lists the seeded exception reasons', async () => {
      const res = await post(t.app, '/api/exception/list', {}, control);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual({
        exc_code: 'CUSTREQ',
        exc_description: "Cancelled at the customer's request",
      });
    });

    it('lists drivers with their vehicles for control and admin only', async () => {
      const res = await post(t.app, '/api/driver/list', {}, control);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(6);
      expect(res.json()).toContainEqual({
        drv_driver: 'D01',
        drv_name: 'Gareth Evans',
        drv_mobile: '07700 900101',
        drv_tariff: 5,
        ttyp_description: 'Small van',
        drv_active: 'T',
        drv_pin_set: 'T',
      });
      expect((await post(t.app, '/api/driver/list', { search: 'doyle' }, admin)).json()).toHaveLength(1);
      expect((await post(t.app, '/api/driver/list', {}, customer)).statusCode).toBe(403);
    });

    it('saves a driver (admin or control), with an audit row, and names a bad field', async () => {
      const made = await post(t.app, '/api/driver/post', driver('t01', { drv_name: 'Rhys Morgan' }), control);
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json()).toMatchObject({ drv_driver: 'T01', drv_name: 'Rhys Morgan', drv_active: 'T' });
      const off = await post(t.app, '/api/driver/post', driver('T01', { drv_active: 'F' }), admin);
      expect(off.json()).toMatchObject({ drv_driver: 'T01', drv_name: 'Test Driver', drv_active: 'F' });
      expect((await post(t.app, '/api/driver/list', {}, control)).json()).toHaveLength(6);
      expect((await post(t.app, '/api/driver/list', { active: false }, control)).json()).toHaveLength(7);
      const audit = await db().select().from(auditLog).where(eq(auditLog.log_process, 'driver/post'));
      expect(audit).toHaveLength(2);
      expect((await post(t.app, '/api/driver/post', driver('T02'), customer)).statusCode).toBe(403);
      const bad = await post(t.app, '/api/driver/post', driver('T03', { drv_tariff: 12 }), control);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['drv_tariff']);
      const noName = await post(t.app, '/api/driver/post', driver('T03', { drv_name: '' }), control);
      expect(noName.json().fields).toEqual({ drv_name: 'Name is required' });
    });
  });

  describe('board pages shared by their watchers', () => {
    it('keeps an unsearched page for a second and drops it on any status change, whichever process made it', async () => {
      const [x, y] = [await book(), await book()];
      const pages = boardPagesOf(t.tenants.get(TENANT_A)!);
      await pages.ready;
      pages.drop();
      // Kept for 10 s here, so that only the event can explain the change seen below.
      pages.keepMs = 10_000;
      try {
        const statusIn = (page: CircuitDocketListResponse, n: number) =>
          page.rows.find((r) => r.dck_docket === n)?.dck_status;
        expect(statusIn(await board('LIVE'), x)).toBe('W');
        // A write that sends no event (SQL outside the portal): the kept page is answered meanwhile,
        await db().update(dockets).set({ dck_status: 'O' }).where(eq(dockets.dck_docket, x));
        expect(statusIn(await board('LIVE'), x)).toBe('W');
        // a searched page is read afresh every time,
        expect(statusIn(await board('LIVE', { search: String(x) }), x)).toBe('O');
        // and a status change made by another server process (its write and its event over LISTEN,
        // as applyStatusChange sends it) drops the kept page here at once, long before a kept page's time is up.
        const [row] = await db().select().from(dockets).where(eq(dockets.dck_docket, y));
        await db().transaction(async (tx) => {
          await tx.update(dockets).set({ dck_status: 'P' }).where(eq(dockets.dck_docket, y));
          await notifyDocket(tx, {
            kind: 'docket',
            dck_id: row!.dck_id,
            dck_docket: y,
            dck_cust_id: row!.dck_cust_id,
            owners: [],
            from: 'W',
            dck_status: 'P',
            circuits: ['LIVE'],
          });
        });
        await expect
          .poll(
            async () => {
              const page = await board('LIVE');
              return [statusIn(page, x), statusIn(page, y)];
            },
            { timeout: 3_000, interval: 10 },
          )
          .toEqual(['O', 'P']);
      } finally {
        pages.keepMs = BOARD_KEEP_MS;
      }
      // The caller's access is checked on every call, kept page or not: a customer, and an
      // operator not linked to a circuit whose page the administrator has just had kept.
      const gone = await post(t.app, '/api/circuit/docket/list/LIVE', {}, customer);
      expect(gone.statusCode).toBe(403);
      expect((await post(t.app, '/api/circuit/docket/list/EXQ', {}, admin)).statusCode).toBe(200);
      const unlinked = await post(t.app, '/api/circuit/docket/list/EXQ', {}, control);
      expect(unlinked.statusCode).toBe(404);
      expect(unlinked.json().message).toBe('Circuit not found');
    });
  });

  describe('docket/status/change', () => {
    it('allocates an active driver (G), writing the docket, a history row and an audit row', async () => {
      const n = await book();
      const row = (await board('LIVE', { search: String(n) })).rows[0]!;
      expect(row).toMatchObject({ dck_docket: n, dck_status: 'W', drv_driver: null });
      const res = await change(statusChange(n, 'W', 'G', { driver: 'd02' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ dck_docket: n, dck_status: 'G', drv_driver: 'D02' });
      expect(res.json().message).toBeUndefined();
      const saved = await statusOf(n);
      expect(saved).toMatchObject({ dck_status: 'G', drv_driver: 'D02' });
      const history = await db()
        .select()
        .from(docketStatusHistory)
        .where(eq(docketStatusHistory.dsh_dck_id, saved.dck_id));
      expect(history).toEqual([
        expect.objectContaining({
          dsh_from: 'W',
          dsh_to: 'G',
          dsh_logon: 'control',
          drv_driver: 'D02',
          exc_code: null,
        }),
      ]);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.log_process, 'docket/status/change'))
        .orderBy(desc(auditLog.log_id))
        .limit(1);
      expect(audit[0]).toMatchObject({ log_user: 'control', log_unit: 'control', log_type: 'info' });
      expect(audit[0]!.log_detail).toMatchObject({ dck_docket: n, from: 'W', to: 'G', drv_driver: 'D02' });
    });

    it('refuses statuses outside the allowed next ones, web F, and F, W or O (422)', async () => {
      const n = await book();
      for (const status of ['O', 'P', 'D', 'W', 'F']) {
        const res = await change(statusChange(n, 'W', status, { signed_by: 'A Person', driver: 'D01' }));
        expect(res.statusCode, status).toBe(422);
        expect(res.json().fields).toEqual({ status: 'Not an allowed next status' });
      }
      const unknown = await change(statusChange(n, 'W', 'Z', { signed_by: 'x' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ status: 'Unknown status' });
      expect((await statusOf(n)).dck_status).toBe('W');
    });

    it('asks G for an active driver, B and C for a reason, the others for signed-by (400 naming the field)', async () => {
      const n = await book();
      expect((await change(statusChange(n, 'W', 'G'))).json().fields).toEqual({ driver: 'Choose a driver' });
      expect((await change(statusChange(n, 'W', 'G', { driver: 'NOPE' }))).json().fields).toEqual({
        driver: 'Unknown driver',
      });
      await post(t.app, '/api/driver/post', driver('OFF1', { drv_active: 'F' }), admin);
      const inactive = await change(statusChange(n, 'W', 'G', { driver: 'OFF1' }));
      expect(inactive.statusCode).toBe(422);
      expect(inactive.json().message).toBe('Driver OFF1 is not active');
      const noReason = await change(statusChange(n, 'W', 'B'));
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fields).toEqual({ exception: "A reason is required for 'Cancelled'" });
      expect((await change(statusChange(n, 'W', 'C', { exception: 'NOPE' }))).json().fields).toEqual({
        exception: 'Unknown reason',
      });
      expect((await change(statusChange(n, 'W', 'G', { driver: 'D03' }))).statusCode).toBe(200);
      const unsigned = await change(statusChange(n, 'G', 'P'));
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().fields).toEqual({ signed_by: "Signed by is required for 'Collected'" });
      expect((await statusOf(n)).dck_status).toBe('G');
    });

    it('stamps B, C, D, E, Q, R, I now and takes the given time for the others', async () => {
      const n = await book();
      await change(statusChange(n, 'W', 'G', { driver: 'D04' }));
      t.clock.advance(10 * 60_000);
      const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      expect(
        (await change(statusChange(n, 'G', 'P', { signed_by: 'J Bloggs', time: future }))).json().fields,
      ).toEqual({
        time: 'The time cannot be in the future',
      });
      expect(
        (
          await change(statusChange(n, 'G', 'P', { signed_by: 'J Bloggs', time: '2001-01-01T00:00:00Z' }))
        ).json().fields,
      ).toEqual({ time: 'The time cannot be before the booking' });
      const at = new Date(t.clock.now().getTime() - 60_000).toISOString();
      const collected = await change(statusChange(n, 'G', 'P', { signed_by: 'J Bloggs', time: at }));
      expect(collected.statusCode, collected.body).toBe(200);
      expect(collected.json().dck_status_time).toBe(at);
      const stamped = await change(statusChange(n, 'P', 'D', { signed_by: 'K Smith', time: at }));
      expect(stamped.json().fields).toEqual({ time: "'Delivered' is stamped now: leave the time out" });
      t.clock.advance(90_000);
      const delivered = await change(statusChange(n, 'P', 'D', { signed_by: 'K Smith' }));
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toMatchObject({
        dck_status: 'D',
        drv_driver: 'D04',
        dck_status_time: t.clock.now().toISOString(),
      });
      const saved = await statusOf(n);
      const history = await db()
        .select()
        .from(docketStatusHistory)
        .where(eq(docketStatusHistory.dsh_dck_id, saved.dck_id))
        .orderBy(docketStatusHistory.dsh_id);
      expect(history.map((h) => [h.dsh_from, h.dsh_to, h.dsh_signed_by, h.drv_driver])).toEqual([
        ['W', 'G', '', 'D04'],
        ['G', 'P', 'J Bloggs', 'D04'],
        ['P', 'D', 'K Smith', 'D04'],
      ]);
      expect(history[1]!.dsh_time.toISOString()).toBe(at);
    });

    it('cancels with a reason and keeps the reason in the history', async () => {
      const n = await book();
      const res = await change(statusChange(n, 'W', 'C', { exception: 'CUSTREQ' }));
      expect(res.statusCode, res.body).toBe(200);
      const saved = await statusOf(n);
      const [h] = await db()
        .select()
        .from(docketStatusHistory)
        .where(eq(docketStatusHistory.dsh_dck_id, saved.dck_id));
      expect(h).toMatchObject({
        dsh_to: 'C',
        exc_code: 'CUSTREQ',
        dsh_reason: "Cancelled at the customer's request",
      });
      // A cancelled docket has left every live circuit: it is no longer the control user's.
      expect((await change(statusChange(n, 'C', 'B', { exception: 'DUPL' }))).statusCode).toBe(404);
    });

    it('refuses a change against a status someone else changed meanwhile (409), never overwriting', async () => {
      const n = await book();
      expect((await change(statusChange(n, 'W', 'G', { driver: 'D01' }))).statusCode).toBe(200);
      const stale = await change(statusChange(n, 'W', 'B', { exception: 'DUPL' }));
      expect(stale.statusCode).toBe(409);
      const gone = await book();
      await change(statusChange(gone, 'W', 'C', { exception: 'CUSTREQ' }), admin);
      const late = await change(statusChange(gone, 'W', 'G', { driver: 'D01' }));
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toContain("it is now 'Cancelled by customer'");
      expect(stale.json().message).toBe(
        `Docket ${n} has been changed by someone else meanwhile: it is now 'Driver allocated', not 'Web booking received'. Refresh the list and try again.`,
      );
      expect((await statusOf(n)).dck_status).toBe('G');
    });

    it('lets exactly one of two concurrent changes from the same status win; the other gets 409', async () => {
      // A loser that reads the docket after the winner's commit finds it gone from its circuit
      // (cancelled): still a 409, since it saw the docket in 'W'.
      for (let i = 0; i < 6; i++) {
        const n = await book();
        const [a, b] = await Promise.all([
          change(statusChange(n, 'W', 'G', { driver: 'D05' })),
          change(statusChange(n, 'W', 'B', { exception: 'DUPL' }), admin),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? 'G' : 'B';
        const saved = await statusOf(n);
        expect(saved.dck_status).toBe(winner);
        const history = await db()
          .select()
          .from(docketStatusHistory)
          .where(eq(docketStatusHistory.dsh_dck_id, saved.dck_id));
        expect(history.map((h) => h.dsh_to)).toEqual([winner]);
      }
    });

    it('warns when the driver already has many jobs', async () => {
      const ten = await db()
        .select({ dck_id: dockets.dck_id })
        .from(dockets)
        .where(inArray(dockets.dck_status, ['G', 'P', 'T']))
        .limit(10);
      expect(ten).toHaveLength(10);
      await db().update(dockets).set({ drv_driver: 'D05' }).where(eq(dockets.drv_driver, 'D06'));
      await db()
        .update(dockets)
        .set({ drv_driver: 'D06' })
        .where(
          inArray(
            dockets.dck_id,
            ten.map((r) => r.dck_id),
          ),
        );
      const n = await book();
      const res = await change(statusChange(n, 'W', 'G', { driver: 'D06' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Siobhan Doyle already has 10 jobs');
    });

    it('needs a circuit linked to the caller that selects the docket and allows updates', async () => {
      const n = await book();
      // Outside every circuit of the control user: a delivered docket.
      const [done] = await db().select().from(dockets).where(eq(dockets.dck_status, 'D')).limit(1);
      const out = await change(statusChange(done!.dck_docket, 'D', 'I', { signed_by: 'x' }));
      expect(out.statusCode).toBe(404);
      expect(out.json().message).toBe('Docket not found');
      // The admin, linked to no live circuit with updates, reads but may not change.
      const [adminUser] = await db().select().from(users).where(eq(users.ausr_logon, 'admin'));
      await db()
        .update(circuitUsers)
        .set({ acia_update: 'F' })
        .where(eq(circuitUsers.acia_ausr_id, adminUser!.ausr_id));
      try {
        const ro = await change(statusChange(n, 'W', 'G', { driver: 'D01' }), admin);
        expect(ro.statusCode).toBe(403);
        expect(ro.json().message).toBe('This circuit does not allow status changes');
      } finally {
        await db()
          .update(circuitUsers)
          .set({ acia_update: 'T' })
          .where(eq(circuitUsers.acia_ausr_id, adminUser!.ausr_id));
      }
      // Only in the control user's read-only circuit: a North West docket once LIVE stops selecting it.
      const nw = (await board('NWCOLL')).rows.find((r) => !['W', 'O', 'G'].includes(r.dck_status));
      expect(nw).toBeDefined();
      await db()
        .update(circuits)
        .set({ cir_statuses: ['W', 'O', 'G'] })
        .where(eq(circuits.cir_circ_code, 'LIVE'));
      try {
        const ro = await change(statusChange(nw!.dck_docket, nw!.dck_status, 'Q', { signed_by: 'x' }));
        expect(ro.statusCode).toBe(403);
      } finally {
        await db().update(circuits).set({ cir_statuses: LIVE }).where(eq(circuits.cir_circ_code, 'LIVE'));
      }
      expect((await change(statusChange(n, 'W', 'G', { driver: 'D01' }), customer)).statusCode).toBe(403);
      expect((await statusOf(n)).dck_status).toBe('W');
    });

    it("never reaches another tenant's docket", async () => {
      const n = await book();
      const bControl = await loginAs(t.app, ...CONTROL, TENANT_B);
      const [bMax] = await t.tenants
        .get(TENANT_B)!
        .db.select({ n: sql<number>`max(${dockets.dck_docket})` })
        .from(dockets);
      expect(Number(bMax!.n)).toBeLessThan(n);
      const res = await change(statusChange(n, 'W', 'G', { driver: 'D01' }), bControl);
      expect(res.statusCode).toBe(404);
      expect((await statusOf(n)).dck_status).toBe('W');
    });

    it('names the field of a bad body and never answers 5xx', async () => {
      const res = await post(
        t.app,
        '/api/docket/status/change',
        { docket: 'x', from: 'WW', status: 'G' },
        control,
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['docket', 'from']);
      const big = await change(statusChange(Number.MAX_SAFE_INTEGER, 'W', 'G', { driver: 'D01' }));
      expect(big.statusCode).toBe(404);
    });
  });

  it('gives a demo database seeded before the control room its circuits and drivers, once', async () => {
    const dbB = t.tenants.get(TENANT_B)!.db;
    await dbB.update(dockets).set({ drv_driver: null });
    await dbB.delete(traceRecords);
    await dbB.delete(docketSignatures);
    await dbB.delete(circuits);
    await dbB.delete(drivers);
    expect(await seedControlRoomIfMissing(dbB)).toBe(true);
    expect(await seedControlRoomIfMissing(dbB)).toBe(false);
    const bControl = await loginAs(t.app, ...CONTROL, TENANT_B);
    const list = (await post(t.app, '/api/circuit/list', {}, bControl)).json() as { cir_circ_code: string }[];
    expect(list.map((c) => c.cir_circ_code)).toEqual(['LIVE', 'NWCOLL']);
    expect((await post(t.app, '/api/driver/list', {}, bControl)).json()).toHaveLength(6);
  });
});
