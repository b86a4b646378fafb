import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES,
  adminProductSchema,
  productPhotosResponseSchema,
} from '@shop/shared/admin-catalog';
import { productVariantsResponseSchema } from '@shop/shared/admin-variants';
import { productSchema } from '@shop/shared/catalog';
import { auditLog } from '../../db/schema';
import { addBackOfficeUser, variantWrite } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// A variant's own photos (decision 037): the images module writes variants.images with the
// product's photo rows, in one transaction, audited.
let t: TestApp;
let owner: { token: string; email: string };

beforeAll(async () => {
  // The storefront's cache is on: a photo change must show at once all the same.
  t = await createTestApp({ CATALOG_CACHE_MS: '60000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await addBackOfficeUser(t, 'owner');
}, 60_000);
afterAll(async () => {
  await t.close();
});

let colour = 0;
const png = () => {
  colour += 1;
  return sharp({
    create: { width: 400, height: 500, channels: 3, background: { r: colour * 40, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
};

async function upload(productId: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'clay.png');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      authorization: `Bearer ${owner.token}`,
    },
  });
  return { status: response.statusCode, body: response.json() };
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

const storefrontVariants = async (productId: string) => {
  const response = await t.app.inject(`/api/products/${productId}`);
  expect(response.statusCode).toBe(200);
  return productSchema.parse(response.json()).variants;
};

/** A published Colour × Size tee; answers its id and its variants' ids by title ('Clay / XL'). */
async function colourBySizeTee(name: string) {
  const created = await call('POST', '/api/admin/products', {
    name,
    description: '<p>Soft.</p>',
    price: 30,
    category: 'selflove_women_tshirts',
    hasSize: false,
    hasAandB: false,
    status: 'published',
  });
  expect(created.status).toBe(201);
  const productId = adminProductSchema.parse(created.body)._id;
  const written = await call('PUT', `/api/admin/products/${productId}/variants`, {
    options: [
      { name: 'Colour', values: ['Sand', 'Clay'] },
      { name: 'Size', values: ['M', 'XL'] },
    ],
    variants: ['Sand', 'Clay'].flatMap((c) => ['M', 'XL'].map((s) => variantWrite([c, s]))),
  });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  const { variants } = productVariantsResponseSchema.parse(written.body);
  return { productId, ids: new Map(variants.map((v) => [v.title, v._id])) };
}

describe('a variant’s own photos', () => {
  it('shows a Clay / XL photo on that variant only, in order, until it is removed; audited', async () => {
    const { productId, ids } = await colourBySizeTee('Dune Tee');
    const clayXl = ids.get('Clay / XL')!;

    const first = await upload(productId, { slot: 'variant', variant: clayXl, alt: 'Clay tee' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await upload(productId, { slot: 'variant', variant: clayXl, alt: 'Clay back' });
    const photos = productPhotosResponseSchema.parse(second.body).photos;
    const own = photos.filter((photo) => photo.variantId === clayXl);
    expect(own.map((photo) => [photo.slot, photo.alt, photo.position])).toEqual([
      ['variant', 'Clay tee', 0],
      ['variant', 'Clay back', 1],
    ]);

    let variants = await storefrontVariants(productId);
    const byId = (id: string) => variants.find((variant) => variant._id === id)!;
    expect(byId(clayXl).images).toEqual(own.map((photo) => photo.url));
    for (const title of ['Sand / M', 'Sand / XL', 'Clay / M'])
      expect(byId(ids.get(title)!).images).toEqual([]);
    // The product's own photos and the editor's answer are unchanged but for the list.
    const product = productSchema.parse((await t.app.inject(`/api/products/${productId}`)).json());
    expect(product.images).toEqual([]);
    expect(product.imageAlts?.[own[0]!.url]).toBe('Clay tee');

    // Reordered within the variant: the storefront follows.
    const reordered = await call('PUT', `/api/admin/products/${productId}/images/order`, {
      slot: 'variant',
      variant: clayXl,
      imageIds: [own[1]!._id, own[0]!._id],
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    variants = await storefrontVariants(productId);
    expect(byId(clayXl).images).toEqual([own[1]!.url, own[0]!.url]);

    // Removed: gone from the variant (the rest close up), then none at all.
    for (const photo of own) {
      const removed = await call('DELETE', `/api/admin/products/${productId}/images/${photo._id}`);
      expect(removed.status).toBe(200);
    }
    variants = await storefrontVariants(productId);
    expect(byId(clayXl).images).toEqual([]);

    const audit = await t.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.productId, productId));
    expect(audit.map((row) => row.summary)).toEqual(
      expect.arrayContaining([
        'Photo added to Dune Tee (variant Clay / XL): Clay tee',
        'Photos of Dune Tee reordered (variant Clay / XL)',
        'Photo removed from Dune Tee (variant Clay / XL): Clay back',
      ]),
    );
  });

  it('refuses a variant of another product (404), a variant without the variant slot and the reverse (400)', async () => {
    const dune = await colourBySizeTee('Mesa Tee');
    const other = await colourBySizeTee('Canyon Tee');
    const foreign = other.ids.get('Clay / XL')!;

    const elsewhere = await upload(dune.productId, { slot: 'variant', variant: foreign, alt: 'x' });
    expect(elsewhere).toEqual({
      status: 404,
      body: { message: ADMIN_CATALOG_MESSAGES.imageVariantNotFound },
    });
    const reorder = await call('PUT', `/api/admin/products/${dune.productId}/images/order`, {
      slot: 'variant',
      variant: foreign,
      imageIds: [],
    });
    expect(reorder.status).toBe(404);

    const mine = dune.ids.get('Clay / XL')!;
    for (const fields of [{ slot: 'variant' }, { slot: 'gallery', variant: mine }] as Record<
      string,
      string
    >[])
      expect(await upload(dune.productId, { ...fields, alt: 'Clay tee' })).toEqual({
        status: 400,
        body: { message: ADMIN_CATALOG_MESSAGES.imageVariantSlot },
      });
    expect(
      (await upload(dune.productId, { slot: 'variant', variant: mine, alt: ' ' })).body,
    ).toEqual({ message: ADMIN_CATALOG_MESSAGES.imageAltRequired });
    expect((await storefrontVariants(dune.productId)).every((v) => v.images.length === 0)).toBe(
      true,
    );
  });

  it('keeps the spec’s option A/B photos on the A and B variants and refuses variant photos there', async () => {
    const handle = await addProduct(t.database.db, {
      hasAandB: true,
      name: 'Sadu Strap',
      stock: { A: 2, B: 2 },
    });
    const productId = await productIdByHandle(t.database.db, handle);
    const added = await upload(productId, { slot: 'optionA', alt: 'Strap A' });
    expect(added.status).toBe(201);
    const [photoA] = productPhotosResponseSchema.parse(added.body).photos;
    const variants = await storefrontVariants(productId);
    const a = variants.find((variant) => variant.options[0] === 'A')!;
    expect(a.images).toEqual([photoA!.url]);

    const refused = await upload(productId, { slot: 'variant', variant: a._id, alt: 'Strap' });
    expect(refused).toEqual({
      status: 400,
      body: { message: ADMIN_CATALOG_MESSAGES.imageVariantOfSpecOption },
    });
  });
});
