import * as z from 'zod/mini';
import { addressLines as parcelAddressLines } from './addresses';
import type { ShippingAddress } from './orders';
import { SHOP_HEADQUARTERS, SHOP_NAME } from './shop';
import { multiLineText, singleLineText } from './text';

/**
 * Packing slips and invoices (decision 043): what the back office prints or downloads for one
 * or many orders, and the shop's details printed on them.
 */

// --- The shop's details ---------------------------------------------------------------------

export const SHOP_ADDRESS_MAX_LINES = 5;

/** GET/PUT /api/admin/shop-details: the name and postal address printed on slips and invoices. */
export const shopDetailsSchema = z.object({
  name: singleLineText('Shop name').check(
    z.trim(),
    z.minLength(1, 'Shop name is required'),
    z.maxLength(100, 'Shop name must be at most 100 characters'),
  ),
  address: multiLineText('Address').check(
    z.trim(),
    z.minLength(1, 'Address is required'),
    z.maxLength(300, 'Address must be at most 300 characters'),
    z.refine((text) => text.split('\n').length <= SHOP_ADDRESS_MAX_LINES, {
      message: `Address must be at most ${SHOP_ADDRESS_MAX_LINES} lines`,
    }),
  ),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/** Until the owner writes the shop's details: the spec's name and headquarters. */
export const DEFAULT_SHOP_DETAILS: ShopDetails = { name: SHOP_NAME, address: SHOP_HEADQUARTERS };

/** The address as printed: its lines, blank ones dropped, each trimmed. */
export const addressLines = (address: string): string[] =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

// --- Which documents ------------------------------------------------------------------------

export const ORDER_DOCUMENT_KINDS = ['packing-slip', 'invoice'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];
/** Orders in one print or one PDF: a day's parcels; a page of the list is 25. */
export const MAX_DOCUMENTS_AT_ONCE = 50;

/** POST /api/admin/order-documents (JSON for the print page) and …/order-documents.pdf. */
export const orderDocumentsRequestSchema = z.object({
  kind: z.enum(ORDER_DOCUMENT_KINDS, {
    error: `Kind must be one of ${ORDER_DOCUMENT_KINDS.join(', ')}`,
  }),
  orderIds: z
    .array(z.uuid({ error: 'Each order must be an order id' }))
    .check(
      z.minLength(1, 'Choose at least one order'),
      z.maxLength(MAX_DOCUMENTS_AT_ONCE, `Choose at most ${MAX_DOCUMENTS_AT_ONCE} orders at once`),
    ),
});
export type OrderDocumentsRequest = z.infer<typeof orderDocumentsRequestSchema>;

// --- What is printed ------------------------------------------------------------------------

/** Who the parcel goes to, as printed: a name, then the address's lines. */
export const recipientSchema = z.object({ name: z.string(), lines: z.array(z.string()) });
export type Recipient = z.infer<typeof recipientSchema>;

/**
 * The one place that says who an order goes to: the recipient named in the address (the
 * customer's name, 'Guest' for guests, on older orders), the address and the phone to call.
 */
export function recipientOf(order: {
  customerName: string;
  shippingAddress: Omit<ShippingAddress, 'fullName'> & { fullName?: string };
}): Recipient {
  const { fullName, phone } = order.shippingAddress;
  // Orders placed before the recipient was asked (decision 040) go to their buyer.
  const name = fullName?.trim() || order.customerName;
  // The address as mails print it (addresses.ts), whose first line is the name.
  const [, ...lines] = parcelAddressLines({ ...order.shippingAddress, fullName: name });
  return { name, lines: [...lines, ...(phone ? [phone] : [])] };
}

export const documentLineSchema = z.object({
  name: z.string(),
  /** The variant's option values ('Clay / XL'); empty for a product without options. */
  variantTitle: z.string(),
  sku: z.nullable(z.string()),
  qty: z.int(),
  /** Dollars: the unit price and the line's total. */
  price: z.number(),
  total: z.number(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const invoiceFactsSchema = z.object({
  /** 'INV-000042': sequential, never reused; an order keeps its number. */
  number: z.string(),
  issuedAt: z.string(),
  /** Dollars. */
  itemsPrice: z.number(),
  /** The discount line (decision 047): its code or name, and what it took off the items. */
  discount: z.optional(z.nullable(z.object({ title: z.string(), price: z.number() }))),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  /** What was refunded so far (succeeded), in dollars. */
  refundedPrice: z.number(),
  paidAt: z.string(),
  /** 'Card (Stripe)'. */
  payment: z.string(),
});
export type InvoiceFacts = z.infer<typeof invoiceFactsSchema>;

export const orderDocumentSchema = z.object({
  orderId: z.string(),
  /** The order number (orderNumber()). */
  number: z.string(),
  orderedAt: z.string(),
  email: z.string(),
  recipient: recipientSchema,
  lines: z.array(documentLineSchema),
  /** Only on invoices. */
  invoice: z.optional(invoiceFactsSchema),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const orderDocumentsResponseSchema = z.object({
  kind: z.enum(ORDER_DOCUMENT_KINDS),
  shop: shopDetailsSchema,
  /** In the order the ids were asked. */
  documents: z.array(orderDocumentSchema),
});
export type OrderDocumentsResponse = z.infer<typeof orderDocumentsResponseSchema>;

/** 'INV-000042'. */
export const invoiceNumberLabel = (sequence: number): string =>
  `INV-${String(sequence).padStart(6, '0')}`;

/** How the payment reads on an invoice: the spec's only method is the card provider's. */
export const paymentLabel = (paymentMethod: string): string => `Card (${paymentMethod})`;

export const ORDER_DOCUMENT_TITLES: Record<OrderDocumentKind, string> = {
  'packing-slip': 'Packing slip',
  invoice: 'Invoice',
};

export const ORDER_DOCUMENT_MESSAGES = {
  notFound: 'Order not found',
  notPaid: (number: string) => `Order #${number} is not paid, so it has no invoice`,
} as const;
