import { expect, test } from '../support/test';
import {
  anotherBrowser,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
  backOfficeLink,
} from '../support/back-office';
import { seriousViolations, watchConsole } from '../support/page-checks';

type StorefrontProduct = {
  price: number;
  options: { name: string; values: string[] }[];
  variants: { _id: string; options: string[]; price: number; available: number }[];
};

// The owner gives a new tee colours and sizes in the product editor; the storefront sells them.
test.describe('the options and variants editor @desktop-only', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner builds Colour × Size, prices XL higher, leaves one out, stocks Clay / XL; it all stays after a reload and the storefront answers it', async ({
    browser,
    request,
  }, testInfo) => {
    const page = await anotherBrowser(browser, testInfo);
    const name = `Desert Bloom Tee ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

    await signInOwnerToBackOffice(page, testInfo);
    // Watched from here: an enrolled owner's sign-in is told 409 by the set-up check on its way.
    const problems = watchConsole(page);
    await backOfficeLink(page, 'Products').click();
    await page.getByRole('link', { name: 'New product' }).click();
    const form = page.getByRole('form', { name: 'Product details' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Category').selectOption({ label: 'Shirts: self love, women' });
    await form.getByLabel('Price ($)').fill('30');
    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const productId = new URL(page.url()).pathname.split('/').pop() ?? '';

    const section = page.getByRole('form', { name: 'Options and variants' });
    await expect(section.getByText(/No options: the product is sold as one variant/)).toBeVisible();

    // Colour with the pointer.
    await section.getByRole('button', { name: 'Add an option' }).click();
    await expect(section.getByLabel('Name of option 1')).toBeFocused();
    await section.getByLabel('Name of option 1').fill('Colour');
    await section.getByLabel('Value 1 of Colour').fill('Sand');
    await section.getByRole('button', { name: 'Add a value to Colour' }).click();
    await section.getByLabel('Value 2 of Colour').fill('Clay');

    // Size with the keyboard alone: each new field takes the focus.
    await section.getByRole('button', { name: 'Add an option' }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByLabel('Name of option 2')).toBeFocused();
    await page.keyboard.type('Size');
    await section.getByLabel('Value 1 of Size').focus();
    await page.keyboard.type('XS');
    for (const [i, size] of ['S', 'M', 'L', 'XL'].entries()) {
      await section.getByRole('button', { name: 'Add a value to Size' }).focus();
      await page.keyboard.press('Enter');
      await expect(section.getByLabel(`Value ${i + 2} of Size`)).toBeFocused();
      await page.keyboard.type(size);
    }

    const grid = section.getByRole('region', { name: `Variants of ${name}` });
    await expect(grid.getByRole('row')).toHaveCount(11);
    await expect(grid.getByLabel('Price of Clay / XL', { exact: true })).toHaveAttribute(
      'placeholder',
      '30.00',
    );
    // XL costs more: both colours at once.
    await grid.getByRole('checkbox', { name: 'Select Sand / XL' }).check();
    await grid.getByRole('checkbox', { name: 'Select Clay / XL' }).check();
    await section.getByLabel('Price of the selected ($)').fill('36');
    await section.getByRole('button', { name: 'Set price' }).click();
    await expect(grid.getByLabel('Price of Sand / XL', { exact: true })).toHaveValue('36');
    await expect(grid.getByLabel('Price of Clay / XL', { exact: true })).toHaveValue('36');
    await grid
      .getByLabel('SKU of Clay / XL', { exact: true })
      .fill(`DBT-${productId.slice(0, 8)}-CLAY-XL`);
    // Sand / XS is not made: left out.
    await grid.getByRole('checkbox', { name: 'Offer Sand / XS' }).uncheck();
    await expect(section.getByText('(9 of 10 offered)')).toBeVisible();

    await section.getByRole('button', { name: 'Save options and variants' }).click();
    await expect(section.getByRole('status')).toHaveText(`Saved: 9 variants of ${name}`);

    const clayXl = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Clay / XL', exact: true }) });
    await clayXl.getByRole('button', { name: 'Adjust stock of Clay / XL' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust stock: ${name}, Clay / XL` });
    await dialog.getByLabel('Change in units').fill('5');
    await expect(dialog).toContainText('On hand 0 → 5');
    await dialog.getByRole('button', { name: 'Adjust stock' }).click();
    await expect(dialog).toBeHidden();
    await expect(clayXl.getByRole('cell').filter({ hasText: /^5/ })).toBeVisible();

    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('variants-1280.png'), fullPage: true });
    expect(await seriousViolations(page), 'the product editor at 1280 px').toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('variants-390.png'), fullPage: true });
    expect(await seriousViolations(page), 'the product editor at 390 px').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A reload reads it all back from the server.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(section.getByLabel('Value 2 of Colour')).toHaveValue('Clay');
    await expect(section.getByLabel('Value 5 of Size')).toHaveValue('XL');
    await expect(grid.getByRole('checkbox', { name: 'Offer Sand / XS' })).not.toBeChecked();
    await expect(grid.getByRole('checkbox', { name: 'Offer Clay / XS' })).toBeChecked();
    await expect(grid.getByLabel('Price of Clay / XL', { exact: true })).toHaveValue('36.00');
    await expect(grid.getByLabel('Price of Sand / L', { exact: true })).toHaveValue('');
    await expect(clayXl.getByRole('cell').filter({ hasText: /^5/ })).toBeVisible();
    const stock = page.getByRole('table', { name: `Stock of ${name}` });
    await expect(
      stock.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Clay / XL' }) }),
    ).toContainText('5');

    // The storefront sells those variants, XL at its own price.
    const answer = await request.get(`/api/products/${productId}`);
    expect(answer.status()).toBe(200);
    const product = (await answer.json()) as StorefrontProduct;
    expect(product.options).toEqual([
      { name: 'Colour', values: ['Sand', 'Clay'] },
      { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
    ]);
    expect(product.variants.map((variant) => variant.options.join(' / '))).toEqual([
      'Sand / S',
      'Sand / M',
      'Sand / L',
      'Sand / XL',
      'Clay / XS',
      'Clay / S',
      'Clay / M',
      'Clay / L',
      'Clay / XL',
    ]);
    const priceOf = (title: string) =>
      product.variants.find((variant) => variant.options.join(' / ') === title);
    expect(priceOf('Sand / XL')?.price).toBe(36);
    expect(priceOf('Clay / XL')).toMatchObject({ price: 36, available: 5 });
    expect(priceOf('Clay / M')).toMatchObject({ price: 30, available: 0 });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
