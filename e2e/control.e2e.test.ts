import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { booking } from '../apps/server/src/test/fixtures';
import { apiClient } from './api';
import { startHarness, type Harness } from './harness';
import { choose, settle, signIn } from './ui';

/**
 * The control room in Chromium (issue 9 §5): `control` opens CONTROL, allocates a driver to a
 * docket, sets it collected and delivered with signed-by, all from the keyboard; a second browser
 * context on the same circuit sees each change without reloading, well before the circuit's 30 s
 * refresh (the live events), and so do the customer's Your Recent Bookings and a guest's tracking
 * view of the docket; a new booking reaches an open board and the booker's open Recent Bookings the
 * same way; a read-only circuit opens the docket instead. The board and the modal are
 * shot (after axe) in both tenant themes.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

/** Well under the circuit's 30 s refresh: only a pushed event makes the other board change in time. */
const LIVE_MS = 5_000;

async function openControl(page: Page, database = 'Demo Couriers'): Promise<void> {
  await signIn(page, 'control', 'Control#2026', database);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Control' }).click();
  await page.getByRole('heading', { name: 'CONTROL', level: 1 }).waitFor();
  await page.locator('tr[data-docket]').first().waitFor();
}

/** A new browser of the customer's, signed in, on Your Recent Bookings (opened from the menu). */
async function customerRecentBookings(): Promise<Page> {
  const page = await (await h.newContext()).newPage();
  await signIn(page, 'customer', 'Customer#2026');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Your Recent Bookings' })
    .click();
  await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
  return page;
}

const row = (page: Page, docket: string): Locator => page.locator(`tr[data-docket="${docket}"]`);
const dialog = (page: Page) => page.getByRole('dialog', { name: 'CHANGE DOCKET STATUS' });

/** Opens a row from the keyboard: focus it, Enter. */
async function openByKeyboard(page: Page, docket: string): Promise<Locator> {
  await row(page, docket).focus();
  await page.keyboard.press('Enter');
  const modal = dialog(page);
  await modal.waitFor();
  return modal;
}

async function signedBy(page: Page, docket: string, status: string, who: string): Promise<void> {
  const modal = await openByKeyboard(page, docket);
  await choose(modal, 'Status', status);
  await modal.getByRole('textbox', { name: 'Signed by' }).fill(who);
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.waitFor({ state: 'detached' });
}

describe('the control room in Chromium', () => {
  it('allocates, collects and delivers a docket; another board follows live', async () => {
    const a = await (await h.newContext()).newPage();
    const b = await (await h.newContext()).newPage();
    await openControl(a);
    await openControl(b);
    await expect(a.getByRole('combobox', { name: 'Circuit' }).inputValue()).resolves.toBe('All live jobs');
    await expect(
      a
        .getByRole('list', { name: /^Dockets per status/ })
        .getByRole('listitem')
        .count(),
    ).resolves.toBeGreaterThan(2);
    await h.screenshot(a, 'control-demo-board');

    // A docket of the customer's waiting for a driver ('Booked'), on the customer's Recent Bookings.
    const c = await customerRecentBookings();
    const booked = c.locator('tbody tr').filter({ hasText: 'Booked' }).first();
    await booked.waitFor();
    const docket = (await booked.getByRole('link').first().textContent())!.trim();
    expect(docket).toMatch(/^\d+$/);
    const customerRow = c
      .locator('tbody tr')
      .filter({ has: c.getByRole('link', { name: docket, exact: true }) });
    // The same docket's public tracking view, opened by a guest holding its link.
    const tab = await c.context().newPage();
    await tab.goto('/docket/list');
    await tab.getByRole('button', { name: `Track ${docket}` }).click();
    await tab
      .getByRole('dialog', { name: `Tracking View · Docket ${docket}` })
      .getByRole('link', { name: 'Open the tracking view' })
      .click();
    await tab.waitForURL(/tracking_ref=/);
    const ref = new URL(tab.url()).searchParams.get('tracking_ref')!;
    await tab.close();
    const guest = await (await h.newContext()).newPage();
    await guest.goto(
      `/docket/track?${new URLSearchParams({ tracking_ref: ref, database: 'Demo Couriers' })}`,
    );
    await guest.getByRole('heading', { name: `Tracking Reference ${ref}` }).waitFor();
    // The Order Summary's status badge.
    const trackedStatus = (status: string) =>
      guest
        .getByRole('region', { name: 'Order Summary' })
        .locator('.mantine-Badge-label')
        .filter({ hasText: new RegExp(`^${status}$`) });
    await trackedStatus('Booked').waitFor();

    await a.getByRole('textbox', { name: 'Filter' }).fill(docket);
    await a.locator('tr[data-docket]').nth(1).waitFor({ state: 'detached' });
    await row(a, docket).filter({ hasText: 'Booked' }).waitFor();
    await b.getByRole('textbox', { name: 'Filter' }).fill(docket);
    await b.locator('tr[data-docket]').nth(1).waitFor({ state: 'detached' });
    await row(b, docket).waitFor();

    // Allocate a driver, searched by vehicle.
    const modal = await openByKeyboard(a, docket);
    await choose(modal, 'Status', 'Driver allocated');
    await modal.getByRole('combobox', { name: 'Driver' }).fill('Priya');
    await a.getByRole('option', { name: /^Priya Sharma \(D02\), / }).click();
    await settle(a);
    await h.screenshot(a, 'control-demo-modal');
    await modal.getByRole('button', { name: 'Allocate' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect(row(a, docket).textContent()).resolves.toContain('Priya Sharma');
    await row(b, docket).filter({ hasText: 'Driver allocated' }).waitFor({ timeout: LIVE_MS });
    await row(b, docket).filter({ hasText: 'Priya Sharma' }).waitFor({ timeout: LIVE_MS });

    await customerRow.filter({ hasText: 'Driver allocated' }).waitFor({ timeout: LIVE_MS });

    await signedBy(a, docket, 'Collected', 'J Smith, goods in');
    await row(b, docket).filter({ hasText: 'Collected' }).waitFor({ timeout: LIVE_MS });
    await customerRow.filter({ hasText: 'Collected' }).waitFor({ timeout: LIVE_MS });

    // Delivered is no longer live: it leaves the circuit on both boards.
    await signedBy(a, docket, 'Delivered', 'A Patel, reception');
    await row(a, docket).waitFor({ state: 'detached' });
    await row(b, docket).waitFor({ state: 'detached', timeout: LIVE_MS });
    // Complete, it moves from the customer's Recent Bookings to their History.
    await customerRow.waitFor({ state: 'detached', timeout: LIVE_MS });
    // The guest's tracking view says so without a reload.
    await trackedStatus('Delivered').waitFor({ timeout: LIVE_MS });
    // The timeline of the Tracking View moved with it, newest first.
    await guest
      .getByRole('region', { name: 'Tracking View' })
      .getByRole('listitem')
      .first()
      .filter({ hasText: 'Delivered' })
      .waitFor({ timeout: LIVE_MS });
  });

  it("shows a new booking on an open board and on the booker's open Recent Bookings, without a reload", async () => {
    const ref = `E2E-LIVE-${Date.now()}`;
    const board = await (await h.newContext()).newPage();
    await openControl(board);
    await board.getByRole('textbox', { name: 'Filter' }).fill(ref);
    await expect.poll(() => board.locator('tr[data-docket]').count()).toBe(0);
    const c = await customerRecentBookings();
    await c.locator('tbody tr').first().waitFor();
    for (const page of [board, c]) await page.evaluate('window.notReloaded = true');

    // The customer books from elsewhere (another device, the API).
    const { api, login } = apiClient(h.baseUrl);
    const customer = await login('customer', 'Customer#2026');
    const session = await api<{ accounts: { cust_id: number }[] }>('/api/auth/session', {}, customer);
    const { dck_docket } = await api<{ dck_docket: number }>(
      '/api/docket/post',
      booking(session.accounts[0]!.cust_id, { dck_cust_ref1: ref }),
      customer,
    );
    const docket = String(dck_docket);
    await row(board, docket).filter({ hasText: 'Web booking received' }).waitFor({ timeout: LIVE_MS });
    await c
      .locator('tbody tr')
      .first()
      .getByRole('link', { name: docket, exact: true })
      .waitFor({ timeout: LIVE_MS });
    for (const page of [board, c]) await expect(page.evaluate('window.notReloaded')).resolves.toBe(true);
  });

  it('opens a docket of a read-only circuit instead of changing it', async () => {
    const page = await (await h.newContext()).newPage();
    await openControl(page);
    await choose(page, 'Circuit', 'North West collections');
    await page.getByText('This circuit does not allow status changes').first().waitFor();
    const first = page.locator('tr[data-docket]').first();
    const docket = (await first.getAttribute('data-docket'))!;
    await first.click();
    const view = page.getByRole('dialog', { name: `BOOKING ${docket}` });
    await view.waitFor();
    await expect(dialog(page).count()).resolves.toBe(0);
    await settle(page);
    await h.screenshot(page, 'control-demo-readonly');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    // The picker remembers the circuit.
    await page.reload();
    await page.getByRole('heading', { name: 'CONTROL', level: 1 }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Circuit' }).inputValue()).resolves.toBe(
      'North West collections',
    );
  });

  it('fits the board beside the menu at 1280 px and shows each new page from its first row', async () => {
    const page = await (await h.newContext({ width: 1280, height: 800 })).newPage();
    await openControl(page);
    await choose(page, 'Circuit', 'All live jobs');
    await page.locator('tr[data-docket]').nth(49).waitFor();
    // No sideways scroll: the table's scroll area is as wide as its content.
    const overflow = await page
      .locator('.mantine-ScrollArea-viewport')
      .filter({ has: page.locator('table') })
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const header = page.locator('table thead').first();
    const firstOnPage = async () => page.locator('tr[data-docket]').first().getAttribute('data-docket');
    const pageOne = await firstOnPage();
    // Next, pressed at the foot of the 50 rows, shows page 2 from its top.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    await expect.poll(firstOnPage).not.toBe(pageOne);
    const top = (await header.boundingBox())!;
    expect(top.y).toBeGreaterThan(0);
    expect(top.y + top.height).toBeLessThan(800);
    // Page 2 is the last: Next is off, and the keyboard's focus is on Previous, not lost.
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Previous' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Page 1').waitFor();
    await expect.poll(firstOnPage).toBe(pageOne);
    // The Drivers window gives focus back to its button when it closes.
    const drivers = page.getByRole('button', { name: 'Drivers' });
    await drivers.click();
    await page
      .getByRole('dialog', { name: 'Drivers' })
      .getByRole('button', { name: 'Edit driver D01' })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Drivers' }).waitFor({ state: 'detached' });
    await expect.poll(() => drivers.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('opens the Status list under its field on a touch phone, with the modal still on the screen', async () => {
    const page = await (await h.newContext({ width: 390, height: 844 }, true)).newPage();
    await signIn(page, 'control', 'Control#2026');
    await page.goto('/control');
    await page.locator('tr[data-docket]').first().waitFor();
    await row(page, (await page.locator('tr[data-docket]').first().getAttribute('data-docket'))!)
      .locator('td')
      .nth(2)
      .tap();
    const modal = dialog(page);
    await modal.waitFor();
    const status = modal.getByRole('combobox', { name: 'Status' });
    await status.tap();
    const list = page.getByRole('listbox');
    await list.getByRole('option').first().waitFor();
    await settle(page);
    const field = (await status.boundingBox())!;
    const box = (await list.boundingBox())!;
    // Under the field and within the phone's width; the page and the modal are not pushed wider.
    expect(Math.abs(box.x - field.x)).toBeLessThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const cancel = (await modal.getByRole('button', { name: 'Cancel' }).boundingBox())!;
    expect(cancel.x + cancel.width).toBeLessThanOrEqual(390);
    await list.getByRole('option').first().tap();
    await modal.getByRole('button', { name: /^(Save|Allocate)$/ }).waitFor();
    await page.context().close();
  });

  it('passes axe on the board and the modal in the Northern Express theme', async () => {
    const page = await (await h.newContext()).newPage();
    await openControl(page, 'Northern Express');
    await choose(page, 'Circuit', 'All live jobs');
    await page.locator('tr[data-docket]').first().waitFor();
    await h.screenshot(page, 'control-north-board');
    const docket = (await page.locator('tr[data-docket]').first().getAttribute('data-docket'))!;
    const modal = await openByKeyboard(page, docket);
    await settle(page);
    await h.screenshot(page, 'control-north-modal');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expect(row(page, docket).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });
});
