import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';

// Two apps in one process (as the tests run them): each one's low-stock mail links to its own
// shop, whichever was built last (the links were once a module-level setting).
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  one = await createTestApp({ APP_URL: 'http://one.test' });
  two = await createTestApp({ APP_URL: 'http://two.test' });
}, 60_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
});

/** Lowers a product of `t` below its threshold through the back office; answers its mail's text. */
async function lowStockMailOf(t: TestApp): Promise<string[]> {
  const owner = await addBackOfficeUser(t, 'owner');
  await addProduct(t.database.db, {
    handle: 'two-apps-bag',
    name: 'Two Apps Bag',
    stock: { total: 10 },
  });
  const product = await productIdByHandle(t.database.db, 'two-apps-bag');
  const call = injector(() => t.app, clientAddresses('10.61'));
  const answer = await call('POST', '/api/admin/stock/adjust', {
    token: owner.token,
    body: { product, reason: 'correction', change: -9 },
  });
  expect(answer.statusCode).toBe(200);
  const mails = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, 'Low stock: Two Apps Bag'));
  return mails.map((mail) => mail.textBody);
}

describe('two apps in one process', () => {
  it('each mails low stock with its own links', async () => {
    const [ofOne, ofTwo] = [await lowStockMailOf(one), await lowStockMailOf(two)];
    expect(ofOne).toHaveLength(1);
    expect(ofOne[0]).toContain('http://one.test/admin/products/');
    expect(ofOne[0]).not.toContain('two.test');
    expect(ofTwo).toHaveLength(1);
    expect(ofTwo[0]).toContain('http://two.test/admin/products/');
    expect(ofTwo[0]).not.toContain('one.test');
  });
});
