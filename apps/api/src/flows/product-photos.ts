import {
  ADMIN_CATALOG_MESSAGES,
  type ImageOrderRequest,
  type ImageSlot,
  type ProductImage,
} from '@shop/shared/admin-catalog';
import type { Database, Transaction } from '../db/client';
import { AppError, invalid, notFound } from '../errors';
import { isUuid } from '../lib/uuid';
import { recordAudit, type AuditActor } from '../modules/audit/service';
import { variantTitle } from '@shop/shared/variants';
import { findVariantRows, lockProduct, type VariantRow } from '../modules/catalog/admin-service';
import {
  setProductPhotos,
  setVariantPhotos,
  type ProductPhotoColumns,
} from '../modules/catalog/service';
import type { ImageStore } from '../modules/images/image-store';
import { renderPhoto } from '../modules/images/renditions';
import {
  deleteProductImages,
  findImagesOfProduct,
  insertProductImage,
  setImagePositions,
  type ProductImageRow,
  PHOTO_URL_WIDTH,
  imageFileUrl,
  inSlotOrder,
  isUploadedPhotoUrl,
  toProductImage,
} from '../modules/images/service';

/**
 * The back office's photo writes: upload, remove, reorder. Each one changes product_images, the
 * product's storefront URLs (through the catalog) and the audit log in one transaction, then tells
 * the catalog cache. Rendition files are kept when their photo goes: orders and carts name them.
 */

export interface PhotosContext {
  db: Database;
  store: ImageStore;
  /** After a change: this process's catalog answers are fresh again. */
  onPhotosChanged: () => void;
}

export interface PhotoUpload {
  file: Buffer;
  alt: string;
  slot: ImageSlot;
  /** The variant's id, for the 'variant' slot. */
  variant?: string | undefined;
}

type LockedProduct = ProductPhotoColumns & { name: string; hasAandB: boolean };

/** What a change did: its audit summary, and the variant whose photos it changed (if any). */
interface Changed {
  summary: string;
  variant?: VariantRow | undefined;
}

const productNotFound = () => notFound(ADMIN_CATALOG_MESSAGES.productNotFound);

/**
 * What the storefront shows, from the uploaded photos: `images` is the main photo then the gallery,
 * `imagesOptionA`/`B` their slots, `image` the main photo (else the first of the gallery). A column
 * whose slots have no upload keeps the sample catalog's files (/images/…) it had, never the URL of
 * a photo that was removed.
 */
export function storefrontColumns(
  rows: readonly Pick<ProductImageRow, 'slot' | 'position' | 'hash'>[],
  current: ProductPhotoColumns,
): ProductPhotoColumns {
  const urlsOf = (...slots: ImageSlot[]) =>
    inSlotOrder(rows.filter((row) => slots.includes(row.slot as ImageSlot))).map((row) =>
      imageFileUrl(row.hash, PHOTO_URL_WIDTH),
    );
  const sampleFiles = (urls: readonly string[]) => urls.filter((url) => !isUploadedPhotoUrl(url));
  const or = (uploaded: string[], before: readonly string[]) =>
    uploaded.length ? uploaded : sampleFiles(before);

  const images = or(urlsOf('main', 'gallery'), current.images);
  const imagesOptionA = or(urlsOf('optionA'), current.imagesOptionA);
  const imagesOptionB = or(urlsOf('optionB'), current.imagesOptionB);
  const image =
    urlsOf('main', 'gallery')[0] ??
    sampleFiles([current.image])[0] ??
    images[0] ??
    imagesOptionA[0] ??
    imagesOptionB[0] ??
    '';
  return { image, images, imagesOptionA, imagesOptionB };
}

/**
 * The product's photos once `change` has run on them, in one transaction with the product locked
 * (concurrent writes to one product's photos queue there): the storefront's URLs follow, and the
 * change is audited.
 */
async function changePhotos(
  ctx: PhotosContext,
  productId: string,
  change: (tx: Transaction, product: LockedProduct, before: ProductImageRow[]) => Promise<Changed>,
  actor: AuditActor,
  action: string,
): Promise<ProductImage[]> {
  const photos = await ctx.db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (!product) throw productNotFound();
    const { summary, variant } = await change(
      tx,
      product,
      await findImagesOfProduct(tx, productId),
    );
    const rows = await findImagesOfProduct(tx, productId);
    const columns = storefrontColumns(rows, product);
    await setProductPhotos(tx, productId, columns);
    if (variant) {
      const own = inGroup(rows, 'variant', variant.id);
      const urls = own.map((row) => imageFileUrl(row.hash, PHOTO_URL_WIDTH));
      await setVariantPhotos(tx, { ...columns, hasAandB: product.hasAandB }, variant, urls);
    }
    await recordAudit(tx, actor, { action, productId, summary });
    return inSlotOrder(rows).map(toProductImage);
  });
  ctx.onPhotosChanged();
  return photos;
}

/** Gives a slot's photos the positions 0, 1, 2… in the order given. */
async function renumber(tx: Transaction, productId: string, ids: readonly string[]) {
  await setImagePositions(tx, productId, new Map(ids.map((id, position) => [id, position])));
}

/** A slot's photos in order; for the 'variant' slot, one variant's. */
const inGroup = (rows: readonly ProductImageRow[], slot: string, variantId?: string | null) =>
  inSlotOrder(
    rows.filter((row) => row.slot === slot && (row.variantId ?? null) === (variantId ?? null)),
  );

/**
 * The product's variant that a 'variant' slot photo names: 404 for another product's (or none);
 * refused for the spec's A/B products, whose option slots are their variants' photos.
 */
async function variantOf(
  tx: Transaction,
  product: { id: string; hasAandB: boolean },
  variantId: string | null | undefined,
): Promise<VariantRow | undefined> {
  if (!variantId) return undefined;
  if (product.hasAandB) throw invalid(ADMIN_CATALOG_MESSAGES.imageVariantOfSpecOption);
  const variant = (await findVariantRows(tx, product.id)).find((row) => row.id === variantId);
  if (!variant) throw notFound(ADMIN_CATALOG_MESSAGES.imageVariantNotFound);
  return variant;
}

/** How the audit names a photo's place: 'gallery', 'variant Clay / XL'. */
const placeOf = (slot: string, variant: VariantRow | undefined) =>
  variant ? `variant ${variantTitle(variant.optionValues) || 'Default'}` : slot;

/**
 * Adds a photo at the end of its slot; a new main photo replaces the old one. The upload is
 * decoded and its renditions stored before the transaction (see renditions.ts), so the product
 * stays locked only for the rows.
 */
export async function addPhoto(
  ctx: PhotosContext,
  productId: string,
  upload: PhotoUpload,
  actor: AuditActor,
): Promise<ProductImage[]> {
  // Checked before the costly part; checked again, locked, below.
  await ctx.db.transaction(async (tx) => {
    const exists = await lockProduct(tx, productId);
    if (!exists) throw productNotFound();
    await variantOf(tx, exists, upload.variant);
  });
  const rendered = await renderPhoto(upload.file);
  await ctx.store.save(rendered.renditions);

  return changePhotos(
    ctx,
    productId,
    async (tx, product, before) => {
      const variant = await variantOf(tx, { ...product, id: productId }, upload.variant);
      const slot = inGroup(before, upload.slot, variant?.id);
      if (upload.slot === 'main') {
        await deleteProductImages(
          tx,
          productId,
          slot.map((row) => row.id),
        );
      }
      const last = upload.slot === 'main' ? -1 : Math.max(-1, ...slot.map((row) => row.position));
      await insertProductImage(tx, {
        productId,
        slot: upload.slot,
        variantId: variant?.id ?? null,
        position: last + 1,
        alt: upload.alt,
        hash: rendered.hash,
        width: rendered.width,
        height: rendered.height,
      });
      const replaced = upload.slot === 'main' && slot.length ? ', replacing the one before' : '';
      const place = placeOf(upload.slot, variant);
      return {
        summary: `Photo added to ${product.name} (${place}${replaced}): ${upload.alt}`,
        variant,
      };
    },
    actor,
    'product.photo_added',
  );
}

/** Removes a photo of the product (404 for another product's); the rest of its slot closes up. */
export async function removePhoto(
  ctx: PhotosContext,
  productId: string,
  imageId: string,
  actor: AuditActor,
): Promise<ProductImage[]> {
  return changePhotos(
    ctx,
    productId,
    async (tx, product) => {
      const [removed] = isUuid(imageId) ? await deleteProductImages(tx, productId, [imageId]) : [];
      if (!removed) throw notFound(ADMIN_CATALOG_MESSAGES.imageNotFound);
      const rest = inGroup(
        await findImagesOfProduct(tx, productId),
        removed.slot,
        removed.variantId,
      );
      await renumber(
        tx,
        productId,
        rest.map((row) => row.id),
      );
      const variant = removed.variantId
        ? (await findVariantRows(tx, productId)).find((row) => row.id === removed.variantId)
        : undefined;
      const place = placeOf(removed.slot, variant);
      return { summary: `Photo removed from ${product.name} (${place}): ${removed.alt}`, variant };
    },
    actor,
    'product.photo_removed',
  );
}

/**
 * Puts a slot's photos (a variant's, for the 'variant' slot) in a new order: the request names
 * each of them exactly once.
 */
export async function reorderPhotos(
  ctx: PhotosContext,
  productId: string,
  order: ImageOrderRequest,
  actor: AuditActor,
): Promise<ProductImage[]> {
  return changePhotos(
    ctx,
    productId,
    async (tx, product, before) => {
      const variant = await variantOf(tx, { ...product, id: productId }, order.variant);
      const slot = new Set(inGroup(before, order.slot, variant?.id).map((row) => row.id));
      const named = new Set(order.imageIds);
      const everyOnce =
        named.size === order.imageIds.length &&
        named.size === slot.size &&
        order.imageIds.every((id) => slot.has(id));
      if (!everyOnce) throw invalid(ADMIN_CATALOG_MESSAGES.imageOrderMismatch);
      await renumber(tx, productId, order.imageIds);
      const place = placeOf(order.slot, variant);
      return { summary: `Photos of ${product.name} reordered (${place})`, variant };
    },
    actor,
    'product.photos_reordered',
  );
}

/** The upload is larger than MAX_IMAGE_BYTES. */
export const photoTooLarge = () => new AppError('too_large', ADMIN_CATALOG_MESSAGES.imageTooLarge);
