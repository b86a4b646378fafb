import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';

/**
 * Staff's internal notes on a customer (decision 045): on an account (gone with it when it is
 * erased), or on a guest, by the lower-cased e-mail their guest orders were placed with.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestEmail: text('guest_email'),
    body: text('body').notNull(),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customer_notes_one_customer', sql`(${t.userId} is null) <> (${t.guestEmail} is null)`),
    index('customer_notes_user_idx').on(t.userId, t.createdAt.desc()),
    index('customer_notes_guest_idx').on(t.guestEmail, t.createdAt.desc()),
  ],
);
