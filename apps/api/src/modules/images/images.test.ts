import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES,
  IMAGE_WIDTHS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  productPhotosResponseSchema,
  type ProductImage,
} from '@shop/shared/admin-catalog';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { productSchema, productListSchema } from '@shop/shared/catalog';
import { auditLog, imageFiles, productImages, products } from '../../db/schema';
import { databaseUrlOf } from '../../test/api-client';
import { startApiProcess, type ApiProcess } from '../../test/api-process';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, addVerifiedCustomer, productIdByHandle } from '../../test/fixtures';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: { token: string; loginToken: string; email: string };
let staff: { token: string };
let customerToken: string;
/** On PostgreSQL, an API process of its own on the test's database (the photo is served there too). */
let otherProcess: ApiProcess | undefined;

beforeAll(async () => {
  // The storefront's cache is on: a photo change must show at once all the same (it invalidates).
  t = await createTestApp({ CATALOG_CACHE_MS: '60000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await addBackOfficeUser(t, 'owner');
  staff = await addBackOfficeUser(t, 'staff');
  customerToken = (
    await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Casey Customer',
      email: `casey-${Date.now()}@example.com`,
    })
  ).token;
  if (TEST_DATABASE_URL) otherProcess = await startApiProcess(await databaseUrlOf(t.database));
}, 60_000);
afterAll(async () => {
  await otherProcess?.stop();
  await t.close();
});

interface UploadFile {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
async function formBody(fields: Record<string, string>, file?: UploadFile) {
  const form = new FormData();
  if (file) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' });
    form.append('file', blob, file.name ?? 'photo.png');
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function upload(
  productId: string,
  fields: Record<string, string>,
  file?: UploadFile,
  token = owner.token,
) {
  const { payload, contentType } = await formBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images`,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Uploads a photo that must be accepted; answers the product's photos. */
async function added(productId: string, fields: Record<string, string>, file: UploadFile) {
  const answer = await upload(productId, fields, file);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return productPhotosResponseSchema.parse(answer.body).photos;
}

async function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token = owner.token,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

async function storefrontProduct(productId: string) {
  const response = await t.app.inject(`/api/products/${productId}`);
  expect(response.statusCode).toBe(200);
  return productSchema.parse(response.json());
}

let solidCounter = 0;
/** An image of one colour (each call another, so its content hash is new). */
function solid(width: number, height: number) {
  solidCounter += 1;
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: solidCounter % 256, g: (solidCounter * 7) % 256, b: 90 },
    },
  });
}
const png = (width: number, height: number) => solid(width, height).png().toBuffer();

/**
 * A PNG that is little more than its header: signature, IHDR (8-bit RGB), one row of pixel data
 * and IEND. Reading its size works; decoding it fails (rows are missing), so a refusal that names
 * its size was made before decoding.
 */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newProduct(overrides: Parameters<typeof addProduct>[1] = {}) {
  const handle = await addProduct(t.database.db, overrides);
  return productIdByHandle(t.database.db, handle);
}

const widthOf = (url: string, width: number) => url.replace(/-800\.webp$/, `-${width}.webp`);

describe('uploading a photo', () => {
  it('serves an uploaded PNG as WebP at 400, 800 and 1600 px, immutable', async () => {
    const productId = await newProduct();
    const photos = await added(
      productId,
      { alt: 'A sand-coloured tote' },
      {
        bytes: await png(2000, 1200),
      },
    );
    expect(photos).toEqual([
      {
        _id: expect.any(String),
        slot: 'gallery',
        position: 0,
        alt: 'A sand-coloured tote',
        url: expect.stringMatching(/^\/api\/images\/[0-9a-f]{32}-800\.webp$/),
        width: 2000,
        height: 1200,
      },
    ]);
    const url = photos[0]?.url ?? '';
    for (const width of IMAGE_WIDTHS) {
      const file = await fetchImage(widthOf(url, width));
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-length']).toBe(String(file.body.length));
      expect(file.headers.etag).toMatch(/^"[0-9a-f]{32}-\d+"$/);
      const decoded = await sharp(file.body).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual([
        'webp',
        width,
        (width * 1200) / 2000,
      ]);
      const again = await fetchImage(widthOf(url, width), {
        'if-none-match': file.headers.etag as string,
      });
      expect(again.status).toBe(304);
    }
  });

  it('makes no rendition wider than the upload: a 600 px photo is 600 px wide under the 800 and 1600 names', async () => {
    const productId = await newProduct();
    const [photo] = await added(productId, { alt: 'Small' }, { bytes: await png(600, 450) });
    const sizes = [];
    for (const width of IMAGE_WIDTHS) {
      const file = await fetchImage(widthOf(photo?.url ?? '', width));
      expect(file.status).toBe(200);
      const decoded = await sharp(file.body).metadata();
      sizes.push([width, decoded.width, decoded.height]);
    }
    expect(sizes).toEqual([
      [400, 400, 300],
      [800, 600, 450],
      [1600, 600, 450],
    ]);
  });

  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    const productId = await newProduct();
    const jpeg = await solid(600, 300)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Artist: 'Someone Private', Copyright: 'GPS and all' } },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const [photo] = await added(
      productId,
      { alt: 'Upright' },
      { bytes: jpeg, name: 'p.jpg', type: 'image/jpeg' },
    );
    expect([photo?.width, photo?.height]).toEqual([300, 600]);
    for (const width of IMAGE_WIDTHS) {
      const file = await fetchImage(widthOf(photo?.url ?? '', width));
      const decoded = await sharp(file.body).metadata();
      expect([decoded.width, decoded.height]).toEqual([300, 600]);
      expect(decoded.exif).toBeUndefined();
      expect(decoded.xmp).toBeUndefined();
      expect(decoded.icc).toBeUndefined();
      expect(decoded.orientation).toBeUndefined();
      expect(file.body.includes('Someone Private')).toBe(false);
    }
  });

  it('takes WebP and AVIF too', async () => {
    const productId = await newProduct();
    await added(
      productId,
      { alt: 'WebP' },
      {
        bytes: await solid(500, 500).webp().toBuffer(),
        type: 'image/webp',
      },
    );
    const photos = await added(
      productId,
      { alt: 'AVIF' },
      {
        bytes: await solid(300, 200).avif().toBuffer(),
        type: 'image/avif',
      },
    );
    expect(photos.map((photo) => [photo.alt, photo.width])).toEqual([
      ['WebP', 500],
      ['AVIF', 300],
    ]);
  });

  it('refuses what is not a JPEG, PNG, WebP or AVIF image (400), over 40 megapixels (400), over 10 MB (413)', async () => {
    const productId = await newProduct();
    const refusals: [UploadFile, string][] = [
      [{ bytes: Buffer.from('just some text, named as a picture\n') }, 'imageNotDecodable'],
      [{ bytes: (await png(400, 300)).subarray(0, 200) }, 'imageNotDecodable'],
      [
        { bytes: await solid(40, 40).gif().toBuffer(), name: 'a.gif', type: 'image/gif' },
        'imageNotDecodable',
      ],
      [
        { bytes: await solid(40, 40).tiff().toBuffer(), name: 'a.tif', type: 'image/tiff' },
        'imageNotDecodable',
      ],
      [
        {
          bytes: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
          ),
          name: 'a.svg',
          type: 'image/svg+xml',
        },
        'imageNotDecodable',
      ],
      // 50 megapixels of one colour: a small file, a bomb once decoded.
      [{ bytes: await png(10_000, 5_000) }, 'imageTooManyPixels'],
    ];
    for (const [file, message] of refusals) {
      const answer = await upload(productId, { alt: 'Refused' }, file);
      expect([answer.status, answer.body], file.name).toEqual([
        400,
        { message: ADMIN_CATALOG_MESSAGES[message as 'imageNotDecodable'] },
      ]);
    }
    const tooLarge = await upload(
      productId,
      { alt: 'Too large' },
      {
        bytes: randomBytes(11 * 1024 * 1024),
      },
    );
    expect([tooLarge.status, tooLarge.body]).toEqual([
      413,
      { message: ADMIN_CATALOG_MESSAGES.imageTooLarge },
    ]);
    expect((await call('GET', `/api/products/${productId}`)).body.images).toEqual([
      '/images/products/test.svg',
    ]);
  });

  it('refuses a photo with a side over 16,383 px from its header, before decoding it (400)', async () => {
    const productId = await newProduct();
    const refused = { message: ADMIN_CATALOG_MESSAGES.imageSideTooLong };
    // 32 megapixels, under the pixel limit: decoding this strip cost 15 s of CPU.
    const strip = pngHeaderOnly(2, 16_000_000);
    expect((await sharp(strip).metadata()).height).toBe(16_000_000);
    const answer = await upload(productId, { alt: 'A strip' }, { bytes: strip });
    expect([answer.status, answer.body]).toEqual([400, refused]);
    // Header only: decoding would have answered 'not an image we can read' instead.
    const decoded = await upload(productId, { alt: 'Small' }, { bytes: pngHeaderOnly(2, 2) });
    expect(decoded.body).toEqual({ message: ADMIN_CATALOG_MESSAGES.imageNotDecodable });
    for (const [width, height] of [
      [2, MAX_IMAGE_SIDE + 1],
      [MAX_IMAGE_SIDE + 1, 2],
    ] as const) {
      const real = await upload(productId, { alt: 'Thin' }, { bytes: await png(width, height) });
      expect([real.status, real.body]).toEqual([400, refused]);
    }
    await added(
      productId,
      { alt: 'Longest side allowed' },
      { bytes: await png(2, MAX_IMAGE_SIDE) },
    );
  });

  it('answers 413 to an 11 MB upload over a real connection, reading it to its end, and goes on serving', async () => {
    const productId = await newProduct();
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { payload, contentType } = await formBody(
        { alt: 'Too large' },
        { bytes: randomBytes(MAX_IMAGE_BYTES + 1024 * 1024) },
      );
      const response = await fetch(`${server}/api/admin/products/${productId}/images`, {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
        body: payload,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: ADMIN_CATALOG_MESSAGES.imageTooLarge });
      const next = await fetch(`${server}/api/products/${productId}`);
      expect(next.status).toBe(200);
    } finally {
      t.app.server.close();
      t.app.server.closeAllConnections();
      await once(t.app.server, 'close');
    }
  });

  it('needs alt text (one line, at most 300 characters), a file and a known slot', async () => {
    const productId = await newProduct();
    const bytes = await png(100, 100);
    const cases: [Record<string, string>, UploadFile | undefined, string][] = [
      [{}, { bytes }, ADMIN_CATALOG_MESSAGES.imageAltRequired],
      [{ alt: '   ' }, { bytes }, ADMIN_CATALOG_MESSAGES.imageAltRequired],
      [{ alt: 'x'.repeat(301) }, { bytes }, 'Alt text must be at most 300 characters'],
      [{ alt: 'two\nlines' }, { bytes }, 'Alt text contains characters that are not allowed'],
      [
        { alt: 'Fine', slot: 'hero' },
        { bytes },
        'Slot must be one of main, gallery, optionA, optionB, variant',
      ],
      [{ alt: 'Fine' }, undefined, ADMIN_CATALOG_MESSAGES.imageFileRequired],
      [{ alt: 'Fine' }, { bytes: Buffer.alloc(0) }, ADMIN_CATALOG_MESSAGES.imageFileRequired],
    ];
    for (const [fields, file, message] of cases) {
      const answer = await upload(productId, fields, file);
      expect([answer.status, answer.body.message], JSON.stringify(fields)).toEqual([400, message]);
    }
    const json = await call('PUT', `/api/admin/products/${productId}/images/order`, {
      slot: 'nope',
    });
    expect(json.status).toBe(400);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images`,
      payload: { alt: 'x' },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect([notMultipart.statusCode, notMultipart.json().message]).toEqual([
      400,
      ADMIN_CATALOG_MESSAGES.imageFileRequired,
    ]);
    expect((await call('GET', `/api/products/${productId}`)).body.images).toEqual([
      '/images/products/test.svg',
    ]);
  });

  it('answers 404 for an unknown product', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const answer = await upload(id, { alt: 'x' }, { bytes: await png(50, 50) });
      expect([answer.status, answer.body]).toEqual([
        404,
        { message: ADMIN_CATALOG_MESSAGES.productNotFound },
      ]);
    }
  });

  it('is for the back office: staff may, a customer or a login without the second factor may not', async () => {
    const productId = await newProduct();
    const bytes = await png(80, 80);
    expect((await upload(productId, { alt: 'By staff' }, { bytes }, staff.token)).status).toBe(201);
    const customer = await upload(productId, { alt: 'x' }, { bytes }, customerToken);
    expect([customer.status, customer.body.message]).toEqual([
      403,
      BACK_OFFICE_MESSAGES.notBackOffice,
    ]);
    const loginOnly = await upload(productId, { alt: 'x' }, { bytes }, owner.loginToken);
    expect([loginOnly.status, loginOnly.body.message]).toEqual([
      403,
      BACK_OFFICE_MESSAGES.needsSecondFactor,
    ]);
    const photos = (await call('GET', `/api/products/${productId}`)).body.images;
    expect(photos).toHaveLength(1);
    const first = (await storefrontProduct(productId)).images[0] ?? '';
    const [image] = await t.database.db
      .select({ id: imageFiles.name })
      .from(imageFiles)
      .where(eq(imageFiles.name, first.replace('/api/images/', '')));
    expect(image).toBeDefined();
    for (const [method, url, body] of [
      ['DELETE', `/api/admin/products/${productId}/images/00000000-0000-4000-8000-000000000000`],
      ['PUT', `/api/admin/products/${productId}/images/order`, { slot: 'gallery', imageIds: [] }],
    ] as const) {
      expect((await call(method, url, body, customerToken)).status).toBe(403);
    }
  });
});

describe('a product’s photos in the storefront', () => {
  it('replaces the main photo, orders and removes photos, and the storefront follows with alt texts', async () => {
    const productId = await newProduct({ hasAandB: true, stock: { A: 3, B: 3 } });
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, productId));

    const first = await added(
      productId,
      { alt: 'Front, first try', slot: 'main' },
      {
        bytes: await png(900, 900),
      },
    );
    const main = await added(
      productId,
      { alt: 'Front', slot: 'main' },
      {
        bytes: await png(900, 900),
      },
    );
    expect(main.map((photo) => [photo.slot, photo.alt])).toEqual([['main', 'Front']]);
    // The old main photo's renditions stay: orders and carts may name them.
    expect((await fetchImage(first[0]?.url ?? '')).status).toBe(200);

    let photos: ProductImage[] = [];
    for (const alt of ['Back', 'Side', 'Detail']) {
      photos = await added(productId, { alt }, { bytes: await png(1200, 800) });
    }
    photos = await added(
      productId,
      { alt: 'Option A in red', slot: 'optionA' },
      {
        bytes: await png(800, 800),
      },
    );
    const gallery = photos.filter((photo) => photo.slot === 'gallery');
    expect(gallery.map((photo) => [photo.alt, photo.position])).toEqual([
      ['Back', 0],
      ['Side', 1],
      ['Detail', 2],
    ]);

    // A draft is not in the storefront; once published, it points at the photos.
    expect((await t.app.inject(`/api/products/${productId}`)).statusCode).toBe(404);
    await t.database.db
      .update(products)
      .set({ status: 'published' })
      .where(eq(products.id, productId));
    const url = (alt: string) => photos.find((photo) => photo.alt === alt)?.url ?? '';
    let shown = await storefrontProduct(productId);
    expect(shown).toMatchObject({
      image: url('Front'),
      images: [url('Front'), url('Back'), url('Side'), url('Detail')],
      imagesOptionA: [url('Option A in red')],
      imagesOptionB: [],
      imageAlts: {
        [url('Front')]: 'Front',
        [url('Back')]: 'Back',
        [url('Side')]: 'Side',
        [url('Detail')]: 'Detail',
        [url('Option A in red')]: 'Option A in red',
      },
    });

    const orderUrl = `/api/admin/products/${productId}/images/order`;
    const ids = gallery.map((photo) => photo._id);
    for (const imageIds of [
      ids.slice(0, 2),
      [...ids, ids[0]],
      [ids[0], ids[0], ids[1]],
      [ids[0], ids[1], main[0]?._id],
    ]) {
      const refused = await call('PUT', orderUrl, { slot: 'gallery', imageIds });
      expect([refused.status, refused.body.message]).toEqual([
        400,
        ADMIN_CATALOG_MESSAGES.imageOrderMismatch,
      ]);
    }
    const reordered = await call('PUT', orderUrl, {
      slot: 'gallery',
      imageIds: [ids[2], ids[0], ids[1]],
    });
    expect(reordered.status).toBe(200);
    expect(
      productPhotosResponseSchema
        .parse(reordered.body)
        .photos.filter((photo) => photo.slot === 'gallery')
        .map((photo) => [photo.alt, photo.position]),
    ).toEqual([
      ['Detail', 0],
      ['Back', 1],
      ['Side', 2],
    ]);
    shown = await storefrontProduct(productId);
    expect(shown.images).toEqual([url('Front'), url('Detail'), url('Back'), url('Side')]);

    // Another product's photo is not found here; removing one closes up its slot.
    const other = await newProduct();
    const [otherPhoto] = await added(other, { alt: 'Elsewhere' }, { bytes: await png(100, 100) });
    for (const imageId of [otherPhoto?._id, 'nope']) {
      const missing = await call('DELETE', `/api/admin/products/${productId}/images/${imageId}`);
      expect([missing.status, missing.body.message]).toEqual([
        404,
        ADMIN_CATALOG_MESSAGES.imageNotFound,
      ]);
    }
    const removed = await call('DELETE', `/api/admin/products/${productId}/images/${ids[0]}`);
    expect(removed.status).toBe(200);
    expect(
      productPhotosResponseSchema
        .parse(removed.body)
        .photos.map((photo) => [photo.slot, photo.alt, photo.position]),
    ).toEqual([
      ['main', 'Front', 0],
      ['gallery', 'Detail', 0],
      ['gallery', 'Side', 1],
      ['optionA', 'Option A in red', 0],
    ]);
    shown = await storefrontProduct(productId);
    expect(shown.images).toEqual([url('Front'), url('Detail'), url('Side')]);
    expect(shown.imageAlts?.[url('Back')]).toBeUndefined();

    // Without a main photo, the first of the gallery is the product's picture, in listings too.
    await call('DELETE', `/api/admin/products/${productId}/images/${main[0]?._id}`);
    shown = await storefrontProduct(productId);
    expect([shown.image, shown.images]).toEqual([url('Detail'), [url('Detail'), url('Side')]]);
    const listing = productListSchema.parse(
      (await t.app.inject(`/api/products?keyword=${encodeURIComponent(shown.name)}`)).json(),
    );
    expect(
      listing.products.map((product) => [product.image, product.imageAlts?.[product.image]]),
    ).toEqual([[url('Detail'), 'Detail']]);

    const actions = await t.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, owner.email));
    expect(
      actions.filter((row) => row.summary.includes(shown.name)).map((row) => row.action),
    ).toEqual(
      expect.arrayContaining([
        'product.photo_added',
        'product.photos_reordered',
        'product.photo_removed',
      ]),
    );
  });

  it('keeps the sample catalog’s files while a product has no upload, and drops removed photos’ URLs', async () => {
    const productId = await newProduct({
      hasAandB: true,
      image: '/images/products/tote.svg',
      images: ['/images/products/tote.svg', '/images/products/tote-2.svg'],
      imagesOptionA: ['/images/products/tote-a.svg'],
      imagesOptionB: ['/images/products/tote-b.svg'],
      stock: { A: 1, B: 1 },
    });
    const photos = await added(
      productId,
      { alt: 'Option B', slot: 'optionB' },
      {
        bytes: await png(300, 300),
      },
    );
    let shown = await storefrontProduct(productId);
    expect(shown).toMatchObject({
      image: '/images/products/tote.svg',
      images: ['/images/products/tote.svg', '/images/products/tote-2.svg'],
      imagesOptionA: ['/images/products/tote-a.svg'],
      imagesOptionB: [photos[0]?.url],
    });
    await call('DELETE', `/api/admin/products/${productId}/images/${photos[0]?._id}`);
    shown = await storefrontProduct(productId);
    expect(shown).toMatchObject({ imagesOptionB: [], image: '/images/products/tote.svg' });
    expect(shown.imageAlts).toBeUndefined();
  });
});

describe('photos uploaded at once', () => {
  it(`keep one main photo and distinct gallery positions (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const productId = await newProduct();
    const files = await Promise.all([1, 2, 3, 4, 5].map(() => png(300, 200)));
    const answers = await Promise.all([
      upload(productId, { alt: 'Main 1', slot: 'main' }, { bytes: files[0]! }),
      upload(productId, { alt: 'Main 2', slot: 'main' }, { bytes: files[1]! }),
      upload(productId, { alt: 'Gallery 1' }, { bytes: files[2]! }),
      upload(productId, { alt: 'Gallery 2' }, { bytes: files[3]! }),
      upload(productId, { alt: 'Gallery 3' }, { bytes: files[4]! }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const shown = await storefrontProduct(productId);
    expect(shown.images).toHaveLength(4);
    const rows = await t.database.db
      .select({ slot: productImages.slot, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    expect(rows.filter((row) => row.slot === 'main')).toEqual([{ slot: 'main', position: 0 }]);
    expect(
      rows
        .filter((row) => row.slot === 'gallery')
        .map((row) => row.position)
        .sort(),
    ).toEqual([0, 1, 2]);
  });
});

describe('serving renditions', () => {
  it(`serves a photo from every API process (${TEST_DATABASE_URL ? 'another process on PostgreSQL' : 'in process on PGlite'})`, async () => {
    const productId = await newProduct();
    const [photo] = await added(productId, { alt: 'Everywhere' }, { bytes: await png(1000, 500) });
    const url = photo?.url ?? '';
    const here = await fetchImage(url);
    if (otherProcess) {
      const response = await fetch(`${otherProcess.origin}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await response.arrayBuffer()).equals(here.body)).toBe(true);
      const product = productSchema.parse(
        await (await fetch(`${otherProcess.origin}/api/products/${productId}`)).json(),
      );
      expect(product.images).toEqual([url]);
    } else {
      expect(here.status).toBe(200);
    }
  });

  it('answers 404 with a message for unknown or malformed names, and allows them in the CSP', async () => {
    for (const name of [
      `${'0'.repeat(32)}-800.webp`,
      `${'0'.repeat(32)}-801.webp`,
      'x.webp',
      '..%2F..%2Fetc%2Fpasswd',
      `${'A'.repeat(32)}-800.webp`,
    ]) {
      const answer = await fetchImage(`/api/images/${name}`);
      expect(answer.status, name).toBe(404);
      expect(JSON.parse(answer.body.toString())).toEqual({
        message: ADMIN_CATALOG_MESSAGES.imageNotFound,
      });
    }
    const csp = String((await fetchImage('/api/images/x.webp')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self'/);
  });
});
