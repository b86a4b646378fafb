import { expect, test } from '../support/test';
import { seriousViolations, watchConsole } from '../support/page-checks';

const PAGES = [
  { path: '/', ready: 'EXPLORE OUR SELF LOVE COLLECTION' },
  { path: '/tshirts', ready: 'Shirts' },
  { path: '/privacypolicy', ready: null },
  { path: '/terms', ready: null },
  { path: '/refundpolicy', ready: null },
  { path: '/no/such/page', ready: 'Page not found' },
];

for (const { path, ready } of PAGES) {
  test(`${path} has no serious accessibility violations or console errors`, async ({ page }) => {
    // The not-found page answers 404, which the browser logs as a failed load of the page itself.
    const problems = watchConsole(page, { failedRequestsExpected: path === '/no/such/page' });
    await page.goto(path);
    await expect(
      ready
        ? page.getByRole('heading', { level: 1, name: ready })
        : page.getByRole('heading', { level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0); // loaded
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test('a product page and the cart have no serious accessibility violations', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/belts');
  await page.getByRole('link', { name: 'Sadu Sands Classic Strap' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sadu Sands Classic Strap' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // The review form loads as the shopper scrolls towards it; a visitor, with no proof of a
  // purchase, is told how to review instead.
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const reviewing = page.getByRole('region', { name: 'Write a customer review' });
  await expect(reviewing.getByRole('link', { name: 'sign in' })).toBeVisible();
  await expect(reviewing.getByRole('form')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  // A shopper presses Tab on the page they see, not on the HTML before the app has drawn it.
  await expect(
    page.getByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
  ).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
