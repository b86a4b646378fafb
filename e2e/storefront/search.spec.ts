import { expect, test } from '../support/test';
import { seriousViolations, watchConsole } from '../support/page-checks';

// Issue 22 as a shopper meets it on the sample catalog: search reads words, not markup; a typo
// still finds the product; the header's box suggests as you type and is run by the keyboard.

test('search reads words, forgives a typo and offers what is close when nothing matches', async ({
  page,
}) => {
  const names = page.getByRole('main').getByRole('heading', { level: 3 });

  // 'li' is in most descriptions' markup (<li>), in no product's words.
  await page.goto('/search/li');
  await expect(page.getByText('Nothing matches “li”.')).toBeVisible();

  await page.goto('/search/hodie');
  await expect(names.first()).toContainText(/hoodie/i);
  await expect(names.filter({ hasText: /hoodie/i })).toHaveCount(4);

  await page.goto('/search/totes');
  await expect(names.first()).toContainText(/tote/i);

  await page.goto('/search/hoodiezzz');
  await expect(page.getByText('Nothing matches “hoodiezzz”.')).toBeVisible();
  await page.getByRole('link', { name: 'hoodie', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/hoodie$/);
  await expect(names.first()).toContainText(/hoodie/i);
});

test('the search box suggests as you type, and the keyboard picks a suggestion', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/');
  // On a phone too, the search box is in the header.
  const box = page.getByRole('combobox', { name: 'Search products' }).locator('visible=true');
  await box.pressSequentially('hodi');
  const list = page.getByRole('listbox').locator('visible=true');
  await expect(list.getByRole('option').first()).toContainText(/hoodie/i);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await box.press('ArrowDown');
  const active = await box.getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  const chosen = page.locator(`[id="${active}"]`);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const name = (await chosen.innerText()).split('\n')[0]!.trim();

  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  expect(consoleErrors).toEqual([]);
});
