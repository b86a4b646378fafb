import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { watchConsole } from '../support/page-checks';

/**
 * Holds back the header dropdowns' code (loaded on intent by a stand-in button) until the test
 * lets it through. `requested` settles when the page asks for it.
 */
async function holdMenuCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markRequested = () => {};
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve;
  });
  await page.route(/\/assets\/header-dropdowns-[\w-]+\.js$/, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

// The sidebar is the mobile menu: the config runs @mobile-only tests in the mobile project only.
test('the mobile sidebar works from the keyboard', { tag: '@mobile-only' }, async ({ page }) => {
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');

  const sidebar = page.getByRole('dialog', { name: 'Menu' });
  await expect(sidebar).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/sidebar-open/);

  // Focus stays inside the dialog however far the shopper tabs.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await sidebar.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  const men = sidebar.getByRole('button', { name: 'Men', exact: true });
  await men.focus();
  await expect(men).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(men).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', { name: 'Shirts' }).first()).toHaveAttribute(
    'href',
    '/tshirts',
  );
  await expect(sidebar.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Register' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(page.locator('body')).not.toHaveClass(/sidebar-open/);
  await expect(menuButton).toBeFocused();

  // A link closes it and goes there.
  await menuButton.click();
  await sidebar.getByRole('button', { name: 'Accessories' }).click();
  await sidebar.getByRole('link', { name: 'Totes' }).click();
  await expect(page).toHaveURL(/\/totes$/);
  await expect(sidebar).toBeHidden();
  await expect(page.locator('body')).not.toHaveClass(/sidebar-open/);
});

// The dropdowns are the desktop menu.
test(
  'the desktop category menus work from the keyboard',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Accessories' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Totes' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Belts' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/belts$/);
  },
);

test(
  'a category menu opens on the first Enter, pressed before its code has loaded',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const problems = watchConsole(page);
    const menuCode = await holdMenuCode(page);
    await page.goto('/');
    const accessories = page.getByRole('button', { name: 'Accessories' });
    await accessories.focus();
    await page.keyboard.press('Enter');
    // The press went to the stand-in: its code is asked for and held back, nothing is open yet.
    await menuCode.requested;
    await expect(accessories).toHaveAttribute('aria-expanded', 'false');

    menuCode.release();
    const menu = page.getByRole('menu', { name: 'Accessories' });
    await expect(menu.getByRole('menuitem', { name: 'Totes' })).toBeFocused();
    await expect(accessories).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(accessories).toBeFocused();
    expect(problems).toEqual([]);
  },
);

test(
  'the account menu opens on the first Enter, pressed before its code has loaded',
  { tag: '@mobile-only' },
  async ({ page }) => {
    const menuCode = await holdMenuCode(page);
    await page.goto('/');
    const account = page.getByRole('button', { name: 'Account menu' });
    await account.focus();
    await page.keyboard.press('Enter');
    await menuCode.requested;
    await expect(account).toHaveAttribute('aria-expanded', 'false');

    menuCode.release();
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await expect(menu.getByRole('menuitem', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Register' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/register$/);
  },
);
