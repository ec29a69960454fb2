import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { pdfText } from '../apps/server/src/test/pdf-text';
import { startHarness, type Harness } from './harness';
import { choose, fill, labelled, nextDay, notification, section, settle, signIn, typeDateTime } from './ui';

/**
 * Bookings complete (spec "bookings…" §2 Booking detail, Booking list and history; spec "access…" §2
 * Address list and detail): a booking with three addresses, references, barcodes and two parcels,
 * reopened read-only and re-used; the history with its filter and the CSV export; the address book
 * with the post code search, used in a booking.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

const CUSTOMER = ['customer', 'Customer#2026'] as const;
const ADMIN = ['admin', 'Admin#2026'] as const;

/** The value of a labelled input inside a section. */
const valueOf = (scope: Locator, label: string) => scope.getByLabel(labelled(label)).inputValue();

/** A full-page screenshot from the top of the page, once notifications and scrolling have settled. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settle(page);
  await h.screenshot(page, name);
}

/**
 * Clicks `button` and waits for the window it opens. Once in CI (stop 37) the Address Barcodes window
 * never came after its button's click while the Ready field's calendar was closing; not reproduced
 * since, even on a loaded machine. A user whose click did nothing clicks again, so the test does too,
 * once, and says so in the log; a window that does not open after the second click fails the test.
 */
async function openWindow(button: Locator, window: Locator): Promise<void> {
  await button.click();
  try {
    await window.waitFor({ timeout: 5_000 });
  } catch {
    console.warn(`e2e: the window did not open on the first click of ${String(button)}; clicking again`);
    await button.click();
    await window.waitFor();
  }
}

/** Opens a new booking from the toolbar. */
async function newBooking(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'New booking' }).click();
  await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
}

/** Quote, then Confirm on the confirm step; answers the new docket number. */
async function quoteAndConfirm(page: Page, screenshot?: string): Promise<number> {
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await section(page, 'Confirm').waitFor();
  await page.getByText(/^Total £[\d,]+\.\d{2}$/).waitFor();
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const heading = page.getByRole('heading', { name: /^BOOKING \d+$/ });
  await heading.waitFor();
  return Number((await heading.innerText()).replace('BOOKING ', ''));
}

/**
 * The date picker's label of the first day of the month before the filter's default start (two days
 * ago), e.g. '1 October 2026': a window that holds every seeded booking of the last 30 days.
 */
function firstOfPreviousMonth(): string {
  const start = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
  return first.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The value shown in a Ready or Deadline field. */
const dateTimeOf = (scope: Locator, label: string) =>
  scope.getByRole('textbox', { name: labelled(label) }).inputValue();

describe('bookings complete in Chromium', () => {
  it('books three addresses with references, barcodes and two parcels, reopens it read-only and re-uses it', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, ...CUSTOMER);
    await newBooking(page);
    await shot(page, 'bookings-new');

    // DEMO002 requires its first reference, 'Order number'.
    await choose(section(page, 'Account'), 'Account', 'Demo Couriers Medical Couriers (DEMO002)');
    // The account's contacts fill the booking's contact.
    await section(page, 'Account').getByRole('button', { name: 'Customer Contacts' }).click();
    const contacts = page.getByRole('dialog', { name: 'Customer Contacts' });
    await contacts.getByRole('row', { name: /Tom Fletcher/ }).waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'bookings-contacts');
    await contacts.getByRole('row', { name: /Tom Fletcher/ }).click();
    expect(await valueOf(section(page, 'Account'), 'Contact')).toBe('Tom Fletcher');
    expect(await valueOf(section(page, 'Account'), 'Email')).toBe('tom@example.com');

    await page.getByRole('button', { name: 'Add address' }).click();
    await section(page, 'Address 3: Deliver from').waitFor();
    await fill(section(page, 'Address 1: Collect from'), {
      Company: 'Piccadilly Plaza',
      Street: 'Portland Street',
      Town: 'Manchester',
      Postcode: 'M1 1AE',
    });
    await fill(section(page, 'Address 2'), {
      Company: 'Health Centre',
      Street: 'Lawson Street',
      Town: 'Stockton-on-Tees',
      Postcode: 'TS18 1HU',
    });
    await fill(section(page, 'Address 3: Deliver from'), {
      Company: 'Buckingham Palace',
      Street: 'The Mall',
      Town: 'London',
      Postcode: 'SW1A 1AA',
      Contact: 'Amira Khan',
      Email: 'amira@example.com; office@example.com',
    });

    // Without the order number, and ready on a Sunday, the client refuses with the settings' messages.
    const first = section(page, 'Address 1: Collect from');
    const sunday = nextDay(0, (d) => d === 'Sunday');
    await typeDateTime(first, 'Ready', `${sunday.typed} 10:00`);
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    const references = section(page, 'References');
    await references.getByText('Order number is required.').waitFor();
    await notification(page, 'Hours of Operation', '(Sunday closed)').waitFor();
    await shot(page, 'bookings-validation');
    await fill(references, { 'Order number': 'ORD-1001', 'Cost centre': 'CC-7' });
    const weekday = nextDay(1, (d) => !['Saturday', 'Sunday'].includes(d));
    await typeDateTime(first, 'Ready', `${weekday.typed} 10:30`);
    expect(await dateTimeOf(first, 'Ready')).toBe(`${weekday.typed} 10:30`);

    // Two barcodes on the collection, Enter adding each.
    const barcodes = page.getByRole('dialog', { name: 'Address Barcodes' });
    await openWindow(first.getByRole('button', { name: /^Barcodes/ }), barcodes);
    for (const code of ['BC-0001', 'BC-0002']) {
      await barcodes.getByLabel('Barcode', { exact: true }).fill(code);
      await barcodes.getByLabel('Barcode', { exact: true }).press('Enter');
    }
    await barcodes.getByText('BC-0002').waitFor();
    await settle(page);
    await shot(page, 'bookings-barcodes');
    await barcodes.getByRole('button', { name: 'Done' }).click();
    await first.getByText('BC-0001').waitFor();

    // A second parcel row.
    await page.getByRole('button', { name: 'Add parcel' }).click();
    await fill(page.getByRole('group', { name: 'Parcel 2' }), {
      Quantity: '2x',
      'Weight (kg)': '3.5',
      Description: 'Boxes',
    });
    expect(await valueOf(page.getByRole('group', { name: 'Parcel 2' }), 'Quantity')).toBe('2');

    const docketNo = await quoteAndConfirm(page, 'bookings-confirm');
    await page.getByRole('heading', { name: 'Your Booking' }).waitFor();
    const [label] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Consignment Label' }).click(),
    ]);
    expect(label.url()).toMatch(/^blob:/);
    await label.close();
    expect(await first.getByLabel(labelled('Town')).getAttribute('readonly')).not.toBeNull();
    await shot(page, 'bookings-complete');

    // Reopened from the list: read-only, with its addresses, parcels and barcodes.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Your Recent Bookings' })
      .click();
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: String(docketNo) })
      .first()
      .click();
    await page.getByRole('heading', { name: `BOOKING ${docketNo}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('caller')).toBe('docketList');
    await section(page, 'Address 3: Deliver from').waitFor();
    expect(await valueOf(section(page, 'Address 2'), 'Town')).toBe('Stockton-on-Tees');
    expect(await valueOf(section(page, 'Address 3: Deliver from'), 'Postcode')).toBe('SW1A 1AA');
    expect(await valueOf(references, 'Order number')).toBe('ORD-1001');
    expect(await valueOf(page.getByRole('group', { name: 'Parcel 2' }), 'Quantity')).toBe('2');
    expect(await valueOf(page.getByRole('group', { name: 'Parcel 2' }), 'Description')).toBe('Boxes');
    await section(page, 'Address 1: Collect from').getByText('BC-0002').waitFor();
    expect(await dateTimeOf(first, 'Ready')).toBe(`${weekday.typed} 10:30`);
    expect(await page.getByRole('button', { name: 'Quote' }).count()).toBe(0);
    await shot(page, 'bookings-readonly');

    // Re-use copies it into a new booking, which is saved too.
    await page.getByRole('button', { name: 'Re-use' }).click();
    await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    expect(await valueOf(references, 'Order number')).toBe('ORD-1001');
    expect(await valueOf(section(page, 'Address 3: Deliver from'), 'Company')).toBe('Buckingham Palace');
    await shot(page, 'bookings-reused');
    const reusedNo = await quoteAndConfirm(page);
    expect(reusedNo).toBeGreaterThan(docketNo);

    await context.close();
  });

  it('shows the history between the filter dates and exports it to CSV as admin', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, ...ADMIN);
    await page.goto('/docket/list');
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Your Booking History' }).waitFor();
    // The menu still marks where the user is: History belongs to Your Recent Bookings.
    const current = page.getByRole('navigation', { name: 'Main menu' }).locator('[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['Your Recent Bookings']);

    // History waits for its dates: the Filter modal opens with two days ago through today.
    const filter = page.getByRole('dialog', { name: 'Filter' });
    await filter.waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'bookings-history-filter-modal');
    await filter.getByRole('button', { name: 'Start date' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: firstOfPreviousMonth(), exact: true }).click();
    await settle(page);
    await shot(page, 'bookings-history-filter');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await page.getByPlaceholder('Search My Archive...').waitFor();
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
    await shot(page, 'bookings-history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('booking-history.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe(
      'Docket No,Date,Reference,Account,From,From Postcode,To,To Postcode,Vehicle,Status,Total',
    );
    expect(csv.trim().split(/\r?\n/).length).toBeGreaterThan(1);

    // Download PDF: the docket report named after the docket number.
    const firstRow = page.getByRole('row').nth(1);
    const docketNo = (await firstRow.getByRole('cell').first().innerText()).trim();
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      firstRow.getByRole('button', { name: `Download PDF ${docketNo}` }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`${docketNo}.pdf`);
    // Drawn by the built server's documents worker (dist/pdf.worker.js).
    expect(await pdfText(readFileSync(await report.path()))).toContain(`BOOKING ${docketNo}`);

    // Infinite scroll: 50 rows, then the next 50 when the table is scrolled to its bottom.
    await page.getByRole('switch', { name: 'Infinite scroll' }).check();
    await page.getByRole('row').nth(50).waitFor();
    await page
      .locator('.mantine-datatable .mantine-ScrollArea-viewport')
      .evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByRole('row').nth(51).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(51);

    await context.close();
  });

  it('saves a searched address in the address book and books with it from the customer address list', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, ...CUSTOMER);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Address Book' })
      .click();
    await page.getByRole('heading', { name: 'Your Addresses' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await shot(page, 'addresses-list');

    await page.getByRole('link', { name: 'New address' }).click();
    await page.getByRole('heading', { name: 'ADDRESS DETAIL' }).waitFor();
    await choose(page, 'Account', 'Demo Couriers Pharmacy Supplies (DEMO001)');
    await page.getByLabel(labelled('Postcode')).fill('TS18 1HU');
    await page.getByRole('button', { name: 'Find Address' }).click();
    const results = page.getByRole('dialog', { name: 'ADDRESS LIST' });
    await results.getByRole('row', { name: /The Dovecot Surgery/ }).waitFor();
    await settle(page);
    await shot(page, 'addresses-search');
    await results.getByRole('row', { name: /The Dovecot Surgery/ }).click();
    expect(await page.getByLabel(labelled('Company name')).inputValue()).toBe('The Dovecot Surgery');
    expect(await page.getByLabel(labelled('Building')).inputValue()).toBe('The Health Centre');
    expect(await page.getByLabel(labelled('Street')).inputValue()).toBe('Lawson Street');
    expect(await page.getByLabel(labelled('Latitude')).inputValue()).not.toBe('');
    await shot(page, 'addresses-detail');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, '', 'Address record saved').waitFor();
    await page.getByRole('heading', { name: 'Your Addresses' }).waitFor();
    await page.getByPlaceholder('Search My Addresses...').fill('Dovecot');
    await page.getByRole('row', { name: /The Dovecot Surgery/ }).waitFor();

    // The saved address fills the delivery of a new booking from the customer address list.
    await newBooking(page);
    await fill(section(page, 'Address 1: Collect from'), {
      Company: 'Piccadilly Plaza',
      Street: 'Portland Street',
      Town: 'Manchester',
      Postcode: 'M1 1AE',
    });
    const delivery = section(page, 'Address 2: Deliver from');
    await delivery.getByRole('button', { name: /Customer Address List/ }).click();
    const book = page.getByRole('dialog', { name: 'Customer Address List' });
    await book.getByRole('textbox').fill('Dovecot');
    await book.getByRole('row', { name: /The Dovecot Surgery/ }).waitFor();
    await settle(page);
    await shot(page, 'bookings-customer-addresses');
    await book.getByRole('row', { name: /The Dovecot Surgery/ }).click();
    expect(await valueOf(delivery, 'Company')).toBe('The Dovecot Surgery');
    expect(await valueOf(delivery, 'Postcode')).toBe('TS18 1HU');
    const docketNo = await quoteAndConfirm(page);
    expect(docketNo).toBeGreaterThan(0);

    await context.close();
  });

  it('lays the booking screen out on a 390 px phone', async () => {
    const context = await h.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, ...CUSTOMER);
    await page.goto('/docket/detail');
    await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    await section(page, 'Address 2: Deliver from').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The fields and sections stand on static grids (components/FieldGrid, Columns): Mantine's Grid
    // and SimpleGrid wrote a style element per field and per grid, 52 in all on this screen; 7 remain
    // (the theme's variables and a few responsive components).
    await page.getByRole('button', { name: 'Quote' }).waitFor();
    expect(await page.locator('body style').count()).toBeLessThanOrEqual(10);
    await shot(page, 'bookings-phone');
    // The menu opens from its toggle, which says so, and Escape closes it, focus back on the toggle.
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    const home = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' });
    /** The menu's Home link lies on the screen (the closed menu slides off to the left). */
    const onScreen = async () => {
      const box = await home.boundingBox();
      return !!box && box.x >= 0 && box.x + box.width <= 390;
    };
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await expect.poll(onScreen).toBe(true);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(onScreen).toBe(false);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await context.close();
  });

  it.each([
    ['a customer', CUSTOMER, 'four'],
    ['an administrator', ADMIN, 'five (Download PDF)'],
  ] as const)(
    'shows %s the totals of Your Recent Bookings beside the row actions on a 1280 px screen',
    async (_who, user, actions) => {
      const context = await h.newContext({ width: 1280, height: 800 });
      const page = await context.newPage();
      await signIn(page, user[0], user[1]);
      await page.goto('/docket/list');
      await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
      const table = page.locator('table').first();
      await table.getByRole('cell', { name: /^£\d/ }).first().waitFor();
      // With rows on screen, the empty state is not there for a screen reader either (it was, at
      // opacity 0, under the rows).
      await page.getByText('No bookings found').waitFor({ state: 'hidden' });
      expect(await page.locator('main').ariaSnapshot()).not.toContain('No bookings found');
      // The pinned actions cover nothing: the table's scroller needs no sideways scroll, and the
      // last total ends before the first row action starts.
      const scroller = page.locator('.mantine-datatable .mantine-ScrollArea-viewport').first();
      const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${actions} row actions`).toBeLessThanOrEqual(0);
      const total = await table.getByRole('cell', { name: /^£\d/ }).first().boundingBox();
      const action = await table
        .getByRole('button', { name: /^Signature / })
        .first()
        .boundingBox();
      expect(total!.x + total!.width).toBeLessThanOrEqual(action!.x);
      // A row action's hint shows over it while the mouse is there, and goes when it moves off.
      await table
        .getByRole('button', { name: /^Track / })
        .first()
        .hover();
      await page.getByRole('tooltip', { name: 'Track' }).waitFor();
      await shot(page, `bookings-list-1280-${user[0]}`);
      await page.getByRole('heading', { name: 'Your Recent Bookings' }).hover();
      await page.getByRole('tooltip').waitFor({ state: 'detached' });
      await context.close();
    },
  );

  it("reads a page's bookings once: its live stream, sent the page's time and the user's scope, finds nothing missed", async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, ...CUSTOMER);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    // The server has listened (from home's stream on) for longer than its 2 s margin for clocks.
    await page.waitForTimeout(2_500);
    const lists: string[] = [];
    const streams: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/docket/list') lists.push(request.url());
      if (path === '/api/events') streams.push(request.url());
    });
    await page.goto('/docket/list');
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    expect(new URL(streams[0]!).search).toMatch(/^\?since=\d+&scope=[0-9a-f]{16}$/);
    // The page carried the first page of bookings, and the stream's ready said nothing was missed.
    await page.waitForTimeout(1_500);
    expect(lists).toEqual([]);
    await context.close();
  });

  it("shows a phone the list's frame and heading before the app's code, then the app's own", async () => {
    const context = await h.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, ...CUSTOMER);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    // The code not yet in (a slow connection): the page itself shows the tenant and the heading.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/docket/list');
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page.getByText('Demo Couriers', { exact: true }).waitFor();
    const early = await page.getByRole('heading', { name: 'Your Recent Bookings' }).boundingBox();
    await shot(page, 'bookings-list-frame-phone');
    // While the screen's own code is still on its way, the frame stays: no loader in its place.
    await page.unroute('**/assets/*.js');
    await page.route('**/assets/BookingListPage-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.goto('/docket/list');
    await page.waitForTimeout(700);
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    expect(await page.getByLabel('Loading').count()).toBe(0);
    // Then the app draws the screen in the same place: one heading, the frame gone.
    // Waits for the held request's handler to let it through (unrouting under it made its
    // continue fail: 'Route is already handled!', an unhandled rejection that failed CI once).
    await page.unrouteAll({ behavior: 'wait' });
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => page.locator('#boot-shell').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const drawn = await page.getByRole('heading', { name: 'Your Recent Bookings' }).boundingBox();
    expect({ x: drawn!.x, y: drawn!.y, height: drawn!.height }).toEqual({
      x: early!.x,
      y: early!.y,
      height: early!.height,
    });
    await context.close();
  });

  it.each([
    ['Demo Couriers', CUSTOMER],
    ['Northern Express', ADMIN],
  ] as const)(
    'shows a phone in %s each booking as a card, nothing scrolled sideways',
    async (database, user) => {
      const context = await h.newContext({ width: 390, height: 844 }, true);
      const page = await context.newPage();
      await signIn(page, user[0], user[1], database);
      await page.goto('/docket/list');
      const first = page.locator('tbody tr').first();
      await first.getByRole('button', { name: /^Signature / }).waitFor();
      // One column: the docket, its status, reference and date, from and to, actions and total.
      expect(await page.locator('thead th').allInnerTexts()).toEqual(['Docket No']);
      const card = await first.innerText();
      const docket = (await first.getByRole('link').innerText()).trim();
      expect(docket).toMatch(/^\d+$/);
      expect(card).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(card).toMatch(/[A-Z0-9]+ [A-Z0-9]+ → .+ [A-Z0-9]+ [A-Z0-9]+/);
      expect(card).toMatch(/Total £[\d,]+\.\d\d/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const actions = [
        /^Signature /,
        /^Track /,
        /^Map /,
        /^Stock /,
        ...(user === ADMIN ? [/^Download PDF /] : []),
      ];
      for (const name of actions) {
        const box = (await first.getByRole('button', { name }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expectNoAxeViolations(page, `booking cards on a phone, ${database}`);
      await shot(page, `bookings-list-phone-${user[0]}`);
      // A tap on a card's action opens its window; a tap on the card opens the booking.
      await first.getByRole('button', { name: `Track ${docket}` }).tap();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await first.getByText('→').tap();
      await page.getByRole('heading', { name: `BOOKING ${docket}` }).waitFor();
      await context.close();
    },
  );

  it('shows a phone the address book, users, log and trace lists as cards too', async () => {
    const context = await h.newContext({ width: 390, height: 844 }, true);
    const page = await context.newPage();
    await signIn(page, ...ADMIN);
    const lists = [
      { path: '/address/list', header: 'Address', card: /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\s+DEMO\d+\n/ },
      { path: '/user/list', header: 'Username', card: /admin\n.+\nDEMO001 · .+\nadmin@example\.com/ },
      { path: '/log', header: 'Time', card: /^\d{2}:\d{2}:\d{2}\s+INFO\n\w+\nauth · login/ },
      { path: '/docket/trace', header: 'Docket No', card: /^\d+\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\n/ },
    ];
    for (const { path, header, card } of lists) {
      await page.goto(path);
      const rows = page.locator('tbody tr');
      await rows.first().getByRole('link').waitFor();
      expect(await page.locator('thead th').allInnerTexts(), path).toEqual([header]);
      const texts = await rows.allInnerTexts();
      expect(
        texts.some((t) => card.test(t.trim())),
        `${path}: ${texts[0]}`,
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, `${path} on a phone`);
      await shot(page, `phone-cards${path.replace(/\//g, '-')}`);
    }
    await context.close();
  });

  it('draws the booking list with the columns the screen has room for, without moving them after', async () => {
    for (const { width, columns } of [
      { width: 1350, columns: ['Docket No', 'Date', 'Reference', 'From', 'To', 'Status', 'Total'] },
      {
        width: 1600,
        columns: ['Docket No', 'Date', 'Reference', 'Account', 'From', 'To', 'Vehicle', 'Status', 'Total'],
      },
    ]) {
      const context = await h.newContext({ width, height: 900 });
      const page = await context.newPage();
      await signIn(page, ...CUSTOMER);
      // Layout shifts of the list's load, as Lighthouse sums them (CLS; the budget is 0.02).
      await page.addInitScript(() => {
        const w = window as unknown as { shifted: number };
        w.shifted = 0;
        new PerformanceObserver((entries) => {
          for (const e of entries.getEntries() as (PerformanceEntry & { value: number })[])
            w.shifted += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/docket/list');
      await page.locator('tbody tr').first().getByRole('link').waitFor();
      await page.waitForTimeout(1_000);
      const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      expect(
        headers.filter((t) => t !== 'Actions'),
        `${width} px`,
      ).toEqual(columns);
      const cells = await page.locator('tbody tr').first().locator('td').count();
      expect(cells, `${width} px: a cell for each column and the actions`).toBe(columns.length + 1);
      const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
      expect(shifted, `${width} px`).toBeLessThanOrEqual(0.02);
      await context.close();
    }
  });

  it('asks once for each list and settings group the booking screen needs', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, ...CUSTOMER);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    const calls: string[] = [];
    const order: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) calls.push(path);
      order.push(`ask ${path}`);
    });
    page.on('response', (r) => order.push(`answer ${new URL(r.url()).pathname}`));
    // Opened from the header: the account's five settings groups are asked for with the lists,
    // not after the lists came.
    await page.getByRole('banner').getByRole('button', { name: 'New booking' }).click();
    await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    await page.waitForTimeout(1_000);
    const settings = calls.filter((c) => c.startsWith('/api/system/'));
    expect(settings.sort()).toEqual([
      '/api/system/config/list',
      '/api/system/general/list',
      '/api/system/hoo/list',
      '/api/system/mandatory/list',
      '/api/system/message/list',
    ]);
    expect(calls.filter((c) => c === '/api/customer/list')).toHaveLength(1);
    const accountsCame = order.indexOf('answer /api/customer/list');
    for (const path of settings) expect(order.indexOf(`ask ${path}`)).toBeLessThan(accountsCame);
    // Opened as a page (a reload, a link): the server answered them inside the page, so the
    // screen asks for none of them, and draws the account and the service from those answers.
    calls.length = 0;
    await page.goto('/docket/detail');
    await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    await page.getByRole('combobox', { name: 'Account' }).waitFor();
    await page.waitForTimeout(1_000);
    expect(calls.filter((c) => /^\/api\/(customer|servicetype|tarifftype|system)\//.test(c))).toEqual([]);
    expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toMatch(/\S/);
    // The list opened as a page once the server has been listening a while (the live events'
    // clocks' margin): its live stream's first ready says nothing happened since the page was
    // written, so the list is not asked for again; its own stream was opened with that time.
    await page.waitForTimeout(2_500);
    calls.length = 0;
    const streams: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/events') && streams.push(r.url())));
    await page.goto('/docket/list');
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    await page.waitForTimeout(1_000);
    expect(new URL(streams[0]!).searchParams.get('since')).toMatch(/^\d+$/);
    expect(calls.filter((c) => c === '/api/docket/list')).toEqual([]);
    await context.close();
  });
});
