import { expect, test } from '../support/test';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { anotherBrowser, signInOwnerToBackOffice, backOfficeToken } from '../support/back-office';
import { fillAddress, uniqueEmail } from '../support/shop';
import { seriousViolations } from '../support/page-checks';

/** The storefront's view of a variant (GET /api/products/:id). */
type Variant = { _id: string; options: string[]; price: number; available: number };

/**
 * A Colour × Size product made by the owner through the back office's API: 5 of its 6
 * combinations sold (Sage / S is not), each at its own price, Clay / M with a higher compare-at
 * price, and Clay / S sold out while its sibling Clay / M has stock.
 */
async function createColourBySizeProduct(browser: Browser, testInfo: TestInfo) {
  const owner = await anotherBrowser(browser, testInfo);
  await signInOwnerToBackOffice(owner, testInfo);
  const token = await backOfficeToken(owner);
  const headers = { Authorization: `Bearer ${token}` };
  const request = owner.request;
  const name = `Field Shirt ${testInfo.project.name} ${Date.now().toString(36)}`;

  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name,
      description: '<p>A cotton field shirt.</p>',
      price: 30,
      category: 'selflove_women_tshirts',
      hasSize: false,
      hasAandB: false,
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };

  const variant = (options: string[], price: number, compareAtPrice: number | null = null) => ({
    options,
    sku: `E2E-${id.slice(0, 8)}-${options.join('-')}`.toUpperCase(),
    price,
    compareAtPrice,
    barcode: null,
    weightGrams: null,
  });
  const shaped = await request.put(`/api/admin/products/${id}/variants`, {
    headers,
    data: {
      options: [
        { name: 'Colour', values: ['Clay', 'Sage'] },
        { name: 'Size', values: ['S', 'M', 'L'] },
      ],
      variants: [
        variant(['Clay', 'S'], 30),
        variant(['Clay', 'M'], 32, 40),
        variant(['Clay', 'L'], 34),
        variant(['Sage', 'M'], 28),
        variant(['Sage', 'L'], 28),
      ],
    },
  });
  expect(shaped.ok(), await shaped.text()).toBe(true);

  const made = await storefrontVariants(request, id);
  for (const each of made.filter((v) => v.options.join(' / ') !== 'Clay / S')) {
    const adjusted = await request.post('/api/admin/stock/adjust', {
      headers,
      data: { product: id, variant: each._id, change: 5, reason: 'received' },
    });
    expect(adjusted.ok(), await adjusted.text()).toBe(true);
  }
  const product = (await (await request.get(`/api/products/${id}`)).json()) as {
    handle: string;
  };
  const variants = await storefrontVariants(request, id);
  await owner.context().close();
  return { id, name, handle: product.handle, variants };
}

async function storefrontVariants(request: APIRequestContext, id: string): Promise<Variant[]> {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { variants: Variant[] }).variants;
}

/** Picks a value of an option on the product page (radios drawn as pills). */
async function choose(page: Page, option: string, value: string) {
  const group = page.getByRole('group', { name: option });
  await group
    .locator('label')
    .filter({ hasText: new RegExp(`^${value}`) })
    .click();
  await expect(group.getByRole('radio', { name: new RegExp(`^${value}( —|$)`) })).toBeChecked();
}

const price = (page: Page) => page.getByTestId('product-price');

test.describe('a product of other options than the spec’s', () => {
  test('a shopper picks a colour and size, shares its address, buys it and sees it on the order', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // Two journeys in one: the owner's product written in the back office, then a guest's
    // purchase through the test checkout (24 s in the CI run at phone width; over 30 s at desktop width).
    test.slow();
    const product = await createColourBySizeProduct(browser, testInfo);
    const idOf = (title: string) =>
      product.variants.find((v) => v.options.join(' / ') === title)?._id ?? '';

    // Opens on the first variant in stock: Clay / S is sold out, so Clay / M.
    await page.goto(`/products/${product.handle}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const colour = page.getByRole('group', { name: 'Colour' });
    const size = page.getByRole('group', { name: 'Size' });
    await expect(colour.getByRole('radio', { name: 'Clay' })).toBeChecked();
    await expect(size.getByRole('radio', { name: 'M' })).toBeChecked();
    await expect(price(page)).toContainText('$32.00');
    await expect(price(page)).toContainText('Was $40.00');
    // Not hidden: the sold-out sibling says so.
    await expect(size.getByRole('radio', { name: 'S — sold out' })).toBeEnabled();
    await expect(size.getByText('sold out')).toBeVisible();

    await choose(page, 'Size', 'L');
    await expect(price(page)).toHaveText('$34.00');
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?variant=${idOf('Clay / L')}$`));

    await choose(page, 'Size', 'S');
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();

    // Sage / S is not sold: Sage says so beside Clay / S, and choosing it moves to Sage / M.
    await expect(colour.getByText('unavailable')).toBeVisible();
    await choose(page, 'Colour', 'Sage');
    await expect(size.getByRole('radio', { name: 'M' })).toBeChecked();
    await expect(price(page)).toHaveText('$28.00');
    await expect(size.getByText('unavailable')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await choose(page, 'Colour', 'Clay');
    await choose(page, 'Size', 'M');
    const shared = `/products/${product.handle}?variant=${idOf('Clay / M')}`;
    await expect(page).toHaveURL(new RegExp(`${shared.replace('?', '\\?')}$`));

    // The address keeps the choice, in the server's first HTML too.
    const html = await (await request.get(shared)).text();
    expect(html).toContain('$32.00');
    expect(html).toContain('$40.00');
    await page.reload();
    await expect(size.getByRole('radio', { name: 'M' })).toBeChecked();
    await expect(colour.getByRole('radio', { name: 'Clay' })).toBeChecked();
    await expect(price(page)).toContainText('$32.00');

    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Clay / M');
    await expect(line).toContainText('$32.00');
    await expect(line.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/products/${product.handle}`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await expect(page.getByRole('list', { name: 'Items in your order' })).toContainText('Clay / M');
    const email = uniqueEmail(testInfo, 'variant-guest');
    await page.getByLabel('Email').fill(email);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeVisible();
    const items = page.getByRole('list', { name: 'Items in your order' });
    await expect(items).toContainText(product.name);
    await expect(items).toContainText('Clay / M');
    // The variant's price, not the product's.
    await expect(items).toContainText('1 × $32.00');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
