import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  anotherBrowser,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
  backOfficeLink,
} from '../support/back-office';
import { waitForMail } from '../support/mailbox';
import { seriousViolations, watchConsole } from '../support/page-checks';
import { fillAddress, uniqueEmail } from '../support/shop';

/** A photo as a camera or an editor would hand it over: a PNG of a few hundred kilobytes. */
async function photo(color: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function uploadPhoto(page: Page, slot: string, alt: string, name: string, buffer: Buffer) {
  const region = page.getByRole('region', { name: slot });
  await region.getByLabel('Alt text').fill(alt);
  await region.getByLabel('Choose a photo').setInputFiles({ name, mimeType: 'image/png', buffer });
  await region.getByRole('button', { name: 'Upload photo' }).click();
  await expect(region.getByRole('img', { name: alt })).toBeVisible();
}

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/** The price as the storefront's product page shows it. */
const shownPrice = (page: Page) =>
  page
    .getByRole('main')
    .getByText(/^\$\d+\.\d{2}$/)
    .first();

// One owner's tab through the catalog's life: a product made, photographed, stocked, published,
// sold, then repriced by CSV. The back-office session lives in the browser (an HttpOnly cookie).
test.describe('the catalog, run by its owner @desktop-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let page: Page;
  let problems: string[];
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Dune Runner Tote ${nonce}`;
  let productPath = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    page = await anotherBrowser(browser, testInfo);
    problems = watchConsole(page, { failedRequestsExpected: true });
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the owner creates a draft, uploads two photos, receives 12 units and publishes it', async ({
    request,
  }, testInfo) => {
    await signInOwnerToBackOffice(page, testInfo);
    await backOfficeLink(page, 'Products').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Product details' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Category').selectOption({ label: 'Totes' });
    await form.getByLabel('Price ($)').fill('29');
    await expect(form.getByLabel('Status')).toHaveValue('draft');
    // The rich-text editor takes what is typed as text: markup typed in is shown, never run.
    const description = form.getByRole('textbox', { name: 'Description', exact: true });
    await description.fill('Woven in the dunes. <script>alert(1)</script>');
    await expect(description).toHaveText('Woven in the dunes. <script>alert(1)</script>');
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    productPath = new URL(page.url()).pathname;
    const productId = productPath.split('/').pop() ?? '';

    // A draft is not in the storefront.
    expect((await request.get(`/api/products/${productId}`)).status()).toBe(404);

    await uploadPhoto(
      page,
      'Main photo',
      'A sand-coloured tote on a dune',
      'main.png',
      await photo({ r: 214, g: 180, b: 130 }),
    );
    await uploadPhoto(
      page,
      'Gallery',
      'The tote’s woven strap, close up',
      'strap.png',
      await photo({ r: 138, g: 58, b: 35 }),
    );

    const stock = page.getByRole('table', { name: `Stock of ${name}` });
    await stock.getByRole('button', { name: 'Adjust stock of One size' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust stock: ${name}, One size` });
    await dialog.getByLabel('Change in units').fill('12');
    await dialog.getByLabel('Reason').selectOption('received');
    await dialog.getByLabel('Note (optional)').fill('First delivery from the weaver');
    await expect(dialog).toContainText('On hand 0 → 12');
    await dialog.getByRole('button', { name: 'Adjust stock' }).click();
    await expect(dialog).toBeHidden();
    await expect(stock.getByRole('row', { name: /One size/ })).toContainText('12');

    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the product editor at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'the product editor at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Published: the storefront has it (every process within 2 s; this one at once).
    await expect
      .poll(async () => (await request.get(`/api/products/${productId}`)).status(), {
        timeout: 2_000,
      })
      .toBe(200);
    const product = (await (await request.get(`/api/products/${productId}`)).json()) as {
      image: string;
      images: string[];
      countInStock: { total: number };
    };
    expect(product.image).toMatch(/^\/api\/images\/[0-9a-f]{32}-800\.webp$/);
    expect(product.images).toHaveLength(2);
    expect(product.countInStock.total).toBe(12);

    // The server's page (as a crawler reads it) offers the photo's renditions, sized beforehand.
    const served = await request.get(`/products/${productId}`);
    expect(served.status()).toBe(200);
    const picture = /<img [^>]*fetchPriority="high"[^>]*>/i.exec(await served.text())?.[0] ?? '';
    expect(picture).toContain(`src="${product.image}"`);
    expect(picture).toMatch(
      /srcSet="[^"]*-400\.webp 400w, [^"]*-800\.webp 800w, [^"]*-1600\.webp 1600w"/i,
    );
    expect(picture).toMatch(/sizes="[^"]+"/);
    expect(picture).toMatch(/width="\d+" height="\d+"/);
    expect(problems).toEqual([]);
  });

  test('a shopper finds it by search and buys 2', async ({ browser, request }, testInfo) => {
    const shopper = await anotherBrowser(browser, testInfo);
    const email = uniqueEmail(testInfo, 'tote-buyer');
    await shopper.goto('/');
    const box = shopper.getByRole('combobox', { name: 'Search products' }).locator('visible=true');
    await box.fill(nonce);
    await box.press('Enter');
    await shopper.getByRole('link', { name }).first().click();
    await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
    const main = shopper.getByRole('img', { name: 'A sand-coloured tote on a dune' }).first();
    await expect(main).toHaveAttribute('srcset', /-400\.webp 400w/);
    await expect(shownPrice(shopper)).toHaveText('$29.00');

    await shopper.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await shopper.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(shopper).toHaveURL(/\/cart$/);
    await shopper.getByRole('link', { name: 'Guest checkout' }).click();
    await shopper.getByLabel('Email').fill(email);
    await fillAddress(shopper);
    await shopper.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(shopper).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });
    await shopper.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(
      shopper.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeVisible();
    await waitForMail(request, email, /confirmed/);
    await shopper.context().close();
  });

  test('the owner sees the sale in the movement history and 10 on hand', async () => {
    await page.goto(productPath);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const stock = page.getByRole('table', { name: `Stock of ${name}` });
    // On hand 10, none held, 10 available.
    await expect(stock.getByRole('row', { name: /One size/ })).toContainText(
      /One size\s*10\s*0\s*10/,
    );

    await page.getByRole('link', { name: 'Movement history of this product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stock movements' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    // Newest first: the sale, the checkout's hold, the delivery, the product's opening row.
    await expect(rows.nth(1)).toContainText('Sold');
    await expect(rows.nth(1)).toContainText('−2');
    await expect(rows.nth(1)).toContainText(/Order [0-9A-F]{8}/);
    await expect(rows.nth(2)).toContainText('Held by a checkout');
    await expect(rows.nth(3)).toContainText('Received');
    await expect(rows.nth(3)).toContainText('First delivery from the weaver');
    await expectAccessible(page, 'the movement history');
    expect(problems).toEqual([]);
  });

  test('the owner exports the CSV, changes the price, previews the import, applies it; the shop shows the new price', async ({
    browser,
    request,
  }, testInfo) => {
    await backOfficeLink(page, 'Products').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const exported = await readFile((await download.path()) ?? '', 'utf8');
    expect(exported.charCodeAt(0)).toBe(0xfeff);
    const lines = exported.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0] ?? '';
    const row = lines.find((line) => line.includes(name));
    if (!row) throw new Error(`the export has no row for ${name}`);
    const cells = row.split(',');
    const priceAt = header.split(',').indexOf('Variant Price');
    expect(cells[priceAt]).toBe('29.00');
    cells[priceAt] = '34.50';
    // Only this product's row: the rest of the catalog keeps selling while the file is edited.
    const edited = `\uFEFF${header}\r\n${cells.join(',')}\r\n`;

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
    await page.getByRole('button', { name: 'Preview changes' }).click();
    await expect(
      page.getByRole('heading', { name: 'Preview: nothing has changed yet' }),
    ).toBeVisible();
    await expect(
      page.getByText('Applying this file would make 0 new products, 1 changed, 0 unchanged.'),
    ).toBeVisible();
    const changes = page.getByRole('table', { name: 'Changes the import would make' });
    await expect(changes.getByRole('row', { name: new RegExp(name) })).toContainText('price');
    await expectAccessible(page, 'the import preview');

    // Nothing changed yet.
    const productId = productPath.split('/').pop() ?? '';
    const before = (await (await request.get(`/api/products/${productId}`)).json()) as {
      price: number;
    };
    expect(before.price).toBe(29);

    await page.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible();
    await expect(page.getByText('Imported: 0 new products, 1 changed, 0 unchanged.')).toBeVisible();

    const shopper = await anotherBrowser(browser, testInfo);
    await shopper.goto(`/products/${productId}`);
    await expect(shownPrice(shopper)).toHaveText('$34.50');
    await shopper.context().close();
    expect(problems).toEqual([]);
  });
});
