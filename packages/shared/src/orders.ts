import * as z from 'zod/mini';
import { emailSchema } from './accounts';
import { orderAddressSchema, shippingAddressSchema } from './addresses';
import { lineOptionSchema, lineSizeSchema } from './cart';
import {
  LINE_LIMIT_MESSAGE,
  MAX_CHECKOUT_PROOFS,
  MAX_UNITS_PER_LINE,
  orderLimitProblem,
} from './order-limits';
import { multiLineText, singleLineText } from './text';

/** The one payment method: the card provider's hosted checkout. */
export const PAYMENT_METHOD = 'Stripe';
/** Most lines in one order (the unit limits of order-limits.ts apply on top). */
export const MAX_ORDER_LINES = 50;

/** The delivery address: the recipient and the spec's five fields (see addresses.ts). */
export { shippingAddressSchema, type ShippingAddress } from './addresses';

/** What the server takes of a cart line: which variant and how many. Prices sent along are ignored. */
export const orderItemRequestSchema = z.object({
  product: singleLineText('Product').check(z.minLength(1), z.maxLength(100)),
  qty: z
    .int()
    .check(
      z.minimum(1, 'Quantity must be at least 1'),
      z.maximum(MAX_UNITS_PER_LINE, LINE_LIMIT_MESSAGE),
    ),
  size: z._default(lineSizeSchema, 'NA'),
  option: z._default(lineOptionSchema, 'NA'),
  /**
   * The variant's id, for products whose options are not the spec's size or A/B (decision 031);
   * the spec's size and option name the variant of the others.
   */
  variant: z.optional(singleLineText('Variant').check(z.minLength(1), z.maxLength(100))),
});
export type OrderItemRequest = z.infer<typeof orderItemRequestSchema>;

const orderItemsSchema = z.array(orderItemRequestSchema).check(
  z.minLength(1, 'Your cart is empty'),
  z.maxLength(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
  // Lines of one variant are merged by the server, which checks the per-line limit again after.
  z.superRefine((lines, ctx) => {
    const problem = orderLimitProblem(lines);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/**
 * A browser's proof of a checkout it started: the order and the token of its cancel link. It can
 * end that checkout (cancel-checkout) and tell what that checkout holds (own-holds), nothing else.
 */
export const checkoutProofSchema = z.object({
  orderId: singleLineText('Order id').check(z.minLength(1), z.maxLength(100)),
  token: singleLineText('Token').check(z.minLength(1), z.maxLength(200)),
});
export type CheckoutProof = z.infer<typeof checkoutProofSchema>;
const checkoutProofsSchema = z
  .array(checkoutProofSchema)
  .check(z.maxLength(MAX_CHECKOUT_PROOFS, `At most ${MAX_CHECKOUT_PROOFS} checkouts`));

/** The shopper's pick among the shipping rates offered (decision 041); the zone's first if none. */
export const shippingRateIdSchema = z.optional(
  singleLineText('Shipping rate').check(z.minLength(1), z.maxLength(100)),
);

/** A discount code the shopper typed (decision 047); checked and counted on the server. */
export const discountCodeSchema = z.optional(
  z
    .string({ error: 'Discount code must be text' })
    .check(z.trim(), z.maxLength(40, 'This code is not valid')),
);

/**
 * POST /api/orders/create-checkout-session (bearer); the user comes from the token, not userInfo.
 * `replaces`: the browser's earlier open checkouts, ended (their stock given back) before the new
 * one holds its own, so placing the order again never holds the cart twice.
 */
export const checkoutSessionRequestSchema = z.object({
  orderItems: orderItemsSchema,
  shippingAddress: shippingAddressSchema,
  userInfo: z.optional(z.unknown()),
  shippingRateId: shippingRateIdSchema,
  discountCode: discountCodeSchema,
  replaces: z.optional(checkoutProofsSchema),
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

/** POST /api/orders/guest-checkout-session */
export const guestCheckoutSessionRequestSchema = z.object({
  orderItems: orderItemsSchema,
  shippingAddress: shippingAddressSchema,
  email: emailSchema,
  shippingRateId: shippingRateIdSchema,
  discountCode: discountCodeSchema,
  replaces: z.optional(checkoutProofsSchema),
});
export type GuestCheckoutSessionRequest = z.infer<typeof guestCheckoutSessionRequestSchema>;

/** The hosted checkout's address, and what the browser that started it keeps. */
export const checkoutSessionResponseSchema = z.object({
  /** The provider's hosted checkout. */
  url: z.string(),
  /** The proof of the checkout: the cart in any tab keeps its items (see own holds). */
  checkout: z.optional(checkoutProofSchema),
  /**
   * A one-time random token for the thank-you page: the browser that started the checkout keeps
   * it (session storage) and shows it to read its order there; the server keeps only its hash.
   */
  receipt: z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** How long after the payment the thank-you page can read its order with the receipt token. */
export const RECEIPT_WINDOW_MS = 60 * 60_000;

/**
 * pending_payment → paid → (partially_shipped →) shipped → delivered; a paid order can be refunded in part
 * (partially_refunded) or in full (refunded), or cancelled before it ships; an unpaid one
 * expires or is cancelled.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'partially_shipped',
  'shipped',
  'delivered',
  'partially_refunded',
  'refunded',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's status in words, as the shopper and the back office read it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired',
  partially_shipped: 'Partly shipped',
};

/**
 * Paid and not refunded in full or cancelled: an order whose buyer may review its products (the
 * API checks it; the order page offers 'Write a review' only then). A partly refunded order is
 * still a purchase of what was kept.
 */
export const REVIEWABLE_STATUSES = [
  'paid',
  'partially_shipped',
  'shipped',
  'delivered',
  'partially_refunded',
] as const satisfies readonly OrderStatus[];

export const isReviewableStatus = (status: OrderStatus): boolean =>
  (REVIEWABLE_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * The order number a person reads (shopper, mails, back office): the first 8 characters of the
 * order's id, upper case. Searching by it matches the id's prefix.
 */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/**
 * A parcel on its way: the carrier, its tracking number and link (null when the carrier has no
 * template and no URL was given), the units of each line it holds, and when it arrived.
 */
export const shipmentSchema = z.object({
  _id: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.nullable(z.string()),
  /** A note for the buyer. */
  note: z.nullable(z.string()),
  items: z.array(
    z.object({
      name: z.string(),
      variantTitle: z.string(),
      size: lineSizeSchema,
      option: lineOptionSchema,
      qty: z.int().check(z.positive()),
    }),
  ),
  shippedAt: z.string(),
  deliveredAt: z.nullable(z.string()),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * POST /api/orders/:id/cancel-checkout: the shopper came back through the hosted checkout's
 * cancel link, which carries the order's signed token.
 */
export const cancelCheckoutRequestSchema = z.object({
  token: singleLineText('Token').check(z.minLength(1), z.maxLength(200)),
});
export type CancelCheckoutRequest = z.infer<typeof cancelCheckoutRequestSchema>;
export const cancelCheckoutResponseSchema = z.object({ status: z.enum(ORDER_STATUSES) });
export type CancelCheckoutResponse = z.infer<typeof cancelCheckoutResponseSchema>;

/**
 * POST /api/orders/own-holds (bearer optional): what the shopper's own open checkouts hold, so the
 * cart's stock re-check counts those units as theirs. Answers the signed-in account's open
 * checkouts and those the proofs name (a proof of another order, forged or stale, adds nothing).
 */
export const ownHoldsRequestSchema = z.object({ checkouts: z._default(checkoutProofsSchema, []) });
export type OwnHoldsRequest = z.infer<typeof ownHoldsRequestSchema>;
export const ownHoldsResponseSchema = z.object({
  checkouts: z.array(
    z.object({
      orderId: z.string(),
      items: z.array(
        z.object({
          product: z.string(),
          size: lineSizeSchema,
          option: lineOptionSchema,
          /** The variant's id. */
          variant: z.string(),
          qty: z.int().check(z.positive()),
        }),
      ),
    }),
  ),
});
export type OwnHoldsResponse = z.infer<typeof ownHoldsResponseSchema>;

/** An order's or a quote's discount line, in dollars: off the items, and off shipping. */
export const discountLineSchema = z.object({
  title: z.string(),
  itemsPrice: z.number().check(z.nonnegative()),
  shippingPrice: z.number().check(z.nonnegative()),
});
export type DiscountLineView = z.infer<typeof discountLineSchema>;

/** GET /api/orders/:id and each entry of GET /api/orders/. Amounts in dollars. */
export const orderSchema = z.object({
  _id: z.string(),
  /** See orderNumber(). */
  number: z.string(),
  orderItems: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      image: z.string(),
      size: lineSizeSchema,
      option: lineOptionSchema,
      /** The variant's option values as one text ('Clay / XL'); '' for a product without options. */
      variantTitle: z.string(),
      sku: z.nullable(z.string()),
      qty: z.int().check(z.positive()),
      price: z.number().check(z.nonnegative()),
    }),
  ),
  /** The recipient and where to; an order placed before the recipient was asked names its buyer. */
  shippingAddress: orderAddressSchema,
  paymentMethod: z.string(),
  itemsPrice: z.number().check(z.nonnegative()),
  /** Taken off the items by the order's discount; 0 without one (decision 047). */
  discountPrice: z.optional(z.number().check(z.nonnegative())),
  /** The discount line: the code or the automatic discount's name, and what it saved in all. */
  discount: z.optional(z.nullable(discountLineSchema)),
  shippingPrice: z.number().check(z.nonnegative()),
  taxPrice: z.number().check(z.nonnegative()),
  /** The tax rate the order was charged, in percent (decision 041): 7 for orders before it. */
  taxRate: z.optional(z.number().check(z.nonnegative())),
  totalPrice: z.number().check(z.nonnegative()),
  status: z.enum(ORDER_STATUSES),
  isPaid: z.boolean(),
  paidAt: z.nullable(z.string()),
  isDelivered: z.boolean(),
  deliveredAt: z.nullable(z.string()),
  user: z.object({ name: z.string(), email: z.string() }),
  /** Parcels sent, oldest first; empty until the order ships. */
  shipments: z.array(shipmentSchema),
  /** What has been refunded so far, in dollars. */
  refundedPrice: z.number().check(z.nonnegative()),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /api/orders/receipt: the thank-you page's order, read with the checkout's session id (from
 * the success URL) and the receipt token (in the body, never in a URL). 404 with { message } unless
 * the token is that order's, the order is paid, and the payment is at most RECEIPT_WINDOW_MS old.
 */
export const orderReceiptRequestSchema = z.object({
  sessionId: singleLineText('Session').check(z.minLength(1), z.maxLength(200)),
  receipt: singleLineText('Receipt').check(z.minLength(1), z.maxLength(200)),
});
export type OrderReceiptRequest = z.infer<typeof orderReceiptRequestSchema>;

export const orderReceiptSchema = z.extend(
  z.pick(orderSchema, {
    _id: true,
    number: true,
    orderItems: true,
    itemsPrice: true,
    discountPrice: true,
    discount: true,
    shippingPrice: true,
    taxPrice: true,
    taxRate: true,
    totalPrice: true,
  }),
  {
    /** Where the order opens: /order/:id, with the signed token of the order mail for a guest. */
    orderPath: z.string(),
  },
);
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

/**
 * POST /api/products/:id/review. The e-mail alone proves nothing: the proof of the purchase is the
 * bearer token of the account that owns a paid order with the product, or `orderId` and
 * `orderToken`, the order and signed token of the guest's order link (/order/:id?token=…).
 */
export const reviewRequestSchema = z
  .object({
    rating: z.coerce
      .number({ error: 'Please choose a rating' })
      .check(
        z.int('Please choose a rating'),
        z.minimum(1, 'Please choose a rating'),
        z.maximum(5, 'Please choose a rating'),
      ),
    comment: z._default(
      multiLineText('Comment').check(
        z.trim(),
        z.maxLength(2000, 'Comment must be at most 2000 characters'),
      ),
      '',
    ),
    userEmail: emailSchema,
    orderId: z.optional(singleLineText('Order').check(z.trim(), z.minLength(1), z.maxLength(100))),
    orderToken: z.optional(
      singleLineText('Order token').check(z.trim(), z.minLength(1), z.maxLength(200)),
    ),
  })
  .check(
    z.refine((review) => (review.orderId === undefined) === (review.orderToken === undefined), {
      message: 'orderId and orderToken go together',
      path: ['orderToken'],
    }),
  );

export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  /** One answer whenever the proof is missing or does not hold: it never tells who bought what. */
  reviewNeedsProof:
    'Only buyers can review this product: sign in with the account you bought it with, or open your order from the link in your order e-mail and choose “Write a review”.',
  reviewEmailMismatch: 'Please use the email address of your account.',
  reviewOrderEmailMismatch: 'Please use the email address of your order.',
  alreadyReviewed: 'You have already reviewed this product',
  reviewAdded: 'Review added',
} as const;
