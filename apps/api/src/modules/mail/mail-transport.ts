import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutgoingMail } from './outbox-repository';

export interface MailTransport {
  kind: 'smtp' | 'dev-outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the mail stays in the outbox table (GET /api/dev/outbox lists it) and its links are
 * printed to the log, so a developer can follow a verification or reset link.
 */
export function createDevOutboxTransport(
  log: FastifyBaseLogger,
  /** Links carry reset and verify tokens: printed for a developer, never in production's logs. */
  printLinks: boolean,
): MailTransport {
  return {
    kind: 'dev-outbox',
    async send(mail) {
      if (!printLinks) {
        log.warn({ subject: mail.subject }, 'no SMTP_URL: mail kept in mail_outbox, not sent');
        return;
      }
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, links }, 'dev outbox: mail kept, not sent');
    },
    close: () => {},
  };
}
