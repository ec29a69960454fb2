import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { WORLDPAY_FAKE_CARD } from '../apps/server/src/test/fakes/worldpay-fake';
import { choose, fillDemoRoute, signIn } from './ui';

/** A screenshot step (axe runs on it), or none. */
type Shot = (page: Page, name: string) => Promise<void>;

/**
 * As `admin` of `database`: a new booking on the walk-in card account (mop O), Manchester → London
 * by car, quoted and confirmed; ends on the booking screen's capture page ('Payment').
 */
export async function toCardCapture(
  page: Page,
  database: string,
  shot?: Shot,
  shots?: string,
): Promise<void> {
  await signIn(page, 'admin', 'Admin#2026', database);
  await page.getByRole('banner').getByRole('button', { name: 'New booking' }).click();
  await page.getByRole('heading', { name: 'NEW BOOKING' }).waitFor();
  await choose(page, 'Account', new RegExp(`^${database} Walk-in Card Customer`));
  await fillDemoRoute(page);
  await choose(page, 'Vehicle / tariff', 'Car');
  await page.getByRole('button', { name: 'Quote' }).click();
  await page.getByText(/^Total £[\d,]+\.\d{2}$/).waitFor();
  await page.getByText('This account pays by card: you authorise the payment on the next step.').waitFor();
  expect(await page.getByText(/not yet available/).count()).toBe(0);
  if (shot && shots) await shot(page, `${shots}-confirm`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Payment', level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Authorise' }).waitFor();
}

/** Worldpay's card form (the local fake's template frame): `name` on the card, then 'Use this card'. */
export async function fillWorldpayCard(
  page: Page,
  name: string,
  shot?: Shot,
  shotName?: string,
): Promise<void> {
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByRole('textbox', { name: 'Card number' }).waitFor();
  if (shot && shotName) await shot(page, shotName);
  await form.getByRole('textbox', { name: 'Name on card' }).fill(name);
  await form.getByRole('textbox', { name: 'Card number' }).fill(WORLDPAY_FAKE_CARD);
  await form.getByRole('button', { name: 'Use this card' }).click();
}
