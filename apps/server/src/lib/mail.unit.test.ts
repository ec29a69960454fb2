import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer, escapeHtml, mailTo, trackingLink } from './mail';
import { otpMail, resetMail } from '../modules/auth/auth.mail';

describe('createMailer without SMTP_URL', () => {
  it('writes each mail as an .eml file in the outbox and says where', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox');
    const told: string[] = [];
    const mailer = createMailer({
      from: 'Portal <p@example.com>',
      outboxDir: outbox,
      onOutbox: (f) => told.push(f),
    });
    await mailer.send(otpMail('Demo <Couriers>', 'a@example.com', '123456', 10));
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(told).toEqual([join(outbox, files[0]!)]);
    const eml = readFileSync(join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('To: a@example.com');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Demo &lt;Couriers&gt;');
  });
});

describe('mail templates', () => {
  it('name the tenant and carry the code lifetime or the link in both parts', () => {
    const otp = otpMail('Northern Express', 'a@example.com', '042042', 15);
    expect(otp.subject).toBe('Northern Express: your one-time code');
    for (const part of [otp.text, otp.html]) expect(part).toContain('042042');
    expect(otp.text).toContain('The code will expire in 15 minutes');
    const reset = resetMail('Northern Express', 'a@example.com', 'http://x/reset/abc.def');
    for (const part of [reset.text, reset.html]) expect(part).toContain('http://x/reset/abc.def');
  });
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('mail addresses and links', () => {
  it("turns a docket's e-mail list into a To line", () => {
    expect(mailTo(' a@x.test; b@y.test ,,c@z.test ')).toBe('a@x.test, b@y.test, c@z.test');
    expect(mailTo('')).toBe('');
  });
  it('builds the public tracking link of a reference in a tenant', () => {
    expect(trackingLink('https://portal.test/', 'TABC-1', 'Demo Couriers')).toBe(
      'https://portal.test/docket/track?tracking_ref=TABC-1&database=Demo+Couriers',
    );
  });
});
