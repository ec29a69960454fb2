import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api';
import { expectNoAxeViolations } from './axe';
import { startHarness, type Harness } from './harness';
import {
  choose,
  fill,
  fillDemoRoute,
  labelled,
  nextDay,
  notification,
  section,
  settle,
  signIn,
  typeDateTime,
} from './ui';

/**
 * System settings (issue 12 §2): hours of operation checked as typed and saved, a message edited in
 * the key-value modal, 'Settings saved', the values still there after a reload, and the change in
 * the log with its before and after; axe in both tenant themes. Settings take effect: the admin sets
 * Wednesday's hours and an account's reference label on the Customer tab, a customer's booking
 * outside those hours is refused with the spec's message, the booking screen shows the new label and
 * asks for it, and the admin finds the booking and the change in the log. A user administrator
 * without the System settings right reads the same tabs with nothing to change and no Save.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

describe('system settings in Chromium', () => {
  it('saves hours of operation and a message, and the log shows what changed', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin', 'Admin#2026');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'System Settings' })
      .click();
    await page.getByRole('tab', { name: 'General' }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'General',
      'Defaults',
      'Customer',
      'Mandatory',
      'Message',
    ]);

    // Sunday: closing before opening is named at once; then 09:00 to 16:00.
    const opens = page.getByRole('textbox', { name: 'Sunday opens' });
    const closes = page.getByRole('textbox', { name: 'Sunday closes' });
    await opens.fill('09:00');
    await closes.fill('08:00');
    await page.getByText('Must be after the start').waitFor();
    await closes.fill('16:00');
    expect(await page.getByText('Must be after the start').count()).toBe(0);
    await settle(page);
    await h.screenshot(page, 'system-general');

    // Message: the key-value modal edits the payment error text.
    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByRole('button', { name: 'Edit Quote.PaymentError' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Quote.PaymentError' });
    await modal
      .getByRole('textbox', { name: 'Value' })
      .fill('Your card was not accepted, please call us on 0161 000 0000');
    await settle(page);
    await h.screenshot(page, 'system-key-value-modal');
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    await page
      .getByRole('cell', { name: 'Your card was not accepted, please call us on 0161 000 0000' })
      .waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, '', 'Settings saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'System Settings' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Sunday opens' }).inputValue()).toBe('09:00');
    expect(await page.getByRole('textbox', { name: 'Sunday closes' }).inputValue()).toBe('16:00');

    // The log: one entry per group saved, with the before and after of each change.
    await page.goto('/log');
    await page.getByRole('row').filter({ hasText: 'save hoo' }).getByRole('link').click();
    await page.getByRole('heading', { name: 'Log Entry' }).waitFor();
    await page.getByText(/hoo_sun_start/).waitFor();
    const detail = await page.getByRole('main').innerText();
    expect(detail).toContain('hoo_sun_start');
    expect(detail).toContain('"after": "09:00"');
    await context.close();
  });

  it("takes effect: hours of operation and an account's reference label reach the customer's booking, and the log shows both", async () => {
    const admin = await (await h.newContext()).newPage();
    await signIn(admin, 'admin', 'Admin#2026');
    await admin.goto('/system');
    await admin.getByRole('textbox', { name: 'Wednesday opens' }).fill('09:00');
    await admin.getByRole('textbox', { name: 'Wednesday closes' }).fill('12:00');

    // The Customer tab: DEMO001's third reference becomes 'Ward', required.
    await admin.getByRole('tab', { name: 'Customer' }).click();
    await choose(admin, 'Account', /DEMO001/);
    const label3 = admin.getByRole('textbox', { name: 'Reference 3 label' });
    await label3.waitFor();
    expect(await label3.inputValue()).toBe('Reference 3');
    await label3.fill('Ward');
    await admin.getByRole('checkbox', { name: 'Reference 3 required' }).check();
    await settle(admin);
    await expectNoAxeViolations(admin, 'system-customer');
    await h.screenshot(admin, 'system-customer');
    await admin.getByRole('button', { name: 'Save' }).click();
    await notification(admin, '', 'Settings saved').waitFor();

    // The customer's booking screen shows the new label and asks for it; a Wednesday at 14:00 is
    // outside the new hours.
    const customer = await (await h.newContext()).newPage();
    await signIn(customer, 'customer', 'Customer#2026');
    await customer.getByRole('banner').getByRole('button', { name: 'New booking' }).click();
    await customer.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    await choose(section(customer, 'Account'), 'Account', /DEMO001/);
    const references = section(customer, 'References');
    await references.getByLabel(labelled('Ward')).waitFor();
    await fillDemoRoute(customer);
    const wednesday = nextDay(1, (d) => d === 'Wednesday');
    const first = section(customer, 'Address 1: Collect from');
    await typeDateTime(first, 'Ready', `${wednesday.typed} 14:00`);
    await customer.getByRole('button', { name: 'Quote', exact: true }).click();
    await references.getByText('Ward is required.').waitFor();
    await notification(
      customer,
      'Hours of Operation',
      'Booking jobs for outside of hours of operation is not available. (Wednesday 09:00 - 12:00)',
    ).waitFor();
    await settle(customer);
    await h.screenshot(customer, 'system-effect-booking');
    await fill(references, { Ward: 'W-12' });
    await typeDateTime(first, 'Ready', `${wednesday.typed} 10:00`);
    await customer.getByRole('button', { name: 'Quote', exact: true }).click();
    await customer.getByText(/^Total £[\d,]+\.\d{2}$/).waitFor();
    await customer.getByRole('button', { name: 'Confirm', exact: true }).click();
    const heading = customer.getByRole('heading', { name: /^BOOKING \d+$/ });
    await heading.waitFor();
    const docket = (await heading.innerText()).replace('BOOKING ', '');

    // The log: the booking and the hours' change, each with what was recorded.
    await admin.goto('/log');
    await admin.getByRole('heading', { name: 'Log Viewer' }).waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: 'customer' })
      .filter({ hasText: 'docket' })
      .first()
      .getByRole('link')
      .click();
    await admin.getByRole('heading', { name: 'Log Entry' }).waitFor();
    await admin.getByText(new RegExp(docket)).first().waitFor();
    expect(await admin.getByRole('main').innerText()).toContain(docket);
    await admin.getByRole('link', { name: 'Back' }).click();
    await admin.getByRole('row').filter({ hasText: 'save hoo' }).first().getByRole('link').click();
    await admin.getByText(/hoo_wed_end/).waitFor();
    expect(await admin.getByRole('main').innerText()).toContain('"after": "12:00"');
    await admin.getByRole('link', { name: 'Back' }).click();
    await admin.getByRole('row').filter({ hasText: 'save customer' }).first().getByRole('link').click();
    await admin.getByText(/cust_ref3_lbl/).waitFor();
    expect(await admin.getByRole('main').innerText()).toContain('"after": "Ward"');
    await admin.context().close();
    await customer.context().close();
  });

  it('lays System Settings out on a 390 px phone without sideways scroll', async () => {
    const page = await (await h.newContext({ width: 390, height: 844 })).newPage();
    await signIn(page, 'admin', 'Admin#2026');
    await page.goto('/system');
    await page.getByRole('textbox', { name: 'Wednesday closes' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The Customer tab: the account picker inside the screen, the reference labels wide enough to read.
    await page.getByRole('tab', { name: 'Customer' }).click();
    const label = page.getByRole('textbox', { name: 'Reference 1 label' });
    await label.waitFor();
    const picker = (await page.getByRole('combobox', { name: 'Account' }).boundingBox())!;
    expect(picker.x + picker.width).toBeLessThanOrEqual(390);
    expect((await label.boundingBox())!.width).toBeGreaterThanOrEqual(130);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows a user administrator without the System settings right the settings to read only', async () => {
    // The administrator makes a user administrator who lacks the System settings right.
    const { api, login } = apiClient(h.baseUrl);
    const admin = await login('admin', 'Admin#2026', 'Northern Express');
    const [account] = await api<{ cust_id: number }[]>('/api/customer/list', {}, admin);
    await api(
      '/api/user/post',
      {
        ausr_logon: 'useradmin',
        ausr_firstname: 'Uma',
        ausr_lastname: 'Useradmin',
        ausr_email: 'useradmin@example.com',
        ausr_password: 'Useradmin#2026',
        ausr_rights_admin: 'T',
        accounts: [{ cust_id: account!.cust_id }],
      },
      admin,
    );
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'useradmin', 'Useradmin#2026', 'Northern Express');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'System Settings' })
      .click();
    await page
      .getByText('You can read these settings. Changing them needs the System settings right.')
      .waitFor();
    // Hours and settings show, but nothing takes input and there is no Save.
    expect(await page.getByRole('textbox', { name: 'Monday opens' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add General setting' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await settle(page);
    await expectNoAxeViolations(page, 'system-read-only-north');
    await page.getByRole('tab', { name: 'Customer' }).click();
    // The account's fields load (their reference lists included) and stay fixed; the page stays.
    const label1 = page.getByRole('textbox', { name: 'Reference 1 label' });
    await label1.waitFor();
    expect(await label1.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Account' }).isDisabled()).toBe(false);
    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/system');
    await expectNoAxeViolations(page, 'system-read-only-north-customer');
    await context.close();
  });

  it('passes axe in the Northern Express theme', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin', 'Admin#2026', 'Northern Express');
    await page.goto('/system');
    await page.getByRole('textbox', { name: 'Monday opens' }).waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'system-north');
    await page.getByRole('tab', { name: 'Customer' }).click();
    await page.getByRole('combobox', { name: 'Account' }).waitFor();
    await settle(page);
    await expectNoAxeViolations(page, 'system-north-customer');
    await context.close();
  });
});
