import { SPEC_CHARGE_SETTINGS } from '@shop/shared/shipping';
import {
  ORDER_MESSAGES,
  PAYMENT_METHOD,
  RECEIPT_WINDOW_MS,
  orderNumber,
  type Order,
  type OrderReceipt,
  type OrderReceiptRequest,
  type OrderStatus,
} from '@shop/shared/orders';
import type { LastAddressResponse } from '@shop/shared/addresses';
import { trackingLink } from '@shop/shared/parcels';
import { ERASED_EMAIL, ERASED_FIELD, FORMER_CUSTOMER } from '@shop/shared/privacy';
import type { LineOption, LineSize } from '@shop/shared/catalog';
import type { Database, Executor, Transaction } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import type { UserRow } from '../accounts/repository';
import {
  checkoutCancelToken,
  isCheckoutReceipt,
  isOrderAccessToken,
  orderAccessToken,
} from './order-access';
import {
  boughtOrderBuyer,
  eraseCustomerOfOrders,
  findOrderForUpdate,
  findOrderIdByPaymentReference,
  findOrderIdBySession,
  findLatestAddressOfUser,
  findOrderWithItems,
  findOrdersByIds,
  findOrdersWithItems,
  listOrdersOfUser,
  transitionOrder,
  userHasBought,
  type OrderRow,
  type OrderWithItems,
} from './repository';

export interface OrdersContext {
  db: Database;
  /** Signs guests' order links. */
  secret: Uint8Array;
  appUrl: string;
  supportEmail: string;
  wakeMail(): void;
  /** Stock changed: catalog answers of this process should be fresh. */
  onStockChanged(): void;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The order's address as answered: an order placed before the recipient was asked (decision 040)
 * names its buyer (the account's name, or 'Guest') as the recipient.
 */
export function orderAddressOf(order: Pick<OrderRow, 'shippingAddress' | 'customerName'>) {
  const { fullName, phone, address, city, state, postalCode, country } = order.shippingAddress;
  return {
    fullName: fullName ?? order.customerName,
    ...(phone ? { phone } : {}),
    address,
    city,
    state,
    postalCode,
    country,
  };
}

/** What names an order line to people: its product, variant, size and option. */
const lineNames = (item: OrderWithItems['items'][number]) => ({
  name: item.name,
  variantTitle: item.variantTitle,
  size: item.size as LineSize,
  option: item.option as LineOption,
});

export function toOrderResponse(order: OrderWithItems): Order {
  return {
    _id: order.id,
    number: orderNumber(order.id),
    orderItems: order.items.map((item) => ({
      product: item.productId,
      ...lineNames(item),
      image: item.image,
      sku: item.sku,
      qty: item.qty,
      price: item.unitPriceCents / 100,
    })),
    shippingAddress: orderAddressOf(order),
    paymentMethod: order.paymentMethod || PAYMENT_METHOD,
    itemsPrice: order.itemsCents / 100,
    discountPrice: order.discountCents / 100,
    discount: order.discountTitle
      ? {
          title: order.discountTitle,
          itemsPrice: order.discountCents / 100,
          shippingPrice: order.shippingDiscountCents / 100,
        }
      : null,
    shippingPrice: order.shippingCents / 100,
    taxPrice: order.taxCents / 100,
    taxRate: (order.taxRateBp ?? SPEC_CHARGE_SETTINGS.tax.defaultRateBp) / 100,
    totalPrice: order.totalCents / 100,
    status: order.status,
    isPaid: order.paidAt !== null,
    paidAt: iso(order.paidAt),
    isDelivered: order.deliveredAt !== null,
    deliveredAt: iso(order.deliveredAt),
    user: { name: order.customerName, email: order.email },
    shipments: order.shipments.map((parcel) => ({
      _id: parcel.id,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      trackingUrl: trackingLink(parcel),
      note: parcel.note,
      items: parcel.items.flatMap((unit) => {
        const item = order.items.find((line) => line.id === unit.orderItemId);
        return item ? [{ ...lineNames(item), qty: unit.qty }] : [];
      }),
      shippedAt: parcel.shippedAt.toISOString(),
      deliveredAt: iso(parcel.deliveredAt),
    })),
    // What went back to the card: a refund still waiting for the provider is not told as done.
    refundedPrice: (order.refundedCents - order.refundPendingCents) / 100,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The link in the order mail: works without signing in, for guests and customers alike. */
export function orderLink(ctx: Pick<OrdersContext, 'appUrl' | 'secret'>, orderId: string): string {
  return `${ctx.appUrl}/order/${orderId}?token=${orderAccessToken(ctx.secret, orderId)}`;
}

/**
 * Where the hosted checkout's cancel link leads: back to the cart, with the order and its signed
 * token so the storefront can end the checkout at once (see cancelCheckout).
 */
export function checkoutCancelPath(ctx: Pick<OrdersContext, 'secret'>, orderId: string): string {
  const token = checkoutCancelToken(ctx.secret, orderId);
  return `/cart?${new URLSearchParams({ checkout: 'cancelled', order: orderId, token })}`;
}

/** An order for its owner, or for whoever holds its signed link; 404 for anyone else. */
export async function getOrder(
  ctx: OrdersContext,
  orderId: string,
  viewer: { user?: UserRow | undefined; token?: string | undefined },
): Promise<Order> {
  const notFound = new AppError('not_found', ORDER_MESSAGES.notFound);
  if (!isUuid(orderId)) throw notFound;
  const order = await findOrderWithItems(ctx.db, orderId);
  if (!order) throw notFound;
  const byLink =
    viewer.token !== undefined && isOrderAccessToken(ctx.secret, orderId, viewer.token);
  const byOwner = viewer.user !== undefined && order.userId === viewer.user.id;
  if (!byLink && !byOwner) throw notFound;
  return toOrderResponse(order);
}

/**
 * The thank-you page's order: for the browser that holds the checkout's receipt token, once the
 * order is paid and for RECEIPT_WINDOW_MS after (the clock is `now`). Anything else, a wrong or
 * another order's token, an unpaid or older order, is the same 404, so a leaked success URL tells
 * nothing. A guest's order opens by its signed link, as in the order mail.
 */
export async function getOrderReceipt(
  ctx: OrdersContext,
  request: OrderReceiptRequest,
  now: number,
): Promise<OrderReceipt> {
  const notFound = new AppError('not_found', ORDER_MESSAGES.notFound);
  const orderId = await findOrderIdBySession(ctx.db, request.sessionId);
  const order = orderId ? await findOrderWithItems(ctx.db, orderId) : undefined;
  if (!order || !isCheckoutReceipt(order.receiptHash, request.receipt)) throw notFound;
  if (!order.paidAt || now - order.paidAt.getTime() > RECEIPT_WINDOW_MS) throw notFound;
  const {
    _id,
    number,
    orderItems,
    itemsPrice,
    discountPrice,
    discount,
    shippingPrice,
    taxPrice,
    taxRate,
    totalPrice,
  } = toOrderResponse(order);
  const orderPath = order.userId
    ? `/order/${order.id}`
    : `/order/${order.id}?token=${orderAccessToken(ctx.secret, order.id)}`;
  return {
    _id,
    number,
    orderItems,
    itemsPrice,
    discountPrice,
    discount,
    shippingPrice,
    taxPrice,
    taxRate,
    totalPrice,
    orderPath,
  };
}

/**
 * Proof for a review by a signed-in customer: the account owns a paid (or delivered) order with
 * the product, made out to the account's e-mail. (An account can change its e-mail, and a
 * signed-in shopper may give another one in the guest form: the review is filed under the e-mail,
 * so only an order to that very e-mail counts, and changing the address mints no new reviews.)
 */
export async function accountHasBought(
  ctx: Pick<OrdersContext, 'db'>,
  user: UserRow,
  productId: string,
): Promise<boolean> {
  return userHasBought(ctx.db, { userId: user.id, email: user.email }, productId);
}

/**
 * Proof for a review without an account: the signed token of the order's link, for an order that
 * is paid (or delivered) and contains the product. Answers the order's e-mail and account (null
 * for a guest order), or undefined for a forged token, another order's token, an unpaid order or
 * one without the product alike.
 */
export async function buyerByOrderLink(
  ctx: Pick<OrdersContext, 'db' | 'secret'>,
  link: { orderId: string; token: string },
  productId: string,
): Promise<{ email: string; userId: string | null } | undefined> {
  if (!isUuid(link.orderId) || !isOrderAccessToken(ctx.secret, link.orderId, link.token))
    return undefined;
  return boughtOrderBuyer(ctx.db, link.orderId, productId);
}

/**
 * A customer's orders (docs/decisions/022-whose-orders.md) are those of the account: placed while
 * signed in, or guest orders attached when the account proved their e-mail (attachProvenGuestOrders).
 * A guest order that merely names the account's e-mail is not the account's: anyone can type it.
 * The Orders List and the data export.
 */
export async function listOrdersOfAccount(db: Executor, userId: string): Promise<Order[]> {
  return (await listOrdersOfUser(db, userId)).map(toOrderResponse);
}

/**
 * The address a signed-in customer used last (decision 040): the one of the account's newest order,
 * offered again at the next checkout; null before the first.
 */
export async function lastAddressOfAccount(
  db: Executor,
  userId: string,
): Promise<LastAddressResponse> {
  const latest = await findLatestAddressOfUser(db, userId);
  return { shippingAddress: latest ? orderAddressOf(latest) : null };
}

/** An order with its lines, for the modules that act on orders (checkout, payments). */
export function findOrder(db: Executor, orderId: string): Promise<OrderWithItems | undefined> {
  return findOrderWithItems(db, orderId);
}

/** Orders with their lines, parcels and refunds, whatever their status (packing slips, invoices). */
export function findOrders(db: Executor, orderIds: string[]): Promise<OrderWithItems[]> {
  return findOrdersByIds(db, orderIds);
}

/** The orders among `orderIds` that still wait for their payment, with their lines. */
export function findUnpaidOrders(db: Executor, orderIds: string[]): Promise<OrderWithItems[]> {
  return findOrdersWithItems(db, orderIds, 'pending_payment');
}

/** The order a provider's checkout session belongs to. */
export function orderIdOfPaymentSession(
  db: Executor,
  sessionId: string,
): Promise<string | undefined> {
  return findOrderIdBySession(db, sessionId);
}

/**
 * Runs `work` in a transaction with the order's row locked (404 for an unknown or malformed id):
 * back-office changes of one order (ship, refund, cancel) happen one at a time, on every process.
 */
export async function withLockedOrder<T>(
  db: Database,
  orderId: string,
  work: (tx: Transaction, order: OrderWithItems) => Promise<T>,
): Promise<T> {
  const notFound = new AppError('not_found', ORDER_MESSAGES.notFound);
  if (!isUuid(orderId)) throw notFound;
  return db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order) throw notFound;
    return work(tx, order);
  });
}

/** An order with its lines, its row locked until the caller's transaction ends (see refunds). */
export function lockOrder(tx: Executor, orderId: string): Promise<OrderWithItems | undefined> {
  return findOrderForUpdate(tx, orderId);
}

/** Moves an order between statuses, guarded by its current one (see transitionOrder). */
export function moveOrder(
  tx: Executor,
  orderId: string,
  from: OrderStatus[],
  to: OrderStatus,
): Promise<OrderRow | undefined> {
  return transitionOrder(tx, orderId, from, to);
}

/** The order a provider's payment (Stripe: the PaymentIntent) belongs to. */
export function orderIdOfPayment(db: Executor, reference: string): Promise<string | undefined> {
  return findOrderIdByPaymentReference(db, reference);
}

/**
 * The mailbox an account was made with has just opened a link (its verification, a reset), in the
 * caller's transaction: the guest orders paid with that e-mail before the account existed become
 * the account's (see the repository).
 */
export { attachProvenGuestOrders } from './repository';

/** The data steps the order flows (flows/order-holds.ts) compose in their transactions. */
export {
  findLapsedHolds,
  findOrdersWithItems,
  lockOrdersOfUser,
  setPaymentReference,
  type OrderItemRow,
} from './repository';

/**
 * Takes the customer out of their orders, in the caller's transaction: name, e-mail (a
 * non-deliverable placeholder per order), address and client address are replaced and the account
 * unlinked; lines, amounts, payments, parcels and refunds stay for the books.
 */
export function eraseCustomerFromOrders(tx: Executor, userId: string): Promise<number> {
  return eraseCustomerOfOrders(tx, userId, {
    name: FORMER_CUSTOMER,
    field: ERASED_FIELD,
    email: ERASED_EMAIL,
  });
}
