import { expect, test } from '../support/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  fillAddress,
  PASSWORD,
  createVerifiedCustomer,
  productsOf,
  signInByApi,
  uniqueEmail,
} from '../support/shop';

/** What a new shopper tripped over (issue 11): widths, toasts, layouts and the small ones. */

const LEGAL_ROUTES = ['/privacypolicy', '/terms', '/refundpolicy'];
const LISTING_ROUTES = [
  '/',
  '/page/2',
  '/tshirts',
  '/belts',
  '/totes',
  '/hoodies',
  '/search/tote',
  '/search/tote/page/1',
];

/** A tote with option A in stock, from the sample catalog. */
async function toteInStock(request: APIRequestContext) {
  const tote = (await productsOf(request, 'totes')).find((p) => p.countInStock.countA > 0);
  if (!tote) throw new Error('the sample catalog has no tote in A');
  return tote;
}

/** The page's width as the browser lays it out, after what the route shows first has arrived. */
async function pageWidthOf(page: Page, path: string, ready: Locator) {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const width of [390, 768, 1280, 1920]) {
  test(
    `no catalog route and no legal page is wider than the viewport at ${width} px`,
    // The mobile project is 390 px wide already; the desktop project tries every width.
    { tag: width === 390 ? [] : ['@desktop-only'] },
    async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      const [tote] = await productsOf(request, 'totes');
      const main = page.getByRole('main');
      const wider: string[] = [];
      for (const path of LISTING_ROUTES) {
        const card = main.locator('a[href^="/products/"]').first();
        const measured = await pageWidthOf(page, path, card);
        if (measured > width) wider.push(`${path}: ${measured} px`);
      }
      for (const path of [`/products/${tote?._id}`, ...LEGAL_ROUTES]) {
        const measured = await pageWidthOf(page, path, main.getByRole('heading', { level: 1 }));
        if (measured > width) wider.push(`${path}: ${measured} px`);
      }
      expect(wider).toEqual([]);
    },
  );
}

/** Whether two boxes on screen share any pixel. */
async function overlap(a: Locator, b: Locator) {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('a box is not on screen');
  return !(
    one.x + one.width <= two.x ||
    two.x + two.width <= one.x ||
    one.y + one.height <= two.y ||
    two.y + two.height <= one.y
  );
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a toast never covers the button that caused it', async ({ page, request }, testInfo) => {
  // Register: the passwords differ, the toast says so.
  await page.goto('/register');
  await page.getByLabel('Username').fill('Maya');
  await page.getByLabel('E-mail address').fill(uniqueEmail(testInfo, 'toast'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
  const register = page.getByRole('button', { name: 'Register' });
  await register.click();
  const mismatch = toast(page, 'Passwords do not match');
  await expect(mismatch).toBeVisible();
  expect(await overlap(mismatch, register)).toBe(false);

  // Product page: more than the shop can sell of it, typed in, then ADD TO CART.
  const [tote] = await productsOf(request, 'totes');
  await page.goto(`/products/${tote?._id}`);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('999');
  const add = page.getByRole('button', { name: 'Add To Cart' });
  await add.click();
  const tooMany = page.locator('[data-sonner-toast]').filter({ hasNotText: 'Passwords' });
  await expect(tooMany).toBeVisible();
  expect(await overlap(tooMany, add)).toBe(false);

  // Profile: saved.
  const email = uniqueEmail(testInfo, 'toast-profile');
  await createVerifiedCustomer(request, email, 'Noor Toast');
  await signInByApi(page, email);
  await page.goto('/profile');
  await page.getByLabel('Name', { exact: true }).fill('Noor Toasted');
  await page.getByLabel('New password', { exact: true }).fill('Sand-Dune2');
  await page.getByLabel('Confirm new password').fill('Sand-Dune2');
  await page.getByLabel('Current password').fill(PASSWORD);
  const save = page.getByRole('button', { name: 'Update' });
  await save.click();
  const saved = toast(page, 'Profile Updated');
  await expect(saved).toBeVisible();
  expect(await overlap(saved, save)).toBe(false);
});

test(
  'the profile is one deliberate column at 1280 px, and No Orders offers a way on',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'profile-layout');
    await createVerifiedCustomer(request, email, 'Hessa Layout');
    await signInByApi(page, email);
    await page.goto('/profile');
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    const settings = page.getByRole('tabpanel', { name: 'Profile Settings' });
    await expect(settings.getByLabel('Name', { exact: true })).toBeVisible();
    const column = (await tabs.boundingBox())!;
    const panel = (await settings.boundingBox())!;
    // The form fills the column it sits in, a column of a comfortable width centred on the page.
    expect(column.width).toBeGreaterThanOrEqual(600);
    expect(column.width).toBeLessThanOrEqual(800);
    expect(Math.abs(panel.x - column.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(panel.width - column.width)).toBeLessThanOrEqual(1);
    const right = 1280 - (column.x + column.width);
    expect(Math.abs(column.x - right)).toBeLessThanOrEqual(16); // the scroll bar, if any

    await page.getByRole('tab', { name: /Orders List/ }).click();
    await expect(page.getByText('No Orders')).toBeVisible();
    await page.getByRole('link', { name: 'Shop the collection' }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test('every checkout step has one width', async ({ page, request }, testInfo) => {
  const tote = await toteInStock(request);
  await page.goto(`/cart/${tote._id}?qty=1&option=A`);
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  const heading = page.getByRole('heading', { level: 1 });
  const boxes: Record<string, string> = {};
  const measure = async (step: string) => {
    await expect(summary).toBeVisible();
    const [h, s] = [(await heading.boundingBox())!, (await summary.boundingBox())!];
    boxes[step] =
      `heading at ${Math.round(h.x)}, summary at ${Math.round(s.x)} ${Math.round(s.width)} wide`;
  };

  await page.goto('/guest-checkout');
  await measure('guest checkout');

  const email = uniqueEmail(testInfo, 'steps');
  await createVerifiedCustomer(request, email, 'Sara Steps');
  await signInByApi(page, email);
  await page.goto('/shipping');
  await measure('shipping');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await measure('payment');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await measure('place order');

  const shipping = boxes.shipping;
  expect(boxes).toEqual({
    'guest checkout': shipping,
    shipping,
    payment: shipping,
    'place order': shipping,
  });
});

test(
  'the focus ring shows for keyboard focus, not after a click',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await page.goto('/');
    const next = page.getByRole('button', { name: /^Next: / }).first();
    const ring = () => next.evaluate((element) => getComputedStyle(element).outlineStyle);
    await next.click();
    await expect(next).toBeFocused();
    expect(await ring()).toBe('none');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    expect(await ring()).toBe('solid');
  },
);

test('the cart badge is hidden at 0 and shows the count after adding', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const empty = page.getByRole('link', { name: 'Cart, 0 items' });
  await expect(empty).toBeVisible();
  await expect(empty.getByTestId('cart-count')).toBeHidden();

  const tote = await toteInStock(request);
  await page.goto(`/cart/${tote._id}?qty=1&option=A`);
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
  const one = page.getByRole('link', { name: 'Cart, 1 item' });
  await expect(one.getByTestId('cart-count')).toBeVisible();
  await expect(one.getByTestId('cart-count')).toHaveText('1');
});

test('the forgot-password page gives the spam advice once', async ({ page }, testInfo) => {
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail address').fill(uniqueEmail(testInfo, 'spam'));
  await page.getByRole('button', { name: 'SEND PASSWORD RESET' }).click();
  await expect(page.getByText(/we have sent it a link to reset the password/)).toBeVisible();
  await expect(page.getByText(/spam/i)).toHaveCount(1);
});

test(
  'the header search box shows the keyword on results pages',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search products' });
    await page.goto('/search/tote');
    await expect(box).toHaveValue('tote');
    await page.goto('/search/sadu%20tote/page/1');
    await expect(box).toHaveValue('sadu tote');
    await box.fill('belt');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/belt$/);
    await expect(box).toHaveValue('belt');
    await page.goto('/tshirts');
    await expect(box).toHaveValue('');
  },
);

test(
  'the privacy table scrolls inside its own box at 390 px',
  { tag: '@mobile-only' },
  async ({ page }) => {
    await page.goto('/privacypolicy');
    const table = page.getByRole('table', { name: /categories of personal information/i });
    await table.scrollIntoViewIfNeeded();
    const scroller = table.locator('xpath=..');
    const sizes = await scroller.evaluate((element) => ({
      overflowX: getComputedStyle(element).overflowX,
      scrolls: element.scrollWidth > element.clientWidth,
      fits: element.getBoundingClientRect().right <= window.innerWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(sizes).toEqual({ overflowX: 'auto', scrolls: true, fits: true, page: 390 });
  },
);

/** Holds the header menus' code back for a moment, as a slow network would. */
async function slowMenuCode(page: Page) {
  await page.route(/\/assets\/header-dropdowns-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

test(
  'a category menu opens on the first Enter when its code is slow',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await slowMenuCode(page);
    await page.goto('/');
    const accessories = page.getByRole('button', { name: 'Accessories' });
    await accessories.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Accessories' });
    await expect(menu.getByRole('menuitem', { name: 'Totes' })).toBeFocused();
  },
);

test(
  'the account menu opens on the first Enter when its code is slow',
  { tag: '@mobile-only' },
  async ({ page }) => {
    await slowMenuCode(page);
    await page.goto('/');
    const account = page.getByRole('button', { name: 'Account menu' });
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await expect(menu.getByRole('menuitem', { name: 'Login' })).toBeFocused();
  },
);

test('the logo link is named by its visible text', async ({ page }) => {
  await page.goto('/');
  const logo = page.getByRole('banner').getByRole('link', { name: /^Sadu Sands/ });
  await expect(logo).toHaveAttribute('href', '/');
});
