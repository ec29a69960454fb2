import { devices, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, TrackDetailResponse } from '@courier/contracts';
import { apiClient } from './api';
import { startHarness, type Harness } from './harness';
import { holdBack, layoutShiftOf, serveFakeTiles, settle, signIn, watchLayoutShifts } from './ui';

/**
 * The full tracking view in Chromium (issue 10 §3): a guest opens a delivered demo docket's public
 * link and sees Order Summary, the timeline, the Stock List and the signature image; the Map View
 * shows its map or, with no internet for the tiles (CI), says it is unavailable while the rest stays.
 */

const DEMO = 'Demo Couriers';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

/** The server's calls, as `token` when given (e2e/api.ts). */
const api = <T>(path: string, body: unknown, token?: string) =>
  apiClient(h.baseUrl).api<T>(path, body, token);

/** A delivered demo docket of the customer's with stock and a signature: its tracking reference. */
async function deliveredRef(): Promise<string> {
  const token = await apiClient(h.baseUrl).login('customer', 'Customer#2026');
  const ukDay = (daysBack: number) =>
    new Date(Date.now() - daysBack * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
  const history = { archive: true, dateStart: ukDay(60), dateEnd: ukDay(0) };
  for (const filter of [{ archive: false }, history])
    for (let page = 1; page <= 5; page++) {
      const list = await api<ListResponse>('/api/docket/list', { ...filter, page, pageSize: 50 }, token);
      for (const row of list.rows.filter((r) => r.dsts_description === 'Delivered')) {
        const detail = await api<TrackDetailResponse>('/api/docket/track/detail', {
          database: DEMO,
          tracking_ref: row.tracking_reference,
        });
        if (detail.signatures.length && detail.stock.length && detail.timeline.length)
          return row.tracking_reference;
      }
      if (!list.hasMore) break;
    }
  throw new Error('No delivered demo docket with stock and a signature');
}

/** The tracking reference of the newest recent booking of Northern Express's customer. */
async function northernRef(): Promise<string> {
  const token = await apiClient(h.baseUrl).login('customer', 'Customer#2026', 'Northern Express');
  const list = await api<ListResponse>('/api/docket/list', { archive: false, page: 1 }, token);
  return list.rows[0]!.tracking_reference;
}

describe('the tracking view in Chromium', () => {
  it("shows a guest the delivered docket's timeline, stock, signature and map (or its hidden state)", async () => {
    const ref = await deliveredRef();
    const context = await h.newContext();
    const page = await context.newPage();
    // The page carries the answers to its opening calls (apps/server web/page-calls): none is asked.
    const asked: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && asked.push(new URL(r.url()).pathname)));
    await page.goto(`/docket/track?${new URLSearchParams({ tracking_ref: ref, database: DEMO }).toString()}`);
    await page.getByRole('heading', { name: `Tracking Reference ${ref}` }).waitFor();
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();

    const timeline = page.getByRole('region', { name: 'Tracking View' });
    await timeline.getByRole('listitem').first().waitFor();
    await expect(timeline.getByRole('listitem').first().textContent()).resolves.toContain('Delivered');

    const stock = page.getByRole('region', { name: 'Stock List' });
    expect(await stock.getByRole('row').count()).toBeGreaterThan(1);

    const signature = page.getByRole('region', { name: 'Signatures' }).getByRole('img').first();
    await signature.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await signature.elementHandle(),
    );

    // Without internet the tiles fail and the map hides; with it, Leaflet's container is there.
    const map = page.getByRole('region', { name: 'Map View' });
    await map.locator('.leaflet-container, [data-testid="map-unavailable"]').first().waitFor();
    await settle(page);
    expect(
      asked.filter((path) => path.startsWith('/api/docket/track') || path === '/api/system/tracking'),
    ).toEqual([]);
    await h.screenshot(page, 'tracking-view');

    // With tiles (served here by the test, as there is no internet): the map, its markers and route.
    const mapContext = await h.newContext();
    await serveFakeTiles(mapContext);
    const mapPage = await mapContext.newPage();
    await mapPage.goto(
      `/docket/track?${new URLSearchParams({ tracking_ref: ref, database: DEMO }).toString()}`,
    );
    const shown = mapPage.getByRole('region', { name: 'Map View' });
    await shown.locator('.leaflet-tile-loaded').first().waitFor();
    // The route line and the collection and delivery markers.
    expect(await shown.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(3);
    expect(await shown.getByTestId('map-unavailable').count()).toBe(0);
    await settle(mapPage);
    await h.screenshot(mapPage, 'tracking-view-map');
    const tile = async (page: Page) => {
      const img = page.getByRole('region', { name: 'Map View' }).locator('img.leaflet-tile-loaded').first();
      await img.waitFor();
      const src = (await img.getAttribute('src'))!;
      const zoom = Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(src)![1]);
      return { zoom, width: await img.evaluate((e) => (e as HTMLImageElement).style.width) };
    };
    const plain = await tile(mapPage);
    expect(plain.width).toBe('256px');
    await mapContext.close();

    // On a high-density screen (a phone's), the next zoom's tiles at half size: sharp, not stretched.
    const denseContext = await h.browser.newContext({ baseURL: h.baseUrl, deviceScaleFactor: 2 });
    await serveFakeTiles(denseContext);
    const densePage = await denseContext.newPage();
    await densePage.goto(
      `/docket/track?${new URLSearchParams({ tracking_ref: ref, database: DEMO }).toString()}`,
    );
    expect(await tile(densePage)).toEqual({ zoom: plain.zoom + 1, width: '128px' });
    await denseContext.close();
    // A desktop scaled to 125 % (or a browser zoomed to 110 %) keeps the plain tiles: same labels,
    // a quarter of the tiles.
    const scaledContext = await h.browser.newContext({ baseURL: h.baseUrl, deviceScaleFactor: 1.25 });
    await serveFakeTiles(scaledContext);
    const scaledPage = await scaledContext.newPage();
    await scaledPage.goto(
      `/docket/track?${new URLSearchParams({ tracking_ref: ref, database: DEMO }).toString()}`,
    );
    expect(await tile(scaledPage)).toEqual(plain);
    await scaledContext.close();

    // The signature image by another reference is not served.
    const src = await signature.getAttribute('src');
    const other = new URL(src!, h.baseUrl);
    other.searchParams.set('tracking_ref', 'TNOSUCHREF00000');
    expect((await fetch(other)).status).toBe(404);
    await context.close();
  });

  it('draws the map’s tiles before its code has loaded, where the map then puts them, each fetched once', async () => {
    const ref = await deliveredRef();
    // A phone's screen, dense: the half-size tiles of the next zoom (TrackMap, contracts denseTiles).
    const context = await h.browser.newContext({
      baseURL: h.baseUrl,
      viewport: { width: 412, height: 900 },
      deviceScaleFactor: 2,
    });
    await serveFakeTiles(context);
    const page = await context.newPage();
    const fetched = new Map<string, number>();
    const referers = new Set<string | undefined>();
    page.on('request', (r) => {
      if (!r.url().startsWith('https://tile.openstreetmap.org/')) return;
      fetched.set(r.url(), (fetched.get(r.url()) ?? 0) + 1);
      referers.add(r.headers().referer);
    });
    // The map's code is held back until the tiles drawn without it have been read.
    const mapCode = await holdBack(page, '**/assets/TrackMap-*.js');
    // When the map's place is drawn (page time, ms), to tell the tiles asked for before the map's
    // own: its first render has no tile (they wait for its size).
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="map-mosaic"]')) return;
        (window as { mosaicAt?: number }).mosaicAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/docket/track?${new URLSearchParams({ tracking_ref: ref, database: DEMO }).toString()}`);
    // The page names the centre's tile for a dense screen and for the others.
    const preloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(preloads).toHaveLength(2);
    const map = page.getByRole('region', { name: 'Map View' });
    const tiles = map.getByTestId('map-mosaic').locator('img');
    await expect.poll(() => tiles.count()).toBeGreaterThan(4);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="map-mosaic"] img')).every(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    type Place = Record<string, { x: number; y: number; width: number }>;
    const placesOf = (selector: string) =>
      page.locator(selector).evaluateAll((imgs) =>
        Object.fromEntries(
          imgs.map((i) => {
            const r = i.getBoundingClientRect();
            return [(i as HTMLImageElement).src, { x: r.x, y: r.y, width: r.width }];
          }),
        ),
      ) as Promise<Place>;
    const drawn = await placesOf('[data-testid="map-mosaic"] img');
    // The dense centre tile named by the page is among them; nothing of Leaflet's is on the page yet.
    expect(Object.keys(drawn)).toContain(preloads[0]);
    expect(Object.values(drawn).every((p) => p.width === 128)).toBe(true);
    expect(await map.locator('.leaflet-container').count()).toBe(0);
    // The tiles of the map's top half (a phone's first view of it) were asked for as the page's
    // code began, before the map's place was drawn: the centre's named by the page, the rest by the
    // code (first-tiles); those below it once drawn.
    const box = (await page.getByTestId('map-view').boundingBox())!;
    const topHalf = Object.entries(drawn)
      .filter(([, p]) => p.y < box.y + box.height / 2)
      .map(([src]) => src);
    expect(topHalf.length).toBeGreaterThanOrEqual(6);
    const askedFirst = await page.evaluate(() => {
      const at = (window as { mosaicAt?: number }).mosaicAt!;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.name.startsWith('https://tile.openstreetmap.org/') && e.startTime < at)
        .map((e) => e.name);
    });
    expect(askedFirst.sort()).toEqual(topHalf.sort());

    // The map's code was asked for (and held) once the tiles in view were in.
    await expect.poll(mapCode.held).toBe(true);
    mapCode.release();
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll('.leaflet-tile-loaded').length >= n,
      Object.keys(drawn).length,
    );
    const leaflet = await placesOf('img.leaflet-tile-loaded');
    for (const [src, place] of Object.entries(drawn)) {
      expect(leaflet[src], src).toBeDefined();
      expect(Math.abs(leaflet[src]!.x - place.x), src).toBeLessThanOrEqual(0.5);
      expect(Math.abs(leaflet[src]!.y - place.y), src).toBeLessThanOrEqual(0.5);
    }
    // Once the map's tiles are in, the drawn ones go; no tile was fetched twice.
    await map.getByTestId('map-mosaic').waitFor({ state: 'detached' });
    expect(fetched.size).toBeGreaterThanOrEqual(Object.keys(drawn).length);
    expect([...fetched.entries()].filter(([, n]) => n > 1)).toEqual([]);
    // Each with the portal's origin as its Referer (the tile server's policy asks for one), never
    // the page's address with its tracking reference.
    expect([...referers]).toEqual([`${h.baseUrl}/`]);
    await context.close();
  });

  it("shows a guest the tracking link's own database: its docket, brand and theme", async () => {
    const ref = await northernRef();
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto(
      `/docket/track?${new URLSearchParams({ tracking_ref: ref, database: 'Northern Express' }).toString()}`,
    );
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    await page.getByRole('banner').getByText('Northern Express', { exact: true }).waitFor();
    expect(await page.getByRole('banner').getByText(DEMO, { exact: true }).count()).toBe(0);
    await settle(page);
    await h.screenshot(page, 'tracking-guest-north');
    await context.close();
  });

  it('finds a reference of the second database for a guest whose link names none', async () => {
    const ref = await northernRef();
    const context = await h.newContext();
    const page = await context.newPage();
    // A hand-typed address: no database, none chosen before; Demo Couriers stands in first.
    await page.goto(`/docket/track?tracking_ref=${ref}`);
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    await page.getByRole('banner').getByText('Northern Express', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('database')).toBe('Northern Express');
    expect(
      await page.getByText('Your order was not found, please check your Tracking Reference').count(),
    ).toBe(0);
    // A reference no database holds is still not found.
    await page.goto('/docket/track?tracking_ref=TNOSUCHREF00001');
    await page.getByText('Your order was not found, please check your Tracking Reference').waitFor();
    await context.close();
  });

  it('lays a phone-sized tracking page out once: the content does not move down after the first render', async () => {
    const ref = await deliveredRef();
    // A phone as Lighthouse's mobile run emulates one (a touch screen with its own viewport).
    const context = await h.browser.newContext({ ...devices['Moto G4'], baseURL: h.baseUrl });
    const page = await context.newPage();
    await watchLayoutShifts(page);
    await page.goto(`/docket/track?${new URLSearchParams({ tracking_ref: ref, database: DEMO }).toString()}`);
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    await page.getByRole('region', { name: 'Tracking View' }).getByRole('listitem').first().waitFor();
    // The header's second row (the tracking box) was laid out only after a first wide-screen render:
    // the whole page moved down 48 px (Lighthouse's mobile CLS 0.028; the budget is 0.02).
    expect(await layoutShiftOf(page)).toBeLessThan(0.02);
    await context.close();
  }, 120_000);

  it("shows a guest's tracking page on a phone before the app's code, which then takes its place without a move, in both themes", async () => {
    for (const [database, ref, shot] of [
      [DEMO, await deliveredRef(), 'demo'],
      ['Northern Express', await northernRef(), 'north'],
    ] as const) {
      // A phone as Lighthouse's mobile run emulates one: its screen, and a phone's user agent.
      const context = await h.browser.newContext({
        baseURL: h.baseUrl,
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Moto G4'].userAgent,
      });
      await serveFakeTiles(context);
      const page = await context.newPage();
      const fetched = new Map<string, number>();
      page.on('request', (r) => {
        if (r.url().startsWith('https://tile.openstreetmap.org/'))
          fetched.set(r.url(), (fetched.get(r.url()) ?? 0) + 1);
      });
      await watchLayoutShifts(page);
      // The app's entry is held back: what shows meanwhile is the page as the server wrote it.
      const entry = await holdBack(page, '**/assets/index-*.js');
      await page.goto(`/docket/track?${new URLSearchParams({ tracking_ref: ref, database }).toString()}`);
      const written = page.locator('#boot-view');
      await expect(written.locator('h1').innerText()).resolves.toBe(`Tracking Reference ${ref}`);
      await expect(written.locator('header').innerText()).resolves.toContain(database);
      const summary = written.locator('section[aria-label="Order Summary"]');
      await expect(summary.innerText()).resolves.toMatch(/Order Summary[\s\S]*Status[\s\S]*Collection/);
      // Its map's tiles in view are in, fetched with the page, while the app's code waits.
      await page.waitForFunction(() => {
        const shown = Array.from(
          document.querySelectorAll<HTMLImageElement>('#boot-view [data-testid="map-mosaic"] img'),
        ).filter((i) => i.currentSrc.startsWith('https://'));
        return shown.length >= 6 && shown.every((i) => i.complete && i.naturalWidth > 0);
      });
      await expect.poll(entry.held).toBe(true);
      expect(await page.locator('#root').innerHTML()).toBe('');
      await h.screenshot(page, `tracking-phone-written-${shot}`);

      /** Where the page's parts are, in the server's page or the app's. */
      const placesIn = (scope: string) =>
        page.locator(scope).evaluate((root) => {
          const at = (selector: string) => {
            const r = root.querySelector(selector)!.getBoundingClientRect();
            return [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 2) / 2);
          };
          const tiles = Array.from(root.querySelectorAll<HTMLImageElement>('[data-testid="map-mosaic"] img'))
            .filter((i) => i.currentSrc.startsWith('https://'))
            .map(
              (i) =>
                `${i.currentSrc} ${Math.round(i.getBoundingClientRect().x)},${Math.round(i.getBoundingClientRect().y)}`,
            );
          return {
            header: at('header'),
            // The tenant's logo: after the guest menu's toggle where the link lets guests in.
            logo: at('header img'),
            heading: at('h1'),
            summary: at('section[aria-label="Order Summary"]'),
            map: at('[data-testid="map-view"]'),
            tiles: tiles.sort(),
          };
        });
      const before = await placesIn('#boot-view');
      entry.release();
      await written.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: `Tracking Reference ${ref}` }).waitFor();
      const after = await placesIn('#root');
      expect(after.header).toEqual(before.header);
      expect(after.logo).toEqual(before.logo);
      expect(after.heading).toEqual(before.heading);
      expect(after.summary).toEqual(before.summary);
      expect(after.map).toEqual(before.map);
      // The app's own tiles are the ones the page showed, where it showed them, fetched once.
      expect(before.tiles.every((t) => after.tiles.includes(t))).toBe(true);
      expect([...fetched.entries()].filter(([, n]) => n > 1)).toEqual([]);
      expect(await layoutShiftOf(page)).toBeLessThan(0.005);
      await settle(page);
      await h.screenshot(page, `tracking-phone-started-${shot}`);
      await context.close();
    }
  }, 180_000);

  it('opens the row modals of the recent bookings and the Track and Trace list in both themes', async () => {
    for (const [database, shot] of [
      [DEMO, 'demo'],
      ['Northern Express', 'north'],
    ] as const) {
      const page = await (await h.newContext()).newPage();
      await signIn(page, 'customer', 'Customer#2026', database);
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Your Recent Bookings' })
        .click();
      await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
      // A docket on the road: it has stock and a timeline.
      const row = page
        .locator('tbody tr')
        .filter({ hasText: /In Transit|Collected/ })
        .first();
      await row.waitFor();
      const docket = (await row.getByRole('link').first().textContent())!.trim();

      await row.getByRole('button', { name: `Stock ${docket}` }).click();
      const stock = page.getByRole('dialog', { name: `Stock List · Docket ${docket}` });
      await stock.getByRole('row').nth(1).waitFor();
      expect(await stock.getByRole('row').count()).toBeGreaterThan(1);
      await settle(page);
      await h.screenshot(page, `booking-modal-stock-${shot}`);
      await page.keyboard.press('Escape');
      await stock.waitFor({ state: 'detached' });
      // Focus goes back to the row's button that opened the window, not to the page.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
      await expect.poll(focused).toBe(`Stock ${docket}`);

      await row.getByRole('button', { name: `Track ${docket}` }).click();
      const track = page.getByRole('dialog', { name: `Tracking View · Docket ${docket}` });
      await track.getByRole('region', { name: 'Tracking View' }).getByRole('listitem').first().waitFor();
      await track.locator('.leaflet-container, [data-testid="map-unavailable"]').first().waitFor();
      await settle(page);
      await h.screenshot(page, `booking-modal-track-${shot}`);
      await page.keyboard.press('Escape');
      await track.waitFor({ state: 'detached' });
      await expect.poll(focused).toBe(`Track ${docket}`);

      await row.getByRole('button', { name: `Signature ${docket}` }).click();
      const signatures = page.getByRole('dialog', { name: `Signatures · Docket ${docket}` });
      await signatures.getByText('No signatures yet.').waitFor();
      await settle(page);
      await h.screenshot(page, `booking-modal-signatures-${shot}`);
      await page.keyboard.press('Escape');
      await signatures.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: `Map ${docket}` }).click();
      const map = page.getByRole('dialog', { name: `Map View · Docket ${docket}` });
      await map.locator('.leaflet-container, [data-testid="map-unavailable"]').first().waitFor();
      await page.keyboard.press('Escape');
      await map.waitFor({ state: 'detached' });

      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Track and Trace' })
        .click();
      await page.getByRole('heading', { name: 'Track and Trace' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await settle(page);
      await h.screenshot(page, `trace-list-${shot}`);
      await page.context().close();
    }
  });
});
