import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { startHarness, type Harness } from './harness';
import { settle, signIn } from './ui';

/**
 * Reports (issue 12 §3): the administrator opens Reports, runs one in our viewer, sees its chart and
 * table and downloads its CSV; a customer sees only the reports linked to them; axe in both themes.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

describe('reports in Chromium', () => {
  it('runs a report with its chart and table and downloads its CSV', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin', 'Admin#2026');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('link', { name: 'Bookings per day by account' }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Description']);
    const names = await page.getByRole('row').allInnerTexts();
    expect(names.slice(1).map((n) => n.trim())).toEqual([
      'Bookings per day by account',
      'Driver jobs per day',
      'On-time delivery rate',
      'Spend by account and service',
      'Status breakdown',
    ]);
    await page.getByRole('textbox', { name: 'Search Reports...' }).fill('spend');
    await page.getByRole('link', { name: 'Driver jobs per day' }).waitFor({ state: 'detached' });
    await settle(page);
    await h.screenshot(page, 'report-list');

    await page.getByRole('link', { name: 'Spend by account and service' }).click();
    await page.getByRole('heading', { name: 'Spend by account and service' }).waitFor();
    const chart = page.getByRole('figure', { name: 'Chart of Spend by account and service' });
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const table = page.getByRole('table', { name: 'Spend by account and service' });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Account',
      'Service',
      'Bookings',
      'Net',
      'VAT',
      'Total',
    ]);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Run' }).click();
    await settle(page);
    await h.screenshot(page, 'report-view');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('spend-by-account-service.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('Account,Service,Bookings,Net,VAT,Total');
    await context.close();
  });

  it('shows a customer only their reports, and passes axe in the Northern Express theme', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await signIn(page, 'customer', 'Customer#2026');
    await page.goto('/report/list');
    await page.getByRole('link', { name: 'Status breakdown' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(3);
    await page.getByRole('link', { name: 'Status breakdown' }).click();
    const statusChart = page.getByRole('figure', { name: 'Chart of Status breakdown' });
    await statusChart.locator('.recharts-bar-rectangle').first().waitFor();
    // Every bar keeps its status's label under it, on a phone too (Recharts dropped the ones that
    // would overlap).
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      const bars = await statusChart.locator('.recharts-bar-rectangle').count();
      expect(bars).toBeGreaterThan(4);
      expect(
        await statusChart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(),
        `${width}`,
      ).toBe(bars);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await page.getByRole('button', { name: 'Download CSV' }).count()).toBe(0);

    const north = await (await h.newContext()).newPage();
    await signIn(north, 'admin', 'Admin#2026', 'Northern Express');
    await north.goto('/report/list');
    await north.getByRole('link', { name: 'Driver jobs per day' }).click();
    await north
      .getByRole('figure', { name: 'Chart of Driver jobs per day' })
      .locator('.recharts-line')
      .first()
      .waitFor();
    await settle(north);
    await expectNoAxeViolations(north, 'report-view-north');
    await context.close();
  });
});
