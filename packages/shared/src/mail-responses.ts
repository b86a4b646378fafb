import * as z from 'zod/mini';

/** GET /api/dev/outbox (development only): the mails the shop wrote, newest first. */
export const devOutboxSchema = z.array(
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
);
