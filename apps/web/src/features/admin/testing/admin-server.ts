import { configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import type { AdminOrder } from '@shop/shared/admin-orders';
import { lineShares } from '@shop/shared/line-refunds';
import { toCents } from '@shop/shared/money';
import type { UserRole } from '@shop/shared/roles';

// The first visit to /admin loads the back office's routes and transforms their modules: done once
// before a file's tests, so no test's waiting includes it (it can take seconds on a busy machine).
beforeAll(() => import('../admin-routes'), 60_000);
configure({ asyncUtilTimeout: 3000 });

/** One request the back office made, as the fake server saw it. */
export type AdminRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, the FormData of an upload, or the text of another body (a CSV). */
  body: unknown;
  authorization: string | null;
  /** Whether the browser would send its cookies (the back-office session's) with the call. */
  credentials: RequestCredentials;
};
/** JSON, unless a content type is given: then `body` is the answer's text (a CSV). */
type Answer = { status?: number; body: unknown; contentType?: string };
/** Keyed 'METHOD /api/path' (no query string). */
export type AdminRoutes = Record<string, (request: AdminRequest) => Answer>;

export const LOGIN_TOKEN = 'login-jwt';
export const BACK_OFFICE_TOKEN = 'back-office-jwt';

/** Signs in a user of `role` (stored userInfo), with a back-office session unless told not to. */
export function signInAs(role: UserRole, { backOffice = true } = {}) {
  const userInfo = {
    _id: `user-${role}`,
    name: role === 'owner' ? 'Noura' : role === 'staff' ? 'Sami' : 'Layla',
    email: `${role}@sadusands.example`,
    role,
    token: LOGIN_TOKEN,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  localStorage.setItem('userInfo', JSON.stringify(userInfo));
  if (backOffice) {
    localStorage.setItem(
      'backOfficeSession',
      JSON.stringify({ userId: userInfo._id, expiresAt: Date.now() + 3.6e6 }),
    );
  }
  return userInfo;
}

/** Forgets the back-office session between tests (the shared setup clears localStorage only). */
export function clearSessionStorageAfterEach(): void {
  afterEach(() => sessionStorage.clear());
}

/**
 * Node's Request does not read jsdom's FormData (it would send '[object FormData]'): the form a
 * request was made with is kept here, and the fake server hands it on as the request's body.
 */
const formBodies = new WeakMap<Request, FormData>();
function keepFormBodies() {
  const TestRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends TestRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        const form = init?.body instanceof FormData ? init.body : undefined;
        super(input, form ? { ...init, body: undefined } : init);
        if (form) formBodies.set(this, form);
      }
    },
  );
}

/**
 * Stands in for the API: `routes` answer the back-office calls; the shop's own calls around the
 * page get empty answers; anything else 404. Every request is kept in `requests`.
 */
export function fakeAdminServer(routes: AdminRoutes) {
  const requests: AdminRequest[] = [];
  keepFormBodies();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      const text = await request.text();
      const type = request.headers.get('Content-Type') ?? '';
      const seen: AdminRequest = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        body:
          formBodies.get(request) ??
          (text && type.includes('json') ? JSON.parse(text) : text || undefined),
        authorization: request.headers.get('Authorization'),
        credentials: request.credentials,
      };
      requests.push(seen);
      const route = routes[`${seen.method} ${seen.path}`];
      const answer: Answer = route
        ? route(seen)
        : url.pathname === '/api/products'
          ? { body: { products: [], page: 1, pages: 1 } }
          : { status: 404, body: { message: 'Not found' } };
      return new Response(answer.contentType ? String(answer.body) : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': answer.contentType ?? 'application/json' },
      });
    }),
  );
  const to = (method: string, path: string) =>
    requests.filter((request) => request.method === method && request.path === path);
  return { requests, to };
}

/** A paid order of two lines, not shipped. */
export function adminOrderFixture(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const order: Omit<AdminOrder, 'lineShares'> = {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    number: 'A1B2C3D4',
    orderItems: [
      {
        product: 'p-tee',
        name: 'Dune Tee',
        image: '/images/tee.svg',
        size: 'L',
        option: 'NA',
        variantTitle: 'L',
        sku: null,
        qty: 2,
        price: 25,
      },
      {
        product: 'p-tote',
        name: 'Sadu Tote',
        image: '/images/tote.svg',
        size: 'NA',
        option: 'A',
        variantTitle: 'A',
        sku: null,
        qty: 1,
        price: 40,
      },
    ],
    shippingAddress: {
      fullName: 'Maya Haddad',
      address: '1 Dune Rd',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      country: 'US',
    },
    paymentMethod: 'Stripe',
    itemsPrice: 90,
    shippingPrice: 0,
    taxPrice: 6.3,
    totalPrice: 96.3,
    status: 'paid',
    isPaid: true,
    paidAt: '2026-11-20T10:05:00.000Z',
    isDelivered: false,
    deliveredAt: null,
    user: { name: 'Layla Haddad', email: 'layla@example.com' },
    shipments: [],
    refunds: [],
    refundedPrice: 0,
    restockedUnits: [0, 0],
    lineIds: ['line-tee', 'line-tote'],
    unitsToShip: [2, 1],
    createdAt: '2026-11-20T10:00:00.000Z',
    timeline: [
      {
        at: '2026-11-20T10:00:00.000Z',
        actor: { _id: 'u1', email: 'layla@example.com', name: 'Layla Haddad' },
        action: 'order.created',
        detail: 'Checkout started',
      },
      {
        at: '2026-11-20T10:05:00.000Z',
        actor: 'provider',
        action: 'payment.paid',
        detail: 'Paid by card',
      },
      {
        at: '2026-11-20T10:06:00.000Z',
        actor: 'system',
        action: 'mail.sent',
        detail: 'Mail sent: Order mail',
      },
    ],
    ...overrides,
  };
  // What each line paid, split from the order's tax as the server splits an undiscounted order.
  const shares = lineShares(
    order.orderItems.map((line) => ({ unitPriceCents: toCents(line.price), qty: line.qty })),
    toCents(order.taxPrice),
  );
  return { ...order, lineShares: overrides.lineShares ?? shares };
}
