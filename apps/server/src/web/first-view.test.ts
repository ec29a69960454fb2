import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_VIEW_ELEMENT_ID } from '@courier/contracts';
import { buildApp } from '../app';
import { queryRows } from '../db/client';
import { fakeDist, VITE_INDEX } from '../test/fake-dist';
import { CUSTOMER, TENANT_A, TENANT_B, createTestApp, loginAs, post, type TestApp } from '../test/harness';
import { FIRST_VIEW_BUDGET_MS } from './first-view';

/**
 * The build's rendering of the tracking page stood in for (apps/web src/prerender/track-page.tsx
 * is tested in the web suite): it writes what it was handed and what the worker's globals say, and
 * fails or takes its time when the page's address asks it to.
 */
const BUNDLE = `
export function renderTrackFirstView(input) {
  if (input.url.includes('&test=fail')) throw new Error('the app could not draw');
  if (input.url.includes('&test=slow')) { const end = Date.now() + ${FIRST_VIEW_BUDGET_MS * 4}; while (Date.now() < end); }
  if (input.url.includes('&test=nothing')) return undefined;
  if (input.url.includes('&test=hang')) for (;;);
  return '<main>' + [input.database, input.tracking_ref, Object.keys(input.answers).length,
    input.databases.map((d) => d.name).join('+'), typeof document, innerWidth, devicePixelRatio].join('|') + '</main>';
}`;

const PHONE = { 'sec-ch-ua-mobile': '?1' };
const DESKTOP = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe("a guest's tracking page on a phone, written by the server (web/first-view)", () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: { dir: string };
  let ref: string;
  let caller = 0;
  beforeAll(async () => {
    t = await createTestApp('postgres', { dockets: 5 });
    dist = fakeDist();
    writeFileSync(join(dist.dir, 'index.html'), VITE_INDEX);
    mkdirSync(join(dist.dir, '.prerender'));
    writeFileSync(join(dist.dir, '.prerender/track-page.js'), BUNDLE);
    writeFileSync(
      join(dist.dir, '.vite/start-late.json'),
      JSON.stringify({ script: '/assets/start-late-E5.js' }),
    );
    app = await buildApp({ ...t.deps, webDist: dist.dir });
    ref = (
      await queryRows<{ ref: string }>(
        t.tenants.get(TENANT_A)!.db,
        sql`select tracking_reference as ref from dockets where tracking_reference is not null order by dck_id limit 1`,
      )
    )[0]!.ref;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (dist) rmSync(dist.dir, { recursive: true, force: true });
  });

  /** The page at `url`, each from its own address (the tracking calls' rate limit is not tested here). */
  const load = (url: string, headers: Record<string, string> = PHONE) =>
    app.inject({ url, remoteAddress: `10.2.0.${++caller}`, headers });
  const viewIn = (html: string) =>
    new RegExp(`<div id="${BOOT_VIEW_ELEMENT_ID}" class="boot-view">(.*?)</div><div id="root">`).exec(
      html,
    )?.[1];

  it("writes the app's rendering of the page before its root, and starts the app once it is shown", async () => {
    const res = await load(`/docket/track?tracking_ref=${ref.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Handed the database and reference the page's answers are for, its three answers and the
    // databases; drawn in a worker whose globals are a phone's, not in the server's thread.
    expect(viewIn(res.body)).toBe(`<main>${TENANT_A}|${ref}|4|${TENANT_A}+${TENANT_B}|object|412|2</main>`);
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    // The app's files are named for the late start, not loaded with the page.
    expect(res.body).toContain(
      '<script type="module" crossorigin src="/assets/start-late-E5.js" data-app-entry="/assets/index-A1.js" data-app-preloads="/assets/react-B2.js"></script>',
    );
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).not.toContain('src="/assets/index-A1.js"');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
  });

  it('writes none for a wide screen, a signed-in or once signed-in browser, or a page with nothing to show', async () => {
    const plain = (html: string) => {
      expect(viewIn(html)).toBeUndefined();
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    };
    plain((await load(`/docket/track?tracking_ref=${ref}`, DESKTOP)).body);
    const token = await loginAs(app, ...CUSTOMER);
    plain(
      (await load(`/docket/track?tracking_ref=${ref}`, { ...PHONE, cookie: `courier_session=${token}` }))
        .body,
    );
    await post(app, '/api/auth/logout', {}, token);
    plain(
      (await load(`/docket/track?tracking_ref=${ref}`, { ...PHONE, cookie: `courier_session=${token}` }))
        .body,
    );
    // A reference of one database asked for in another (its link's `database`): nothing of it.
    plain((await load(`/docket/track?tracking_ref=${ref}&database=${encodeURIComponent(TENANT_B)}`)).body);
    // A reference nobody holds, none at all, or another page.
    plain((await load('/docket/track?tracking_ref=NOSUCHREF1')).body);
    plain((await load('/docket/track')).body);
    plain((await load('/login')).body);
    // A fetch, not a navigation: the page carries no answers.
    plain((await load(`/docket/track?tracking_ref=${ref}`, { ...PHONE, 'sec-fetch-mode': 'cors' })).body);
    // The app drew nothing.
    plain((await load(`/docket/track?tracking_ref=${ref}&test=nothing`)).body);
  });

  it('sends the page without it when the app fails to draw it or takes longer than its budget', async () => {
    const failed = await load(`/docket/track?tracking_ref=${ref}&test=fail`);
    expect(failed.statusCode).toBe(200);
    expect(viewIn(failed.body)).toBeUndefined();
    const started = Date.now();
    const slow = await load(`/docket/track?tracking_ref=${ref}&test=slow`);
    expect(viewIn(slow.body)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(FIRST_VIEW_BUDGET_MS * 3);
    // The worker goes on with the next page once it is free.
    await new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_BUDGET_MS * 4));
    expect(viewIn((await load(`/docket/track?tracking_ref=${ref}`)).body)).toContain(ref);
  });

  it('replaces a worker that holds a page for good, and writes the next pages with the new one', async () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    expect(viewIn((await load(`/docket/track?tracking_ref=${ref}&test=hang`)).body)).toBeUndefined();
    // Stuck: every page goes without until the worker is taken as stuck (2 s) and replaced.
    expect(viewIn((await load(`/docket/track?tracking_ref=${ref}`)).body)).toBeUndefined();
    await pause(2_100);
    await load(`/docket/track?tracking_ref=${ref}`);
    await expect
      .poll(async () => viewIn((await load(`/docket/track?tracking_ref=${ref}`)).body), { timeout: 10_000 })
      .toContain(ref);
  });
});
