import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness';
import { booking } from '../apps/server/src/test/fixtures';
import { codeOf, Mailbox, resetLinkOf } from './mailbox';
import { snapshotWebDist } from './web-snapshot';
import { fillNewPassword } from './ui';

/**
 * Access, as a user (spec "access…" §2 login screen and routes, §4 login flow, §5 password, §8
 * messages): one-time codes and reset links arrive over real SMTP in this process.
 */
let h: Harness;
const mailbox = new Mailbox();
let web: Awaited<ReturnType<typeof snapshotWebDist>> | undefined;

beforeAll(async () => {
  const smtpUrl = await mailbox.start();
  web = await snapshotWebDist();
  h = await startHarness({
    env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Portal <portal@e2e.test>', WEB_DIST: web.dir },
  });
});

afterAll(async () => {
  await h?.stop();
  await mailbox.close();
  web?.remove();
});

const DEMO = 'Demo Couriers';
/** What /register says of a link that cannot be used (missing, wrong or used token). */
const REGISTER_REFUSED =
  'This registration link is invalid or has already been used. Please use the link in your booking confirmation e-mail.';
const NORTH = 'Northern Express';

/** Picks `option` in the select (combobox) labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the login form (database first) and presses Login. */
async function signIn(page: Page, database: string, username: string, password: string): Promise<void> {
  await choose(page, 'Database', database);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The notification titled `title` that says `message`. */
const notification = (page: Page, title: string, message: string | RegExp): Locator =>
  page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });

/** Closes every notification (so the next screenshot and assertion see only new ones). */
async function clearNotifications(page: Page): Promise<void> {
  for (const close of await page.locator('.mantine-Notification-root button').all())
    await close.click().catch(() => undefined);
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
}

/** Types a code into the 6-box code input of the mfa page. */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'One-time code' }).first().click();
  await page.keyboard.type(code, { delay: 20 });
}

/** Lets notifications and transitions settle before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(500);

/** POST JSON to the server under test, as a script would (with an optional bearer token). */
async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${h.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('access in Chromium', () => {
  it('signs in with a mailed one-time code, refusing a wrong one', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const seen = mailbox.to('secure@example.com').length;

    await page.goto('/login');
    await signIn(page, DEMO, 'secure', 'Secure#2026');
    await page.getByRole('heading', { name: 'Multi-factor authentication' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mfa');
    await page
      .getByText(
        'An email with a code has been sent to your registered mail box. Please enter the code below to authenticate yourself. The code will expire in 10 minutes.',
      )
      .waitFor();
    const code = codeOf(await mailbox.next('secure@example.com', seen));
    await h.screenshot(page, 'mfa');

    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await notification(
      page,
      'Multi-factor authentication',
      'The code is not correct, 4 tries left',
    ).waitFor();
    await settle(page);
    await h.screenshot(page, 'mfa-wrong-code');

    // The server allows one code per 30 seconds and says so.
    await page.getByRole('button', { name: 'Resend' }).click();
    await notification(
      page,
      'Multi-factor authentication',
      'Please wait 30 seconds before asking for another code',
    ).waitFor();

    // A reload keeps the half-done login at the code step (start-up restore of an 'otp' session).
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Multi-factor authentication' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mfa');

    // On a phone the six boxes and both buttons fit the form, their words whole.
    await page.setViewportSize({ width: 390, height: 844 });
    const boxes = page.getByRole('textbox', { name: 'One-time code' });
    await page.waitForFunction(() => window.matchMedia('(max-width: 30em)').matches);
    await settle(page);
    const form = (await page.locator('form').boundingBox())!;
    const last = (await boxes.last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(form.x + form.width);
    for (const name of ['Resend', 'Back to login']) {
      const label = page.getByRole('button', { name }).locator('.mantine-Button-label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), name).toBe(true);
    }
    await h.screenshot(page, 'mfa-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Enter in the code verifies it, as Verify does.
    await typeCode(page, code);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Welcome, Sam' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You are logged out!').waitFor();
    await context.close();
  });

  it('resets a forgotten password from the mailed link', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const seen = mailbox.to('customer@example.com').length;

    await page.goto('/login');
    await choose(page, 'Database', NORTH);
    await page.getByRole('button', { name: 'Forgotten password?' }).click();
    await page.getByRole('heading', { name: 'Forgotten password' }).waitFor();
    await page.getByRole('textbox', { name: 'Username' }).fill('customer');
    await h.screenshot(page, 'forgotten');
    await page.getByRole('button', { name: 'Send reset mail' }).click();
    await page.getByText('Check your email account for a reset password mail').waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();

    const link = resetLinkOf(await mailbox.next('customer@example.com', seen));
    expect(link.startsWith(`${h.baseUrl}/reset/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    // The reset link's database gives the screen its theme.
    await page.getByText(NORTH, { exact: true }).waitFor();

    await fillNewPassword(page, 'New password', 'weak');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await settle(page);
    await h.screenshot(page, 'reset-weak');

    const strong = 'Northern#Parcel77';
    await fillNewPassword(page, 'New password', strong);
    await expect.poll(() => page.getByTestId('strength-label').innerText()).toMatch(/\((4|5)\/5\)$/);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The link works once.
    await page.goto(link);
    await fillNewPassword(page, 'New password', 'Another#Parcel78');
    await page.getByRole('button', { name: 'Change password' }).click();
    await notification(
      page,
      'Change password failed',
      'This reset link is invalid or has expired, please ask for a new one',
    ).waitFor();

    await page.goto('/login');
    await signIn(page, NORTH, 'customer', strong);
    await page.getByRole('heading', { name: 'Welcome, Casey' }).waitFor();
    await context.close();
  });

  it('changes My Account e-mail only once the link mailed to the new address is opened', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const next = 'customer.new@example.com';
    const seenNew = mailbox.to(next).length;
    const seenOld = mailbox.to('customer@example.com').length;
    await page.goto('/login');
    await signIn(page, DEMO, 'customer', 'Customer#2026');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'My Account' })
      .click();
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    const email = page.getByRole('textbox', { name: /^Email/ });
    await expect.poll(() => email.inputValue()).toBe('customer@example.com');
    await email.fill(next);
    // A new address needs the current password: Save without it names the field and sends nothing.
    await page.getByRole('button', { name: 'Save' }).click();
    // Asked under Communications, after the Change Password section's own (the spec's order).
    const current = page.getByLabel(/^Current password/).last();
    await page.getByText('Please enter your current password').first().waitFor();
    expect(mailbox.to(next).length).toBe(seenNew);
    await current.fill('Customer#2026');
    await page.getByRole('button', { name: 'Save' }).click();
    const pending = page.getByRole('status').filter({ hasText: `Confirm ${next}` });
    await pending.waitFor();
    expect(await pending.innerText()).toContain('Your e-mail address changes when you open it.');
    // The account keeps its address until the link is opened; the old address is told.
    expect(await email.inputValue()).toBe('customer@example.com');
    expect((await mailbox.next('customer@example.com', seenOld)).text).toContain(next);
    await settle(page);
    await h.screenshot(page, 'my-account-email-pending');

    const mail = await mailbox.next(next, seenNew);
    const link = /(https?:\/\/\S+\/email\/confirm\/\S+)/.exec(mail.text ?? '')![1]!;
    const other = await (await h.newContext()).newPage();
    await other.goto(link);
    await other.getByRole('heading', { name: 'Confirm e-mail address' }).waitFor();
    await h.screenshot(other, 'email-confirm');
    await other.getByRole('button', { name: 'Confirm my new e-mail address' }).click();
    await other.getByText('Your e-mail address has been changed').waitFor();
    await other.getByText(`Mail for your account now goes to ${next}.`).waitFor();
    // The link works once.
    await other.reload();
    await other.getByRole('button', { name: 'Confirm my new e-mail address' }).click();
    await other
      .getByRole('alert')
      .filter({ hasText: 'This confirmation link is invalid or has expired' })
      .waitFor();
    await h.screenshot(other, 'email-confirm-used');

    await page.reload();
    await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(next);
    await context.close();
    await other.context().close();
  });

  it('makes an expired password be changed before home, then signs in straight home', async () => {
    const context = await h.newContext();
    const page = await context.newPage();

    await page.goto('/login');
    await signIn(page, DEMO, 'expired', 'Expired#2026');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByText('Your password has expired, please choose a new one').waitFor();

    // Changing the password clears the confirmation (spec §5).
    const fresh = 'Fresh#Start2026';
    await fillNewPassword(page, 'New password', fresh);
    await page.getByRole('textbox', { name: 'New password', exact: true }).press('End');
    await page.getByRole('textbox', { name: 'New password', exact: true }).press('Backspace');
    expect(await page.getByRole('textbox', { name: 'Confirm password', exact: true }).inputValue()).toBe('');
    // The policy is checked before anything is sent.
    await fillNewPassword(page, 'New password', 'expired2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must contain an upper-case letter').waitFor();
    await fillNewPassword(page, 'New password', fresh);
    // A forced change asks for the current password too; a wrong one is named by the server.
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Please enter your current password').waitFor();
    await page.getByLabel('Current password').fill('Wrong#2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct').first().waitFor();
    await page.getByLabel('Current password').fill('Expired#2026');
    await settle(page);
    await h.screenshot(page, 'change-forced');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Welcome, Eve' }).waitFor();
    await page.getByText('Your password has been changed').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You are logged out!').waitFor();
    await signIn(page, DEMO, 'expired', fresh);
    await page.getByRole('heading', { name: 'Welcome, Eve' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });

  it('registers from the booking confirmation mail, and the new user sees exactly that booking', async () => {
    // A customer books through the API with the booker's e-mail, then signs out.
    const login = await api<{ token: string; accounts: { cust_id: number }[] }>('/api/auth/login', {
      database: DEMO,
      username: 'customer',
      password: 'Customer#2026',
    });
    const email = 'robin.banks@example.com';
    const seen = mailbox.to(email).length;
    const booked = await api<{ dck_id: number; dck_docket: number; tracking_reference: string }>(
      '/api/docket/post',
      booking(login.accounts[0]!.cust_id, {
        dck_cust_ref1: 'PO-REGISTER-1',
        dck_email: email,
        dck_contact: 'Robin Banks',
        dck_telephone: '07700 900123',
      }),
      login.token,
    );
    await api('/api/auth/logout', {}, login.token);

    const context = await h.newContext();
    const page = await context.newPage();
    // Someone with only the tracking link's details gets nowhere.
    await page.goto(
      `/register?${new URLSearchParams({ database: DEMO, dck_id: String(booked.dck_id), tracking_reference: booked.tracking_reference, dck_email: email }).toString()}`,
    );
    await page.getByRole('heading', { name: 'Register as a new user' }).waitFor();
    await page.getByText(REGISTER_REFUSED).waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);

    // The booker reads the confirmation and opens its register link.
    const mail = await mailbox.next(email, seen);
    expect(mail.subject).toBe(`${DEMO}: booking ${booked.dck_docket} confirmed`);
    const link = new URL(/(https?:\/\/\S+\/register\?\S+)/.exec(mail.text ?? '')![1]!);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Register as a new user' }).waitFor();
    await page
      .getByText(/Registering from booking confirmation for Robin Banks \(robin\.banks@example\.com\)/)
      .waitFor();

    // A taken username is refused by the server under 'Register Error'.
    const password = 'Robin#Banks2026';
    await page.getByRole('textbox', { name: 'Username' }).fill('customer');
    await fillNewPassword(page, 'Password', password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await notification(page, 'Register Error', 'This username is taken, please choose another').waitFor();
    // …and named under Username.
    await page.getByText('Username taken').waitFor();
    await clearNotifications(page);

    // Reset empties the form.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('');
    await page.getByRole('textbox', { name: 'Username' }).fill('robin.banks');
    await fillNewPassword(page, 'Password', password);
    await settle(page);
    await h.screenshot(page, 'register');
    await page.getByRole('button', { name: 'Submit' }).click();
    await notification(
      page,
      'Registered Successfully',
      'Please login to view your booking history',
    ).waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The login page offers the database the user registered on.
    await expect(page.getByRole('combobox', { name: 'Database' }).inputValue()).resolves.toBe(DEMO);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(REGISTER_REFUSED).waitFor();
    await settle(page);
    await h.screenshot(page, 'register-used-link');

    await page.goto('/login');
    await signIn(page, DEMO, 'robin.banks', password);
    await page.getByRole('heading', { name: 'Welcome, Robin' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Your Recent Bookings' })
      .click();
    await page.getByRole('heading', { name: 'Your Recent Bookings' }).waitFor();
    const docketCell = page.getByRole('cell', { name: String(booked.dck_docket), exact: true });
    await docketCell.first().waitFor();
    // Exactly that one booking of the account: one row in the table.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await settle(page);
    await h.screenshot(page, 'register-own-bookings');
    await context.close();
  });

  it('offers guests their button and right-hand navbar only where guest access is allowed', async () => {
    const context = await h.newContext();
    const page = await context.newPage();

    await page.goto('/login');
    await choose(page, 'Database', DEMO);
    await page.getByRole('link', { name: 'Guest login' }).waitFor();
    await h.screenshot(page, 'login-guest');

    // A guest never reaches a protected screen.
    await page.goto('/docket/list');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Guest login opens the quote screen, which has no guest navbar (spec "access…" §2 menus).
    await page.getByRole('link', { name: 'Guest login' }).click();
    await page.getByRole('heading', { name: 'Post codes' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Guest menu' }).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.goto('/docket/track');
    const guestMenu = page.getByRole('navigation', { name: 'Guest menu' });
    await guestMenu.getByRole('link', { name: 'Get a quote' }).waitFor();
    await guestMenu.getByRole('link', { name: 'Track a consignment' }).waitFor();
    await guestMenu.getByRole('link', { name: 'Login' }).waitFor();
    await h.screenshot(page, 'guest-navbar');
    await guestMenu.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();

    // Where the database does not allow guests, neither shows.
    await page.route('**/api/system/guestAccessAllowed', (route) =>
      route.fulfill({ json: { guestAccessAllowed: false } }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.getByText(/^Version /).waitFor();
    expect(await page.getByRole('link', { name: 'Guest login' }).count()).toBe(0);
    await page.goto('/docket/track');
    await page.getByRole('heading', { name: 'Tracking Reference' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Guest menu' }).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await context.close();

    // On a phone the navbar folds away and the header keeps Login.
    const phone = await h.newContext({ width: 390, height: 844 });
    const mobile = await phone.newPage();
    await mobile.goto('/login');
    await choose(mobile, 'Database', DEMO);
    await mobile.getByRole('link', { name: 'Guest login' }).click();
    await mobile.getByRole('heading', { name: 'Post codes' }).waitFor();
    await mobile.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await h.screenshot(mobile, 'guest-mobile');
    // Elsewhere the guest menu folds behind a toggle: out of the Tab order while folded (it was
    // tabbed to off screen), on screen once opened, and Escape folds it again.
    await mobile.goto('/docket/track');
    const toggle = mobile.getByRole('button', { name: 'Toggle guest menu' });
    await toggle.waitFor();
    const quote = mobile.getByRole('link', { name: 'Get a quote' });
    for (let i = 0; i < 6; i++) {
      await mobile.keyboard.press('Tab');
      expect(await quote.evaluate((el) => el === document.activeElement)).toBe(false);
    }
    await toggle.click();
    // Polled: the menu slides in.
    await expect
      .poll(async () => {
        const box = await quote.boundingBox();
        return !!box && box.x >= 0 && box.x + box.width <= 390;
      })
      .toBe(true);
    await h.screenshot(mobile, 'guest-menu-phone');
    await mobile.keyboard.press('Escape');
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await toggle.click();
    await quote.click();
    await mobile.getByRole('heading', { name: 'Post codes' }).waitFor();
    await phone.close();
  });

  it('draws the sign-in page from the page itself: no session or database call, and its tenant theme at once', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) calls.push(path);
    });
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Database' }).click();
    await page.getByRole('option', { name: NORTH, exact: true }).click();
    await page.getByRole('heading', { name: NORTH }).waitFor();
    await page.reload();
    // The chosen database is remembered; its name and theme come with the page.
    await page.getByRole('heading', { name: NORTH }).waitFor();
    await settle(page);
    expect(calls.filter((c) => c === '/api/database/list' || c === '/api/auth/session')).toEqual([]);
    await context.close();
  });

  it("says 'Load Theme' when the databases and their themes cannot be loaded", async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.route('**/api/database/list', (route) =>
      route.fulfill({ status: 400, json: { error: 'BAD_REQUEST', message: 'Tenants are unavailable' } }),
    );
    // The page as it would be without the list the server writes into it (an older page): the
    // screen has to ask for it.
    await page.route('**/login', async (route) => {
      const res = await route.fetch();
      const headers = res.headers();
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = (await res.text()).replace(
        /<script type="application\/json" id="boot-databases">[^<]*<\/script>/,
        '',
      );
      expect(body).not.toContain('boot-databases');
      await route.fulfill({ status: res.status(), headers, body });
    });
    await page.goto('/login');
    await notification(page, 'Load Theme', 'Tenants are unavailable').waitFor();
    await page.getByRole('textbox', { name: 'Username' }).fill('customer');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Customer#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Please choose a database').waitFor();
    await settle(page);
    await h.screenshot(page, 'load-theme');
    await context.close();
  });
});
