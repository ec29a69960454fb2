import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port that keeps every message it receives: the server under
 * test sends its one-time codes and reset links here (SMTP_URL), and the tests read them as a user
 * reads their mail. Used by the integration tests and the end-to-end tests.
 */
export class MailCatcher {
  readonly mails: ParsedMail[] = [];
  private waiters: (() => void)[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.mails.push(mail);
          for (const w of this.waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** The next mail to `to` after `count` mails to them, waiting up to `timeoutMs`. */
  async next(to: string, count = this.to(to).length, timeoutMs = 5000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(to).length <= count) {
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.to(to)[count]!;
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter((m) => JSON.stringify(m.to ?? '').includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
