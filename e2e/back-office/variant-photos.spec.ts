import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  anotherBrowser,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
  backOfficeToken,
} from '../support/back-office';
import { seriousViolations, watchConsole } from '../support/page-checks';

// A variant's own photo and the product's SEO title (decision 037): the owner gives a Colour ×
// Size tee a Clay / XL photo and a search engine listing in the editor; the storefront answers the
// photo on that variant, and the product page's <title> is the SEO title.

const clayPhoto = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 170, g: 90, b: 60 } } })
    .png()
    .toBuffer();

/** A published Colour × Size tee made through the API, as the variants' section would. */
async function colourBySizeTee(request: APIRequestContext, token: string, name: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name,
      description: '<p>Soft organic cotton, woven with a Sadu border.</p>',
      price: 30,
      category: 'selflove_women_tshirts',
      hasSize: false,
      hasAandB: false,
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const { _id: id, handle } = (await created.json()) as { _id: string; handle: string };
  const written = await request.put(`/api/admin/products/${id}/variants`, {
    headers,
    data: {
      options: [
        { name: 'Colour', values: ['Sand', 'Clay'] },
        { name: 'Size', values: ['M', 'XL'] },
      ],
      variants: ['Sand', 'Clay'].flatMap((colour) =>
        ['M', 'XL'].map((size) => ({
          options: [colour, size],
          sku: null,
          price: null,
          compareAtPrice: null,
          barcode: null,
          weightGrams: null,
        })),
      ),
    },
  });
  expect(written.status()).toBe(200);
  return { id, handle };
}

test.describe('variant photos and the search engine listing @desktop-only', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner gives Clay / XL its photo and the tee an SEO title; the shop shows both', async ({
    browser,
    request,
  }, testInfo) => {
    const page = await anotherBrowser(browser, testInfo);
    const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const name = `Mirage Tee ${nonce}`;
    const seoTitle = `Mirage Tee in clay, organic cotton ${nonce}`;

    await signInOwnerToBackOffice(page, testInfo);
    // Watched from here: an enrolled owner's sign-in is told 409 by the set-up check on its way.
    const problems = watchConsole(page);
    const tee = await colourBySizeTee(request, await backOfficeToken(page), name);
    await page.goto(`/admin/products/${tee.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The Clay / XL photo, uploaded in the editor's variant photos.
    const section = page.getByRole('region', { name: 'Variant photos' });
    await section.getByLabel('Variant').selectOption({ label: 'Clay / XL' });
    const slot = section.getByRole('region', { name: 'Clay / XL photos' });
    await slot.getByLabel('Alt text').fill('The Mirage Tee in clay, folded');
    await slot
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'clay.png', mimeType: 'image/png', buffer: await clayPhoto() });
    await slot.getByRole('button', { name: 'Upload photo' }).click();
    await expect(slot.getByRole('img', { name: 'The Mirage Tee in clay, folded' })).toBeVisible();
    await expect(section.getByLabel('Variant')).toContainText('Clay / XL (1 photo)');

    // The SEO title, with the search result's preview following it.
    const form = page.getByRole('form', { name: 'Product details' });
    await form.getByLabel('SEO title (optional)').fill(seoTitle);
    const preview = page.getByTestId('seo-preview');
    await expect(preview).toContainText(`${seoTitle} | Sadu Sands`.slice(0, 40));
    await expect(preview).toContainText(`/products/${tee.handle}`);
    await form
      .getByLabel('SEO description (optional)')
      .fill('A clay tee in organic cotton with a woven Sadu border.');
    await expect(preview).toContainText('A clay tee in organic cotton with a woven Sadu border.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    expect(await seriousViolations(page), 'the editor at 1280 px').toEqual([]);
    await expectNoSidewaysScroll(page);
    const shots = path.join(testInfo.project.outputDir, 'variant-photos');
    await mkdir(shots, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await section.screenshot({ path: path.join(shots, `variant-photos-${width}.png`) });
      await preview
        .locator('xpath=ancestor::fieldset[1]')
        .screenshot({ path: path.join(shots, `seo-listing-${width}.png`) });
    }
    expect(await seriousViolations(page), 'the editor at 390 px').toEqual([]);

    // The storefront's answer: the photo on Clay / XL only.
    const answer = await request.get(`/api/products/${tee.handle}`);
    expect(answer.status()).toBe(200);
    const product = (await answer.json()) as {
      seoTitle?: string;
      variants: { options: string[]; images: string[] }[];
    };
    expect(product.seoTitle).toBe(seoTitle);
    const imagesOf = (title: string) =>
      product.variants.find((variant) => variant.options.join(' / ') === title)?.images;
    expect(imagesOf('Clay / XL')).toEqual([expect.stringMatching(/^\/api\/images\/.+-800\.webp$/)]);
    for (const title of ['Sand / M', 'Sand / XL', 'Clay / M']) expect(imagesOf(title)).toEqual([]);

    // The product page: the server's <title> and the browser's are the SEO title's.
    const html = await (await request.get(`/products/${tee.handle}`)).text();
    expect(html).toContain(`<title>${seoTitle} | Sadu Sands</title>`);
    expect(html).toContain(
      '<meta name="description" content="A clay tee in organic cotton with a woven Sadu border.">',
    );
    await page.goto(`/products/${tee.handle}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${seoTitle} | Sadu Sands`);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
