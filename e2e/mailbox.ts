import type { ParsedMail } from 'mailparser';
import { MailCatcher } from '../apps/server/src/test/smtp';

/** The SMTP receiver of the end-to-end tests; mails can take a while through a whole server. */
export class Mailbox extends MailCatcher {
  override next(address: string, seen: number): Promise<ParsedMail> {
    return super.next(address, seen, 15_000);
  }
}

/** The 6-digit code of a one-time-code mail. */
export function codeOf(mail: ParsedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`No code in mail: ${mail.text}`);
  return code;
}

/** The /reset/{token} link of a reset mail. */
export function resetLinkOf(mail: ParsedMail): string {
  const link = /(https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`No reset link in mail: ${mail.text}`);
  return link;
}
