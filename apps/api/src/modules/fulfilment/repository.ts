import {
  and,
  between,
  count,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/orders';
import type { Executor } from '../../db/client';
import { orderItems, orders, shipmentItems, shipments } from '../../db/schema';
import {
  countLimit,
  cursorMicros,
  keysetClauses,
  type KeysetOrder,
  type PageAt,
} from '../../lib/keyset';
import { containsPattern } from '../../lib/search';

export interface OrderListRow {
  id: string;
  createdAt: Date;
  customerName: string;
  /** Null on orders placed before the recipient was asked (decision 040). */
  recipientName: string | null;
  email: string;
  status: OrderStatus;
  totalCents: number;
  itemsCount: number;
}

/**
 * The ids that start with an order number (hex digits; the id's dashes when pasted whole), as a
 * range of the primary key, so the search reads the index rather than every id as text.
 */
export function idPrefixRange(q: string): { from: string; to: string } | undefined {
  const hex = q.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{1,32}$/.test(hex) || !/^[0-9a-f-]+$/i.test(q)) return undefined;
  const uuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { from: uuid(hex.padEnd(32, '0')), to: uuid(hex.padEnd(32, 'f')) };
}

/** The recipient's name in the order's address (indexed for the search, see the schema). */
const recipientName = sql<string | null>`(${orders.shippingAddress} ->> 'fullName')`;

export interface OrderListFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  /**
   * Runs of `q` that few e-mails contain (rarestRuns): the e-mail index is read for these alone,
   * and `q` itself is checked on the rows they find.
   */
  emailRuns?: readonly string[] | undefined;
  /** UTC days, 'YYYY-MM-DD', both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The day after a UTC day, at 00:00 UTC: the end (exclusive) of a range that includes `day`. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000);

/**
 * The back office's order filter (the list and its CSV export): status, `q` as the order number
 * (a prefix of the id, whatever the case) or a part of the e-mail, the customer's name or the
 * recipient's, and the UTC days the order was placed on.
 */
function orderFilter(filter: OrderListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.q) {
    const contains = containsPattern(filter.q);
    const matches = [
      filter.emailRuns?.length
        ? and(
            ...filter.emailRuns.map((run) => ilike(orders.email, `%${run}%`)),
            // Not the indexed expression: checked on the rows the runs find, not looked up.
            sql`(${orders.email} || '') ilike ${contains}`,
          )!
        : ilike(orders.email, contains),
      ilike(orders.customerName, contains),
      ilike(recipientName, contains),
    ];
    const ids = idPrefixRange(filter.q);
    if (ids) matches.push(between(orders.id, ids.from, ids.to));
    conditions.push(or(...matches) as SQL);
  }
  if (filter.from) conditions.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(orders.createdAt, dayAfter(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The back office's lists of orders, newest first: by time, then id (index-served, 0022). */
const NEWEST_FIRST: KeysetOrder = {
  at: sql`${orders.createdAt}`,
  key: sql`${orders.id}`,
  keyValue: (key) => sql`${key}::uuid`,
};

/** The list's columns of an order, with its cursor's parts. */
const listColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  customerName: orders.customerName,
  recipientName,
  email: orders.email,
  status: orders.status,
  totalCents: orders.totalCents,
  cursorAt: cursorMicros(sql`${orders.createdAt}`),
  cursorKey: sql<string>`${orders.id}::text`,
};
type ListedOrder = Omit<OrderListRow, 'itemsCount'> & { cursorAt: string; cursorKey: string };

/** Each order's units, summed over its lines. */
async function withItemsCounts(db: Executor, rows: ListedOrder[]) {
  const units = rows.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          units: sql<number>`sum(${orderItems.qty})::int`,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(orderItems.orderId)
    : [];
  return rows.map((row) => ({
    ...row,
    itemsCount: units.find((entry) => entry.orderId === row.id)?.units ?? 0,
  }));
}

/**
 * One page of the back office's order list, newest first (see orderFilter), read at a cursor
 * (decision 053): `size` + 1 rows, each with its cursor's parts; keysetPage makes the page.
 */
export async function listOrderRows(
  db: Executor,
  filter: OrderListFilter,
  at: PageAt,
  size: number,
): Promise<(OrderListRow & { cursorAt: string; cursorKey: string })[]> {
  const keyset = keysetClauses(NEWEST_FIRST, at);
  const rows = await db
    .select(listColumns)
    .from(orders)
    .where(and(orderFilter(filter), keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(size + 1)
    .offset(keyset.offset);
  return withItemsCounts(db, rows);
}

/**
 * The first page of a filtered list (`size` + 1 rows, as listOrderRows reads them) and its count
 * to `cap` (as countOrderRows counts) in one statement (decision 053, amended). The matches are
 * looked up once, `cap` + 1 at most in any order, and counted. When there are no more than `cap`
 * (a search most orders do not match, whose trigram scan is the cost), the page is the newest of
 * them. Only when the count is capped is the page read again, by the newest-first index walk
 * (the filter wrapped so that no trigram index can serve it): more than `cap` matches mean one
 * row in N / `cap` at least, so the walk finds the page within 26 × N / `cap` rows (26,000 at a
 * million orders; 12,300 for an e-mail fragment 4,444 orders carry, 17 ms against 35 ms for a
 * second trigram scan).
 */
export async function listFirstOrderRowsCounted(
  db: Executor,
  filter: OrderListFilter,
  size: number,
  cap: number,
): Promise<{ rows: (OrderListRow & { cursorAt: string; cursorKey: string })[]; total: number }> {
  const where = orderFilter(filter) ?? sql`true`;
  const limit = countLimit(cap);
  const page = sql`(
    with m as materialized (select id, created_at from orders where ${where} limit ${limit}),
      n as materialized (select count(*)::int as matched from m)
    (select m.id as page_id, m.created_at as page_at, (select matched from n) as matched from m
      where (select matched from n) < ${limit}
      order by m.created_at desc, m.id desc limit ${size + 1})
    union all
    (select orders.id, orders.created_at, (select matched from n) from orders
      where coalesce((${where}), false) and (select matched from n) >= ${limit}
      order by orders.created_at desc, orders.id desc limit ${size + 1})
  ) page`;
  const read = await db
    .select({ ...listColumns, matched: sql<number>`page.matched` })
    .from(orders)
    .innerJoin(page, sql`page.page_id = ${orders.id}`)
    .orderBy(sql`page.page_at desc`, sql`page.page_id desc`);
  const total = read[0]?.matched ?? 0;
  return {
    rows: await withItemsCounts(
      db,
      read.map(({ matched: _, ...row }) => row),
    ),
    total,
  };
}

/** How many orders the filter matches, counted to one more than `cap` at most (never a scan of all). */
export async function countOrderRows(
  db: Executor,
  filter: OrderListFilter,
  cap: number,
): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(orderFilter(filter))
    .limit(countLimit(cap))
    .as('matching');
  const [counted] = await db.select({ total: count() }).from(matching);
  return counted?.total ?? 0;
}

/** The e-mails of the newest orders: a sample of the shop's e-mails (see rarestRuns). */
export async function findRecentOrderEmails(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ email: orders.email })
    .from(orders)
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`)
    .limit(limit);
  return rows.map((row) => row.email);
}

/** Where a page of the export ends: the last order's time (as PostgreSQL wrote it, to the µs) and id. */
export interface ExportCursor {
  at: string;
  id: string;
}

/**
 * The next `limit` orders of the filtered list after `cursor`, newest first: a keyset page, so a
 * long export reads each order once and holds one page at a time, whatever the offset.
 */
export async function exportOrderIds(
  db: Executor,
  filter: OrderListFilter,
  cursor: ExportCursor | undefined,
  limit: number,
): Promise<{ id: string; at: string }[]> {
  const keyset = keysetClauses(
    NEWEST_FIRST,
    cursor ? { after: { at: cursor.at, key: cursor.id } } : { offset: 0 },
  );
  return db
    .select({ id: orders.id, at: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(and(orderFilter(filter), keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(limit);
}

/** A parcel and the units of each line it holds, in the caller's transaction. */
export async function insertShipment(
  db: Executor,
  parcel: {
    orderId: string;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    note: string | null;
    items: { orderItemId: string; qty: number }[];
  },
): Promise<{ id: string }> {
  const { items, ...row } = parcel;
  const [inserted] = await db.insert(shipments).values(row).returning({ id: shipments.id });
  if (!inserted) throw new Error('the parcel was not written');
  await db
    .insert(shipmentItems)
    .values(items.map((item) => ({ shipmentId: inserted.id, ...item })));
  return inserted;
}

/**
 * Marks parcels of an order delivered (one, or every one not yet delivered); answers how many
 * changed.
 */
export async function markParcelsDelivered(
  db: Executor,
  orderId: string,
  shipmentId?: string,
): Promise<number> {
  const rows = await db
    .update(shipments)
    .set({ deliveredAt: sql`now()` })
    .where(
      and(
        eq(shipments.orderId, orderId),
        isNull(shipments.deliveredAt),
        shipmentId === undefined ? undefined : eq(shipments.id, shipmentId),
      ),
    )
    .returning({ id: shipments.id });
  return rows.length;
}

/**
 * The order's last units no longer need a parcel (refunded after the others shipped): the order
 * counts as shipped from now, whatever its status says about its money.
 */
export async function stampShipped(db: Executor, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ shippedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.shippedAt)));
}
