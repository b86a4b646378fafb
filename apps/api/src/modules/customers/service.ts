import { listCountCap } from '@shop/shared/back-office';
import {
  ADMIN_PAGE_SIZE,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AdminSummary,
} from '@shop/shared/admin-orders';
import {
  CUSTOMER_MESSAGES,
  GUEST_KEY_PREFIX,
  type CustomerDetail,
  type CustomerNote,
  type CustomerNoteRequest,
} from '@shop/shared/admin-customers';
import { orderNumber } from '@shop/shared/orders';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { lowStockVariants } from '../stock/service';
import { keysetCounts, keysetPage, pageAt } from '../../lib/keyset';
import { pageCounts, pageWindow } from '../../lib/search';
import {
  countAwaitingShipment,
  customerAccount,
  customerAddresses,
  customerFigures,
  customerNoteRows,
  customerOrderPage,
  guestEmailOfOrder,
  insertCustomerNote,
  salesSince,
  type CustomerNoteRow,
  type CustomerRef,
} from './repository';
import { countCustomerRows, listCustomerRows } from './list-repository';

const DAY_MS = 24 * 60 * 60_000;

/**
 * GET /api/admin/customers: customers (not staff) and guests, newest first, 25 a page,
 * keyset-paged and counted to a cap (decision 053).
 */
export async function listCustomers(
  db: Executor,
  query: AdminCustomerListQuery,
): Promise<AdminCustomerListResponse> {
  const q = query.q || undefined;
  const at = pageAt(query, ADMIN_PAGE_SIZE);
  const cap = listCountCap(q);
  const [rows, counted] = await Promise.all([
    listCustomerRows(db, q, at, ADMIN_PAGE_SIZE),
    countCustomerRows(db, q, cap),
  ]);
  const page = keysetPage(rows, at, ADMIN_PAGE_SIZE);
  return {
    customers: page.rows.map((row) => ({
      _id: row.key,
      guest: row.guest,
      name: row.name,
      email: row.email,
      verified: row.verified,
      ordersCount: row.ordersCount,
      totalSpent: row.spentCents / 100,
      createdAt: row.since.toISOString(),
    })),
    ...keysetCounts(query, counted, ADMIN_PAGE_SIZE, page, cap),
  };
}

/**
 * GET /api/admin/summary. Sales are payments taken less refunds made in the period. 'Today' is
 * the current UTC day (from 00:00 UTC), whatever the shop's or the viewer's time zone; '30 days'
 * is the last 30 × 24 hours.
 */
export async function summary(db: Executor, now = new Date()): Promise<AdminSummary> {
  const startOfTodayUtc = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  );
  const [today, month, awaitingShipment, lowStock] = await Promise.all([
    salesSince(db, startOfTodayUtc),
    salesSince(db, new Date(now.getTime() - 30 * DAY_MS)),
    countAwaitingShipment(db),
    lowStockVariants(db),
  ]);
  return {
    salesToday: today.cents / 100,
    ordersToday: today.orders,
    sales30Days: month.cents / 100,
    orders30Days: month.orders,
    awaitingShipment,
    lowStock,
  };
}

const ADDRESSES_SHOWN = 20;
const NOTES_SHOWN = 100;

type Customer =
  | {
      ref: CustomerRef;
      guest: false;
      account: NonNullable<Awaited<ReturnType<typeof customerAccount>>>;
    }
  | { ref: CustomerRef; guest: true; email: string };

/** The customer of a key (an account's id, or `guest-` and one of a guest's orders), or 404. */
async function customerOf(db: Executor, key: string): Promise<Customer> {
  if (key.toLowerCase().startsWith(GUEST_KEY_PREFIX)) {
    const email = await guestEmailOfOrder(db, key.slice(GUEST_KEY_PREFIX.length).toLowerCase());
    if (email) return { ref: { guestEmail: email }, guest: true, email };
  } else {
    const account = await customerAccount(db, key.toLowerCase());
    if (account) return { ref: { userId: account.id }, guest: false, account };
  }
  throw notFound(CUSTOMER_MESSAGES.notFound);
}

const toNote = (row: CustomerNoteRow): CustomerNote => ({
  _id: row.id,
  text: row.body,
  at: row.createdAt.toISOString(),
  by: row.authorName,
});

/** GET /api/admin/customers/:id?page=: who they are, their figures, orders, addresses and notes. */
export async function customerDetail(
  db: Executor,
  key: string,
  page: number,
): Promise<CustomerDetail> {
  const customer = await customerOf(db, key);
  const [figures, addresses, orderPage, notes] = await Promise.all([
    customerFigures(db, customer.ref),
    customerAddresses(db, customer.ref, ADDRESSES_SHOWN),
    customerOrderPage(db, customer.ref, pageWindow(page, ADMIN_PAGE_SIZE)),
    customerNoteRows(db, customer.ref, NOTES_SHOWN),
  ]);
  return {
    _id: key,
    guest: customer.guest,
    name: customer.guest ? (figures.latestName ?? '') : customer.account.name,
    email: customer.guest ? customer.email : customer.account.email,
    phone: figures.phone,
    verified: !customer.guest && customer.account.verifiedAt !== null,
    registeredAt: customer.guest ? null : customer.account.createdAt.toISOString(),
    ordersCount: figures.ordersCount,
    totalSpent: figures.spentCents / 100,
    firstOrderAt: figures.firstOrderAt?.toISOString() ?? null,
    lastOrderAt: figures.lastOrderAt?.toISOString() ?? null,
    addresses,
    orders: {
      orders: orderPage.rows.map((row) => ({
        _id: row.id,
        number: orderNumber(row.id),
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        totalPrice: row.totalCents / 100,
      })),
      ...pageCounts(page, orderPage.total, ADMIN_PAGE_SIZE),
    },
    notes: notes.map(toNote),
  };
}

/**
 * POST /api/admin/customers/:id/notes: staff write an internal note, audited in the same
 * transaction. The audit line says a note was written, not what it says: the audit log is kept
 * for good, the note goes with the customer's erasure (decision 045).
 */
export async function addCustomerNote(
  db: Database,
  actor: AuditActor,
  key: string,
  request: CustomerNoteRequest,
): Promise<CustomerNote> {
  const customer = await customerOf(db, key);
  return db.transaction(async (tx) => {
    const row = await insertCustomerNote(tx, customer.ref, {
      body: request.text,
      authorId: actor.user.id,
      authorName: actor.user.name,
    });
    await recordAudit(tx, actor, {
      action: 'customer.note_added',
      ...(customer.guest ? {} : { targetUserId: customer.account.id }),
      summary: customer.guest
        ? `${actor.user.name} wrote an internal note on a guest customer`
        : `${actor.user.name} wrote an internal note on a customer`,
    });
    return toNote(row);
  });
}

/** The notes staff wrote on an account, oldest first, for its data export. */
export async function notesOfAccount(db: Executor, userId: string): Promise<CustomerNote[]> {
  const rows = await customerNoteRows(db, { userId }, Number.MAX_SAFE_INTEGER);
  return rows.reverse().map(toNote);
}
