import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { SAMPLE_ADDRESS, deliverTestEvent, testCheckoutSigner } from './fixtures';
import type { TestApp } from './test-app';

let ipCounter = 0;

export interface OrderLine {
  product: string;
  qty: number;
  size?: string;
  option?: string;
}

export interface PlacedOrder {
  lines: OrderLine[];
  email?: string;
  token?: string;
  /** Where it goes: SAMPLE_ADDRESS unless said. */
  address?: typeof SAMPLE_ADDRESS;
  /** A discount code typed at checkout. */
  discountCode?: string;
}

/** A checkout as a shopper starts it (a customer's with `token`, else a guest's), left unpaid. */
export async function placeUnpaidOrder(
  t: TestApp,
  order: PlacedOrder,
): Promise<{ orderId: string; sessionId: string }> {
  ipCounter += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: order.token ? '/api/orders/create-checkout-session' : '/api/orders/guest-checkout-session',
    headers: order.token ? { authorization: `Bearer ${order.token}` } : {},
    payload: {
      orderItems: order.lines,
      shippingAddress: order.address ?? SAMPLE_ADDRESS,
      ...(order.discountCode ? { discountCode: order.discountCode } : {}),
      ...(order.token ? {} : { email: order.email ?? 'guest@example.com' }),
    },
    remoteAddress: `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
  const sessionId = new URL(response.json().url).pathname.split('/').pop() ?? '';
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!row) throw new Error('no order for the session');
  return { orderId: row.id, sessionId };
}

/** An order paid through the test checkout: placeUnpaidOrder and the signed checkout.completed. */
export async function placePaidOrder(t: TestApp, order: PlacedOrder): Promise<string> {
  const { orderId, sessionId } = await placeUnpaidOrder(t, order);
  const paid = await deliverTestEvent(
    t.app,
    testCheckoutSigner(t.env.JWT_SECRET ?? '').signedEvent('checkout.completed', sessionId),
  );
  if (paid.json().outcome !== 'paid') throw new Error(`payment not taken: ${paid.body}`);
  return orderId;
}
