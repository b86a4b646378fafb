import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '@shop/shared/privacy';
import { orders } from '../../db/schema';
import { deriveKey } from '../../lib/keys';
import {
  addProduct,
  addVerifiedCustomer,
  openCheckout,
  productIdByHandle,
} from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';
import { promoteToOwner } from '../accounts/service';
import { verifyPassword } from '../accounts/passwords';
import { createTestCheckoutProvider } from '../payments/test-checkout-provider';

// The owner's refusal comes before any side effect, even when the account became the owner (the
// owner set-up) after the request's sign-in was read: no checkout is ended at the provider.
const JWT_SECRET = 'owner-refusal-secret-0123456789-abcdefghij';
const PASSWORD = 'Fixture-Pass1!';
const nextIp = clientAddresses('10.32');
let t: TestApp;
const call = injector(() => t.app, nextIp);
/** The sessions the shop asked the provider to end. */
const endedAtProvider: string[] = [];
/** Runs while the deletion checks the password (after the request read the account). */
let duringPasswordCheck: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const testCheckout = createTestCheckoutProvider({
    secret: deriveKey(new TextEncoder().encode(JWT_SECRET), 'test-checkout'),
    appUrl: 'http://shop.test',
  });
  t = await createTestApp(
    { JWT_SECRET, APP_URL: 'http://shop.test' },
    {
      paymentProvider: {
        ...testCheckout,
        async expireCheckoutSession(sessionId) {
          endedAtProvider.push(sessionId);
          return testCheckout.expireCheckoutSession(sessionId);
        },
      },
      verifyPassword: async (hash, password) => {
        await duringPasswordCheck?.();
        return verifyPassword(hash, password);
      },
    },
  );
  await addProduct(t.database.db, {
    handle: 'owner-tote',
    name: 'Owner Tote',
    priceCents: 2450,
    stock: { total: 10 },
  });
});
afterAll(async () => {
  await t.close();
});

describe('DELETE /api/users/profile of an account made the owner meanwhile', () => {
  it('is refused before its open checkout is ended at the provider', async () => {
    const tote = await productIdByHandle(t.database.db, 'owner-tote');
    const oli = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Oli',
      email: 'oli@example.com',
    });
    const { orderId } = await openCheckout(t, oli, [{ product: tote, qty: 1 }], nextIp());
    duringPasswordCheck = async () => {
      duringPasswordCheck = undefined;
      await promoteToOwner(t.database.db, oli.id);
    };

    const response = await call('DELETE', '/api/users/profile', {
      token: oli.token,
      body: { password: PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PRIVACY_MESSAGES.ownerCannotDelete });
    expect(duringPasswordCheck).toBeUndefined();
    expect(endedAtProvider).toEqual([]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending_payment', userId: oli.id });
  });
});
