import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TIME_ORDER_MSG } from '@courier/contracts';
import { startHarness, type Harness } from './harness';
import { labelled, settle, signIn } from './ui';

/**
 * Typing into the booking's Ready and Deadline fields (spec "bookings…" §9: DD/MM/YYYY HH:mm), and
 * the screen's check that the times are in order.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

/** A titled section of the booking screen. */
const section = (page: Page, title: string): Locator => page.getByRole('group', { name: title, exact: true });

/** The next Wednesday (inside the seeded hours of operation), DD/MM/YYYY in UK time. */
function nextWednesday(): string {
  for (let offset = 1; ; offset++) {
    const day = new Date(Date.now() + offset * 24 * 3600 * 1000);
    const zone = { timeZone: 'Europe/London' } as const;
    if (day.toLocaleDateString('en-GB', { ...zone, weekday: 'long' }) === 'Wednesday')
      return day.toLocaleDateString('en-GB', { ...zone, day: '2-digit', month: '2-digit', year: 'numeric' });
  }
}

/** Types `text` key by key into the labelled field of `scope`, then leaves the field. */
async function typeInto(scope: Locator, label: string, text: string): Promise<Locator> {
  const input = scope.getByRole('textbox', { name: labelled(label) });
  await input.click();
  await input.press('Control+A');
  await input.press('Backspace');
  await input.pressSequentially(text, { delay: 20 });
  await input.press('Tab');
  return input;
}

describe('booking date-time fields in Chromium', () => {
  it('keeps a typed DD/MM/YYYY HH:mm exactly, and marks times out of order', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'customer', 'Customer#2026');
    await page.goto('/docket/detail');
    await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
    const day = nextWednesday();
    const collect = section(page, 'Address 1: Collect from');
    const deliver = section(page, 'Address 2: Deliver from');

    const ready = await typeInto(collect, 'Ready', `${day} 14:30`);
    expect(await ready.inputValue()).toBe(`${day} 14:30`);
    // An incomplete entry does not change the value: leaving the field puts it back.
    await ready.click();
    await ready.press('End');
    await ready.press('Backspace');
    await ready.press('Backspace');
    expect(await ready.inputValue()).toBe(`${day} 14:`);
    await ready.press('Tab');
    expect(await ready.inputValue()).toBe(`${day} 14:30`);

    // Collection ready 13:00 but due 11:00; delivery 09:00–10:00, before the collection is ready.
    await typeInto(collect, 'Ready', `${day} 13:00`);
    await typeInto(collect, 'Deadline', `${day} 11:00`);
    await typeInto(deliver, 'Ready', `${day} 09:00`);
    const due = await typeInto(deliver, 'Deadline', `${day} 10:00`);
    expect(await collect.getByRole('textbox', { name: labelled('Ready') }).inputValue()).toBe(`${day} 13:00`);
    expect(await due.inputValue()).toBe(`${day} 10:00`);

    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    await collect.getByText(TIME_ORDER_MSG.deadlineBeforeReady).waitFor();
    await deliver.getByText(TIME_ORDER_MSG.deadlineBeforeCollection).waitFor();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await settle(page);
    await h.screenshot(page, 'booking-input-times');

    await context.close();
  });
});
