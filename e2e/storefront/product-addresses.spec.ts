import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { anotherBrowser, signInOwnerToBackOffice } from '../support/back-office';
import { seriousViolations } from '../support/page-checks';
import { jsonLdOf, metaContent } from '../support/server-html';
import { productsOf, type ApiProduct } from '../support/shop';

/**
 * Readable addresses (issue 19, decision 033): a product's handle is its address, its id's address
 * shows the same product, both name the handle's as canonical, and a renamed handle answers 301.
 */

/** The product's page as it names itself: canonical, og:url and the Product JSON-LD's url. */
async function addressesNamed(page: Page) {
  const product = (await jsonLdOf(page)).find(
    (block) => block['@type'] === 'Product' || block['@type'] === 'ProductGroup',
  );
  return {
    canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
    ogUrl: await metaContent(page, 'og:url'),
    jsonLdUrl: product?.url,
  };
}

async function aSampleTote(request: Parameters<typeof productsOf>[0]): Promise<ApiProduct> {
  const [tote] = await productsOf(request, 'totes');
  if (!tote) throw new Error('the sample catalog has no tote');
  return tote;
}

test('a product at its handle and at its id: the same product, the handle’s address as canonical', async ({
  page,
  request,
  baseURL,
}) => {
  const tote = await aSampleTote(request);
  expect(tote.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  const canonical = `${baseURL}/products/${tote.handle}`;
  const expected = { canonical, ogUrl: canonical, jsonLdUrl: canonical };

  const byHandle = await page.goto(`/products/${tote.handle}`);
  expect(byHandle?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tote.name);
  expect(await addressesNamed(page)).toEqual(expected);
  expect(await seriousViolations(page)).toEqual([]);

  const byId = await page.goto(`/products/${tote._id}`);
  expect(byId?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tote.name);
  expect(await addressesNamed(page)).toEqual(expected);

  // The totes' cards link to the handle's address, and it opens the product.
  await page.goto('/totes');
  const card = page.getByRole('main').getByRole('link', { name: tote.name, exact: true }).first();
  await expect(card).toHaveAttribute('href', `/products/${tote.handle}`);
  await card.click();
  await expect(page).toHaveURL(`/products/${tote.handle}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tote.name);
});

test.describe('a renamed handle @desktop-only', () => {
  test('the old address answers 301 to the new one with its query, and a shopper lands on the product', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    // A product of the test's own: the sample catalog's handles are read by the other specs.
    const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const name = `Addressed Tote ${nonce}`;
    const original = `addressed-tote-${nonce}`;
    const renamed = `renamed-tote-${nonce}`;
    const owner = await anotherBrowser(browser, testInfo);
    await signInOwnerToBackOffice(owner, testInfo);
    await owner.goto('/admin/products/new');
    const form = owner.getByRole('form', { name: 'Product details' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Handle (optional)').fill(original);
    await form.getByLabel('Category').selectOption({ label: 'Totes' });
    await form.getByLabel('Price ($)').fill('31');
    await form.getByLabel('Status').selectOption('published');
    await form.getByLabel('Description', { exact: true }).fill('<p>Found at its address.</p>');
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible();
    expect((await request.get(`/products/${original}`, { maxRedirects: 0 })).status()).toBe(200);

    // The owner renames the handle in the back office.
    await form.getByLabel('Handle (optional)').fill(renamed);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(owner.getByText('Saved', { exact: true })).toBeVisible();
    await expect(owner.getByRole('link', { name: 'See it in the shop' })).toHaveAttribute(
      'href',
      `/products/${renamed}`,
    );

    const old = await request.get(`/products/${original}?utm_source=mail`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/products/${renamed}?utm_source=mail`);

    // A shopper with the old link lands on the product at its new address.
    const shopper = await anotherBrowser(browser, testInfo);
    await shopper.goto(`/products/${original}`);
    await expect(shopper).toHaveURL(new RegExp(`/products/${renamed}$`));
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(shopper.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/products/${renamed}$`),
    );
    await shopper.context().close();
    await owner.context().close();
  });
});
