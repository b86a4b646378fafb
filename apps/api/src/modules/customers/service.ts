import {
  ADMIN_PAGE_SIZE,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AdminSummary,
} from '@shop/shared/admin-orders';
import type { Executor } from '../../db/client';
import { lowStockVariants } from '../stock/service';
import { pageCounts, pageWindow } from '../../lib/search';
import { countAwaitingShipment, listCustomerRows, salesSince } from './repository';

const DAY_MS = 24 * 60 * 60_000;

/** GET /api/admin/customers: customers (not staff), newest first, 25 a page. */
export async function listCustomers(
  db: Executor,
  query: AdminCustomerListQuery,
): Promise<AdminCustomerListResponse> {
  const { rows, total } = await listCustomerRows(
    db,
    query.q || undefined,
    pageWindow(query.page, ADMIN_PAGE_SIZE),
  );
  return {
    customers: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      verified: row.verifiedAt !== null,
      ordersCount: row.ordersCount,
      totalSpent: row.spentCents / 100,
      createdAt: row.createdAt.toISOString(),
    })),
    ...pageCounts(query.page, total, ADMIN_PAGE_SIZE),
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
