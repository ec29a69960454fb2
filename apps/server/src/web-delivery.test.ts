import { rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATABASES_ELEMENT_ID, BOOT_SESSION_ELEMENT_ID, type SessionResponse } from '@courier/contracts';
import { buildApp } from './app';
import { fakeDist } from './test/fake-dist';
import { CONTROL, CUSTOMER, TENANT_A, createTestApp, loginAs, post, type TestApp } from './test/harness';
import { forgetLiveSessions } from './db/live-session-cache';

describe('web app and API delivery', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: { dir: string; script: string };
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { dockets: 30 });
    dist = fakeDist();
    app = await buildApp({ ...t.deps, webDist: dist.dir });
    token = await loginAs(app, ...CUSTOMER);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (dist) rmSync(dist.dir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    app.inject({
      url: '/assets/index-DlHYX_CF.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset pre-compressed: brotli when accepted, else gzip, else as it is', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(dist.script);

    const gzip = await asset('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(dist.script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.script);
  });

  it('lets the browser keep hashed assets for a year', async () => {
    for (const encoding of ['br', 'gzip', undefined])
      expect((await asset(encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every load, at / and at any screen path, compressed', async () => {
    for (const url of ['/', '/index.html', '/docket/list', '/login?db=x']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  /** The start-up session written into a page (web/boot-session), parsed, or undefined without one. */
  const bootSession = (html: string): unknown => {
    const match = new RegExp(
      `<script type="application/json" id="${BOOT_SESSION_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html);
    return match ? (JSON.parse(match[1]!) as unknown) : undefined;
  };
  const page = (url: string, cookie?: string) =>
    app.inject({ url, headers: cookie ? { cookie: `courier_session=${cookie}` } : {} });

  it("writes the signed-in browser's own session into its page, exactly as auth/session answers, never cached", async () => {
    const answered = (await post(app, '/api/auth/session', {}, token)).json() as Record<string, unknown>;
    expect(answered).toMatchObject({ stage: 'full', user: { ausr_logon: 'customer' } });
    for (const url of ['/docket/list', '/home?x=1', '/login']) {
      const res = await page(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.vary, url).toBe('accept-encoding, cookie');
      expect(bootSession(res.body), url).toEqual(answered);
    }
    // With the page's preloads as before, and compressed.
    const login = await app.inject({
      url: '/login',
      headers: { cookie: `courier_session=${token}`, 'accept-encoding': 'br' },
    });
    const html = brotliDecompressSync(login.rawPayload).toString();
    expect(html).toContain('LoginPage-AbCdEfGh.js');
    expect(bootSession(html)).toEqual(answered);
  });

  it("writes the databases and their themes into a guest's page, exactly as database/list answers, and only there", async () => {
    const answered = (await post(app, '/api/database/list', {})).json() as unknown[];
    expect(answered.length).toBeGreaterThan(0);
    const written = (html: string) => {
      const match = new RegExp(
        `<script type="application/json" id="${BOOT_DATABASES_ELEMENT_ID}">([^<]*)</script>`,
      ).exec(html);
      return match ? (JSON.parse(match[1]!) as unknown) : undefined;
    };
    for (const url of ['/login', '/docket/track?tracking_ref=X', '/docket/list', '/'])
      expect(written((await page(url)).body), url).toEqual(answered);
    expect(written((await page('/login', 'A.not-a-real-token')).body)).toEqual(answered);
    expect((await page('/login', token)).body).not.toContain(BOOT_DATABASES_ELEMENT_ID);
  });

  it('writes no session into the page of a guest, of a stale or a forged cookie, or with a bearer token', async () => {
    // No session cookie at all: the page says nobody is signed in (null), so the app need not ask.
    for (const res of [
      await page('/docket/list'),
      await page('/docket/list', ''),
      await app.inject({ url: '/docket/list', headers: { authorization: `Bearer ${token}` } }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(bootSession(res.body)).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // A cookie that is not a live session, or one beside a bearer token: no session element, so
    // the app asks and hears why.
    for (const res of [
      await page('/docket/list', 'A.not-a-real-token'),
      // A cookie and a bearer token together: the look-up would take the token's session.
      await app.inject({
        url: '/docket/list',
        headers: { cookie: `courier_session=${token}`, authorization: `Bearer ${token}` },
      }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain(BOOT_SESSION_ELEMENT_ID);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const other = await loginAs(app, ...CUSTOMER);
    await post(app, '/api/auth/logout', {}, other);
    expect((await page('/home', other)).body).not.toContain(BOOT_SESSION_ELEMENT_ID);
    // A session left idle past its expiry: a plain page, and auth/session says it expired.
    const idle = await loginAs(app, ...CUSTOMER);
    t.clock.advance(24 * 60 * 60_000);
    try {
      expect((await page('/home', idle)).body).not.toContain(BOOT_SESSION_ELEMENT_ID);
      expect((await post(app, '/api/auth/session', {}, idle)).statusCode).toBe(401);
    } finally {
      t.clock.reset();
    }
  });

  it("keeps a user's own text from closing the session's script element (no script injection)", async () => {
    const db = t.tenants.get(TENANT_A)!.db;
    const name = '</script><script>alert(1)</script><!--';
    await db.execute(sql`update users set ausr_firstname = ${name} where ausr_logon = 'customer'`);
    forgetLiveSessions();
    try {
      const html = (await page('/docket/list', token)).body;
      expect(html).not.toContain('<script>alert(1)');
      // Four elements only: the session, the time the page was written, the user's live scope and
      // the answers to the screen's opening calls (web/page-calls).
      expect(html.match(/<\/script>/g)).toHaveLength(4);
      expect(bootSession(html)).toMatchObject({ user: { ausr_firstname: name } });
    } finally {
      await db.execute(sql`update users set ausr_firstname = 'Casey' where ausr_logon = 'customer'`);
      forgetLiveSessions();
    }
  });

  it("draws a screen's frame and fixed heading into its signed-in page, and into no other page", async () => {
    const heading = (html: string) =>
      /<div id="boot-shell" class="boot-shell">.*<h1 class="boot-shell-heading">([^<]*)<\/h1>/.exec(
        html,
      )?.[1];
    const list = (await page('/docket/list', token)).body;
    expect(heading(list)).toBe('Your Recent Bookings');
    // Just before the root element the app draws into, with the tenant's name in the header.
    expect(list).toMatch(/<body>\s*<div id="boot-shell" class="boot-shell">.*<\/div><div id="root"><\/div>/);
    const tenantName = (bootSession(list) as SessionResponse).tenant.theme.name;
    expect(list).toContain(`<span class="boot-shell-name">${tenantName}</span>`);
    expect(heading((await page('/docket/detail', token)).body)).toBe('NEW BOOKING');
    // A booking opened by its id has its own heading; home's greets the user; a guest, a stale
    // or a forged cookie, and a user without the screen's right (the control room's, sent
    // elsewhere by the app) get no signed-in frame.
    const stale = await loginAs(app, ...CUSTOMER);
    await post(app, '/api/auth/logout', {}, stale);
    const control = await loginAs(app, ...CONTROL);
    for (const [url, cookie] of [
      ['/docket/detail?_id=1', token],
      ['/home', token],
      ['/docket/list', undefined],
      ['/docket/list', stale],
      ['/docket/list', 'forged-token-value'],
      ['/docket/list', control],
      ['/docket/detail', control],
    ] as const)
      expect((await page(url, cookie)).body, `${url} ${cookie ?? 'guest'}`).not.toContain('boot-shell');
  });

  it("names a screen's own page files for preloading in its page's head, and only there", async () => {
    const tags =
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-AbCdEfGh.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/LoginPage-AbCdEfGh.css">';
    for (const url of ['/login', '/login?db=x', '/login/']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.link, url).toBeUndefined();
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toContain(
        `${tags}<script type="application/json" id="${BOOT_SESSION_ELEMENT_ID}">null</script>` +
          `<script type="application/json" id="${BOOT_DATABASES_ELEMENT_ID}">`,
      );
    }
    // Signed in, the preloads come before the session.
    const signedIn = (await page('/login', token)).body;
    expect(signedIn).toContain(`${tags}<script type="application/json" id="${BOOT_SESSION_ELEMENT_ID}">`);
    for (const url of ['/home', '/docket/list', '/', '/reset/abc']) {
      const res = await app.inject({ url });
      expect(res.body, url).not.toContain('modulepreload');
      expect(res.headers.link, url).toBeUndefined();
    }
    expect((await app.inject({ url: '/route-preloads.json' })).body).not.toContain('LoginPage');
    expect((await app.inject({ url: '/.vite/route-preloads.json' })).body).not.toContain('LoginPage');
  });

  it("connects ahead to the map tiles' host in the head of the tracking page only", async () => {
    const withTiles = await buildApp({
      ...t.deps,
      webDist: dist.dir,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    try {
      const tag = '<link rel="preconnect" href="https://tile.openstreetmap.org">';
      const body = (await withTiles.inject({ url: '/docket/track?tracking_ref=ABC123' })).body;
      expect(body).toContain(tag);
      expect(body.indexOf(tag)).toBeLessThan(body.indexOf('</head>'));
      // The driver's page has no map (its addresses link out to a maps app).
      for (const url of ['/login', '/docket/list', '/home', '/driver'])
        expect((await withTiles.inject({ url })).body, url).not.toContain('preconnect');
      // Without tiles configured, nothing.
      expect((await app.inject({ url: '/docket/track?tracking_ref=ABC123' })).body).not.toContain(
        'preconnect',
      );
    } finally {
      await withTiles.close();
    }
  });

  it('gives a forged or logged-out cookie on a screen with preloads the preloads only, and reflects nothing of the URL', async () => {
    const stale = await loginAs(app, ...CUSTOMER);
    await post(app, '/api/auth/logout', {}, stale);
    for (const cookie of [stale, 'forged-token-value']) {
      const res = await page('/login', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('LoginPage-AbCdEfGh.js');
      expect(res.body).not.toContain(BOOT_SESSION_ELEMENT_ID);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of [
      '/login?x="><script>alert(1)</script>',
      '/login/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('alert(1)');
      expect(res.body, url).not.toContain('%3Cscript');
    }
  });

  it('lets our own WebAssembly compile but no eval, and keeps the card window linked to its opener', async () => {
    const res = await app.inject('/');
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.split(' ')).toEqual(expect.arrayContaining(["'self'", "'wasm-unsafe-eval'"]));
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The same headers on every answer: an API call, a refused one and an unknown path.
    for (const other of [
      await app.inject({ method: 'POST', url: '/api/database/list', payload: {} }),
      await app.inject({ method: 'POST', url: '/api/docket/list', payload: {} }),
      await app.inject('/api/no/such/call'),
    ]) {
      expect(other.headers['content-security-policy']).toBe(csp);
      expect(other.headers['x-content-type-options']).toBe('nosniff');
      expect(other.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    }
  });

  it('compresses an API answer over 1 KB per Accept-Encoding and never lets it be cached', async () => {
    const list = (acceptEncoding?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/docket/list',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: JSON.stringify({ page: 1, pageSize: 20 }),
      });
    const plain = await list();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');

    const br = await list('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers['cache-control']).toBe('no-store');

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small API answer as it is, not cached', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    const version = await app.inject({ url: '/api/system/version', headers: { 'accept-encoding': 'br' } });
    expect(version.headers['content-encoding']).toBeUndefined();
    expect(version.headers['cache-control']).toBe('no-store');
  });
  it('writes no token, reference or query string of a visited link to the server log', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logged = await buildApp({ ...t.deps, webDist: dist.dir, logLevel: 'info', logStream: stream });
    const secret = 'S3cretTok3nValue';
    try {
      const visits = [
        `/reset/${secret}`,
        `/email/confirm/${secret}`,
        `/register?database=${encodeURIComponent(TENANT_A)}&dck_email=someone%40example.com&token=${secret}`,
        `/payment-return/worldpay/3ds/${secret}?database=${encodeURIComponent(TENANT_A)}`,
        `/api/docket/track/events?database=${encodeURIComponent(TENANT_A)}&tracking_ref=${secret}`,
      ];
      for (const url of visits) await logged.inject({ method: 'GET', url });
      const log = lines.join('');
      expect(log).toContain('"url":"/reset/{token}"');
      expect(log).toContain('"url":"/email/confirm/{token}"');
      expect(log).toContain('"url":"/register?…"');
      expect(log).toContain('"url":"/payment-return/worldpay/3ds/{reference}?…"');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('someone');
    } finally {
      await logged.close();
    }
  });
});
