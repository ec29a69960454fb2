import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketTrackingResponse } from '@courier/contracts';
import { booking } from '../apps/server/src/test/fixtures';
import { apiClient, type ApiClient } from './api';
import { barcodeVideo } from './fake-camera';
import { startHarness, type Harness } from './harness';

/**
 * Camera scanning on the driver page (issue 10 §2): Chromium's fake camera films a Code 128 label
 * printed "PARCEL-CAM-7"; the driver opens an allocated job on a phone, taps 'Scan with camera', and
 * the page reads the label with the ZXing reader served by our server (under our CSP), reports it
 * once and says so. The server then holds one scan of that code on the docket.
 */

const LABEL = 'PARCEL-CAM-7';
let h: Harness;
let client: ApiClient;

beforeAll(async () => {
  h = await startHarness({
    browserArgs: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await barcodeVideo(LABEL)}`,
    ],
  });
  client = apiClient(h.baseUrl);
});

afterAll(async () => {
  await h?.stop();
});

describe('camera scanning on the driver page', () => {
  it('reads a parcel label with the camera and reports it once as a scan', async () => {
    const { api, login } = client;
    const customer = await login('customer', 'Customer#2026');
    const control = await login('control', 'Control#2026');
    const session = await api<{ accounts: { cust_id: number }[] }>('/api/auth/session', {}, customer);
    const booked = await api<{ dck_id: number; dck_docket: number }>(
      '/api/docket/post',
      booking(session.accounts[0]!.cust_id, { dck_cust_ref1: 'E2E-CAMERA' }),
      customer,
    );
    await api(
      '/api/docket/status/change',
      { docket: booked.dck_docket, from: 'W', status: 'G', driver: 'D01' },
      control,
    );

    const context = await h.newContext({ width: 390, height: 844 });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    await page.goto('/driver');
    await page.getByRole('combobox', { name: 'Database' }).selectOption('Demo Couriers');
    await page.getByRole('textbox', { name: 'Driver code' }).fill('D01');
    await page.getByLabel('PIN').fill('246810');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: new RegExp(`^Docket ${booked.dck_docket}`) }).click();
    await page.getByRole('heading', { name: `Docket ${booked.dck_docket}`, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await page.getByText('Point the camera at a barcode').waitFor();
    const scanned = page.getByRole('status').filter({ hasText: `Scanned ${LABEL}` });
    await scanned.waitFor({ timeout: 30_000 });
    await page.getByTestId('scanned').filter({ hasText: LABEL }).waitFor();
    await h.screenshot(page, 'driver-camera-scan');

    // The label stays in view for several reads: it is reported once, not once a frame.
    await page.waitForTimeout(1_500);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Scan with camera' }).waitFor();

    const admin = await login('admin', 'Admin#2026');
    await expect
      .poll(async () => {
        const trace = await api<DocketTrackingResponse>('/api/docket/tracking', { id: booked.dck_id }, admin);
        return trace.records.filter((r) => r.dtr_kind === 'scan').map((r) => r.dtr_item);
      })
      .toEqual([LABEL]);
    await context.close();
  });
});
