import { expect, test } from './support/test';

test('the production build serves the home page with the catalog and no console errors', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  await expect(page.getByText('FREE SHIPPING ON ORDERS $50+')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
  ).toBeVisible();
  // Cards come from the API over the sample catalog: a price with a dollar sign and two decimals.
  await expect(
    page
      .getByRole('main')
      .getByText(/\$\d+\.\d{2}/)
      .first(),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('the API answers beside the storefront on the same port', async ({ request }) => {
  const response = await request.get('/api/products');
  expect(response.ok()).toBe(true);
  const body = await response.json();
  expect(body.page).toBe(1);
  expect(body.products.length).toBeGreaterThan(0);
});
