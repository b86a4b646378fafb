import { expect, test, waitForApp } from '../support/test';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { watchHydration } from '../support/server-html';
import { createVerifiedCustomer, productsOf, signInByApi, uniqueEmail } from '../support/shop';

/**
 * The browser takes over the server's HTML without a mismatch and without moving anything
 * (issue 11), and the catalog works with JavaScript off: links, pager and the search form.
 */

/** Home and its page 2, the four categories, a search and the legal pages. */
const CATALOG_ROUTES = [
  '/',
  '/page/2',
  ...['tshirts', 'belts', 'totes', 'hoodies'].map((slug) => `/${slug}`),
  '/search/tote',
  ...['privacypolicy', 'terms', 'refundpolicy'].map((slug) => `/${slug}`),
];
const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Opens the header's menu (the category dropdown, or the sidebar on phones) and closes it again. */
async function headerMenuWorks(page: Page, testInfo: TestInfo) {
  const header = page.getByRole('banner');
  if (isMobile(testInfo)) {
    await header.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    return;
  }
  await header.getByRole('button', { name: 'Accessories' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Totes' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test('every catalog route hydrates without a mismatch and answers the header menu', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const [tote] = await productsOf(request, 'totes');
  const problems = watchHydration(page);
  for (const path of [...CATALOG_ROUTES, `/products/${tote?._id}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await waitForApp(page);
    await headerMenuWorks(page, testInfo);
    await page.waitForLoadState('networkidle');
    expect(problems, path).toEqual([]);
  }
});

test('a hydrated product page takes a size and adds it to the cart', async ({ page, request }) => {
  const hoodie = (await productsOf(request, 'hoodies')).find(
    (p) => p.countInStock.smallMed > 0 && p.countInStock.xlarge > 0,
  );
  if (!hoodie) throw new Error('the sample catalog has no hoodie in S/M and XL');
  const problems = watchHydration(page);
  await page.goto(`/products/${hoodie._id}`);
  await waitForApp(page);
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('radio', { name: 'S/M', exact: true })).toBeChecked();
  await sizes.getByText('XL', { exact: true }).click();
  await expect(sizes.getByRole('radio', { name: 'XL', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(line.filter({ hasText: hoodie.name })).toContainText('XL');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(problems).toEqual([]);
});

/** A page of this project's size with JavaScript off. */
async function pageWithoutScript(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, userAgent, isMobile: mobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    isMobile: mobile,
    hasTouch,
    javaScriptEnabled: false,
  });
  return context.newPage();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home → a category in the footer → a product; the home listing pages on', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Hoodies' }).click();
    await expect(page).toHaveURL(/\/hoodies$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Hoodies' })).toBeVisible();
    const card = main.getByRole('article').first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/products\/[^/]+$/);
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(main.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
    // The description, as the sample catalog writes every hoodie's care line.
    await expect(main.getByText(/machine wash cold/).first()).toBeVisible();

    await page.goto('/');
    const pager = main.getByRole('navigation', { name: 'Product pages' });
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/page\/2$/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(main.getByRole('article').first()).toBeVisible();
  });

  test(
    'the header search form lands on the results of its keyword',
    { tag: '@desktop-only' },
    async ({ page, request }) => {
      await page.goto('/hoodies');
      const search = page.getByRole('banner').getByRole('search');
      await search.getByRole('combobox', { name: 'Search products' }).fill('tote');
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/search\/tote$/);
      // The results the API finds for the keyword, in its order.
      const found = await request.get('/api/products?keyword=tote');
      const { products } = (await found.json()) as { products: { name: string }[] };
      expect(products.length).toBeGreaterThan(0);
      await expect(page.getByRole('main').getByRole('article').getByRole('heading')).toHaveText(
        products.map((product) => product.name),
      );
    },
  );
});

test('the greeting and the cart badge arrive after hydration in space the header kept for them', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const name = 'Reem Header';
  const email = uniqueEmail(testInfo, 'ssr-header');
  await createVerifiedCustomer(request, email, name);
  await signInByApi(page, email);
  const tote = (await productsOf(request, 'totes')).find((p) => p.countInStock.countA > 0);
  if (!tote) throw new Error('the sample catalog has no tote in A');
  await page.goto(`/cart/${tote._id}?qty=2&option=A`);
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();

  // The server's page, as it is before any script runs: nobody signed in, an empty cart.
  const serverPage = await pageWithoutScript(browser, testInfo);
  await serverPage.goto('/hoodies');
  const serverHeader = await serverPage.getByRole('banner').boundingBox();
  const serverMain = await serverPage.getByRole('main').boundingBox();
  await serverPage.context().close();

  const problems = watchHydration(page);
  await page.goto('/hoodies');
  await waitForApp(page);
  const header = page.getByRole('banner');
  await expect(
    header.getByRole('button', {
      name: isMobile(testInfo) ? `Account menu for ${name}` : `Hi, ${name}`,
    }),
  ).toBeVisible();
  await expect(
    header.getByRole('link', { name: 'Cart, 2 items' }).getByTestId('cart-count'),
  ).toHaveText('2');
  const hydratedHeader = await header.boundingBox();
  const hydratedMain = await page.getByRole('main').boundingBox();
  expect(hydratedHeader?.height).toBe(serverHeader?.height);
  expect(hydratedMain?.y).toBe(serverMain?.y);
  expect(problems).toEqual([]);
});
