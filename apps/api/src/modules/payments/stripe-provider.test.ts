import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ORDER_MESSAGES, adminOrderSchema } from '@shop/shared/admin-orders';
import { auditLog, mailOutbox, orders, refunds, variants } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS as ADDRESS,
  addProduct,
  addVerifiedCustomer,
  productIdByHandle,
} from '../../test/fixtures';
import { openAnotherApp } from '../../test/another-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PENDING_REFUND_GRACE_MS } from '../../flows/refund-recovery';
import { insertRefund } from '../refunds/repository';
import { insertDiscount } from '../discounts/service';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_local_standin';
const WEBHOOK_SECRET = 'whsec_local_standin_secret';
const APP_URL = 'http://shop.test';

/** A local HTTP server standing in for Stripe's API: records what the SDK sends, answers like Stripe. */
const calls: {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}[] = [];
/** Sessions the stand-in treats as no longer open (completed or expired). */
const closedSessions = new Set<string>();
/** Refunds made, by idempotency key: a repeated key is answered the refund made for it, as Stripe does. */
const refundsByKey = new Map<string, { payment_intent: string | null }>();
/** Refunds of this many cents are made, but answered only when the test says (a call cut short). */
const HELD_REFUND_CENTS = '1717';
const heldAnswers: (() => void)[] = [];
let stripeApi: Server;
let t: TestApp;
let productId: string;
let provider: PaymentProvider;

beforeAll(async () => {
  stripeApi = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(body),
      });
      const listed = /^\/v1\/refunds\?(.*)$/.exec(request.url ?? '');
      if (request.method === 'GET' && listed) {
        // The refunds of a payment, with the metadata they were made with, as Stripe lists them.
        const paymentIntent = new URLSearchParams(listed[1]).get('payment_intent');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            object: 'list',
            url: '/v1/refunds',
            has_more: false,
            data: [...refundsByKey.values()].filter(
              (refund) => refund.payment_intent === paymentIntent,
            ),
          }),
        );
        return;
      }
      if (request.url === '/v1/refunds') {
        const form = new URLSearchParams(body);
        // The stand-in refuses refunds of 13 cents, as Stripe refuses e.g. a disputed charge.
        const refused = form.get('amount') === '13';
        // Refunds of 4.09 find their key in use by another request (Stripe's 409): nothing decided.
        const conflict = form.get('amount') === '409';
        const key = String(request.headers['idempotency-key']);
        const made = refundsByKey.get(key) ?? {
          id: `re_test_${calls.length}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
          metadata: {
            orderId: form.get('metadata[orderId]'),
            refundId: form.get('metadata[refundId]'),
          },
        };
        const answer = () => {
          response.writeHead(refused ? 400 : conflict ? 409 : 200, {
            'content-type': 'application/json',
          });
          response.end(
            JSON.stringify(
              refused
                ? { error: { type: 'invalid_request_error', message: 'Charge ch_1 is disputed.' } }
                : conflict
                  ? {
                      error: {
                        type: 'invalid_request_error',
                        code: 'idempotency_key_in_use',
                        message: 'There is currently another in-progress request using this key.',
                      },
                    }
                  : made,
            ),
          );
        };
        // Held the first time only: a repeated key is answered at once.
        const hold = form.get('amount') === HELD_REFUND_CENTS && !refundsByKey.has(key);
        if (!refused && !conflict) refundsByKey.set(key, made);
        if (hold) heldAnswers.push(answer);
        else answer();
        return;
      }
      if (request.url === '/v1/coupons') {
        // A coupon, as Stripe makes one: its id and the amount it takes off.
        const form = new URLSearchParams(body);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: `co_test_${calls.length}`,
            object: 'coupon',
            amount_off: Number(form.get('amount_off')),
            currency: form.get('currency'),
            duration: form.get('duration'),
            name: form.get('name'),
          }),
        );
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.url ?? '');
      if (expire && closedSessions.has(expire[1] ?? '')) {
        // What Stripe answers for a session that is no longer open.
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
            },
          }),
        );
        return;
      }
      const id = expire ? (expire[1] ?? '') : `cs_test_${calls.length}`;
      response.writeHead(200, {
        'content-type': 'application/json',
        'request-id': `req_${calls.length}`,
      });
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          payment_status: 'unpaid',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port, protocol: 'http' },
  });
  t = await createTestApp({ APP_URL }, { paymentProvider: provider });
  await addProduct(t.database.db, {
    handle: 'stripe-tee',
    name: 'Stripe Tee',
    priceCents: 2999,
    hasSize: true,
    stock: { 'S/M': 3, L: 3, XL: 3 },
  });
  productId = await productIdByHandle(t.database.db, 'stripe-tee');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

const stripe = new Stripe(SECRET_KEY);
function signedWebhook(event: object) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}
/** A guest checkout of one Stripe Tee in `size`; answers the id of the session it opened. */
async function openGuestCheckout(size: string, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    payload: {
      orderItems: [{ product: productId, qty: 1, size }],
      shippingAddress: ADDRESS,
      email,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().url).pathname.split('/').pop() ?? '';
}

const sessionEvent = (id: string, type: string, session: object) => ({
  id,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: { object: { object: 'checkout.session', ...session } },
});

/** Another API process on the same database, past the grace period, runs one recovery sweep. */
async function sweepOnAnotherProcess() {
  const other = await openAnotherApp(
    t,
    { APP_URL },
    { paymentProvider: provider, now: () => Date.now() + PENDING_REFUND_GRACE_MS + 1000 },
  );
  try {
    await other.app.refundRecovery.sweep();
  } finally {
    await other.close();
  }
}

describe('Stripe Checkout through the official SDK', () => {
  it('opens a session with the database prices, the order as metadata and idempotency key, 30 minutes, and the return urls', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/guest-checkout-session',
      payload: {
        orderItems: [{ product: productId, qty: 2, size: 'L', price: 0.01 }],
        shippingAddress: ADDRESS,
        email: 'stripe@example.com',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      receipt: expect.any(String),
      checkout: { orderId: expect.any(String), token: expect.any(String) },
    });

    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, 'cs_test_1'));
    expect(order).toBeDefined();
    const call = calls[0];
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call?.headers['idempotency-key']).toBe(`checkout-session-${order?.id}`);
    const form = call?.form ?? new URLSearchParams();
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      client_reference_id: order?.id,
      customer_email: 'stripe@example.com',
      'metadata[orderId]': order?.id,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2999',
      'line_items[0][price_data][product_data][name]': 'Stripe Tee (size L)',
      'line_items[1][price_data][product_data][name]': 'Sales tax (7%)',
      'line_items[1][price_data][unit_amount]': '420',
      success_url: `${APP_URL}/successfulorder?session_id={CHECKOUT_SESSION_ID}`,
    });
    const cancelUrl = new URL(form.get('cancel_url') ?? '');
    expect(`${cancelUrl.origin}${cancelUrl.pathname}`).toBe(`${APP_URL}/cart`);
    expect(cancelUrl.searchParams.get('checkout')).toBe('cancelled');
    expect(cancelUrl.searchParams.get('order')).toBe(order?.id);
    expect(cancelUrl.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    // Free shipping from $50: no shipping line.
    expect([...form.values()]).not.toContain('Shipping');
    const minutes = (Number(form.get('expires_at')) * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('shows a discount as a one-time coupon of its amount, so Stripe charges the order’s total to the cent', async () => {
    await insertDiscount(t.database.db, { title: 'STRIPE15', kind: 'percentage', percent: 15 }, [
      { code: 'STRIPE15', usageLimit: null },
    ]);
    const before = calls.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/guest-checkout-session',
      payload: {
        orderItems: [{ product: productId, qty: 1, size: 'XL' }],
        shippingAddress: ADDRESS,
        email: 'coupon@example.com',
        discountCode: 'stripe15',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [coupon, session] = calls.slice(before);
    const sessionId = new URL(response.json().url).pathname.split('/').pop() ?? '';
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, sessionId));
    // $29.99 less 15 % ($4.50) is $25.49: $5 shipping, 7 % tax of $25.49 ($1.78).
    expect(order).toMatchObject({ discountCents: 450, shippingCents: 500, totalCents: 3227 });
    expect(coupon?.path).toBe('/v1/coupons');
    expect(coupon?.headers['idempotency-key']).toBe(`checkout-coupon-${order?.id}`);
    expect(Object.fromEntries(coupon?.form ?? [])).toMatchObject({
      amount_off: '450',
      currency: 'usd',
      duration: 'once',
      name: 'STRIPE15',
      max_redemptions: '1',
    });
    const form = session?.form ?? new URLSearchParams();
    expect(session?.path).toBe('/v1/checkout/sessions');
    expect(form.get('discounts[0][coupon]')).toMatch(/^co_test_\d+$/);
    // What Stripe adds up: the lines, less the coupon, is the order's total.
    let lines = 0;
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i += 1)
      lines +=
        Number(form.get(`line_items[${i}][quantity]`)) *
        Number(form.get(`line_items[${i}][price_data][unit_amount]`));
    expect(lines - 450).toBe(order?.totalCents);
  });

  it('takes a payment from a webhook signed the Stripe way, once, and refuses a bad signature', async () => {
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, 'cs_test_1'));
    const completed = sessionEvent('evt_paid_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      payment_status: 'paid',
      client_reference_id: order?.id,
      metadata: { orderId: order?.id },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: JSON.stringify(completed),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(forged.statusCode).toBe(400);

    expect((await signedWebhook(completed)).json()).toEqual({ received: true, outcome: 'paid' });
    expect((await signedWebhook(completed)).json()).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    const [paid] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ''));
    expect(paid?.status).toBe('paid');
  });

  it('waits for a delayed payment method, and releases the stock when the session expires', async () => {
    const sessionId = await openGuestCheckout('XL', 'slow@example.com');
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, sessionId));
    const unpaid = sessionEvent('evt_unpaid', 'checkout.session.completed', {
      id: sessionId,
      payment_status: 'unpaid',
      metadata: { orderId: order?.id },
    });
    expect((await signedWebhook(unpaid)).json().outcome).toBe('ignored');
    const expired = sessionEvent('evt_expired', 'checkout.session.expired', {
      id: sessionId,
      metadata: { orderId: order?.id },
    });
    expect((await signedWebhook(expired)).json().outcome).toBe('closed');
    const [closed] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ''));
    expect(closed?.status).toBe('expired');
    expect(
      (await signedWebhook(sessionEvent('evt_other', 'customer.created', {}))).json().outcome,
    ).toBe('ignored');
  });

  it('ends the Stripe session when the shopper comes back through the cancel link, unless it is no longer open', async () => {
    const open = async (email: string) => {
      const sessionId = await openGuestCheckout('S/M', email);
      const cancelLink = new URL(calls.at(-1)?.form.get('cancel_url') ?? '');
      return { sessionId, cancelLink };
    };
    const cancel = (link: URL) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${link.searchParams.get('order')}/cancel-checkout`,
        payload: { token: link.searchParams.get('token') },
      });

    const left = await open('left@example.com');
    const answer = await cancel(left.cancelLink);
    expect(answer.json()).toEqual({ status: 'cancelled' });
    expect(calls.at(-1)?.method).toBe('POST');
    expect(calls.at(-1)?.path).toBe(`/v1/checkout/sessions/${left.sessionId}/expire`);
    const [stockRow] = await t.database.db
      .select({ available: variants.available })
      .from(variants)
      .where(and(eq(variants.productId, productId), eq(variants.key, 'S/M')));
    expect(stockRow?.available).toBe(3);
    // Stripe's own checkout.session.expired follows: nothing more is given back.
    const expired = sessionEvent('evt_expired_after_cancel', 'checkout.session.expired', {
      id: left.sessionId,
      metadata: { orderId: left.cancelLink.searchParams.get('order') },
    });
    expect((await signedWebhook(expired)).json().outcome).toBe('no-change');

    // Paid a moment before the shopper pressed back: Stripe refuses to expire it; the hold stays.
    const paying = await open('paying@example.com');
    closedSessions.add(paying.sessionId);
    expect((await cancel(paying.cancelLink)).json()).toEqual({ status: 'pending_payment' });
  });

  it("a signed-in shopper's new checkout ends the earlier one at Stripe and frees its stock, unless Stripe reports it paid", async () => {
    const shopper = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Twice',
      email: 'twice@example.com',
    });
    await addProduct(t.database.db, {
      handle: 'stripe-hoodie',
      hasSize: true,
      stock: { 'S/M': 0, L: 3, XL: 0 },
    });
    const hoodieId = await productIdByHandle(t.database.db, 'stripe-hoodie');
    const heldL = async () => {
      const [row] = await t.database.db
        .select({ available: variants.available })
        .from(variants)
        .where(and(eq(variants.productId, hoodieId), eq(variants.key, 'L')));
      return row?.available;
    };
    const checkout = async (qty: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders/create-checkout-session',
        headers: { authorization: `Bearer ${shopper.token}` },
        payload: { orderItems: [{ product: hoodieId, qty, size: 'L' }], shippingAddress: ADDRESS },
        remoteAddress: '10.66.0.1',
      });
      expect(response.statusCode, response.body).toBe(200);
      return new URL(response.json().url).pathname.split('/').pop() ?? '';
    };
    const statusOf = async (sessionId: string) =>
      (
        await t.database.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.paymentSessionId, sessionId))
      )[0]?.status;

    const first = await checkout(2);
    expect(await heldL()).toBe(1);
    const second = await checkout(1);
    expect(calls.some((call) => call.path === `/v1/checkout/sessions/${first}/expire`)).toBe(true);
    expect(await statusOf(first)).toBe('cancelled');
    expect(await heldL()).toBe(2);

    // Paid at Stripe a moment before (its event not here yet): it stands, the new one holds its own.
    closedSessions.add(second);
    const third = await checkout(1);
    expect(await statusOf(second)).toBe('pending_payment');
    expect(await statusOf(third)).toBe('pending_payment');
    expect(await heldL()).toBe(1);
  });
});

/** A guest's order of one Stripe Tee, paid through PaymentIntent `paymentIntent`; answers its id. */
async function paidStripeOrder(size: string, email: string, paymentIntent: string) {
  const sessionId = await openGuestCheckout(size, email);
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  const orderId = order?.id ?? '';
  const paid = sessionEvent(`evt_paid_${paymentIntent}`, 'checkout.session.completed', {
    id: sessionId,
    payment_status: 'paid',
    payment_intent: paymentIntent,
    metadata: { orderId },
  });
  expect((await signedWebhook(paid)).json().outcome).toBe('paid');
  return orderId;
}

/** Stripe's charge.refunded for PaymentIntent `paymentIntent`: its running total refunded, in cents. */
const chargeRefundedEvent = (
  id: string,
  paymentIntent: string,
  amountRefunded: number,
  metadata: Record<string, string> = {},
) => ({
  id,
  object: 'event',
  type: 'charge.refunded',
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: `ch_${paymentIntent}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount: 3709,
      amount_refunded: amountRefunded,
      metadata,
    },
  },
});

const onHandOf = async (variant: string) =>
  (
    await t.database.db
      .select({ onHand: variants.onHand })
      .from(variants)
      .where(and(eq(variants.productId, productId), eq(variants.key, variant)))
  )[0]?.onHand ?? 0;

/** What settling refunds wrote for an order: its refunds, audit rows, refund mails, units back. */
async function refundEffectsOf(orderId: string, variant: string, onHandBefore: number) {
  const db = t.database.db;
  return {
    refunds: (await db.select().from(refunds).where(eq(refunds.orderId, orderId))).map((row) => [
      row.amountCents,
      row.status,
      row.actorId,
    ]),
    audits: (
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.orderId, orderId))
    ).map((row) => row.action),
    mails: (
      await db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.orderId, orderId))
    )
      .map((row) => row.subject)
      .filter((subject) => subject.startsWith('A refund')),
    restocked: (await onHandOf(variant)) - onHandBefore,
    status: (await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status,
  };
}

/**
 * Asks for a refund of $17.17 with one unit of `size` back to stock, whose call Stripe makes but
 * does not answer until the test releases it (a process that dies mid-call); answers the request
 * and what its settling once must write.
 */
async function refundCutShort(orderId: string, size: string, owner: { token: string; id: string }) {
  const request = t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      amount: 17.17,
      reason: 'Returned',
      restock: [{ product: productId, size, qty: 1 }],
    },
  });
  await vi.waitFor(() => expect(heldAnswers).toHaveLength(1));
  const settledOnce = {
    refunds: [[1717, 'succeeded', owner.id]],
    audits: ['order.refunded'],
    mails: [expect.stringContaining('A refund for your')],
    restocked: 1,
    status: 'partially_refunded',
  };
  return { request, settledOnce };
}

describe('refunds through Stripe', () => {
  it('keeps the PaymentIntent, refunds it with an idempotency key per refund, and frees the amount of a refused refund', async () => {
    const orderId = await paidStripeOrder('L', 'refund@example.com', 'pi_refundable');
    const [paidOrder] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paidOrder?.paymentReference).toBe('pi_refundable');
    // $29.99 + $5 shipping + $2.10 tax = $37.09.
    expect(paidOrder?.totalCents).toBe(3709);

    const owner = await addBackOfficeUser(t, 'owner');
    const refund = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { amount, reason: 'Stitching came loose' },
      });
    const refundRowsOf = () =>
      t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

    const first = await refund(10);
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await refundRowsOf();
    const call = calls.at(-1);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/refunds');
    expect(call?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call?.headers['idempotency-key']).toBe(`refund-${row?.id}`);
    expect(call?.form.get('payment_intent')).toBe('pi_refundable');
    expect(call?.form.get('amount')).toBe('1000');
    expect(call?.form.get('metadata[refundId]')).toBe(row?.id);
    expect(row).toMatchObject({ status: 'succeeded', amountCents: 1000 });
    expect(row?.providerRefundId).toMatch(/^re_test_/);

    const refused = await refund(0.13);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(ADMIN_ORDER_MESSAGES.refundFailed);
    const failed = (await refundRowsOf()).find((entry) => entry.amountCents === 13);
    expect(failed?.status).toBe('failed');
    expect(calls.at(-1)?.headers['idempotency-key']).toBe(`refund-${failed?.id}`);

    // The refused amount is free again: everything else can still be refunded.
    const rest = await refund(27.09);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedPrice: 37.09 });
  });

  it('records a refund made in the Stripe dashboard once, however often charge.refunded arrives', async () => {
    const orderId = await paidStripeOrder('S/M', 'dashboard@example.com', 'pi_dashboard');
    const owner = await addBackOfficeUser(t, 'owner');
    const shopRefund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { amount: 10, reason: 'Goodwill' },
    });
    expect(shopRefund.statusCode).toBe(200);

    // Stripe's running total: the shop's $10 and $5 more given back in the dashboard.
    const chargeRefunded = (id: string, amountRefunded: number) =>
      chargeRefundedEvent(id, 'pi_dashboard', amountRefunded);
    const outcomes = [];
    for (let i = 0; i < 3; i += 1)
      outcomes.push(
        (await signedWebhook(chargeRefunded('evt_charge_refunded', 1500))).json().outcome,
      );
    expect(outcomes).toEqual(['refunded', 'duplicate', 'duplicate']);
    // Another event with the same running total adds nothing either.
    expect(
      (await signedWebhook(chargeRefunded('evt_charge_refunded_2', 1500))).json().outcome,
    ).toBe('no-change');

    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((row) => [row.amountCents, row.status, row.actorId])).toEqual([
      [1000, 'succeeded', owner.id],
      [500, 'succeeded', null],
    ]);
    const detail = adminOrderSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/orders/${orderId}`,
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).json(),
    );
    expect(detail).toMatchObject({ status: 'partially_refunded', refundedPrice: 15 });
    expect(detail.refunds.map((entry) => entry.by)).toEqual([
      { _id: owner.id, email: owner.email, name: owner.name },
      'provider',
    ]);
    expect(detail.timeline.filter((entry) => entry.action === 'payment.refunded')).toHaveLength(2);
  });

  it('a charge.refunded for a refund the shop has not recorded yet (its call cut short) settles it once, as the request would have', async () => {
    const orderId = await paidStripeOrder('XL', 'cut-short@example.com', 'pi_cut_short');
    const owner = await addBackOfficeUser(t, 'owner');
    const before = await onHandOf('XL');
    const refundRowsOf = () =>
      t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const refundsAsked = calls.filter((call) => call.path === '/v1/refunds').length;
    const { request, settledOnce } = await refundCutShort(orderId, 'XL', owner);
    expect((await refundRowsOf()).map((row) => row.status)).toEqual(['pending']);

    const event = chargeRefundedEvent('evt_cut_short_1', 'pi_cut_short', 1717, { orderId });
    expect((await signedWebhook(event)).json().outcome).toBe('refunded');

    const effects = () => refundEffectsOf(orderId, 'XL', before);
    expect(await effects()).toEqual(settledOnce);

    // The cut-short call's answer comes back at last: the refund is already settled.
    heldAnswers.splice(0).forEach((answer) => answer());
    expect((await request).statusCode).toBe(200);
    expect(calls.filter((call) => call.path === '/v1/refunds')).toHaveLength(refundsAsked + 1);
    expect(await effects()).toEqual(settledOnce);
  });

  it('a refund whose call was cut short is finished by another process’s sweep: Stripe is asked with the same key and answers the same refund', async () => {
    const orderId = await paidStripeOrder('S/M', 'swept@example.com', 'pi_swept');
    const owner = await addBackOfficeUser(t, 'owner');
    const before = await onHandOf('S/M');
    const { request, settledOnce } = await refundCutShort(orderId, 'S/M', owner);
    const refundCalls = () => calls.filter((call) => call.path === '/v1/refunds');
    const first = refundCalls().at(-1);

    await sweepOnAnotherProcess();
    const again = refundCalls().at(-1);
    expect(again).not.toBe(first);
    expect(again?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(first?.headers['idempotency-key']).toBe(`refund-${row?.id}`);
    expect(row?.providerRefundId).toBe(`re_test_${calls.indexOf(first!) + 1}`);
    expect(await refundEffectsOf(orderId, 'S/M', before)).toEqual(settledOnce);

    heldAnswers.splice(0).forEach((answer) => answer());
    expect((await request).statusCode).toBe(200);
    expect(await refundEffectsOf(orderId, 'S/M', before)).toEqual(settledOnce);
  });

  it('a refund whose key Stripe reports in use (409) stays pending: the owner is told it is being confirmed', async () => {
    // More tees in L for this test and the next (three were stocked for the tests above).
    await t.database.db
      .update(variants)
      .set({ onHand: sql`${variants.onHand} + 2` })
      .where(and(eq(variants.productId, productId), eq(variants.key, 'L')));
    const orderId = await paidStripeOrder('L', 'key-in-use@example.com', 'pi_key_in_use');
    const owner = await addBackOfficeUser(t, 'owner');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { amount: 4.09, reason: 'Late parcel' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: ADMIN_ORDER_MESSAGES.refundUnconfirmed });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((row) => row.status)).toEqual(['pending']);
    const refusals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, orderId), eq(auditLog.action, 'order.refund_failed')));
    expect(refusals).toHaveLength(0);
  });

  it('charge.refunded settles only the pending refund Stripe made (by the refund id in its metadata), never another of a smaller amount', async () => {
    const orderId = await paidStripeOrder('L', 'matched@example.com', 'pi_matched');
    const owner = await addBackOfficeUser(t, 'owner');
    const before = await onHandOf('L');
    // A: written pending by a request whose process died before it asked Stripe.
    const neverSent = await insertRefund(t.database.db, {
      orderId,
      amountCents: 500,
      reason: 'Never sent',
      status: 'pending',
      restock: [],
      actor: { id: owner.id, email: owner.email, name: owner.name },
      actorAddress: '127.0.0.1',
    });
    // B: made at Stripe, its answer cut short.
    const { request } = await refundCutShort(orderId, 'L', owner);
    const event = chargeRefundedEvent('evt_matched', 'pi_matched', 1717, { orderId });
    expect((await signedWebhook(event)).json().outcome).toBe('refunded');
    expect(calls.at(-1)).toMatchObject({ method: 'GET' });
    expect(
      new URL(calls.at(-1)?.path ?? '', 'http://stripe').searchParams.get('payment_intent'),
    ).toBe('pi_matched');
    const statuses = async () =>
      (await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)))
        .map((row) => [row.amountCents, row.status])
        .sort(([a], [b]) => Number(a) - Number(b));
    expect(await statuses()).toEqual([
      [500, 'pending'],
      [1717, 'succeeded'],
    ]);
    expect((await refundEffectsOf(orderId, 'L', before)).restocked).toBe(1);
    heldAnswers.splice(0).forEach((answer) => answer());
    expect((await request).statusCode).toBe(200);

    // The sweep asks Stripe for A, with its own key, and settles it.
    await sweepOnAnotherProcess();
    expect(calls.at(-1)?.headers['idempotency-key']).toBe(`refund-${neverSent.id}`);
    expect(calls.at(-1)?.form.get('metadata[refundId]')).toBe(neverSent.id);
    expect(await statuses()).toEqual([
      [500, 'succeeded'],
      [1717, 'succeeded'],
    ]);
  });

  it('a refund made in the dashboard while one of the shop is pending is recorded, the pending one left alone', async () => {
    const orderId = await paidStripeOrder(
      'S/M',
      'dashboard-pending@example.com',
      'pi_dash_pending',
    );
    const owner = await addBackOfficeUser(t, 'owner');
    await insertRefund(t.database.db, {
      orderId,
      amountCents: 1000,
      reason: 'Never sent',
      status: 'pending',
      restock: [],
      actor: { id: owner.id, email: owner.email, name: owner.name },
      actorAddress: '127.0.0.1',
    });
    const event = chargeRefundedEvent('evt_dash_pending', 'pi_dash_pending', 500, { orderId });
    expect((await signedWebhook(event)).json().outcome).toBe('refunded');
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(
      rows
        .map((row) => [row.amountCents, row.status, row.actorId])
        .sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual([
      [500, 'succeeded', null],
      [1000, 'pending', owner.id],
    ]);
  });
});
