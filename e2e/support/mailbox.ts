import { expect, type APIRequestContext } from '@playwright/test';

/** Where e2e/serve.mjs lists the mail its SMTP server received (`E2E_MAIL_PORT`, else E2E_PORT + 1). */
const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
export const MAILBOX_URL = `http://127.0.0.1:${MAIL_PORT}/mails`;

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** Waits for the newest mail to an address whose subject matches. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const { count = 1, timeoutMs = 15_000 } = options;
  let matching: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX_URL}?to=${encodeURIComponent(to)}`);
        matching = ((await response.json()) as ReceivedMail[]).filter((mail) =>
          subject.test(mail.subject),
        );
        return matching.length;
      },
      { timeout: timeoutMs, message: `mail to ${to} matching ${subject}` },
    )
    .toBeGreaterThanOrEqual(count);
  return matching[matching.length - 1] as ReceivedMail;
}

/** The first link in a mail whose path starts with the prefix, as a path the test's baseURL can open. */
export function linkPath(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
