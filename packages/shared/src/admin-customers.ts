import * as z from 'zod/mini';
import { pagedSchema, pageQuerySchema } from './back-office';
import { ORDER_STATUSES } from './orders';
import { singleLineText } from './text';

/**
 * A customer's page in the back office (decision 045). A customer is an account (its id), or a
 * guest: the guest orders of one e-mail, named `guest-` and the id of one of those orders (no
 * e-mail in the address bar or the logs).
 */
export const GUEST_KEY_PREFIX = 'guest-';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CUSTOMER_KEY = new RegExp(`^(${GUEST_KEY_PREFIX})?${UUID}$`, 'i');

export const CUSTOMER_MESSAGES = {
  notFound: 'Customer not found',
  noteAdded: 'Note added',
} as const;

export const NOTE_MAX = 2000;

/** GET /api/admin/customers/:id, POST /api/admin/customers/:id/notes */
export const customerParamsSchema = z.object({
  id: singleLineText('Customer').check(z.regex(CUSTOMER_KEY, CUSTOMER_MESSAGES.notFound)),
});
/** GET /api/admin/customers/:id?page= (the page of the customer's orders) */
export const customerDetailQuerySchema = z.object({ page: pageQuerySchema });
export type CustomerDetailQuery = z.infer<typeof customerDetailQuerySchema>;

export const customerNoteRequestSchema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please write the note'),
      z.maxLength(NOTE_MAX, `A note must be at most ${NOTE_MAX} characters`),
    ),
});
export type CustomerNoteRequest = z.infer<typeof customerNoteRequestSchema>;

export const customerNoteSchema = z.object({
  _id: z.string(),
  text: z.string(),
  at: z.string(),
  /** The staff member who wrote it. */
  by: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerAddressSchema = z.object({
  /** The recipient and the phone (absent on orders placed before they were asked, decision 040). */
  fullName: z.optional(z.string()),
  phone: z.optional(z.string()),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

export const customerOrderRowSchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalPrice: z.number(),
});
export type CustomerOrderRow = z.infer<typeof customerOrderRowSchema>;

export const customerDetailSchema = z.object({
  _id: z.string(),
  guest: z.boolean(),
  name: z.string(),
  email: z.string(),
  /** The newest phone number an order of theirs gave, if any. */
  phone: z.nullable(z.string()),
  /** Registered customers: whether the e-mail is verified, and since when the account exists. */
  verified: z.boolean(),
  registeredAt: z.nullable(z.string()),
  /** Paid orders, and what they came to less refunds, in dollars. */
  ordersCount: z.int(),
  totalSpent: z.number(),
  firstOrderAt: z.nullable(z.string()),
  lastOrderAt: z.nullable(z.string()),
  /** The shipping addresses their orders used, newest first. */
  addresses: z.array(customerAddressSchema),
  /** One page of their orders (any status), newest first. */
  orders: z.extend(pagedSchema, { orders: z.array(customerOrderRowSchema) }),
  /** Staff's internal notes, newest first. */
  notes: z.array(customerNoteSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
