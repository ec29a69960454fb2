import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DRIVER_MSG, type DocketTrackingResponse, type SignatureRow } from '@courier/contracts';
import { booking } from '../apps/server/src/test/fixtures';
import { apiClient } from './api';
import { startHarness, type Harness } from './harness';
import { notification, serveFakeTiles, settle, signIn } from './ui';

/**
 * The driver page in Chromium (issue 10 §2, §4): the control room allocates a new docket to driver
 * D01 (through the API); the driver signs in on a 390×844 phone with a mocked position, opens the
 * job, types a barcode scan, collects, draws a signature with the mouse and delivers. The server
 * then holds the scan, both status changes, positions and the signature. Meanwhile a guest on the
 * docket's public tracking page (never reloaded) sees each step arrive on the timeline, the
 * driver's marker move on its map (in view) as the phone goes from Manchester to London, the route
 * line drawn behind it, then the signature image. Screens shot after axe.
 */

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
const login = (username: string, password: string) => apiClient(h.baseUrl).login(username, password);

/** Where the phone is on its run: at the collection (Manchester), on the M6 (Birmingham), at the delivery (London). */
const MANCHESTER = { latitude: 53.4794, longitude: -2.2453, accuracy: 10 };
const BIRMINGHAM = { latitude: 52.4862, longitude: -1.8904, accuracy: 10 };
const LONDON = { latitude: 51.5014, longitude: -0.1419, accuracy: 10 };

/** The middle of a box on the screen. */
const middle = (b: { x: number; y: number; width: number; height: number }) => ({
  x: b.x + b.width / 2,
  y: b.y + b.height / 2,
});

describe('the driver page in Chromium', () => {
  it('signs in, scans, collects, signs and delivers an allocated docket on a phone', async () => {
    const customer = await login('customer', 'Customer#2026');
    const control = await login('control', 'Control#2026');
    const admin = await login('admin', 'Admin#2026');
    const session = await api<{ accounts: { cust_id: number }[] }>('/api/auth/session', {}, customer);
    const booked = await api<{ dck_id: number; dck_docket: number; tracking_reference: string }>(
      '/api/docket/post',
      booking(session.accounts[0]!.cust_id, { dck_cust_ref1: 'E2E-DRIVER' }),
      customer,
    );
    await api(
      '/api/docket/status/change',
      { docket: booked.dck_docket, from: 'W', status: 'G', driver: 'D01' },
      control,
    );
    const docket = `Docket ${booked.dck_docket}`;

    // A guest follows the docket on its public tracking page, opened now and never reloaded: each
    // of the driver's steps arrives at the top of its timeline and on its map (issue 10 §4).
    const statuses = await api<{ dsts_id: string; dsts_description: string }[]>(
      '/api/docket/status/list',
      {},
      admin,
    );
    const described = (id: string) => statuses.find((s) => s.dsts_id === id)!.dsts_description;
    const guestContext = await h.newContext();
    await serveFakeTiles(guestContext);
    const guest = await guestContext.newPage();
    await guest.goto(
      `/docket/track?${new URLSearchParams({ tracking_ref: booked.tracking_reference, database: 'Demo Couriers' }).toString()}`,
    );
    await guest.getByRole('heading', { name: `Tracking Reference ${booked.tracking_reference}` }).waitFor();
    await guest.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    const newest = () => guest.getByRole('region', { name: 'Tracking View' }).getByRole('listitem').first();
    const arrives = (text: string) =>
      expect.poll(() => newest().textContent(), { timeout: 20_000 }).toContain(text);
    const map = guest.getByRole('region', { name: 'Map View' });
    /** The driver's marker, the delivery marker and the route line (TrackMap's colours). */
    const driverMarker = map.locator('path.leaflet-interactive[stroke="#1864ab"]');
    const deliveryMarker = map.locator('path.leaflet-interactive[stroke="#c92a2a"]');
    const routeLine = map.locator('path.leaflet-interactive[stroke="#1c7ed6"]');
    /** The shape's box on the guest's screen, once it lies inside the map's visible area. */
    const seenOnMap = async (shape: Locator) => {
      await expect
        .poll(async () => {
          const frame = await map.locator('.leaflet-container').boundingBox();
          const box = await shape.boundingBox();
          return (
            !!frame &&
            !!box &&
            box.x >= frame.x &&
            box.y >= frame.y &&
            box.x + box.width <= frame.x + frame.width &&
            box.y + box.height <= frame.y + frame.height
          );
        })
        .toBe(true);
      return (await shape.boundingBox())!;
    };
    await arrives(described('G'));

    // The control room sets D01's PIN in the Drivers modal (the PIN is never shown back).
    const room = await (await h.newContext()).newPage();
    await signIn(room, 'control', 'Control#2026');
    await room.goto('/control');
    await room.getByRole('heading', { name: 'CONTROL' }).waitFor();
    await room.getByRole('button', { name: 'Drivers' }).click();
    const drivers = room.getByRole('dialog', { name: 'Drivers' });
    await drivers.getByRole('button', { name: 'Edit driver D01' }).waitFor();
    await settle(room);
    await h.screenshot(room, 'control-drivers');
    await drivers.getByRole('button', { name: 'Edit driver D01' }).click();
    const form = room.getByRole('dialog', { name: 'Driver D01' });
    await expect(form.getByLabel('PIN').inputValue()).resolves.toBe('');
    await form.getByLabel('PIN').fill('246810');
    await settle(room);
    await h.screenshot(room, 'control-driver-pin');
    await form.getByRole('button', { name: 'Save' }).click();
    await room.getByText('Driver D01 saved').waitFor();
    await room.getByRole('dialog', { name: 'Drivers' }).getByRole('cell', { name: 'Set' }).first().waitFor();
    await room.context().close();

    const context = await h.newContext({ width: 390, height: 844 });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(MANCHESTER);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/driver');
    await page.getByRole('heading', { name: 'Driver sign in', level: 1 }).waitFor();
    // Asking whether a driver is signed in is not an error (no 401 in the phone's console).
    expect(refused).toEqual([]);
    await page.getByRole('combobox', { name: 'Database' }).selectOption('Demo Couriers');
    await page.getByRole('textbox', { name: 'Driver code' }).fill('D01');
    await page.getByLabel('PIN').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The driver code or PIN is incorrect' }).waitFor();
    // Focus is back in the PIN, ready for the right one (not on the page after Sign in's wait).
    expect(await page.getByLabel('PIN').evaluate((el) => el === document.activeElement)).toBe(true);
    await h.screenshot(page, 'driver-sign-in');
    await page.getByLabel('PIN').fill('246810');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'My jobs', level: 1 }).waitFor();
    await expect(page.getByText('Gareth Evans (D01)').isVisible()).resolves.toBe(true);
    const row = page.getByRole('button', { name: new RegExp(`^${docket}`) });
    await row.waitFor();
    await h.screenshot(page, 'driver-jobs');
    // A job reached with the keyboard shows its focus ring, as every button does.
    await row.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await row.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await row.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await row.click();

    await page.getByRole('heading', { name: docket, level: 1 }).waitFor();
    await expect(page.getByText('Collect from').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Map to delivery' }).getAttribute('href')).resolves.toContain(
      'google.com/maps/dir',
    );
    await page.getByRole('textbox', { name: 'Barcode' }).fill('PARCEL-E2E-1');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.getByTestId('scanned').filter({ hasText: 'PARCEL-E2E-1' }).waitFor();
    // The booking has no barcodes: the scan is recorded, and the driver is told it is not this docket's.
    await notification(page, `${docket}: scanned PARCEL-E2E-1`, DRIVER_MSG.notThisDocket).waitFor();
    await arrives('Scanned PARCEL-E2E-1');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    await expect.poll(() => driverMarker.count(), { timeout: 20_000 }).toBe(1);
    await seenOnMap(driverMarker);

    await page.getByRole('button', { name: 'Collected' }).click();
    await page.getByRole('heading', { name: 'Delivery', level: 2 }).waitFor();
    await expect(page.getByText('Collected', { exact: true }).first().isVisible()).resolves.toBe(true);
    await arrives(described('P'));
    const atCollection = middle(await seenOnMap(driverMarker));

    // On the road: the phone's new position moves the guest's marker south and draws the route.
    await context.setGeolocation(BIRMINGHAM);
    await expect
      .poll(async () => middle((await driverMarker.boundingBox())!).y - atCollection.y, { timeout: 20_000 })
      .toBeGreaterThan(30);
    const onTheRoad = middle(await seenOnMap(driverMarker));
    expect((await seenOnMap(routeLine)).height).toBeGreaterThan(30);
    await h.screenshot(guest, 'tracking-live-guest-on-the-road');

    // At the delivery address: the marker sits on the delivery marker.
    await context.setGeolocation(LONDON);
    await expect
      .poll(async () => middle((await driverMarker.boundingBox())!).y - onTheRoad.y, { timeout: 20_000 })
      .toBeGreaterThan(30);
    const atDelivery = middle(await seenOnMap(driverMarker));
    const delivery = middle(await seenOnMap(deliveryMarker));
    expect(Math.hypot(atDelivery.x - delivery.x, atDelivery.y - delivery.y)).toBeLessThan(15);

    await page.getByRole('textbox', { name: 'Signed by' }).fill('Ann Other');
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 24; i++)
      await page.mouse.move(box.x + 20 + i * 12, box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2.5)), {
        steps: 2,
      });
    await page.mouse.up();
    await page.getByText('Signed', { exact: true }).waitFor();
    await h.screenshot(page, 'driver-job-delivery');

    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Delivered' }).click();
    // What the server took reads under the driver's name, covering no button.
    await page
      .getByRole('status')
      .filter({ hasText: `Sent: ${docket}: Delivered` })
      .waitFor();
    await page.getByRole('heading', { name: 'My jobs', level: 1 }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    // The list opens at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await notification(page, 'Sent', docket).count()).toBe(0);
    await settle(page);
    await h.screenshot(page, 'driver-delivered');

    // The guest's page, still the same document: Delivered on top, the signature image, no driver.
    await arrives(described('D'));
    const signature = guest.getByRole('region', { name: 'Signatures' }).getByRole('img').first();
    await signature.waitFor({ timeout: 20_000 });
    await guest.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await signature.elementHandle(),
    );
    await expect.poll(() => driverMarker.count(), { timeout: 20_000 }).toBe(0);
    // The route the driver's reports drew stays, Manchester to London.
    const route = await seenOnMap(routeLine);
    expect(route.height).toBeGreaterThan(100);
    expect(Math.abs(route.y + route.height - delivery.y)).toBeLessThan(15);
    expect(await guest.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await settle(guest);
    await h.screenshot(guest, 'tracking-live-guest');
    await guestContext.close();

    // What the server holds: the scan, the positions, both status changes and the signature.
    const trace = await api<DocketTrackingResponse>('/api/docket/tracking', { id: booked.dck_id }, admin);
    const kinds = trace.records.map((r) => (r.dtr_kind === 'status' ? `status ${r.dsts_id}` : r.dtr_kind));
    expect(kinds).toContain('scan');
    expect(kinds).toContain('status P');
    expect(kinds[0]).toBe('status D');
    expect(kinds).toContain('position');
    const reported = trace.records.filter((r) => r.dtr_kind === 'position').map((r) => r.dtr_latitude);
    expect(reported).toEqual(
      expect.arrayContaining([MANCHESTER.latitude, BIRMINGHAM.latitude, LONDON.latitude]),
    );
    const sigs = await api<SignatureRow[]>(
      '/api/docket/signature/list',
      { _docketId: booked.dck_id },
      customer,
    );
    expect(sigs).toMatchObject([{ dsig_signed_by: 'Ann Other', drv_driver: 'D01' }]);
    const image = await fetch(`${h.baseUrl}${sigs[0]!.url}`, {
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(500);

    // The customer's Track and Trace list shows the driver's scan and status changes, and opens the
    // tracking view from the row.
    const own = await (await h.newContext()).newPage();
    await signIn(own, 'customer', 'Customer#2026');
    await own
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Track and Trace' })
      .click();
    await own.getByRole('heading', { name: 'Track and Trace' }).waitFor();
    const scanRow = own.locator('tbody tr').filter({ hasText: 'PARCEL-E2E-1' });
    await scanRow.waitFor();
    const scanText = await scanRow.innerText();
    expect(scanText).toContain(String(booked.dck_docket));
    expect(scanText).toContain('D01');
    expect(scanText).toContain('E2E-DRIVER');
    await own
      .locator('tbody tr')
      .filter({ hasText: String(booked.dck_docket) })
      .filter({ hasText: 'Delivered' })
      .first()
      .waitFor();
    await settle(own);
    await h.screenshot(own, 'trace-list');
    await scanRow.getByRole('link', { name: String(booked.dck_docket) }).click();
    await own.getByRole('heading', { name: /^Tracking Reference / }).waitFor();
    await own.getByRole('region', { name: 'Tracking View' }).getByText('Scanned PARCEL-E2E-1').waitFor();
  });
});
