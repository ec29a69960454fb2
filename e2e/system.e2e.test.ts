import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { startHarness, type Harness } from './harness';
import { notification, settle, signIn } from './ui';

/**
 * System settings (issue 12 §2): hours of operation checked as typed and saved, a message edited in
 * the key-value modal, 'Settings saved', the values still there after a reload, and the change in
 * the log with its before and after; axe in both tenant themes.
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
