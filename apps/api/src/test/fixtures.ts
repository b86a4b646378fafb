import { and, eq } from 'drizzle-orm';
import type { Category } from '@shop/shared/catalog';
import type { Database } from '../db/client';
import type { FastifyInstance } from 'fastify';
import { orders, products, variants, users } from '../db/schema';
import { hashPassword } from '../modules/accounts/passwords';
import { insertProduct, type NewProduct } from '../modules/catalog/repository';
import { openStock } from '../modules/stock/service';
import { deriveKey } from '../lib/keys';
import {
  createTestCheckoutProvider,
  TEST_CHECKOUT_SIGNATURE_HEADER,
} from '../modules/payments/test-checkout-provider';

let counter = 0;

/** A product for a test, plain unless the overrides say otherwise; answers its handle. */
export async function addProduct(
  db: Database,
  overrides: Partial<NewProduct> & { category?: Category } = {},
): Promise<string> {
  counter += 1;
  const handle = overrides.handle ?? `test-product-${counter}`;
  await insertProduct(
    db,
    {
      handle,
      name: `Test product ${counter}`,
      category: 'totes',
      descriptionHtml: '<p>A test product.</p>',
      priceCents: 1000,
      image: '/images/products/test.svg',
      images: ['/images/products/test.svg'],
      imagesOptionA: [],
      imagesOptionB: [],
      hasSize: false,
      hasAandB: false,
      stock: { total: 5 },
      reviews: [],
      ...overrides,
    },
    (tx, productId, levels) => openStock(tx, productId, levels, 'Test fixture'),
  );
  return handle;
}

export async function productIdByHandle(db: Database, handle: string): Promise<string> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.handle, handle));
  if (!row) throw new Error(`no product with handle ${handle}`);
  return row.id;
}

/** The units of a variant that can be bought now (its stock row's `available`). */
export async function stockLevel(
  db: Database,
  productId: string,
  variant: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ available: variants.available })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.key, variant)));
  return row?.available;
}

/** A variant's public id (cart lines, `?variant=`) from its key. */
export async function variantIdOf(db: Database, productId: string, key: string): Promise<string> {
  const [row] = await db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.key, key)));
  if (!row) throw new Error(`no variant ${key} of product ${productId}`);
  return row.id;
}

/** A verified customer; answers the session token of a login through the API. */
export async function addVerifiedCustomer(
  app: FastifyInstance,
  db: Database,
  customer: { name: string; email: string; password?: string },
): Promise<{ id: string; token: string; email: string }> {
  const password = customer.password ?? 'Fixture-Pass1!';
  await db.insert(users).values({
    name: customer.name,
    email: customer.email,
    passwordHash: await hashPassword(password),
    verifiedAt: new Date(),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: customer.email, password },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const info = login.json();
  return { id: info._id, token: info.token, email: customer.email };
}

export const SAMPLE_ADDRESS = {
  fullName: 'Maya Haddad',
  phone: '+13125550100',
  address: '1 Dune Road',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
};

/** Signs test-checkout events as the shop with this JWT secret does. */
export function testCheckoutSigner(jwtSecret: string) {
  return createTestCheckoutProvider({
    secret: deriveKey(new TextEncoder().encode(jwtSecret), 'test-checkout'),
    appUrl: 'http://shop.test',
  });
}

/** Posts a signed test-checkout event to the webhook. */
export function deliverTestEvent(
  app: FastifyInstance,
  event: { body: string; signature?: string | undefined },
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: event.body,
    headers: {
      'content-type': 'application/json',
      ...(event.signature ? { [TEST_CHECKOUT_SIGNATURE_HEADER]: event.signature } : {}),
    },
  });
}

/**
 * Opens a checkout through the API, the customer's of `buyer.token` or a guest's of `buyer.email`;
 * answers the order and its test-checkout session.
 */
export async function openCheckout(
  t: { app: FastifyInstance; database: { db: Database } },
  buyer: { token: string } | { email: string },
  orderItems: { product: string; qty: number; variant?: string; size?: string; option?: string }[],
  remoteAddress: string,
  shippingAddress: typeof SAMPLE_ADDRESS = SAMPLE_ADDRESS,
): Promise<{ orderId: string; sessionId: string }> {
  const response = await t.app.inject({
    method: 'POST',
    remoteAddress,
    ...('token' in buyer
      ? {
          url: '/api/orders/create-checkout-session',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { orderItems, shippingAddress },
        }
      : {
          url: '/api/orders/guest-checkout-session',
          payload: { orderItems, shippingAddress, email: buyer.email },
        }),
  });
  if (response.statusCode !== 200) throw new Error(`checkout refused: ${response.body}`);
  const sessionId = new URL(response.json().url).pathname.split('/').pop() ?? '';
  const [order] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error('no order for the session');
  return { orderId: order.id, sessionId };
}

/** Pays a test checkout as its provider's signed event does (the shop's JWT secret signs it). */
export async function payTestCheckout(
  app: FastifyInstance,
  jwtSecret: string,
  sessionId: string,
): Promise<void> {
  const paid = await deliverTestEvent(
    app,
    testCheckoutSigner(jwtSecret).signedEvent('checkout.completed', sessionId),
  );
  if (paid.statusCode !== 200) throw new Error(`payment event refused: ${paid.body}`);
}
