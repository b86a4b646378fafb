import * as z from 'zod/mini';
import { readFile } from 'node:fs/promises';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { productSchema } from '@shop/shared/catalog';
import { orderSchema } from '@shop/shared/orders';
import {
  ERASED_FIELD,
  FORMER_CUSTOMER,
  PRIVACY_MESSAGES,
  accountExportSchema,
  erasedEmail,
} from '@shop/shared/privacy';
import {
  mailOutbox,
  orderItems,
  orders,
  reviews,
  sessions,
  shipments,
  stockMovements,
  users,
} from '../../db/schema';
import { deriveKey } from '../../lib/keys';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  openCheckout,
  payTestCheckout,
  productIdByHandle,
} from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orderAccessToken } from '../orders/order-access';
import { DATA_EXPORT_LIMIT } from './routes';

const JWT_SECRET = 'privacy-test-secret-0123456789-abcdefghijk';
const PASSWORD = 'Fixture-Pass1!';
const nextIp = clientAddresses('10.31');
let t: TestApp;
/** Product ids: a tote at $24.50 and a cap at $10.00. */
let tote: string, cap: string;
let people = 0;
const call = injector(() => t.app, nextIp);

async function customer(name: string) {
  const email = `${name.toLowerCase()}.${++people}@example.com`;
  return { name, ...(await addVerifiedCustomer(t.app, t.database.db, { name, email })) };
}

const checkout = (buyer: { token: string } | { email: string }, productId: string) =>
  openCheckout(t, buyer, [{ product: productId, qty: 2 }], nextIp());
const pay = (sessionId: string) => payTestCheckout(t.app, JWT_SECRET, sessionId);

/** A parcel goes out, as the back office records it. */
async function ship(orderId: string) {
  await t.database.db.insert(shipments).values({ orderId, carrier: 'UPS', trackingNumber: '1Z9' });
  await t.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, orderId));
}

async function buyAndShip(buyer: { token: string } | { email: string }, productId: string) {
  const { orderId, sessionId } = await checkout(buyer, productId);
  await pay(sessionId);
  await ship(orderId);
  return orderId;
}

const deleteAccount = (token: string, password: string) =>
  call('DELETE', '/api/users/profile', { token, body: { password } });

const login = (email: string, password = PASSWORD) =>
  call('POST', '/api/users/login', { body: { email, password } });

/** The token of the newest link to `path` in the mail kept for an address (the dev outbox). */
async function mailedToken(to: string, subject: RegExp, path: string): Promise<string> {
  const mails = await t.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(mailOutbox.createdAt);
  const mail = mails.filter((m) => subject.test(m.subject)).pop();
  const token = new RegExp(`${path}(\\S+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}

/** Moves an account to another address through the confirmation link, as its owner would. */
async function changeEmail(who: { name: string; token: string }, email: string) {
  const asked = await call('PUT', '/api/users/profile', {
    token: who.token,
    body: { name: who.name, email, password: PASSWORD, currentPassword: PASSWORD },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const token = await mailedToken(email, /Confirm your new e-mail/, '/confirm-email/');
  const confirmed = await call('POST', `/api/users/confirm-email/${token}`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** Sets a new password through the reset link mailed to the address. */
async function resetPassword(email: string) {
  expect(
    (await call('POST', '/api/users/forgot-password', { body: { email } })).statusCode,
  ).toBeLessThan(300);
  // The reset mail is queued after the answer.
  await t.app.backgroundTasks.idle();
  const token = await mailedToken(email, /Reset your/, '/reset-password/');
  const reset = await call('POST', `/api/users/reset-password/${token}`, {
    body: { password: PASSWORD },
  });
  expect(reset.statusCode, reset.body).toBe(200);
}

/** Backdates orders, as if placed an hour before the accounts made now. */
async function placedAnHourAgo(orderIds: string[]) {
  await t.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
    .where(inArray(orders.id, orderIds));
}

/** The data statements of migration 0010 (its schema part has run with the migrations). */
async function runMigration0010Data() {
  const migration = await readFile(
    new URL('../../../drizzle/0010_attach_proven_guest_orders.sql', import.meta.url),
    'utf8',
  );
  const statements = migration
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'));
  expect(statements).toHaveLength(3);
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

const orderIdsOf = async (userId: string) =>
  (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
    (order) => order.id,
  );

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET, APP_URL: 'http://shop.test' });
  await addProduct(t.database.db, {
    handle: 'poppy-tote',
    name: 'Poppy Tote',
    priceCents: 2450,
    stock: { total: 50 },
  });
  await addProduct(t.database.db, {
    handle: 'plain-cap',
    name: 'Plain Cap',
    priceCents: 1000,
    stock: { total: 50 },
  });
  tote = await productIdByHandle(t.database.db, 'poppy-tote');
  cap = await productIdByHandle(t.database.db, 'plain-cap');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/users/profile/export', () => {
  it('downloads the profile, orders and reviews as a dated JSON file, and no secret', async () => {
    const ana = await customer('Ana');
    const orderId = await buyAndShip(ana, tote);
    const reviewed = await call('POST', `/api/products/${tote}/review`, {
      token: ana.token,
      body: { rating: 4, comment: 'Sturdy and bright', userEmail: ana.email },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);

    const response = await call('GET', '/api/users/profile/export', { token: ana.token });
    expect(response.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sadu-sands-my-data-${today}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);

    const data = accountExportSchema.parse(response.json());
    expect(data.profile).toEqual({
      name: 'Ana',
      email: ana.email,
      verified: true,
      createdAt: expect.any(String),
      role: 'customer',
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      _id: orderId,
      orderItems: [{ product: tote, name: 'Poppy Tote', qty: 2, price: 24.5 }],
      shippingAddress: SAMPLE_ADDRESS,
      itemsPrice: 49,
      totalPrice: 49 + 5 + 3.43,
      isPaid: true,
      status: 'shipped',
      user: { name: 'Ana', email: ana.email },
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z9' }],
    });
    expect(data.reviews).toEqual([
      {
        product: tote,
        productName: 'Poppy Tote',
        rating: 4,
        comment: 'Sturdy and bright',
        createdAt: expect.any(String),
      },
    ]);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(response.body).not.toContain(row?.passwordHash);
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain(ana.token);
    expect(response.body).not.toMatch(/password|token|session/i);
  });

  it('lists no order a stranger placed as a guest with the account’s e-mail, paid or not', async () => {
    const kim = await customer('Kim');
    const own = await buyAndShip(kim, tote);
    const unpaid = await checkout({ email: kim.email }, cap);
    const paid = await checkout({ email: kim.email }, cap);
    await pay(paid.sessionId);

    const response = await call('GET', '/api/users/profile/export', { token: kim.token });
    expect(response.statusCode).toBe(200);
    const data = accountExportSchema.parse(response.json());
    expect(data.orders.map((order) => order._id)).toEqual([own]);
    expect(response.body).not.toContain(unpaid.orderId);
    expect(response.body).not.toContain(paid.orderId);
  });

  it('lists the guest orders paid with the e-mail before the account was made, once it is verified', async () => {
    const email = `lea.${++people}@example.com`;
    const before = await buyAndShip({ email }, tote);
    const registered = await call('POST', '/api/users', {
      body: { name: 'Lea', email, password: PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    // Placed after the account was made, by whoever typed the address: never the account's.
    const after = await buyAndShip({ email }, cap);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, 'Verify%')));
    const link = /\/verify\/(\S+)/.exec(mail?.text ?? '')?.[1];
    expect((await call('GET', `/api/users/verify/${link}`)).statusCode).toBe(200);
    const token = (await login(email)).json().token as string;

    const data = accountExportSchema.parse(
      (await call('GET', '/api/users/profile/export', { token })).json(),
    );
    expect(data.orders.map((order) => order._id)).toEqual([before]);
    const mine = z.array(orderSchema).parse((await call('GET', '/api/orders/', { token })).json());
    expect(mine.map((order) => order._id)).toEqual([before]);
    expect(mine.map((order) => order._id)).not.toContain(after);
  });

  it('migration 0010 attaches what verification would have: paid guest orders placed before the account', async () => {
    const mo = await customer('Mo');
    const paidBefore = await buyAndShip({ email: mo.email }, tote);
    const unpaidBefore = await checkout({ email: mo.email }, cap);
    // Paid after the account was made: left a guest order.
    await buyAndShip({ email: mo.email }, cap);
    await placedAnHourAgo([paidBefore, unpaidBefore.orderId]);
    await runMigration0010Data();

    expect(await orderIdsOf(mo.id)).toEqual([paidBefore]);
    const data = accountExportSchema.parse(
      (await call('GET', '/api/users/profile/export', { token: mo.token })).json(),
    );
    expect(data.orders.map((order) => order._id)).toEqual([paidBefore]);
  });

  it('a reset after an e-mail change attaches no guest order of the new address (nor does migration 0010)', async () => {
    // Carol paid as a guest with shared@ before Bob's account existed; Bob moves to shared@ later.
    const shared = `shared.${++people}@example.com`;
    const carols = await buyAndShip({ email: shared }, tote);
    await placedAnHourAgo([carols]);
    const bob = await customer('Bob');
    await changeEmail(bob, shared);
    await resetPassword(shared);
    // The data as it was before 0010 (no email_changed_at): the migration finds the change itself.
    await t.database.db.update(users).set({ emailChangedAt: null }).where(eq(users.id, bob.id));
    await runMigration0010Data();
    const [moved] = await t.database.db.select().from(users).where(eq(users.id, bob.id));
    expect(moved?.emailChangedAt).not.toBeNull();

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, carols));
    expect(order).toMatchObject({ userId: null, email: shared, shippingAddress: SAMPLE_ADDRESS });
    const token = (await login(shared)).json().token as string;
    const data = accountExportSchema.parse(
      (await call('GET', '/api/users/profile/export', { token })).json(),
    );
    expect(data.orders).toEqual([]);
    const review = await call('POST', `/api/products/${tote}/review`, {
      token,
      body: { rating: 1, comment: 'Not mine to judge', userEmail: shared },
    });
    expect(review.statusCode).toBe(403);
  });

  it('a reset of the address the account was made with still attaches its earlier paid guest orders', async () => {
    const email = `nell.${++people}@example.com`;
    const before = await buyAndShip({ email }, tote);
    await placedAnHourAgo([before]);
    const nell = {
      name: 'Nell',
      ...(await addVerifiedCustomer(t.app, t.database.db, { name: 'Nell', email })),
    };
    expect(await orderIdsOf(nell.id)).toEqual([]);
    await resetPassword(email);
    expect(await orderIdsOf(nell.id)).toEqual([before]);
  });

  it('takes the account’s own reviews, not a stranger’s filed under its e-mail through a guest order link', async () => {
    const vic = await customer('Vic');
    // Signed out, a stranger buys with Vic's address and reviews through the order's link.
    const planted = await buyAndShip({ email: vic.email }, tote);
    const secret = deriveKey(new TextEncoder().encode(JWT_SECRET), 'order-access');
    const strangers = await call('POST', `/api/products/${tote}/review`, {
      body: {
        rating: 1,
        comment: 'A stranger wrote this',
        userEmail: vic.email,
        orderId: planted,
        orderToken: orderAccessToken(secret, planted),
      },
    });
    expect(strangers.statusCode, strangers.body).toBe(201);
    // It does not stand in the way of Vic's own review of the product.
    await buyAndShip(vic, tote);
    const own = await call('POST', `/api/products/${tote}/review`, {
      token: vic.token,
      body: { rating: 5, comment: 'Vic wrote this', userEmail: vic.email },
    });
    expect(own.statusCode, own.body).toBe(201);

    const data = accountExportSchema.parse(
      (await call('GET', '/api/users/profile/export', { token: vic.token })).json(),
    );
    expect(data.reviews.map((review) => review.comment)).toEqual(['Vic wrote this']);

    expect((await deleteAccount(vic.token, PASSWORD)).statusCode).toBe(200);
    const left = await t.database.db
      .select({ name: reviews.name, email: reviews.email, comment: reviews.comment })
      .from(reviews)
      .where(eq(reviews.productId, tote));
    expect(left).toContainEqual({
      name: 'Verified buyer',
      email: vic.email,
      comment: 'A stranger wrote this',
    });
    expect(left).toContainEqual(
      expect.objectContaining({ name: FORMER_CUSTOMER, comment: 'Vic wrote this' }),
    );
  });

  it('is limited per account', async () => {
    const ivy = await customer('Ivy');
    for (let copy = 1; copy <= DATA_EXPORT_LIMIT.max; copy++)
      expect(
        (await call('GET', '/api/users/profile/export', { token: ivy.token })).statusCode,
      ).toBe(200);
    const refused = await call('GET', '/api/users/profile/export', { token: ivy.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests/);
    // Another account is not held back by it.
    const jo = await customer('Jo');
    expect((await call('GET', '/api/users/profile/export', { token: jo.token })).statusCode).toBe(
      200,
    );
  });

  it('needs a sign-in', async () => {
    const response = await call('GET', '/api/users/profile/export');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.noToken });
  });
});

describe('DELETE /api/users/profile', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const ben = await customer('Ben');
    const orderId = await buyAndShip(ben, cap);

    const response = await deleteAccount(ben.token, 'Not-his-password1!');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PRIVACY_MESSAGES.wrongPassword });

    const profile = await call('GET', '/api/users/profile', { token: ben.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Ben', email: ben.email });
    const mine = await call('GET', '/api/orders/', { token: ben.token });
    expect(z.array(orderSchema).parse(mine.json())).toMatchObject([
      { _id: orderId, user: { name: 'Ben', email: ben.email }, shippingAddress: SAMPLE_ADDRESS },
    ]);
  });

  it('counts wrong passwords in the sign-in cooldown', async () => {
    const cy = await customer('Cy');
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await deleteAccount(cy.token, `Wrong-guess${attempt}!`)).statusCode).toBe(400);
    const fifth = await deleteAccount(cy.token, 'Wrong-guess5!');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/^Too many attempts\. Please wait \d+:\d\d$/);
    // The lockout is the account's: even the right password waits, here and at the sign-in.
    expect((await deleteAccount(cy.token, PASSWORD)).statusCode).toBe(429);
    expect((await login(cy.email)).statusCode).toBe(429);
  });

  it('erases the account: sign-in as for an unknown address, tokens end, orders and reviews name no one', async () => {
    const dee = await customer('Dee');
    const ownOrder = await buyAndShip(dee, tote);
    // Signed out, someone (Dee or not) buys with Dee's e-mail: a guest order, not the account's.
    const guestOrder = await buyAndShip({ email: dee.email }, cap);
    expect(
      (
        await call('POST', `/api/products/${tote}/review`, {
          token: dee.token,
          body: { rating: 5, comment: 'Love it', userEmail: dee.email },
        })
      ).statusCode,
    ).toBe(201);
    const before = await t.database.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [ownOrder, guestOrder]));
    // A second sign-in, and a mail still waiting to go to the address.
    const otherToken = (await login(dee.email)).json().token as string;
    await t.database.db.insert(mailOutbox).values({
      toAddress: dee.email,
      subject: 'Waiting',
      textBody: 'Hello Dee',
      htmlBody: '<p>Hello Dee</p>',
      nextAttemptAt: new Date(Date.now() + 60 * 60_000),
    });
    const [sentMail] = await t.database.db
      .insert(mailOutbox)
      .values({
        toAddress: dee.email,
        subject: 'Your order has shipped',
        textBody: 'Hello Dee, 1 Dune Road',
        htmlBody: '<p>Hello Dee, 1 Dune Road</p>',
        status: 'sent',
        sentAt: new Date(),
        orderId: ownOrder,
      })
      .returning({ id: mailOutbox.id });
    const stranger = await call('POST', '/api/users/login', {
      body: { email: 'nobody-here@example.com', password: PASSWORD },
    });

    const response = await deleteAccount(dee.token, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: PRIVACY_MESSAGES.deleted });

    // Every token ends at once.
    for (const token of [dee.token, otherToken]) {
      const profile = await call('GET', '/api/users/profile', { token });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual({ message: ACCOUNT_MESSAGES.tokenFailed });
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, dee.id))).toEqual(
      [],
    );
    // The sign-in answers exactly as for an address that never had an account.
    const again = await login(dee.email);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidCredentials });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: stranger.statusCode,
      body: stranger.json(),
    });

    // The account's order keeps lines and amounts, and names no one.
    const [erased] = await t.database.db.select().from(orders).where(eq(orders.id, ownOrder));
    expect(erased).toMatchObject({
      userId: null,
      customerName: FORMER_CUSTOMER,
      email: erasedEmail(ownOrder),
      clientAddress: null,
      status: 'shipped',
      shippingAddress: {
        address: ERASED_FIELD,
        city: ERASED_FIELD,
        state: ERASED_FIELD,
        postalCode: ERASED_FIELD,
        country: ERASED_FIELD,
      },
      itemsCents: 4900,
      shippingCents: 500,
      taxCents: 343,
      totalCents: 5743,
    });
    const after = await t.database.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [ownOrder, guestOrder]));
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
    // The guest order was never proven the account's (decision 022): it stays as it was placed.
    const [guest] = await t.database.db.select().from(orders).where(eq(orders.id, guestOrder));
    expect(guest).toMatchObject({
      userId: null,
      email: dee.email,
      shippingAddress: SAMPLE_ADDRESS,
    });

    // The review stays, under 'Former customer', with its rating.
    const product = productSchema.parse((await call('GET', `/api/products/${tote}`)).json());
    expect(product.reviews).toContainEqual(
      expect.objectContaining({ name: FORMER_CUSTOMER, rating: 5, comment: 'Love it' }),
    );
    expect(JSON.stringify(product)).not.toContain('Dee');

    // Nothing is left to be sent to the address, nor kept under it.
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, dee.email)),
    ).toEqual([]);
    // Sent mail stays in the order's history, without the address or the text.
    const [history] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, sentMail!.id));
    expect(history).toMatchObject({
      toAddress: erasedEmail(sentMail!.id),
      subject: 'Your order has shipped',
      textBody: '',
      htmlBody: '',
      orderId: ownOrder,
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, dee.email))).toEqual([]);
    // The address can open a new account from scratch.
    const again2 = await call('POST', '/api/users', {
      body: { name: 'Dee Again', email: dee.email, password: PASSWORD },
    });
    expect(again2.statusCode).toBe(201);
  });

  it('waits while an order is paid and not shipped, then erases once it has shipped', async () => {
    const eve = await customer('Eve');
    const { orderId, sessionId } = await checkout(eve, cap);
    await pay(sessionId);

    const refused = await deleteAccount(eve.token, PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PRIVACY_MESSAGES.orderAwaitingShipment });
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({ userId: eve.id, customerName: 'Eve', email: eve.email });
    expect((await call('GET', '/api/users/profile', { token: eve.token })).statusCode).toBe(200);

    await ship(orderId);
    expect((await deleteAccount(eve.token, PASSWORD)).statusCode).toBe(200);
  });

  it('is not blocked by a stranger’s guest checkout with the account’s e-mail, and leaves it alone', async () => {
    const fay = await customer('Fay');
    const planted = await openCheckout(
      t,
      { email: fay.email },
      [{ product: cap, qty: 1 }],
      nextIp(),
    );
    const response = await deleteAccount(fay.token, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, planted.orderId));
    expect(order).toMatchObject({
      status: 'pending_payment',
      userId: null,
      email: fay.email,
      shippingAddress: SAMPLE_ADDRESS,
    });
  });

  it('ends the account’s own open checkout (expired, its stock given back) instead of refusing', async () => {
    const gus = await customer('Gus');
    const stockOf = async () =>
      productSchema.parse((await call('GET', `/api/products/${cap}`)).json()).countInStock.total;
    const before = await stockOf();
    const { orderId, sessionId } = await checkout(gus, cap);
    expect(await stockOf()).toBe(before - 2);

    const response = await deleteAccount(gus.token, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const [ended] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(ended).toMatchObject({ status: 'expired', userId: null, customerName: FORMER_CUSTOMER });
    expect(await stockOf()).toBe(before);
    const releases = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'release')));
    expect(releases).toHaveLength(1);
    // A payment event for it now changes nothing: the order stays expired, the stock stays back.
    await pay(sessionId);
    const [late] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(late?.status).toBe('expired');
    expect(await stockOf()).toBe(before);
  });

  it('refuses the owner, and lets staff go', async () => {
    const owner = await addBackOfficeUser(t, 'owner', { password: PASSWORD });
    const refused = await deleteAccount(owner.loginToken, PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PRIVACY_MESSAGES.ownerCannotDelete });
    expect((await call('GET', '/api/users/profile', { token: owner.loginToken })).statusCode).toBe(
      200,
    );

    const staff = await addBackOfficeUser(t, 'staff', { password: PASSWORD });
    expect((await deleteAccount(staff.loginToken, PASSWORD)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/profile', { token: staff.token })).statusCode).toBe(401);
  });

  it('needs the password and a sign-in', async () => {
    const hal = await customer('Hal');
    const empty = await deleteAccount(hal.token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Password cannot be empty');
    const anonymous = await call('DELETE', '/api/users/profile', { body: { password: PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
  });
});
