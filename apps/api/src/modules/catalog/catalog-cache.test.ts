import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@shop/shared/catalog';
import { moveStock } from '../stock/service';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const TTL_MS = 300;
let t: TestApp;
/** The app's clock: the test moves it past the time-to-live instead of waiting. */
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_MS: String(TTL_MS) }, { now: () => clock });
});
afterAll(() => t.close());

describe('the catalog cache', () => {
  it('serves a product at most its time-to-live old, then fresh stock', async () => {
    await addProduct(t.database.db, { handle: 'cached-tote', stock: { total: 5 } });
    const id = await productIdByHandle(t.database.db, 'cached-tote');
    const read = async () =>
      productSchema.parse((await t.app.inject(`/api/products/${id}`)).json());

    expect((await read()).countInStock.total).toBe(5);
    await moveStock(
      t.database.db,
      {
        productId: id,
        variant: 'total',
        change: -4,
        heldChange: 0,
        reason: 'correction',
      },
      { appUrl: 'http://shop.test', supportEmail: 'support@shop.test' },
    );
    expect((await read()).countInStock.total).toBe(5);
    clock += TTL_MS - 1;
    expect((await read()).countInStock.total).toBe(5);
    clock += 2;
    expect((await read()).countInStock.total).toBe(1);
  });
});
