import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { MailTransport } from './mail-transport';
import { claimDueMail, markMailFailed, markMailSent } from './outbox-repository';

const BATCH_SIZE = 10;
/** A send that takes longer than this is assumed lost, and the mail is tried again. */
const LEASE_MS = 5 * 60_000;
export const MAX_MAIL_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min, … capped at 1 h: a mail server that is down for a while loses nothing. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface MailWorker {
  /** Sends what is due now; answers how many were sent. */
  deliverDue(): Promise<number>;
  /** Asks for a delivery round soon (after a change that queued mail). */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailWorker(options: {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollMs: number;
}): MailWorker {
  const { db, transport, log, pollMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  async function deliverBatch(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mails = await claimDueMail(db, BATCH_SIZE, LEASE_MS);
      for (const mail of mails) {
        try {
          await transport.send({
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
          });
          await markMailSent(db, mail.id);
          sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
          await markMailFailed(db, mail.id, message, giveUp ? null : retryDelayMs(mail.attempts));
          log[giveUp ? 'error' : 'warn'](
            { mailId: mail.id, attempts: mail.attempts, err: error },
            giveUp ? 'mail failed for good' : 'mail failed; will retry',
          );
        }
      }
      if (mails.length < BATCH_SIZE) return sent;
    }
  }

  // One round at a time per process; a wake during a round asks for one more.
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = deliverBatch()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail delivery round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }

  return {
    deliverDue,
    wake: () => {
      if (!stopped) void deliverDue();
    },
    start() {
      stopped = false;
      timer = setInterval(() => void deliverDue(), pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
