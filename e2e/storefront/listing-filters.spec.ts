import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations, watchConsole } from '../support/page-checks';

// Issue 22's sort and filters as a shopper uses them on /tshirts (decision 057): at 1280 px beside
// the products, at 390 px in a sheet behind 'Filters'; the address keeps the choice, a reload
// shows the same, and without JavaScript the filters are a form that works.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The filters' form, opened as a sheet on a phone. */
async function openFilters(page: Page) {
  const form = page.getByRole('form', { name: 'Filters' });
  if (isPhone(page)) {
    await form.getByText(/^Filters/).click();
    await expect(form.getByRole('heading', { name: 'Filter products' })).toBeVisible();
  }
  return form;
}

const prices = async (page: Page) =>
  (
    await page
      .getByRole('main')
      .locator('li')
      .getByText(/^\$\d+\.\d\d$/)
      .allTextContents()
  ).map((text) => Number(text.slice(1)));

test('a shopper filters shirts by size and price and sorts them by price; the address keeps it', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/tshirts');
  const status = page.getByTestId('listing-count');
  await expect(status).toHaveText(/^\d+ products$/);
  const before = Number((await status.textContent())?.split(' ')[0]);

  let form = await openFilters(page);
  await form.getByRole('checkbox', { name: /^L \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/[?&]size=L(&|$)/);
  await form.getByRole('radio', { name: /^\$30 and over/ }).check();
  await expect(page).toHaveURL(/[?&]price=30-(&|$)/);
  if (isPhone(page)) {
    const show = form.getByRole('button', { name: /^Show \d+ products?$/ });
    await expect(show).toHaveText(/Show [1-9]\d* products?/);
    await show.click();
    await expect(form.getByRole('heading', { name: 'Filter products' })).toBeHidden();
  }
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption({ label: 'Price, low to high' });
  await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);

  // The address changes first and the list follows it: wait for the list to show the choice
  // (a list the sort has not reached yet holds the same prices, in the order they were added).
  const shown = async () => {
    await expect(status).toHaveText(/^\d+ products?$/);
    let listed: number[] = [];
    await expect
      .poll(async () => {
        listed = await prices(page);
        return {
          some: listed.length > 0,
          over30: listed.every((price) => price >= 30),
          ascending: listed.every((price, i) => i === 0 || listed[i - 1]! <= price),
        };
      })
      .toEqual({ some: true, over30: true, ascending: true });
    return listed;
  };
  const filtered = await shown();
  expect(filtered.length).toBeLessThan(before);

  await page.reload();
  expect(await shown()).toEqual(filtered);
  form = await openFilters(page);
  await expect(form.getByRole('checkbox', { name: /^L \(\d+\)$/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /^\$30 and over/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  expect(await seriousViolations(page)).toEqual([]);

  // Escape closes the phone's sheet, back to its button; 'Clear filters' lists everything again.
  if (isPhone(page)) {
    await page.keyboard.press('Escape');
    await expect(form.getByRole('heading', { name: 'Filter products' })).toBeHidden();
    await expect(form.getByText(/^Filters \(2\)$/)).toBeFocused();
    form = await openFilters(page);
  }
  await form.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/tshirts\?sort=price-asc$/);
  await expect(status).toHaveText(`${before} products`);
  expect(consoleErrors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters are a form: choosing and showing products loads the filtered page', async ({
    page,
  }) => {
    await page.goto('/tshirts');
    const form = page.getByRole('form', { name: 'Filters' });
    // A <details>: a phone opens it without script; a wide screen shows it open.
    if (isPhone(page)) await form.getByText(/^Filters/).click();
    await form.getByRole('checkbox', { name: /^L \(\d+\)$/ }).check();
    await form.getByRole('radio', { name: /^\$30 and over/ }).check();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await form.getByRole('button', { name: /^Show \d+ products$/ }).click();
    await expect(page).toHaveURL(/\/tshirts\?/);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('size')).toEqual(['L']);
    expect(url.searchParams.get('price')).toBe('30-');
    expect(url.searchParams.get('sort')).toBe('price-desc');
    const listed = await prices(page);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((price) => price >= 30)).toBe(true);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    // The filtered page is out of search engines; its canonical page is the unfiltered one.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tshirts$/);
  });
});
