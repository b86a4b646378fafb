import { expect, test } from '@playwright/test';

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
