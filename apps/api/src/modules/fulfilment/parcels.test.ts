import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES, adminOrderSchema, type AdminOrder } from '@shop/shared/admin-orders';
import { orderNumber, orderSchema } from '@shop/shared/orders';
import { PARCEL_MESSAGES } from '@shop/shared/parcels';
import { mailOutbox } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  addProduct,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { SmtpInbox, linkIn, type ReceivedMail } from '../../test/smtp-inbox';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** In process on PGlite; on PostgreSQL, two API processes of their own on the test's database. */
let api: ApiClient;
let inbox: SmtpInbox;
let staff: { token: string; id: string; email: string; name: string };
let owner: { token: string; email: string };
let teeId: string;
let toteId: string;

beforeAll(async () => {
  inbox = new SmtpInbox();
  const env = {
    SMTP_URL: await inbox.start(),
    APP_URL: 'http://shop.test',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  t = await createTestApp(env);
  await addProduct(t.database.db, {
    handle: 'parcel-tee',
    name: 'Parcel Tee',
    priceCents: 2000,
    hasSize: true,
    stock: { 'S/M': 50, L: 50, XL: 50 },
  });
  await addProduct(t.database.db, {
    handle: 'dune-stripe-tote',
    name: 'Dune Stripe Tote',
    priceCents: 1240,
    stock: { total: 50 },
  });
  teeId = await productIdByHandle(t.database.db, 'parcel-tee');
  toteId = await productIdByHandle(t.database.db, 'dune-stripe-tote');
  staff = await addBackOfficeUser(t, 'staff', { name: 'Pat Packer' });
  owner = await addBackOfficeUser(t, 'owner', { name: 'Olive Owner' });
  api = await openApiClient(t, env);
});
afterAll(async () => {
  await api.stop();
  await t.close();
  await inbox.stop();
});

const inject = injector(() => t.app, clientAddresses('10.61'));
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  inject(method, url, { token, body });

const adminOrder = async (orderId: string): Promise<AdminOrder> =>
  adminOrderSchema.parse((await call('GET', `/api/admin/orders/${orderId}`, staff.token)).json());

/** An order of 2 tees (size L) and 3 totes, paid. */
async function twoLineOrder(email: string) {
  const orderId = await placePaidOrder(t, {
    lines: [
      { product: teeId, qty: 2, size: 'L' },
      { product: toteId, qty: 3 },
    ],
    email,
  });
  const order = await adminOrder(orderId);
  const lineOf = (product: string) => {
    const index = order.orderItems.findIndex((line) => line.product === product);
    return order.lineIds[index] ?? '';
  };
  return { orderId, tee: lineOf(teeId), tote: lineOf(toteId) };
}

/** The link of the mail's 'Track the parcel', as a person clicks it in the HTML. */
const trackingHref = (mail: ReceivedMail) =>
  /<a href="([^"]+)"[^>]*>Track the parcel<\/a>/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');

describe('parcels', () => {
  it('ships an order in two parcels: partly shipped, then shipped, one mail each with its link', async () => {
    const email = 'two-parcels@example.com';
    const { orderId, tee, tote } = await twoLineOrder(email);
    expect((await adminOrder(orderId)).unitsToShip).toEqual(
      (await adminOrder(orderId)).orderItems.map((line) => line.qty),
    );

    const first = await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      note: 'The totes follow soon',
      items: [
        { line: tee, qty: 2 },
        { line: tote, qty: 1 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = adminOrderSchema.parse(first.json());
    expect(afterFirst.status).toBe('partially_shipped');
    expect(afterFirst.shipments).toEqual([
      {
        _id: expect.any(String),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        note: 'The totes follow soon',
        items: expect.arrayContaining([
          { name: 'Parcel Tee', variantTitle: expect.any(String), size: 'L', option: 'NA', qty: 2 },
          {
            name: 'Dune Stripe Tote',
            variantTitle: expect.any(String),
            size: 'NA',
            option: 'NA',
            qty: 1,
          },
        ]),
        shippedAt: expect.any(String),
        deliveredAt: null,
      },
    ]);
    const firstMail = await inbox.waitFor(email, { subject: /has shipped/ });
    expect(firstMail.subject).toBe(
      `Part of your Sadu Sands order ${orderNumber(orderId)} has shipped`,
    );
    expect(firstMail.text).toContain(
      'In this parcel: 2 × Parcel Tee (size L), 1 × Dune Stripe Tote',
    );
    expect(firstMail.text).toContain('Note: The totes follow soon');
    expect(trackingHref(firstMail)).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    const second = await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'Other',
      trackingNumber: 'PN-42',
      trackingUrl: 'https://track.parcelnet.example/?id=PN-42',
    });
    expect(second.statusCode, second.body).toBe(200);
    const afterSecond = adminOrderSchema.parse(second.json());
    expect(afterSecond.status).toBe('shipped');
    expect(afterSecond.unitsToShip).toEqual([0, 0]);
    expect(afterSecond.shipments[1]).toMatchObject({
      carrier: 'Other',
      trackingUrl: 'https://track.parcelnet.example/?id=PN-42',
      items: [expect.objectContaining({ name: 'Dune Stripe Tote', qty: 2 })],
    });
    const secondMail = await inbox.waitFor(email, { subject: /^Your .* has shipped$/ });
    expect(secondMail.text).toContain('In this parcel: 2 × Dune Stripe Tote');
    expect(trackingHref(secondMail)).toBe('https://track.parcelnet.example/?id=PN-42');
    expect(
      inbox.mails.filter((mail) => mail.to.includes(email) && /shipped/.test(mail.subject)),
    ).toHaveLength(2);

    // The buyer's page (by the mail's link) lists both parcels with their links.
    const link = new URL(linkIn(secondMail, '/order/'));
    const seen = orderSchema.parse(
      (await t.app.inject(`/api/orders/${orderId}?token=${link.searchParams.get('token')}`)).json(),
    );
    expect(seen.status).toBe('shipped');
    expect(seen.shipments.map((parcel) => parcel.trackingUrl)).toEqual([
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'https://track.parcelnet.example/?id=PN-42',
    ]);

    // Nothing remains: a third parcel is refused.
    const third = await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'DHL',
      trackingNumber: '1',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(ADMIN_ORDER_MESSAGES.notShippable);

    // The timeline speaks in words.
    const { timeline } = await adminOrder(orderId);
    const words = timeline.map((entry) => entry.detail);
    expect(words[0]).toBe('Paid by card');
    expect(words).toContain(
      'Shipped 3 items (2 × Parcel Tee (size L), 1 × Dune Stripe Tote) by UPS, tracking number 1Z999AA10123456784 (part of the order)',
    );
    expect(words).toContain(
      'Shipped 2 items (2 × Dune Stripe Tote) by Other, tracking number PN-42',
    );
    expect(words.some((detail) => /^[a-z]+\.[a-z_.]+$/.test(detail))).toBe(false);
  });

  it('refuses more units than remain, a line of another order, an empty parcel and Other without a URL', async () => {
    const { orderId, tee } = await twoLineOrder('too-many@example.com');
    const other = await twoLineOrder('other-order@example.com');
    const ship = (body: object) =>
      call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
        carrier: 'USPS',
        trackingNumber: '9400',
        ...body,
      });
    const tooMany = await ship({ items: [{ line: tee, qty: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(PARCEL_MESSAGES.tooManyUnits);
    const split = await ship({
      items: [
        { line: tee, qty: 1 },
        { line: tee, qty: 2 },
      ],
    });
    expect(split.json().message).toBe(PARCEL_MESSAGES.tooManyUnits);
    const foreign = await ship({ items: [{ line: other.tee, qty: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(PARCEL_MESSAGES.lineNotInOrder);
    const empty = await ship({ items: [{ line: tee, qty: 0 }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PARCEL_MESSAGES.emptyParcel);
    const noUrl = await ship({ carrier: 'Other' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toBe(PARCEL_MESSAGES.trackingUrlNeeded);
    const script = await ship({ carrier: 'Other', trackingUrl: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(PARCEL_MESSAGES.trackingUrlInvalid);
    expect((await adminOrder(orderId)).shipments).toEqual([]);
  });

  it(`never ships more units than remain when parcels are sent at once (${
    TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite'
  })`, async () => {
    const { orderId, tee, tote } = await twoLineOrder('parallel@example.com');
    const ship = (body: object) =>
      api.call('POST', `/api/admin/orders/${orderId}/ship`, { token: staff.token, body });
    // Ten parcels of one tee and one tote: 2 tees remain, so two at most can go.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ship({
          carrier: 'FedEx',
          trackingNumber: `FX${i}`,
          items: [
            { line: tee, qty: 1 },
            { line: tote, qty: 1 },
          ],
        }),
      ),
    );
    const codes = answers.map((answer) => answer.status).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(8);
    const order = await adminOrder(orderId);
    expect(order.shipments).toHaveLength(2);
    const shippedTees = order.shipments
      .flatMap((parcel) => parcel.items)
      .filter((item) => item.name === 'Parcel Tee')
      .reduce((sum, item) => sum + item.qty, 0);
    expect(shippedTees).toBe(2);
    expect(order.status).toBe('partially_shipped');
    // Whole-order shipping takes what remains (one tote) at once, in parallel too.
    const rest = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ship({ carrier: 'DHL', trackingNumber: `DHL${i}` })),
    );
    expect(rest.filter((answer) => answer.status === 200)).toHaveLength(1);
    const done = await adminOrder(orderId);
    expect(done.status).toBe('shipped');
    expect(done.unitsToShip).toEqual([0, 0]);
  });

  it('delivers per parcel: the order is delivered when every parcel of a shipped order is', async () => {
    const { orderId, tee, tote } = await twoLineOrder('deliveries@example.com');
    const parcel = async (items: object[]) =>
      call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
        carrier: 'USPS',
        trackingNumber: `94${items.length}`,
        items,
      });
    await parcel([{ line: tee, qty: 2 }]);
    const [firstParcel] = (await adminOrder(orderId)).shipments;
    const deliver = (id: string) =>
      call('POST', `/api/admin/orders/${orderId}/shipments/${id}/deliver`, staff.token);
    const firstDelivered = await deliver(firstParcel?._id ?? '');
    expect(firstDelivered.statusCode, firstDelivered.body).toBe(200);
    expect(firstDelivered.json()).toMatchObject({
      status: 'partially_shipped',
      isDelivered: false,
    });
    expect(firstDelivered.json().shipments[0].deliveredAt).toEqual(expect.any(String));
    expect((await deliver(firstParcel?._id ?? '')).json().message).toBe(
      PARCEL_MESSAGES.parcelDelivered,
    );
    // The whole-order call waits for the order to ship in full.
    expect(
      (await call('POST', `/api/admin/orders/${orderId}/deliver`, staff.token)).statusCode,
    ).toBe(409);

    await parcel([{ line: tote, qty: 3 }]);
    const secondParcel = (await adminOrder(orderId)).shipments[1];
    const last = await deliver(secondParcel?._id ?? '');
    expect(last.json()).toMatchObject({ status: 'delivered', isDelivered: true });

    // Unknown parcels, and parcels of another order, are not found.
    const other = await twoLineOrder('other-deliveries@example.com');
    const foreign = await call(
      'POST',
      `/api/admin/orders/${other.orderId}/shipments/${secondParcel?._id}/deliver`,
      staff.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PARCEL_MESSAGES.parcelNotFound);
    expect(
      (await call('POST', `/api/admin/orders/${orderId}/shipments/nope/deliver`, staff.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/orders/${orderId}/shipments/x/deliver`)).statusCode,
    ).toBe(401);
  });

  it('counts refunded units as needing no parcel, in words on the timeline', async () => {
    const { orderId, tee } = await twoLineOrder('refunded-units@example.com');
    await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'UPS',
      trackingNumber: '1ZA',
      items: [{ line: tee, qty: 2 }],
    });
    // The three totes are refunded and go back to stock: nothing remains to ship.
    const refund = await call('POST', `/api/admin/orders/${orderId}/refund`, owner.token, {
      amount: 12.4,
      restock: [{ product: toteId, qty: 1 }],
      reason: 'Out of totes',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(adminOrderSchema.parse(refund.json()).unitsToShip).toEqual(
      refund
        .json()
        .orderItems.map((line: { product: string }) => (line.product === toteId ? 2 : 0)),
    );
    const more = await call('POST', `/api/admin/orders/${orderId}/refund`, owner.token, {
      amount: 24.8,
      restock: [{ product: toteId, qty: 2 }],
      reason: 'Out of totes',
    });
    const after = adminOrderSchema.parse(more.json());
    expect(after.unitsToShip).toEqual([0, 0]);
    expect(after.status).toBe('partially_refunded');
    const ship = await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'UPS',
      trackingNumber: '1ZB',
    });
    expect(ship.statusCode).toBe(409);
    // Shipped in full now: the order can be delivered, and no longer cancelled.
    const cancel = await call('POST', `/api/admin/orders/${orderId}/cancel`, owner.token, {
      reason: 'Changed mind',
    });
    expect(cancel.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/admin/orders/${orderId}/deliver`, staff.token)).json(),
    ).toMatchObject({ status: 'delivered' });
    expect(after.timeline.map((entry) => entry.detail)).toContain(
      'Refund of $12.40 for 1 × Dune Stripe Tote, back to stock: Out of totes',
    );
  });
});

describe('order notes', () => {
  it('are staff-only, audited and in the timeline, and never in the shopper’s order', async () => {
    const { orderId } = await twoLineOrder('notes@example.com');
    const added = await call('POST', `/api/admin/orders/${orderId}/notes`, staff.token, {
      note: ' Customer asked for gift wrap.\nCall before delivery. ',
    });
    expect(added.statusCode, added.body).toBe(200);
    const entry = adminOrderSchema
      .parse(added.json())
      .timeline.find((item) => item.action === 'order.note');
    expect(entry).toMatchObject({
      actor: { _id: staff.id, name: 'Pat Packer' },
      detail: 'Note: Customer asked for gift wrap.\nCall before delivery.',
    });
    const audit = (await call('GET', '/api/admin/audit', owner.token)).json();
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        action: 'order.note',
        orderId,
        actor: expect.objectContaining({ _id: staff.id }),
      }),
    );
    const blank = await call('POST', `/api/admin/orders/${orderId}/notes`, staff.token, {
      note: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please write the note');
    expect(
      (await call('POST', `/api/admin/orders/${orderId}/notes`, undefined, { note: 'x' }))
        .statusCode,
    ).toBe(401);
    const missing = await call(
      'POST',
      '/api/admin/orders/00000000-0000-4000-8000-000000000000/notes',
      staff.token,
      { note: 'x' },
    );
    expect(missing.statusCode).toBe(404);

    const mail = await inbox.waitFor('notes@example.com', { subject: /is confirmed/ });
    const token = new URL(linkIn(mail, '/order/')).searchParams.get('token');
    const shopper = await t.app.inject(`/api/orders/${orderId}?token=${token}`);
    expect(shopper.body).not.toContain('gift wrap');
  });
});

describe('the new-order mail', () => {
  it('goes once per paid order to the owner and the staff who opted in, however often the webhook comes', async () => {
    const quiet = await addBackOfficeUser(t, 'staff', { name: 'Quiet Staff' });
    const keen = await addBackOfficeUser(t, 'staff', { name: 'Keen Staff' });
    const stopped = await addBackOfficeUser(t, 'owner', { name: 'Busy Owner' });
    const setting = async (token: string) =>
      (await call('GET', '/api/admin/me/new-order-mail', token)).json();
    expect(await setting(quiet.token)).toEqual({ newOrderMail: false });
    expect(await setting(owner.token)).toEqual({ newOrderMail: true });
    const on = await call('PUT', '/api/admin/me/new-order-mail', keen.token, {
      newOrderMail: true,
    });
    expect(on.json()).toEqual({ newOrderMail: true });
    await call('PUT', '/api/admin/me/new-order-mail', stopped.token, { newOrderMail: false });
    expect(await setting(stopped.token)).toEqual({ newOrderMail: false });
    expect(
      (await call('PUT', '/api/admin/me/new-order-mail', keen.token, { newOrderMail: 'yes' }))
        .statusCode,
    ).toBe(400);
    const audit = (await call('GET', '/api/admin/audit', owner.token)).json();
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        action: 'account.new_order_mail',
        summary: 'Turned on the mail for every paid order',
      }),
    );

    const { orderId, sessionId } = await placeUnpaidOrder(t, {
      lines: [{ product: toteId, qty: 1 }],
      email: 'new-order@example.com',
    });
    const event = testCheckoutSigner(t.env.JWT_SECRET ?? '').signedEvent(
      'checkout.completed',
      sessionId,
    );
    // The provider delivers the event twice, at once and again later.
    const outcomes = await Promise.all([
      deliverTestEvent(t.app, event),
      deliverTestEvent(t.app, event),
    ]);
    expect(outcomes.map((answer) => answer.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    expect((await deliverTestEvent(t.app, event)).json().outcome).toBe('duplicate');

    // $12.40 + $5 shipping + $0.87 tax.
    const subject = `New order ${orderNumber(orderId)}: $18.27`;
    const thisOrder = new RegExp(`^New order ${orderNumber(orderId)}:`);
    const toOwner = await inbox.waitFor(owner.email, { subject: thisOrder });
    expect(toOwner.subject).toBe(subject);
    expect(toOwner.text).toContain('1 × Dune Stripe Tote: $12.40');
    expect(toOwner.text).not.toContain('new-order@example.com');
    expect(linkIn(toOwner, '/admin/orders/')).toBe(`http://shop.test/admin/orders/${orderId}`);
    await inbox.waitFor(keen.email, { subject: thisOrder });
    // What was queued for this order: one mail each to the owner and the keen staff member.
    const queued = await t.database.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, subject));
    expect(queued.map((row) => row.to).sort()).toEqual([owner.email, keen.email].sort());
  });
});
