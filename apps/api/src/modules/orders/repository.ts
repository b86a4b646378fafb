import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { REVIEWABLE_STATUSES, type OrderStatus } from '@shop/shared/orders';
import type { Executor } from '../../db/client';
import { orderItems, orders, refunds, shipmentItems, shipments } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A parcel with the units of each order line it holds. */
export type ShipmentRow = typeof shipments.$inferSelect & {
  items: { orderItemId: string; qty: number }[];
};
/** An order with its lines, its parcels and what has been refunded (pending refunds count). */
export type OrderWithItems = OrderRow & {
  items: OrderItemRow[];
  shipments: ShipmentRow[];
  refundedCents: number;
  /** The part of refundedCents still waiting for the payment provider. */
  refundPendingCents: number;
};

/** The time column each status sets when an order enters it. */
const STATUS_STAMPS: Record<
  OrderStatus,
  Partial<Record<'paidAt' | 'shippedAt' | 'deliveredAt' | 'closedAt', SQL>>
> = {
  pending_payment: {},
  paid: { paidAt: sql`now()` },
  shipped: { shippedAt: sql`now()` },
  delivered: { deliveredAt: sql`now()` },
  partially_refunded: {},
  partially_shipped: {},
  refunded: { closedAt: sql`now()` },
  cancelled: { closedAt: sql`now()` },
  expired: { closedAt: sql`now()` },
};

/**
 * Moves an order from one of `from` to `to`, guarded by its current status: answers the order when
 * this call made the change, undefined when it was already elsewhere (a repeated or late event).
 */
export async function transitionOrder(
  db: Executor,
  orderId: string,
  from: OrderStatus[],
  to: OrderStatus,
): Promise<OrderRow | undefined> {
  const stamp = STATUS_STAMPS[to];
  const [row] = await db
    .update(orders)
    .set({ status: to, ...stamp, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  return row;
}

export async function findItemsOfOrder(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name));
}

export async function findOrderWithItems(
  db: Executor,
  orderId: string,
): Promise<OrderWithItems | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const [details] = await withDetails(db, [order]);
  return details;
}

/** Orders in the given status among `orderIds`, with their details, in four queries in all. */
export async function findOrdersWithItems(
  db: Executor,
  orderIds: string[],
  status: OrderRow['status'],
): Promise<OrderWithItems[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, status)));
  return withDetails(db, rows);
}

/** Orders among `orderIds`, whatever their status, with their details (unknown ids are left out). */
export async function findOrdersByIds(db: Executor, orderIds: string[]): Promise<OrderWithItems[]> {
  if (!orderIds.length) return [];
  const rows = await db.select().from(orders).where(inArray(orders.id, orderIds));
  return withDetails(db, rows);
}

/**
 * Adds lines, parcels and refunded amounts to orders, in four queries whatever their number.
 * One after the other: `db` may be a transaction, whose one connection takes one query at a time.
 */
async function withDetails(db: Executor, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    // As people read a packing slip: by product, then its variant, size and option.
    .orderBy(
      asc(orderItems.name),
      asc(orderItems.variantTitle),
      asc(orderItems.size),
      asc(orderItems.option),
      asc(orderItems.id),
    );
  const parcels = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, ids))
    .orderBy(asc(shipments.shippedAt), asc(shipments.id));
  const parcelUnits = parcels.length
    ? await db
        .select()
        .from(shipmentItems)
        .where(
          inArray(
            shipmentItems.shipmentId,
            parcels.map((parcel) => parcel.id),
          ),
        )
    : [];
  const refunded = await db
    .select({
      orderId: refunds.orderId,
      status: refunds.status,
      cents: sql<number>`sum(${refunds.amountCents})::int`,
    })
    .from(refunds)
    .where(and(inArray(refunds.orderId, ids), inArray(refunds.status, ['pending', 'succeeded'])))
    .groupBy(refunds.orderId, refunds.status);
  const centsOf = (orderId: string, status: 'pending' | 'succeeded') =>
    refunded.find((entry) => entry.orderId === orderId && entry.status === status)?.cents ?? 0;
  return rows.map((row) => ({
    ...row,
    items: items.filter((item) => item.orderId === row.id),
    shipments: parcels
      .filter((parcel) => parcel.orderId === row.id)
      .map((parcel) => ({
        ...parcel,
        items: parcelUnits
          .filter((unit) => unit.shipmentId === parcel.id)
          .map(({ orderItemId, qty }) => ({ orderItemId, qty })),
      })),
    refundedCents: centsOf(row.id, 'pending') + centsOf(row.id, 'succeeded'),
    refundPendingCents: centsOf(row.id, 'pending'),
  }));
}

/**
 * Reads an order and locks its row until the transaction ends: refunds of one order queue here,
 * so their sum is checked against what was paid one at a time (on every API process).
 */
export async function findOrderForUpdate(
  db: Executor,
  orderId: string,
): Promise<OrderWithItems | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return undefined;
  const [details] = await withDetails(db, [order]);
  return details;
}

export async function setPaymentReference(
  db: Executor,
  orderId: string,
  reference: string,
): Promise<void> {
  await db.update(orders).set({ paymentReference: reference }).where(eq(orders.id, orderId));
}

export async function findOrderIdByPaymentReference(
  db: Executor,
  reference: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentReference, reference))
    .limit(1);
  return row?.id;
}

export async function findOrderIdBySession(
  db: Executor,
  sessionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  return row?.id;
}

export async function listOrdersOfUser(db: Executor, userId: string): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  return withDetails(db, rows);
}

/** Who the account's newest order (any status: the address was typed all the same) was for. */
export async function findLatestAddressOfUser(
  db: Executor,
  userId: string,
): Promise<Pick<OrderRow, 'shippingAddress' | 'customerName'> | undefined> {
  const [row] = await db
    .select({ shippingAddress: orders.shippingAddress, customerName: orders.customerName })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** Unpaid orders whose hold has run out, oldest first. */
export async function findLapsedHolds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.holdExpiresAt, sql`now()`)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Paid and not refunded in full or cancelled: an order whose buyer may review its products. */
const BOUGHT = [...REVIEWABLE_STATUSES];

/** Whether the account owns a paid (or delivered) order containing the product, made out to `email`. */
export async function userHasBought(
  db: Executor,
  buyer: { userId: string; email: string },
  productId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, buyer.userId),
        eq(orders.email, buyer.email),
        eq(orderItems.productId, productId),
        inArray(orders.status, BOUGHT),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The e-mail and account of an order when it is paid (or delivered) and contains the product;
 * else undefined.
 */
export async function boughtOrderBuyer(
  db: Executor,
  orderId: string,
  productId: string,
): Promise<{ email: string; userId: string | null } | undefined> {
  const [row] = await db
    .select({ email: orders.email, userId: orders.userId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orderItems.productId, productId),
        inArray(orders.status, BOUGHT),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Guest orders of an address its account has just proven (the mailbox it was made with opened a
 * link): those paid with that e-mail and placed before `placedBefore` become the account's. A
 * checkout someone else opens with the address later never does. Answers how many.
 */
export async function attachProvenGuestOrders(
  db: Executor,
  proof: { userId: string; email: string; placedBefore: Date },
): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ userId: proof.userId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(orders.userId),
        eq(orders.email, proof.email),
        isNotNull(orders.paidAt),
        lt(orders.createdAt, proof.placedBefore),
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

/**
 * An account's orders in the given statuses, locked for the rest of the transaction (so no
 * payment event moves them meanwhile), each with whether a parcel has been sent.
 */
export async function lockOrdersOfUser(
  db: Executor,
  userId: string,
  statuses: OrderStatus[],
): Promise<{ id: string; status: OrderStatus; shipped: boolean }[]> {
  const rows = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, statuses)))
    .for('update');
  if (!rows.length) return [];
  const parcels = await db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(
      inArray(
        shipments.orderId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    shipped: parcels.some((parcel) => parcel.orderId === row.id),
  }));
}

/**
 * Replaces who an order was for (name, e-mail, address, client address) and unlinks the account;
 * lines, amounts, payments, parcels and refunds stay for the books. Answers how many changed.
 */
export async function eraseCustomerOfOrders(
  db: Executor,
  userId: string,
  replacement: { name: string; field: string; email: { prefix: string; domain: string } },
): Promise<number> {
  const { field, email } = replacement;
  const rows = await db
    .update(orders)
    .set({
      userId: null,
      customerName: replacement.name,
      email: sql`${email.prefix} || ${orders.id}::text || ${email.domain}`,
      shippingAddress: {
        address: field,
        city: field,
        state: field,
        postalCode: field,
        country: field,
      },
      clientAddress: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.length;
}
