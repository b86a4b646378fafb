import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { fillAddress, productsOf, stockOf, uniqueEmail } from '../support/shop';

/**
 * A guest's own open checkout holds every unit of a variant; the cart opened in a second tab keeps
 * the items, and placing the order again there replaces the first checkout: the stock is held once.
 * The Self Love Club Hoodie's XL (desktop) and S/M (mobile) are bought by no other test.
 */
async function continueToPayment(page: Page, email: string) {
  await page.getByRole('link', { name: 'Guest checkout' }).click();
  await page.getByLabel('Email').fill(email);
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });
}

test('a shopper’s own open checkout never empties their cart, and placing it again holds the stock once', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000); // two checkouts through the test provider
  const hoodie = (await productsOf(request, 'hoodies')).find(
    (p) => p.name === 'Self Love Club Hoodie',
  );
  if (!hoodie) throw new Error('the sample catalog has no Self Love Club Hoodie');
  const [size, field] =
    testInfo.project.name === 'mobile'
      ? (['S/M', 'smallMed'] as const)
      : (['XL', 'xlarge'] as const);
  const before = (await stockOf(request, hoodie._id))[field];
  expect(before).toBeGreaterThan(0);
  const email = uniqueEmail(testInfo, 'own-hold');

  await page.goto(`/cart/${hoodie._id}?qty=${before}&size=${encodeURIComponent(size)}&option=NA`);
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(hoodie.name);
  await continueToPayment(page, email);
  // The open checkout holds every unit of the size.
  expect((await stockOf(request, hoodie._id))[field]).toBe(0);

  // A second tab of the same browser: the cart's re-check counts the shopper's own hold as theirs.
  const second = await page.context().newPage();
  const ownHolds = second.waitForResponse(
    (response) => response.url().endsWith('/api/orders/own-holds') && response.ok(),
  );
  await second.goto('/cart');
  await ownHolds;
  const lines = second.getByRole('list', { name: 'Items in your cart' });
  await expect(lines).toContainText(hoodie.name);
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await expect(second.getByText(/was removed from your cart/)).toHaveCount(0);

  // Placing the order again replaces the first checkout (else it would find the size sold out).
  await continueToPayment(second, email);
  expect((await stockOf(request, hoodie._id))[field]).toBe(0);

  // Ending the new checkout gives everything back: the first one holds nothing any more.
  await second.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await expect(second).toHaveURL(/\/cart\?checkout=cancelled$/);
  await expect.poll(async () => (await stockOf(request, hoodie._id))[field]).toBe(before);
});
