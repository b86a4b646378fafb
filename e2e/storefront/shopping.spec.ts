import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

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
  await page.getByRole('link', { name: 'Al Sadu Diamond Strap' }).click();
  const quantity = page.getByRole('group', { name: 'Quantity' });
  await quantity.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Entered quantity is not available')).toBeVisible();
  await expect(page).toHaveURL(/\/products\//);
});

test('search finds products by keyword', async ({ page }, testInfo) => {
  await page.goto('/');
  if (testInfo.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  const box = page.getByRole('searchbox', { name: 'Search products' }).locator('visible=true');
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
