import type { AdminDiscount, DiscountReport } from '@shop/shared/admin-discounts';
import { fakeAdminServer } from './admin-server';
import type { AdminRequest } from './admin-server';

export const DISCOUNT_ID = 'd1e2f3a4-0000-4000-8000-000000000001';
export const COPY_ID = 'd1e2f3a4-0000-4000-8000-000000000002';
export const COLLECTION_ID = 'c0ffee00-0000-4000-8000-000000000001';

/** SUMMER20: 20 % off the Summer Drop collection from $40, 100 uses. */
export function discountFixture(overrides: Partial<AdminDiscount> = {}): AdminDiscount {
  return {
    _id: DISCOUNT_ID,
    title: 'SUMMER20',
    automatic: false,
    code: 'SUMMER20',
    codesCount: 1,
    kind: 'percentage',
    percent: 20,
    amount: null,
    maxShippingPrice: null,
    appliesTo: 'items',
    productIds: [],
    variantIds: [],
    variantNames: {},
    collectionIds: [COLLECTION_ID],
    minItemsPrice: 40,
    minQuantity: null,
    startsAt: null,
    endsAt: null,
    usageLimit: 100,
    usedCount: 3,
    oncePerCustomer: false,
    active: true,
    status: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const reportFixture = (overrides: Partial<DiscountReport> = {}): DiscountReport => ({
  uses: 3,
  orders: 3,
  itemsSold: 5,
  revenueAfterDiscount: 96,
  totalDiscounted: 24,
  refunded: 19.2,
  ...overrides,
});

const collections = {
  collections: [
    {
      _id: COLLECTION_ID,
      handle: 'summer-drop',
      name: 'Summer Drop',
      status: 'published',
      showInMenu: false,
      menuPosition: 0,
      productCount: 1,
      updatedAt: '2026-11-01T10:00:00.000Z',
    },
  ],
};

/**
 * Serves one discount that the writes change as the API would, its report, its codes' CSV, and
 * the collections and products the editor offers. `more` adds or replaces routes.
 */
export function serveDiscount(
  start: AdminDiscount,
  more: Record<string, (request: AdminRequest) => { status?: number; body: unknown }> = {},
) {
  let current = start;
  const path = `/api/admin/discounts/${start._id}`;
  return fakeAdminServer({
    'GET /api/admin/discounts': () => ({ body: { discounts: [current] } }),
    [`GET ${path}`]: () => ({ body: current }),
    [`GET ${path}/report`]: () => ({ body: reportFixture() }),
    [`POST ${path}/deactivate`]: () => {
      current = { ...current, active: false, status: 'deactivated' };
      return { body: current };
    },
    [`POST ${path}/activate`]: () => {
      current = { ...current, active: true, status: 'active' };
      return { body: current };
    },
    [`POST ${path}/codes`]: ({ body }: AdminRequest) => {
      const { count } = body as { count: number };
      current = { ...current, codesCount: current.codesCount + count };
      return { status: 201, body: { generated: count, discount: current } };
    },
    'GET /api/admin/collections': () => ({ body: collections }),
    'GET /api/admin/products': () => ({
      body: { products: [], page: 1, pages: 1, total: 0 },
    }),
    ...more,
  });
}
