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

/**
 * One row per guest customer (decision 045: the paid guest orders of one e-mail, case aside):
 * their first paid order (the guest's key and 'since') and the name their newest paid order
 * gives. Kept by a trigger on orders (migration 0023, decision 053), so the Customers list pages
 * over an index rather than grouping every guest order of the shop.
 */
export const guestCustomers = pgTable(
  'guest_customers',
  {
    emailKey: text('email_key').primaryKey(),
    firstOrderId: uuid('first_order_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    index('guest_customers_newest_idx').on(
      t.since.desc().nullsFirst(),
      t.firstOrderId.desc().nullsFirst(),
    ),
    index('guest_customers_email_trgm_idx').using('gin', sql`${t.emailKey} gin_trgm_ops`),
    index('guest_customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
