import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** The shop's name and postal address on packing slips and invoices: one row, the owner's. */
export const shopDetails = pgTable(
  'shop_details',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    address: text('address').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_details_one_row', sql`${t.id} = 1`)],
);

/**
 * The last invoice number given: one row, taken with its lock in the transaction that writes
 * the invoices, so numbers are consecutive with no gap and never given twice (decision 043).
 */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: integer('id').primaryKey().default(1),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counter_one_row', sql`${t.id} = 1`)],
);

/** An order's invoice: numbered once, the first time it is printed or downloaded. */
export const invoices = pgTable('invoices', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'restrict' }),
  number: integer('number').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
