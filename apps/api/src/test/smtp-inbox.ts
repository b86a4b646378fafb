import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server in the test process: the shop delivers to it over TCP, the test reads it. */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private waiters: {
    match: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }[] = [];
  private server: SMTPServer;
  /** Set to make the server refuse every message (a mail server that is down for mail). */
  refuse = false;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 })),
          );
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
            this.receive({
              to: to ?? '',
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            callback();
          })
          .catch(callback);
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: ReceivedMail) {
    this.mails.push(mail);
    const ready = this.waiters.filter((waiter) => waiter.match(mail));
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    ready.forEach((waiter) => waiter.resolve(mail));
  }

  /** The next mail to an address (already received or still to come), within the timeout. */
  waitFor(
    to: string,
    options: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const { subject, after = 0, timeoutMs = 10_000 } = options;
    const match = (mail: ReceivedMail) =>
      mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(mail.subject));
    const existing = this.mails.slice(after).find(match);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  count(to: string): number {
    return this.mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase())).length;
  }
}

/** The first link to the shop in a mail's text. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text.match(
    new RegExp(`https?://\\S+${pathPrefix.replaceAll('/', '\\/')}\\S+`),
  )?.[0];
  if (!link) throw new Error(`no ${pathPrefix} link in mail: ${mail.text}`);
  return link;
}
