import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BOOT_CALLS_ELEMENT_ID,
  BOOT_LIVE_SCOPE_ELEMENT_ID,
  BOOT_READ_AT_ELEMENT_ID,
  PAGE_CALLS,
  pageCallKey,
  trackPageCalls,
  type SessionUser,
  type TrackDetailResponse,
} from '@courier/contracts';
import { buildApp } from '../app';
import { readEnv } from '../config/env';
import { queryRows } from '../db/client';
import { settings } from '../db/schema';
import { fakeDist } from '../test/fake-dist';
import { PAGE_CALLS_BUDGET_MS } from './page-calls';
import {
  ADMIN,
  CUSTOMER,
  TENANT_A,
  TENANT_B,
  createTestApp,
  loginAs,
  post,
  type TestApp,
} from '../test/harness';
import { forgetLiveSessions } from '../db/live-session-cache';

describe('answers to a screen’s opening calls, written into its page (web/page-calls)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: { dir: string };
  let token: string;
  let user: SessionUser;
  beforeAll(async () => {
    t = await createTestApp('postgres', { dockets: 30 });
    dist = fakeDist();
    app = await buildApp({ ...t.deps, webDist: dist.dir });
    token = await loginAs(app, ...CUSTOMER);
    user = ((await post(app, '/api/auth/session', {}, token)).json() as { user: SessionUser }).user;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (dist) rmSync(dist.dir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    app.inject({ url, headers: cookie !== undefined ? { cookie: `courier_session=${cookie}` } : {} });
  /** The answers a page carries, by pageCallKey, or undefined when it carries none. */
  const answersIn = (html: string): Record<string, unknown> | undefined => {
    const match = new RegExp(
      `<script type="application/json" id="${BOOT_CALLS_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
  };
  const db = () => t.tenants.get(TENANT_A)!.db;

  it('answers the booking screen’s eight lists and the booking list’s first page exactly as the API does', async () => {
    for (const screen of ['/docket/detail', '/docket/list', '/home']) {
      const res = await page(`${screen}?from=menu`, token);
      expect(res.statusCode, screen).toBe(200);
      expect(res.headers['cache-control'], screen).toBe('private, no-store');
      const answers = answersIn(res.body);
      const calls = PAGE_CALLS[screen]!(user);
      expect(Object.keys(answers ?? {}).sort(), screen).toEqual(
        calls.map((c) => pageCallKey(c.path, c.body)).sort(),
      );
      for (const call of calls) {
        const api = await post(app, call.path, call.body, token);
        expect(api.statusCode, call.path).toBe(200);
        expect(answers![pageCallKey(call.path, call.body)], call.path).toEqual(api.json());
      }
    }
    // The booking screen's settings are the user's default account's.
    const detail = answersIn((await page('/docket/detail', token)).body)!;
    expect(Object.keys(detail)).toContain(
      pageCallKey('/api/system/general/list', { type: 'settings', cust_id: user.ausr_cust_id }),
    );
  });

  it('tells a signed-in page when it was written, before its data was read (the live events’ since)', async () => {
    const before = Date.now();
    const html = (await page('/docket/list', token)).body;
    const after = Date.now();
    const readAt = new RegExp(
      `<script type="application/json" id="${BOOT_READ_AT_ELEMENT_ID}">(\\d+)</script>`,
    ).exec(html);
    expect(Number(readAt?.[1])).toBeGreaterThanOrEqual(before);
    expect(Number(readAt?.[1])).toBeLessThanOrEqual(after);
    // And the fingerprint of what the user may see (the live events' scope): the same on each of
    // their pages, another user's (other rights) another.
    const scopeOf = (body: string) =>
      new RegExp(
        `<script type="application/json" id="${BOOT_LIVE_SCOPE_ELEMENT_ID}">"([0-9a-f]{16})"</script>`,
      ).exec(body)?.[1];
    const scope = scopeOf(html);
    expect(scope).toMatch(/^[0-9a-f]{16}$/);
    expect(scopeOf((await page('/home', token)).body)).toBe(scope);
    const admin = await loginAs(app, ...ADMIN);
    expect(scopeOf((await page('/home', admin)).body)).not.toBe(scope);
    // Keyed by the session: the same user signed in again (another session) has another.
    const again = await loginAs(app, ...CUSTOMER);
    expect(scopeOf((await page('/home', again)).body)).not.toBe(scope);
    // A guest's page has no live events: nothing.
    expect((await page('/login')).body).not.toContain(BOOT_READ_AT_ELEMENT_ID);
    expect((await page('/login')).body).not.toContain(BOOT_LIVE_SCOPE_ELEMENT_ID);
  });

  it('writes nothing for a guest, a stale or forged cookie, an unfinished login, or a screen without calls (nor an inherited name)', async () => {
    const stale = await loginAs(app, ...CUSTOMER);
    await post(app, '/api/auth/logout', {}, stale);
    for (const res of [
      await page('/docket/detail'),
      await page('/docket/detail', stale),
      await page('/docket/detail', 'A.not-a-real-token'),
      await page('/address/list', token),
      await page('/login', token),
      await page('/constructor', token),
      await page('/__proto__', token),
    ])
      expect(res.body).not.toContain(BOOT_CALLS_ELEMENT_ID);
    // A login still at its one-time-code step: the session is written (its stage), no answers.
    await db().execute(sql`update users set ausr_rights_otp = 'T' where ausr_logon = 'customer'`);
    forgetLiveSessions();
    try {
      const login = await post(app, '/api/auth/login', {
        database: TENANT_A,
        username: CUSTOMER[0],
        password: CUSTOMER[1],
      });
      const otp = (login.json() as { token: string }).token;
      expect((await page('/docket/detail', otp)).body).not.toContain(BOOT_CALLS_ELEMENT_ID);
    } finally {
      await db().execute(sql`update users set ausr_rights_otp = 'F' where ausr_logon = 'customer'`);
      forgetLiveSessions();
    }
  });

  it('still sends the page when a call fails or is slow, without that answer', async () => {
    const inject = app.inject.bind(app);
    const slow = pageCallKey('/api/tarifftype/list', {});
    const spy = vi.spyOn(app, 'inject').mockImplementation(((opts: InjectOptions) => {
      if (opts.url === '/api/customer/list') return Promise.reject(new Error('server closing'));
      if (opts.url === '/api/tarifftype/list')
        return new Promise((resolve) => setTimeout(resolve, PAGE_CALLS_BUDGET_MS * 3)).then(() =>
          inject(opts),
        );
      return inject(opts);
    }) as typeof app.inject);
    try {
      const started = Date.now();
      const res = await page('/docket/detail', token);
      expect(Date.now() - started).toBeLessThan(PAGE_CALLS_BUDGET_MS * 3);
      expect(res.statusCode).toBe(200);
      const keys = Object.keys(answersIn(res.body)!);
      expect(keys).not.toContain(pageCallKey('/api/customer/list', {}));
      expect(keys).not.toContain(slow);
      expect(keys).toContain(pageCallKey('/api/servicetype/list', {}));
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves out a call the user may not make, as the API refuses it', async () => {
    await db().execute(sql`update users set ausr_rights_history = 'F' where ausr_logon = 'customer'`);
    forgetLiveSessions();
    try {
      expect((await post(app, '/api/docket/list', { archive: false, page: 1 }, token)).statusCode).toBe(403);
      expect((await page('/docket/list', token)).body).not.toContain(BOOT_CALLS_ELEMENT_ID);
    } finally {
      await db().execute(sql`update users set ausr_rights_history = 'T' where ausr_logon = 'customer'`);
      forgetLiveSessions();
    }
  });

  it('keeps text inside an answer from closing its script element (no script injection)', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const account = user.ausr_cust_id!;
    const [before] = await queryRows<{ cust_name: string }>(
      db(),
      sql`select cust_name from customers where cust_id = ${account}`,
    );
    await db().execute(sql`update customers set cust_name = ${name} where cust_id = ${account}`);
    forgetLiveSessions();
    try {
      const html = (await page('/docket/detail', token)).body;
      expect(html).not.toContain('<script>alert(1)');
      // The page's own four data elements (session, written-at time, live scope, answers) close, no more.
      expect(html.match(/<\/script>/g)).toHaveLength(4);
      const accounts = answersIn(html)![pageCallKey('/api/customer/list', {})] as { cust_name: string }[];
      expect(accounts.map((a) => a.cust_name)).toContain(name);
    } finally {
      await db().execute(
        sql`update customers set cust_name = ${before!.cust_name} where cust_id = ${account}`,
      );
      forgetLiveSessions();
    }
  });

  describe('the tracking page, a guest’s too', () => {
    /** A demo docket's tracking reference in `tenant`: the first, or the `nth` (from 0). */
    const refIn = async (tenant: string, nth = 0) =>
      (
        await queryRows<{ ref: string }>(
          t.tenants.get(tenant)!.db,
          sql`select tracking_reference as ref from dockets where tracking_reference is not null order by dck_id limit 1 offset ${nth}`,
        )
      )[0]!.ref;
    const keysOf = (database: string, ref: string, guest = true) =>
      trackPageCalls(database, ref, guest).map((c) => pageCallKey(c.path, c.body));

    it('answers its summary and details exactly as the API does, for a guest (with the settings) and a signed-in user', async () => {
      const ref = await refIn(TENANT_A);
      for (const cookie of [undefined, token]) {
        const guest = cookie === undefined;
        // The reference as a link may carry it: lower case, padded.
        const res = await page(`/docket/track?tracking_ref=%20${ref.toLowerCase()}`, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        const answers = answersIn(res.body)!;
        expect(Object.keys(answers).sort()).toEqual(keysOf(TENANT_A, ref, guest).sort());
        for (const call of trackPageCalls(TENANT_A, ref, guest)) {
          const api = await post(app, call.path, call.body, cookie);
          expect(api.statusCode, call.path).toBe(200);
          expect(answers[pageCallKey(call.path, call.body)], call.path).toEqual(api.json());
        }
      }
    });

    it('looks in the database the link names, else the first; a reference it does not hold is not answered', async () => {
      const ref = await refIn(TENANT_B);
      const named = answersIn(
        (await page(`/docket/track?tracking_ref=${ref}&database=${encodeURIComponent(TENANT_B)}`)).body,
      )!;
      expect(Object.keys(named)).toEqual(expect.arrayContaining(keysOf(TENANT_B, ref)));
      // Not named (or named wrongly): the first database stands in, and does not hold it.
      for (const url of [
        `/docket/track?tracking_ref=${ref}`,
        `/docket/track?tracking_ref=${ref}&database=Nowhere`,
      ]) {
        const keys = Object.keys(answersIn((await page(url)).body) ?? {});
        const [settings, summary, detail] = keysOf(TENANT_A, ref);
        expect(keys, url).toContain(settings);
        expect(keys, url).not.toContain(summary);
        expect(keys, url).not.toContain(detail);
      }
      // No reference, or not one's shape: nothing is asked.
      for (const url of [
        '/docket/track',
        '/docket/track?tracking_ref=%3Cscript%3E',
        '/docket/trackx?tracking_ref=ABC',
      ])
        expect((await page(url)).body, url).not.toContain(BOOT_CALLS_ELEMENT_ID);
    });

    it('names the map’s first tile for the browser to fetch with the page, per kind of screen, only when the map is shown', async () => {
      const withTiles = await buildApp({
        ...t.deps,
        webDist: dist.dir,
        mapTileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
      });
      const hideMap = and(
        eq(settings.sett_group, 'default'),
        eq(settings.sett_key, 'aset_track_map'),
        eq(settings.sett_cust_id, 0),
      );
      try {
        // A docket the other tests do not open: the process keeps a view once served (with the
        // tile URL of the app that served it), and those apps have none.
        const ref = await refIn(TENANT_A, 1);
        const detailKey = keysOf(TENANT_A, ref)[2]!;
        // Each page from its own address: the tracking calls' rate limit is not what is tested here.
        let caller = 0;
        const load = (cookie?: string, url = `/docket/track?tracking_ref=${ref}`) =>
          withTiles.inject({
            url,
            remoteAddress: `10.1.0.${++caller}`,
            headers: cookie ? { cookie: `courier_session=${cookie}` } : {},
          });
        const tileLinks = (html: string) =>
          [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
        const html = (await load()).body;
        const detail = answersIn(html)![detailKey] as TrackDetailResponse;
        expect(detail.shown.map).toBe(true);
        // The tile under the map's centre (the driver, else the delivery, …), by OpenStreetMap's
        // own formula: the map's zoom on a plain screen, the next one's on a dense one.
        const centre = detail.driver ?? detail.markers.delivery ?? detail.markers.collection!;
        const tile = (z: number) => {
          const lat = (centre.lat * Math.PI) / 180;
          const x = Math.floor(((centre.lon + 180) / 360) * 2 ** z);
          const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z);
          return `https://tiles.test/${z}/${x}/${y}.png`;
        };
        const zoom = detail.map.zoom;
        expect(tileLinks(html)).toEqual([
          `<link rel="preload" as="image" fetchpriority="high" referrerpolicy="strict-origin" href="${tile(zoom + 1)}" media="(min-resolution: 1.75dppx)">`,
          `<link rel="preload" as="image" fetchpriority="high" referrerpolicy="strict-origin" href="${tile(zoom)}" media="not all and (min-resolution: 1.75dppx)">`,
        ]);
        // Signed in, the same; a reference not held: none.
        expect(tileLinks((await load(token)).body)).toEqual(tileLinks(html));
        expect(tileLinks((await load(undefined, '/docket/track?tracking_ref=NOSUCHREF1')).body)).toEqual([]);
        // A session that has ended: the page carries no details, so it names no tile either.
        const stale = await loginAs(withTiles, ...CUSTOMER);
        await post(withTiles, '/api/auth/logout', {}, stale);
        expect(tileLinks((await load(stale)).body)).toEqual([]);
        // A guest the tenant shows no map: no tile (a signed-in user is still shown it).
        await db()
          .insert(settings)
          .values({ sett_group: 'default', sett_key: 'aset_track_map', sett_value: 'F' });
        const hidden = (await load()).body;
        expect((answersIn(hidden)![detailKey] as TrackDetailResponse).shown.map).toBe(false);
        expect(tileLinks(hidden)).toEqual([]);
        expect(tileLinks((await load(token)).body)).toEqual(tileLinks(html));
      } finally {
        await db().delete(settings).where(hideMap);
        await withTiles.close();
      }
    });

    it('answers only a browser’s own opening of the page, not an image or frame another site asks for', async () => {
      const limited = await buildApp({ ...t.deps, webDist: dist.dir, trackRateMax: 2 });
      try {
        const ref = await refIn(TENANT_A);
        const [, summary] = keysOf(TENANT_A, ref);
        const load = (headers: Record<string, string>) =>
          limited.inject({ url: `/docket/track?tracking_ref=${ref}`, remoteAddress: '10.0.0.9', headers });
        const crossSite = { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' };
        // <img> and <iframe> tags on another site: the plain page, and the visitor's limit unspent.
        for (let i = 0; i < 4; i++) {
          for (const dest of [
            { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' },
            { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' },
          ])
            expect((await load({ ...crossSite, ...dest })).body).not.toContain(BOOT_CALLS_ELEMENT_ID);
        }
        // A mail's link followed from a webmail's site is the browser's own navigation: answered.
        const followed = await load({
          ...crossSite,
          'sec-fetch-dest': 'document',
          'sec-fetch-mode': 'navigate',
        });
        expect(Object.keys(answersIn(followed.body)!)).toContain(summary);
        // A bearer token's caller, or a session cookie that is no longer live: the page asks for itself.
        const stale = await loginAs(limited, ...CUSTOMER);
        await post(limited, '/api/auth/logout', {}, stale);
        const callers: Record<string, string>[] = [
          { authorization: `Bearer ${token}` },
          { cookie: `courier_session=${stale}` },
        ];
        for (const headers of callers)
          expect((await load(headers)).body).not.toContain(BOOT_CALLS_ELEMENT_ID);
      } finally {
        await limited.close();
      }
    });

    it('counts each page against the tracking calls’ rate limit of the caller’s address', async () => {
      const limited = await buildApp({ ...t.deps, webDist: dist.dir, trackRateMax: 2 });
      try {
        const ref = await refIn(TENANT_A);
        const [, summary] = keysOf(TENANT_A, ref);
        const load = (remoteAddress: string) =>
          limited.inject({ url: `/docket/track?tracking_ref=${ref}`, remoteAddress });
        expect(Object.keys(answersIn((await load('10.0.0.1')).body)!)).toContain(summary);
        expect(Object.keys(answersIn((await load('10.0.0.1')).body)!)).toContain(summary);
        // The third page from that address: the calls are refused (429), so the page carries no view.
        expect(Object.keys(answersIn((await load('10.0.0.1')).body) ?? {})).not.toContain(summary);
        const api = await limited.inject({
          method: 'POST',
          url: '/api/docket/track',
          remoteAddress: '10.0.0.1',
          payload: { database: TENANT_A, tracking_ref: ref },
        });
        expect(api.statusCode).toBe(429);
        // Another address is not held by it.
        expect(Object.keys(answersIn((await load('10.0.0.2')).body)!)).toContain(summary);
      } finally {
        await limited.close();
      }
      // Behind a load balancer on a private network (TRUST_PROXY=true): the caller is the address
      // the balancer saw, and a leftmost X-Forwarded-For entry the client wrote itself does not
      // make it a new one; another client behind the same balancer is not held by it.
      const proxied = await buildApp({
        ...t.deps,
        webDist: dist.dir,
        trackRateMax: 2,
        trustProxy: readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY,
      });
      try {
        const ref = await refIn(TENANT_A);
        const [, summary] = keysOf(TENANT_A, ref);
        const load = (spoofed: string, client = '203.0.113.7') =>
          proxied.inject({
            url: `/docket/track?tracking_ref=${ref}`,
            remoteAddress: '10.0.0.5',
            headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
          });
        expect(Object.keys(answersIn((await load('198.51.100.1')).body)!)).toContain(summary);
        expect(Object.keys(answersIn((await load('198.51.100.2')).body)!)).toContain(summary);
        expect(Object.keys(answersIn((await load('198.51.100.3')).body) ?? {})).not.toContain(summary);
        expect(Object.keys(answersIn((await load('198.51.100.3', '203.0.113.8')).body)!)).toContain(summary);
      } finally {
        await proxied.close();
      }
    });
  });
});
