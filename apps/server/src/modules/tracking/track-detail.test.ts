import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { MSG, type TrackDetailResponse } from '@courier/contracts';
import {
  customers,
  docketAddresses,
  docketPhotos,
  docketSignatures,
  docketStatuses,
  dockets,
  settings,
  stockLines,
  traceRecords,
} from '../../db/schema';
import { buildApp } from '../../app';
import { ADMIN, CUSTOMER, DB_KINDS, loginAs, post, TENANT_A, TENANT_B, useTestApp } from '../../test/harness';

/** A docket of the seeded demo data with its tracking reference, by status, with or without a signature. */
type Seeded = { dck_id: number; ref: string; contact: string; telephone: string };

describe.each(DB_KINDS)('public tracking details on %s', (kind) => {
  const t = useTestApp(kind);
  const db = (tenant = TENANT_A) => t.tenants.get(tenant)!.db;
  let delivered: Seeded;
  let other: Seeded;
  let onTheRoad: Seeded;
  let sigId: number;
  let otherSigId: number;

  /** Seeded dockets of tenant A in `statuses` that have a signature (or none), oldest first. */
  const seeded = async (statuses: string[], signed: boolean): Promise<Seeded[]> => {
    const rows = await db()
      .selectDistinct({
        dck_id: dockets.dck_id,
        ref: dockets.tracking_reference,
        contact: dockets.dck_contact,
        telephone: dockets.dck_telephone,
        sig: docketSignatures.dsig_id,
      })
      .from(dockets)
      .leftJoin(docketSignatures, eq(docketSignatures.dsig_dck_id, dockets.dck_id))
      .where(and(inArray(dockets.dck_status, statuses), isNotNull(dockets.drv_driver)))
      .orderBy(dockets.dck_id);
    return rows.filter((r) => (r.sig !== null) === signed);
  };

  beforeAll(async () => {
    const done = await seeded(['D'], true);
    expect(done.length).toBeGreaterThan(1);
    [delivered, other] = [done[0]!, done[1]!];
    onTheRoad = (await seeded(['P', 'T'], false))[0]!;
    expect(onTheRoad).toBeDefined();
    const sigOf = async (dckId: number) =>
      (await db().select().from(docketSignatures).where(eq(docketSignatures.dsig_dck_id, dckId)))[0]!.dsig_id;
    sigId = await sigOf(delivered.dck_id);
    otherSigId = await sigOf(other.dck_id);
  });

  const detail = (tracking_ref: string, database = TENANT_A) =>
    post(t.app, '/api/docket/track/detail', { database, tracking_ref });
  const image = (id: number, tracking_ref: string, database = TENANT_A) =>
    t.app.inject({
      method: 'GET',
      url: `/api/docket/track/signature/${id}?${new URLSearchParams({ database, tracking_ref }).toString()}`,
    });

  it("gives a guest the delivered docket's timeline newest first, route, markers, stock and signatures", async () => {
    const res = await detail(delivered.ref.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TrackDetailResponse;
    expect(body.live).toBe(false);
    expect(body.driver).toBeNull();
    expect(body.timeline.length).toBeGreaterThan(1);
    expect(body.timeline.every((e) => e.dtr_kind !== 'position')).toBe(true);
    expect(body.timeline[0]).toMatchObject({ dtr_kind: 'status', dsts_description: 'Delivered' });
    expect(body.timeline[0]!.dsts_color).toMatch(/^#/);
    const times = body.timeline.map((e) => e.dtr_scandate);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.route.length).toBeGreaterThan(2);

    const ends = await db()
      .select({ lat: docketAddresses.dadd_latitude, lon: docketAddresses.dadd_longitude })
      .from(docketAddresses)
      .where(eq(docketAddresses.dadd_dck_id, delivered.dck_id))
      .orderBy(docketAddresses.dadd_seq);
    expect(body.markers).toEqual({ collection: ends[0], delivery: ends.at(-1) });
    expect(body.stock.length).toBeGreaterThan(0);
    expect(body.signatures).toEqual([
      expect.objectContaining({
        dsig_id: sigId,
        url: `/api/docket/track/signature/${sigId}?${new URLSearchParams({ database: TENANT_A, tracking_ref: delivered.ref })}`,
      }),
    ]);
    expect(body.map.zoom).toBe(6);

    // No price, no contact, no driver, no other docket.
    expect(res.body).not.toMatch(/price|total|pence|telephone|contact|drv_driver|dck_id|cust_/i);
    if (delivered.contact) expect(res.body).not.toContain(delivered.contact);
    if (delivered.telephone) expect(res.body).not.toContain(delivered.telephone);
    expect(res.body).not.toContain(other.ref);
  });

  it("shows the driver's last position while the docket is on the road", async () => {
    const body = (await detail(onTheRoad.ref)).json() as TrackDetailResponse;
    expect(body.live).toBe(true);
    expect(body.route.length).toBeGreaterThan(0);
    expect(body.driver).toEqual(body.route.at(-1));
  });

  it("answers exactly the docket's own records: events newest first (ties by entry), route oldest first, stock ticked by scans", async () => {
    const at = new Date(Date.now() - 60_000);
    const [stock] = await db()
      .insert(stockLines)
      .values({
        stk_dck_id: onTheRoad.dck_id,
        stk_code: 'TIE-1',
        stk_description: 'Tie test',
        stk_quantity: 2,
      })
      .returning();
    await db()
      .insert(traceRecords)
      .values(
        ['TIE-1', 'TIE-2'].map((code) => ({
          dtr_dck_id: onTheRoad.dck_id,
          dtr_kind: 'scan' as const,
          dtr_scandate: at,
          dtr_item: code,
          tloc_description: 'Scanned',
          dtr_latitude: 52.1,
          dtr_longitude: -1.5,
        })),
      );
    const body = (await detail(onTheRoad.ref)).json() as TrackDetailResponse;

    const events = await db()
      .select({
        dtr_id: traceRecords.dtr_id,
        dtr_kind: traceRecords.dtr_kind,
        dtr_scandate: traceRecords.dtr_scandate,
        tloc_description: traceRecords.tloc_description,
        dtr_box: traceRecords.dtr_box,
        dtr_item: traceRecords.dtr_item,
        dsts_description: docketStatuses.dsts_description,
        dsts_color: docketStatuses.dsts_color,
        dsts_font_color: docketStatuses.dsts_font_color,
      })
      .from(traceRecords)
      .leftJoin(docketStatuses, eq(docketStatuses.dsts_id, traceRecords.dsts_id))
      .where(and(eq(traceRecords.dtr_dck_id, onTheRoad.dck_id), ne(traceRecords.dtr_kind, 'position')))
      .orderBy(desc(traceRecords.dtr_scandate), desc(traceRecords.dtr_id));
    expect(body.timeline).toEqual(events.map((e) => ({ ...e, dtr_scandate: e.dtr_scandate.toISOString() })));
    expect(body.timeline.slice(0, 2).map((e) => e.dtr_item)).toEqual(['TIE-2', 'TIE-1']);

    const points = await db()
      .select({ lat: traceRecords.dtr_latitude, lon: traceRecords.dtr_longitude })
      .from(traceRecords)
      .where(and(eq(traceRecords.dtr_dck_id, onTheRoad.dck_id), isNotNull(traceRecords.dtr_latitude)))
      .orderBy(asc(traceRecords.dtr_scandate), asc(traceRecords.dtr_id));
    expect(body.route).toEqual(points);
    expect(body.driver).toEqual({ lat: 52.1, lon: -1.5 });
    expect(body.stock.find((k) => k.stk_id === stock!.stk_id)).toEqual({
      stk_id: stock!.stk_id,
      stk_code: 'TIE-1',
      stk_description: 'Tie test',
      stk_quantity: 2,
      dtr_box: '',
      scanned: true,
    });
    expect(body.signatures).toEqual([]);
    expect(body.photos).toEqual([]);
  });

  it('answers a kept view only while nothing it shows has changed, whichever process wrote the change', async () => {
    // A second server process over the same databases; each has served (and kept) the view.
    const otherProcess = await buildApp(t.deps);
    const views = async () =>
      Promise.all(
        [t.app, otherProcess].map(async (app) => {
          const res = await post(app, '/api/docket/track/detail', {
            database: TENANT_A,
            tracking_ref: other.ref,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as TrackDetailResponse;
        }),
      );
    const [before] = await views();
    const [stock] = await db().select().from(stockLines).where(eq(stockLines.stk_dck_id, other.dck_id));
    const [first] = await db()
      .select()
      .from(docketAddresses)
      .where(eq(docketAddresses.dadd_dck_id, other.dck_id))
      .orderBy(asc(docketAddresses.dadd_seq));
    const [status] = await db().select().from(docketStatuses).where(eq(docketStatuses.dsts_id, 'D'));
    try {
      // The status colour (a lookup), a stock line, an address's point and the docket's status.
      await db().update(docketStatuses).set({ dsts_color: '#123456' }).where(eq(docketStatuses.dsts_id, 'D'));
      for (const v of await views()) expect(v.timeline[0]!.dsts_color).toBe('#123456');
      await db()
        .update(stockLines)
        .set({ stk_description: 'Renamed box' })
        .where(eq(stockLines.stk_id, stock!.stk_id));
      for (const v of await views())
        expect(v.stock.find((k) => k.stk_id === stock!.stk_id)!.stk_description).toBe('Renamed box');
      await db()
        .update(docketAddresses)
        .set({ dadd_latitude: 51.5, dadd_longitude: -0.1 })
        .where(eq(docketAddresses.dadd_id, first!.dadd_id));
      for (const v of await views()) expect(v.markers.collection).toEqual({ lat: 51.5, lon: -0.1 });
      await db().update(dockets).set({ dck_status: 'T' }).where(eq(dockets.dck_id, other.dck_id));
      for (const v of await views()) expect(v.live).toBe(true);
      expect(before!.live).toBe(false);
      // Rows written on their own, outside any status change: a signature, a photo, a scan.
      const [sig] = await db()
        .insert(docketSignatures)
        .values({
          dsig_dck_id: other.dck_id,
          dsig_signed_by: 'A Late Signer',
          dsig_time: new Date(),
          dsig_png: Buffer.from('not shown'),
        })
        .returning();
      for (const v of await views())
        expect(v.signatures.map((g) => g.dsig_signed_by)).toContain('A Late Signer');
      const [photo] = await db()
        .insert(docketPhotos)
        .values({
          dpho_dck_id: other.dck_id,
          dpho_time: new Date(),
          dpho_type: 'image/png',
          dpho_bytes: Buffer.from('x'),
        })
        .returning();
      for (const v of await views()) expect(v.photos.map((h) => h.dpho_id)).toContain(photo!.dpho_id);
      await db().delete(docketSignatures).where(eq(docketSignatures.dsig_id, sig!.dsig_id));
      await db().delete(docketPhotos).where(eq(docketPhotos.dpho_id, photo!.dpho_id));
      for (const v of await views()) {
        expect(v.signatures.map((g) => g.dsig_signed_by)).not.toContain('A Late Signer');
        expect(v.photos).toEqual(before!.photos);
      }
      const [scan] = await db()
        .insert(traceRecords)
        .values({
          dtr_dck_id: other.dck_id,
          dtr_kind: 'scan',
          dtr_scandate: new Date(),
          tloc_description: 'Late scan',
          dtr_item: 'LATE-1',
        })
        .returning();
      for (const v of await views()) expect(v.timeline[0]!.tloc_description).toBe('Late scan');
      await db().delete(traceRecords).where(eq(traceRecords.dtr_id, scan!.dtr_id));
    } finally {
      await db()
        .update(docketStatuses)
        .set({ dsts_color: status!.dsts_color })
        .where(eq(docketStatuses.dsts_id, 'D'));
      await db()
        .update(stockLines)
        .set({ stk_description: stock!.stk_description })
        .where(eq(stockLines.stk_id, stock!.stk_id));
      await db()
        .update(docketAddresses)
        .set({ dadd_latitude: first!.dadd_latitude, dadd_longitude: first!.dadd_longitude })
        .where(eq(docketAddresses.dadd_id, first!.dadd_id));
      await db().update(dockets).set({ dck_status: 'D' }).where(eq(dockets.dck_id, other.dck_id));
    }
    // Put back, both serve the view as it was.
    expect(await views()).toEqual([before, before]);
    await otherProcess.close();
  });

  it('refuses a guest when the database does not allow guests, not a user signed in to it', async () => {
    const guestAccess = (value: string) =>
      db()
        .update(settings)
        .set({ sett_value: value })
        .where(and(eq(settings.sett_group, 'general'), eq(settings.sett_key, 'GuestAccessAllowed')));
    await guestAccess('F');
    try {
      const guest = await detail(delivered.ref);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().error).toBe('NOT_AUTHENTICATED');
      expect((await detail('TNOTAREALREF000')).statusCode).toBe(401);
      const customer = await loginAs(t.app, ...CUSTOMER);
      const signedIn = await post(
        t.app,
        '/api/docket/track/detail',
        { database: TENANT_A, tracking_ref: delivered.ref },
        customer,
      );
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((signedIn.json() as TrackDetailResponse).signatures[0]!.dsig_id).toBe(sigId);
    } finally {
      await guestAccess('T');
    }
    expect((await detail(delivered.ref)).statusCode).toBe(200);
  });

  /** A user of tenant A linked only to an account other than the docket's; answers its token. */
  const strangerOf = async (dckId: number): Promise<string> => {
    const again = await post(t.app, '/api/auth/login', {
      database: TENANT_A,
      username: 'stranger',
      password: 'Stranger#2026',
    });
    if (again.statusCode === 200) return (again.json() as { token: string }).token;
    const [d] = await db()
      .select({ cust: dockets.dck_cust_id })
      .from(dockets)
      .where(eq(dockets.dck_id, dckId));
    const [account] = await db().select().from(customers).where(ne(customers.cust_id, d!.cust)).limit(1);
    const admin = await loginAs(t.app, ...ADMIN);
    const made = await post(
      t.app,
      '/api/user/post',
      {
        ausr_logon: 'stranger',
        ausr_firstname: 'Sam',
        ausr_lastname: 'Stranger',
        ausr_email: 'stranger@example.com',
        ausr_password: 'Stranger#2026',
        ausr_rights_history: 'T',
        ausr_rights_trace: 'T',
        accounts: [{ cust_id: account!.cust_id }],
      },
      admin,
    );
    expect(made.statusCode, made.body).toBe(200);
    return loginAs(t.app, 'stranger', 'Stranger#2026');
  };

  it("shows a guest only what the tenant's tracking settings allow, and the docket's users everything", async () => {
    const setting = (key: string) =>
      and(eq(settings.sett_group, 'default'), eq(settings.sett_key, key), eq(settings.sett_cust_id, 0));
    const set = async (key: string, value: string | null) => {
      await db().delete(settings).where(setting(key));
      if (value !== null)
        await db().insert(settings).values({ sett_group: 'default', sett_key: key, sett_value: value });
    };
    const systemTracking = () => post(t.app, '/api/system/tracking', { database: TENANT_A });
    expect((await systemTracking()).json()).toEqual({
      aset_web_tracking: 'T',
      aset_web_quicktracking: 'T',
      aset_track_map: 'T',
      aset_track_stock: 'T',
      aset_track_signatures: 'T',
    });
    const customer = await loginAs(t.app, ...CUSTOMER);
    const asUser = () =>
      post(t.app, '/api/docket/track/detail', { database: TENANT_A, tracking_ref: delivered.ref }, customer);
    // Served (and kept) once with everything shown, then the settings narrow the guest's view.
    expect(((await detail(delivered.ref)).json() as TrackDetailResponse).stock.length).toBeGreaterThan(0);
    try {
      for (const key of ['aset_track_map', 'aset_track_stock', 'aset_track_signatures']) await set(key, 'F');
      expect((await systemTracking()).json()).toMatchObject({
        aset_track_map: 'F',
        aset_track_signatures: 'F',
      });
      const guest = (await detail(delivered.ref)).json() as TrackDetailResponse;
      expect(guest.shown).toEqual({ map: false, stock: false, signatures: false });
      expect(guest).toMatchObject({ route: [], stock: [], signatures: [], photos: [], driver: null });
      expect(guest.markers).toEqual({ collection: null, delivery: null });
      expect(guest.map.tileUrl).toBe('');
      expect(guest.timeline.length).toBeGreaterThan(0);
      expect((await image(sigId, delivered.ref)).statusCode).toBe(404);
      // A user signed in to the database sees every section.
      const user = (await asUser()).json() as TrackDetailResponse;
      expect(user.shown).toEqual({ map: true, stock: true, signatures: true });
      expect(user.signatures[0]!.dsig_id).toBe(sigId);
      // A user of the database who may not read the docket (another account; anyone can become one
      // by registering) holding its reference is shown what a guest is, its images included.
      const stranger = await strangerOf(delivered.dck_id);
      const asStranger = (url: string, body: object) => post(t.app, url, body, stranger);
      const ref = { database: TENANT_A, tracking_ref: delivered.ref };
      const seen = (await asStranger('/api/docket/track/detail', ref)).json() as TrackDetailResponse;
      expect(seen.shown).toEqual({ map: false, stock: false, signatures: false });
      expect(seen).toMatchObject({ route: [], stock: [], signatures: [], photos: [] });
      const picture = await t.app.inject({
        method: 'GET',
        url: `/api/docket/track/signature/${sigId}?${new URLSearchParams(ref).toString()}`,
        headers: { authorization: `Bearer ${stranger}` },
      });
      expect(picture.statusCode).toBe(404);

      // Public tracking off: a guest is refused every tracking call; the user is not.
      await set('aset_web_tracking', 'F');
      expect((await detail(delivered.ref)).statusCode).toBe(401);
      expect(
        (await post(t.app, '/api/docket/track', { database: TENANT_A, tracking_ref: delivered.ref }))
          .statusCode,
      ).toBe(401);
      expect((await image(sigId, delivered.ref)).statusCode).toBe(401);
      expect((await asUser()).statusCode).toBe(200);
      // The stranger is told what anyone is about a docket that is not theirs: not found.
      const closed = await asStranger('/api/docket/track/detail', ref);
      expect(closed.statusCode).toBe(404);
      expect(closed.json().message).toBe(MSG.trackingNotFound);
      const summary = await asStranger('/api/docket/track', ref);
      expect(summary.statusCode).toBe(404);
      expect(summary.json().message).toBe(MSG.trackingNotFound);
      // An administrator (tenant-wide, as for docket/tracking) still sees it whole.
      const admin = await loginAs(t.app, ...ADMIN);
      const whole = await post(t.app, '/api/docket/track/detail', ref, admin);
      expect(whole.statusCode, whole.body).toBe(200);
      expect((whole.json() as TrackDetailResponse).shown).toEqual({
        map: true,
        stock: true,
        signatures: true,
      });
    } finally {
      for (const key of ['aset_track_map', 'aset_track_stock', 'aset_track_signatures', 'aset_web_tracking'])
        await set(key, null);
    }
    const again = (await detail(delivered.ref)).json() as TrackDetailResponse;
    expect(again.shown).toEqual({ map: true, stock: true, signatures: true });
    expect((await image(sigId, delivered.ref)).statusCode).toBe(200);
  });

  it('tells the tracking page whether the details will show its caller a map (its code loads ahead only then)', async () => {
    const setting = and(
      eq(settings.sett_group, 'default'),
      eq(settings.sett_key, 'aset_track_map'),
      eq(settings.sett_cust_id, 0),
    );
    const withTiles = await buildApp({ ...t.deps, mapTileUrl: 'https://tiles.test/{z}/{x}/{y}.png' });
    const ref = { database: TENANT_A, tracking_ref: delivered.ref };
    const summary = async (app = withTiles, token?: string) => {
      const res = await post(app, '/api/docket/track', ref, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { map: boolean };
    };
    const mapOf = async (token?: string) =>
      ((await post(withTiles, '/api/docket/track/detail', ref, token)).json() as TrackDetailResponse).map
        .tileUrl;
    // Views are kept per database, across apps: a setting written moves their version on, so the
    // details below are this app's, with its tiles.
    const setMap = async (value: 'T' | 'F') => {
      await db().delete(settings).where(setting);
      await db()
        .insert(settings)
        .values({ sett_group: 'default', sett_key: 'aset_track_map', sett_value: value });
    };
    try {
      await setMap('T');
      const customer = await loginAs(withTiles, ...CUSTOMER);
      expect((await summary()).map).toBe(true);
      expect(await mapOf()).not.toBe('');
      // No tiles on the server: no map for anyone.
      expect((await summary(t.app)).map).toBe(false);
      expect((await summary(t.app, customer)).map).toBe(false);
      // The tenant hides the map from guests: not for a guest, still for the docket's user.
      await setMap('F');
      expect((await summary()).map).toBe(false);
      expect(await mapOf()).toBe('');
      expect((await summary(withTiles, customer)).map).toBe(true);
      // Another account's user holding the link, and a signed-out session's token, are guests here.
      expect((await summary(withTiles, await strangerOf(delivered.dck_id))).map).toBe(false);
      const stale = await loginAs(withTiles, ...CUSTOMER);
      await post(withTiles, '/api/auth/logout', {}, stale);
      expect((await summary(withTiles, stale)).map).toBe(false);
      expect(await mapOf(customer)).not.toBe('');
    } finally {
      await db().delete(settings).where(setting);
      await withTiles.close();
    }
  });

  it('serves a signature image only by the reference of its own docket', async () => {
    const ok = await image(sigId, delivered.ref);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // Another docket's signature with a valid reference, a guessed id, the wrong tenant, no reference.
    expect((await image(otherSigId, delivered.ref)).statusCode).toBe(404);
    expect((await image(sigId, other.ref)).statusCode).toBe(404);
    expect((await image(sigId + 100_000, delivered.ref)).statusCode).toBe(404);
    const wrongTenant = await image(sigId, delivered.ref, TENANT_B);
    expect(wrongTenant.statusCode).toBe(404);
    expect(wrongTenant.json().message).toBe(MSG.trackingNotFound);
    expect((await image(sigId, 'TNOTAREALREF000')).statusCode).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: `/api/docket/track/signature/${sigId}` });
    expect(bare.statusCode).toBe(400);
  });

  it("finds nothing for an unknown reference or another tenant's", async () => {
    const unknown = await detail('TNOTAREALREF000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.trackingNotFound);
    const [bOnly] = await db(TENANT_B)
      .select({ ref: dockets.tracking_reference })
      .from(dockets)
      .where(and(ne(dockets.tracking_reference, delivered.ref), eq(dockets.dck_status, 'D')))
      .limit(1);
    expect((await detail(delivered.ref, TENANT_B)).statusCode).toBe(404);
    const fromB = await detail(bOnly!.ref, TENANT_B);
    expect(fromB.statusCode).toBe(200);
    const bSigs = (fromB.json() as TrackDetailResponse).signatures;
    for (const s of bSigs) expect(s.url).toContain(new URLSearchParams({ database: TENANT_B }).toString());
  });
});
