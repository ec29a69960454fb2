import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import { lazy } from './lazy';

/** An e-mail with a plain-text and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; the only way the server sends anything outside HTTP. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; without it mails go to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Told where an outbox mail was written (never its content: it may hold a code or a link). */
  onOutbox?: (file: string) => void;
}

/** A transport made by nodemailer on first use (the package is loaded then, not at start). */
const lazyTransport = (config: string | object) =>
  lazy(() =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(config as Parameters<typeof nodemailer.createTransport>[0]),
    ),
  );

/**
 * nodemailer over SMTP, or `.eml` files in the outbox when no SMTP_URL is configured. The
 * transport is made on the first mail.
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = lazyTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await (await transport()).sendMail({ from: opts.from, ...mail } satisfies SendMailOptions);
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await (await transport()).sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = resolve(
        opts.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.onOutbox?.(file);
    },
  };
}

/** Escapes text for an HTML mail body (lib/html). */
export { escapeHtml } from './html';

/** The addresses of an e-mail list ('a@x; b@y', spec "bookings…" §5), comma-separated for a mail's To. */
export const mailTo = (list: string): string =>
  list
    .split(/[;,]/)
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');

/** The public tracking view's link of a tracking reference in a tenant, under the base URL of links in mails. */
export const trackingLink = (publicUrl: string, trackingRef: string, database: string): string =>
  `${publicUrl.replace(/\/$/, '')}/docket/track?${new URLSearchParams({ tracking_ref: trackingRef, database }).toString()}`;
