import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  LINE_LIMIT_MESSAGE,
  MAX_UNITS_PER_LINE,
  MAX_UNITS_PER_ORDER,
  ORDER_LIMIT_MESSAGE,
} from '@shop/shared/order-limits';
import { seriousViolations, toastViolations, watchConsole } from '../support/page-checks';

/** Opens the straps listing the way a shopper would on this screen size. */
async function openStraps(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await sidebar.getByRole('button', { name: 'Accessories' }).click();
    await sidebar.getByRole('link', { name: 'Straps' }).click();
  } else {
    await page.getByRole('button', { name: 'Accessories' }).click();
    await page.getByRole('menuitem', { name: 'Belts' }).click();
  }
  await expect(page).toHaveURL(/\/belts$/);
}

test('browse, add to cart, keep the cart over a reload, respect stock, remove', async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const cartLink = page.getByRole('link', { name: /^Cart, / }).locator('visible=true');

  await page.goto('/');
  await expect(cartLink).toHaveAccessibleName('Cart, 0 items');
  await openStraps(page, mobile);
  await expect(page.getByRole('heading', { level: 1, name: 'Straps' })).toBeVisible();

  // The sample catalog's Al Sadu Diamond Strap has a single option-A strap left.
  await page.getByRole('link', { name: 'Al Sadu Diamond Strap' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Al Sadu Diamond Strap' }),
  ).toBeVisible();
  await expect(page.getByText('BAG IS NOT INCLUDED', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^A/ })).toBeChecked();
  await expect(page.getByText('In Stock')).toBeVisible();
  await expect(page).toHaveTitle('Al Sadu Diamond Strap | Sadu Sands');

  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Al Sadu Diamond Strap');
  await expect(line).toContainText(/Option:\s*A/);
  await expect(cartLink).toHaveAccessibleName('Cart, 1 item');

  await page.reload();
  await expect(line).toHaveCount(1);
  await expect(cartLink).toHaveAccessibleName('Cart, 1 item');

  const quantity = page.getByRole('group', {
    name: 'Quantity of Al Sadu Diamond Strap (option A)',
  });
  await quantity.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByText('Entered quantity is not available')).toBeVisible();
  await expect(quantity).toContainText('1');
  await expect(cartLink).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('button', { name: 'Remove Al Sadu Diamond Strap (option A)' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(cartLink).toHaveAccessibleName('Cart, 0 items');
  await page.reload();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('the product page refuses more than the chosen variant has', async ({ page }) => {
  await page.goto('/belts');
  // The sample catalog's Al Sadu Diamond Strap has a single option-A strap left.
  await page.getByRole('link', { name: 'Al Sadu Diamond Strap' }).click();
  const quantity = page.getByRole('group', { name: 'Quantity' });
  // Plus stops at the stock...
  await expect(quantity.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  // ...and a typed quantity above it is refused.
  await quantity.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Entered quantity is not available')).toBeVisible();
  await expect(page).toHaveURL(/\/products\//);
});

test(`one item goes at most ${MAX_UNITS_PER_LINE} to a cart: the product page names the limit and the cart stops there`, async ({
  page,
}) => {
  // Two pages, each checked by axe with its toast held open and without: four scans.
  test.slow();
  const problems = watchConsole(page);
  const cartLink = page.getByRole('link', { name: /^Cart, / }).locator('visible=true');
  await page.goto('/belts');
  // The sample catalog's Sadu Sands Classic Strap has 24 of option A, its first choice.
  await page.getByRole('link', { name: 'Sadu Sands Classic Strap' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sadu Sands Classic Strap' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /^A/ })).toBeChecked();

  const quantity = page.getByRole('group', { name: 'Quantity' });
  const field = quantity.getByRole('textbox', { name: 'Quantity' });
  await field.fill(String(MAX_UNITS_PER_LINE + 1));
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  const limitToast = page.locator('[data-sonner-toast]').filter({ hasText: LINE_LIMIT_MESSAGE });
  await expect(limitToast).toBeVisible();
  await expect(page).toHaveURL(/\/products\//);
  await expect(cartLink).toHaveAccessibleName('Cart, 0 items');
  expect(await toastViolations(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await limitToast.getByRole('button', { name: 'Close toast' }).click();
  await expect(limitToast).toHaveCount(0);

  await field.fill(String(MAX_UNITS_PER_LINE));
  await expect(quantity.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLink).toHaveAccessibleName(`Cart, ${MAX_UNITS_PER_LINE} items`);

  const lineQuantity = page.getByRole('group', {
    name: 'Quantity of Sadu Sands Classic Strap (option A)',
  });
  await expect(lineQuantity).toContainText(String(MAX_UNITS_PER_LINE));
  const plus = lineQuantity.getByRole('button', { name: 'Increase quantity' });
  await expect(plus).toBeDisabled();
  // Unavailable but still focusable: pressed from the keyboard, it says why and keeps the focus.
  await plus.focus();
  await page.keyboard.press('Enter');
  await expect(limitToast).toBeVisible();
  await expect(plus).toBeFocused();
  await expect(lineQuantity).toContainText(String(MAX_UNITS_PER_LINE));
  await expect(cartLink).toHaveAccessibleName(`Cart, ${MAX_UNITS_PER_LINE} items`);
  expect(await toastViolations(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A product of the sample catalog by name, asked of the API rather than hard-coded. */
async function productId(request: APIRequestContext, category: string, name: string) {
  const response = await request.get(`/api/products?category=${category}`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: { _id: string; name: string }[] };
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`the sample catalog has no ${name}`);
  return product._id;
}

test(`above ${MAX_UNITS_PER_ORDER} items the cart's ways to checkout are unavailable, saying why`, async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  // Three lines of the most one line may hold: the sample catalog has 24 straps of option A and
  // 30 and 22 totes of options A and B.
  const strap = await productId(request, 'belts', 'Sadu Sands Classic Strap');
  const tote = await productId(request, 'totes', 'Dune Stripe Tote');
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  for (const [id, option] of [
    [strap, 'A'],
    [tote, 'A'],
    [tote, 'B'],
  ] as const) {
    const count = await lines.count();
    await page.goto(`/cart/${id}?qty=${MAX_UNITS_PER_LINE}&size=NA&option=${option}`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(lines).toHaveCount(count + 1);
  }

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('alert')).toContainText(ORDER_LIMIT_MESSAGE);
  for (const name of ['Proceed to checkout', 'Guest checkout']) {
    const way = summary.getByRole('link', { name });
    await expect(way).toBeDisabled();
    await expect(way).toHaveAccessibleDescription(new RegExp(escapeRegExp(ORDER_LIMIT_MESSAGE)));
    await expect(way).not.toHaveAttribute('href');
  }
  expect(await seriousViolations(page)).toEqual([]);

  // One line fewer, and the way is open again.
  await page.getByRole('button', { name: 'Remove Dune Stripe Tote (option B)' }).click();
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await summary.getByRole('link', { name: 'Guest checkout' }).click();
  await expect(page).toHaveURL(/\/guest-checkout$/);
  expect(problems).toEqual([]);
});

test('search finds products by keyword', async ({ page }) => {
  await page.goto('/');
  // On a phone too, the search box is in the header.
  const box = page.getByRole('combobox', { name: 'Search products' }).locator('visible=true');
  await box.fill('tote');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/tote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “tote”' })).toBeVisible();
  // The keyword matches names and descriptions (a strap's description mentions a tote).
  const names = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(names.filter({ hasText: /tote/i }).first()).toBeVisible();

  await page.goto('/search/nothing-like-this');
  await expect(page.getByText('Nothing matches “nothing-like-this”')).toBeVisible();
});

test('the home list pages through /page/:n', async ({ page }) => {
  await page.goto('/');
  const pager = page.getByRole('navigation', { name: 'Product pages' });
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const firstOnPage1 = await page.locator('#all-products h3').first().textContent();
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/page\/2$/);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#all-products h3').first()).not.toHaveText(firstOnPage1 ?? '');
});

test('unknown addresses show the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
  ).toBeVisible();
});

test('the home carousels move with the arrows and the keyboard', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'SADU SANDS STRAP COLLECTION' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  // Slides out of view are inert; the ones in view say which they are ('2 of 5').
  const inView = () =>
    carousel
      .locator('[aria-roledescription="slide"]:not([inert])')
      .evaluateAll((slides) => slides.map((slide) => slide.getAttribute('aria-label')));
  await expect.poll(inView).toContain('1 of 5');
  await page.getByRole('button', { name: 'Next: SADU SANDS STRAP COLLECTION' }).click();
  await expect.poll(inView).not.toContain('1 of 5');
  await expect.poll(inView).toContain('2 of 5');
  await carousel.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(inView).toContain('1 of 5');
  // Infinite: one more step left wraps round to the last strap.
  await page.keyboard.press('ArrowLeft');
  await expect.poll(inView).toContain('5 of 5');
});
