import { and, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { customerNotes, orders, refunds, users } from '../../db/schema';

export interface CustomerRow {
  /** The account's id; for a guest, the id of their first paid guest order. */
  key: string;
  guest: boolean;
  name: string;
  email: string;
  verified: boolean;
  /** The account's creation; a guest's first paid order. */
  since: Date;
  ordersCount: number;
  spentCents: number;
}

/** A customer's orders: an account's own, or a guest's (no account, their e-mail, case aside). */
export type CustomerRef = { userId: string } | { guestEmail: string };

export const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const ordersOf = (ref: CustomerRef): SQL =>
  'userId' in ref
    ? sql`o.user_id = ${ref.userId}`
    : sql`o.user_id is null and lower(o.email) = ${ref.guestEmail}`;

/**
 * The name an order gives its customer: the recipient it was sent to, else the buyer's name on it
 * (a guest's is 'Guest', decision 040), so a guest is named as their parcels were addressed.
 */
const nameOnOrder = sql`coalesce(nullif(o.shipping_address->>'fullName', ''), o.customer_name)`;

/** Each paid order of `where`'s with what it came to less its succeeded refunds. */
export const paidOrders = (where: SQL) => sql`
  select o.id, o.user_id, lower(o.email) as email_key, ${nameOnOrder} as name, o.created_at,
    o.total_cents - coalesce((
      select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status = 'succeeded'
    ), 0) as net_cents
  from orders o where o.paid_at is not null and (${where})`;

/** The account of role customer with this id. */
export async function customerAccount(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      verifiedAt: users.verifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  return row;
}

/** The e-mail (lower-cased) of the guest order with this id, if it is a guest order. */
export async function guestEmailOfOrder(db: Executor, orderId: string) {
  const [row] = await db
    .select({ email: sql<string>`lower(${orders.email})` })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.userId)));
  return row?.email;
}

export interface CustomerFigures {
  ordersCount: number;
  spentCents: number;
  firstOrderAt: Date | null;
  lastOrderAt: Date | null;
  latestName: string | null;
  phone: string | null;
}

/** A customer's paid orders summed, their newest name and phone on an order. */
export async function customerFigures(db: Executor, ref: CustomerRef): Promise<CustomerFigures> {
  const [figures] = rowsOf<{
    orders: number;
    cents: number;
    first_at: Date | string | null;
    last_at: Date | string | null;
  }>(
    await db.execute(sql`
      select count(*)::int as orders, coalesce(sum(p.net_cents), 0)::int as cents,
        min(p.created_at) as first_at, max(p.created_at) as last_at
      from (${paidOrders(ordersOf(ref))}) as p`),
  );
  const [latest] = rowsOf<{ name: string; phone: string | null }>(
    await db.execute(sql`
      select
        (select ${nameOnOrder} from orders o where ${ordersOf(ref)}
         order by o.created_at desc limit 1) as name,
        (select o.shipping_address->>'phone' from orders o
         where ${ordersOf(ref)} and coalesce(o.shipping_address->>'phone', '') <> ''
         order by o.created_at desc limit 1) as phone`),
  );
  return {
    ordersCount: figures?.orders ?? 0,
    spentCents: figures?.cents ?? 0,
    firstOrderAt: figures?.first_at ? dateOf(figures.first_at) : null,
    lastOrderAt: figures?.last_at ? dateOf(figures.last_at) : null,
    latestName: latest?.name ?? null,
    phone: latest?.phone ?? null,
  };
}

/** The shipping addresses a customer's orders used, newest first (at most `limit`). */
export async function customerAddresses(db: Executor, ref: CustomerRef, limit: number) {
  const rows = rowsOf<{
    fullName: string | null;
    phone: string | null;
    address: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  }>(
    await db.execute(sql`
      select o.shipping_address->>'fullName' as "fullName", o.shipping_address->>'phone' as "phone",
        o.shipping_address->>'address' as "address", o.shipping_address->>'city' as "city",
        o.shipping_address->>'state' as "state",
        o.shipping_address->>'postalCode' as "postalCode",
        o.shipping_address->>'country' as "country"
      from orders o where ${ordersOf(ref)}
      group by 1, 2, 3, 4, 5, 6, 7
      order by max(o.created_at) desc
      limit ${limit}`),
  );
  return rows.map(({ fullName, phone, ...address }) => ({
    ...(fullName ? { fullName } : {}),
    ...(phone ? { phone } : {}),
    ...address,
  }));
}

/** One page of a customer's orders (any status), newest first, and how many there are. */
export async function customerOrderPage(
  db: Executor,
  ref: CustomerRef,
  page: { limit: number; offset: number },
) {
  const rows = rowsOf<{
    id: string;
    created_at: Date | string;
    status: (typeof orders.status.enumValues)[number];
    total_cents: number;
    total: number;
  }>(
    await db.execute(sql`
      select o.id, o.created_at, o.status, o.total_cents, (count(*) over ())::int as total
      from orders o where ${ordersOf(ref)}
      order by o.created_at desc, o.id
      limit ${page.limit} offset ${page.offset}`),
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = rowsOf<{ total: number }>(
      await db.execute(sql`select count(*)::int as total from orders o where ${ordersOf(ref)}`),
    );
    total = counted?.total ?? 0;
  }
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: dateOf(row.created_at),
      status: row.status,
      totalCents: row.total_cents,
    })),
    total,
  };
}

/** Staff's notes on a customer, newest first (at most `limit`). */
export async function customerNoteRows(db: Executor, ref: CustomerRef, limit: number) {
  return db
    .select()
    .from(customerNotes)
    .where(
      'userId' in ref
        ? eq(customerNotes.userId, ref.userId)
        : eq(customerNotes.guestEmail, ref.guestEmail),
    )
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(limit);
}

export type CustomerNoteRow = typeof customerNotes.$inferSelect;

export async function insertCustomerNote(
  tx: Executor,
  ref: CustomerRef,
  note: { body: string; authorId: string; authorName: string },
): Promise<CustomerNoteRow> {
  const [row] = await tx
    .insert(customerNotes)
    .values({
      ...('userId' in ref ? { userId: ref.userId } : { guestEmail: ref.guestEmail }),
      ...note,
    })
    .returning();
  if (!row) throw new Error('the note was not saved');
  return row;
}

/**
 * Money taken less money given back since `from`: payments of orders paid since then, refunds
 * made since then. Answers the net in cents and how many orders were paid.
 */
export async function salesSince(
  db: Executor,
  from: Date,
): Promise<{ cents: number; orders: number }> {
  const [[paid], [refunded]] = await Promise.all([
    db
      .select({
        cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(gte(orders.paidAt, from)),
    db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, from))),
  ]);
  return { cents: (paid?.cents ?? 0) - (refunded?.cents ?? 0), orders: paid?.orders ?? 0 };
}

/** Paid (or partly refunded or shipped) and not yet shipped in full. */
export async function countAwaitingShipment(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['paid', 'partially_shipped', 'partially_refunded']),
        sql`${orders.shippedAt} is null`,
      ),
    );
  return row?.total ?? 0;
}
