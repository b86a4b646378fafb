import * as z from 'zod/mini';
import { handleSchema } from './admin-catalog';
import {
  COLLECTION_MESSAGES,
  COLLECTION_STATUSES,
  MAX_COLLECTION_DESCRIPTION_LENGTH,
  MAX_COLLECTION_PRODUCTS,
  MAX_MENU_POSITION,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
  RESERVED_COLLECTION_HANDLES,
} from './collections';
import { multiLineText, singleLineText } from './text';

/** The back office's collections (decision 034); the storefront's side is in collections.ts. */

export const collectionStatusSchema = z.enum(COLLECTION_STATUSES, {
  error: `Status must be one of ${COLLECTION_STATUSES.join(', ')}`,
});

/** The :id of the back office's collection routes. */
export const collectionIdParams = z.object({
  id: singleLineText('Collection id').check(z.maxLength(100)),
});

/** POST /api/admin/collections and PUT /api/admin/collections/:id. */
export const collectionWriteSchema = z.object({
  name: singleLineText('Name', { error: 'Name is required' }).check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(120, 'Name must be at most 120 characters'),
  ),
  /** Made from the name when not given. */
  handle: z.optional(
    handleSchema.check(
      z.refine((handle) => !RESERVED_COLLECTION_HANDLES.includes(handle), {
        message: COLLECTION_MESSAGES.handleReserved,
      }),
    ),
  ),
  description: z._default(
    multiLineText('Description', { error: 'Description must be text' }).check(
      z.trim(),
      z.maxLength(
        MAX_COLLECTION_DESCRIPTION_LENGTH,
        `Description must be at most ${MAX_COLLECTION_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters`,
      ),
    ),
    '',
  ),
  seoTitle: z._default(
    singleLineText('SEO title', { error: 'SEO title must be text' }).check(
      z.trim(),
      z.maxLength(
        MAX_SEO_TITLE_LENGTH,
        `SEO title must be at most ${MAX_SEO_TITLE_LENGTH} characters`,
      ),
    ),
    '',
  ),
  seoDescription: z._default(
    singleLineText('SEO description', { error: 'SEO description must be text' }).check(
      z.trim(),
      z.maxLength(
        MAX_SEO_DESCRIPTION_LENGTH,
        `SEO description must be at most ${MAX_SEO_DESCRIPTION_LENGTH} characters`,
      ),
    ),
    '',
  ),
  /** New collections start as drafts. */
  status: z.optional(collectionStatusSchema),
  showInMenu: z._default(z.boolean({ error: 'Show in menu must be true or false' }), false),
  /** Lower first in the header's menu. */
  menuPosition: z._default(
    z
      .int({ error: 'Menu position must be a whole number' })
      .check(
        z.minimum(0, 'Menu position must be at least 0'),
        z.maximum(MAX_MENU_POSITION, `Menu position must be at most ${MAX_MENU_POSITION}`),
      ),
    0,
  ),
});
export type CollectionWrite = z.infer<typeof collectionWriteSchema>;
export type CollectionWriteInput = z.input<typeof collectionWriteSchema>;

/** PUT /api/admin/collections/:id/products: the collection's products, in their order. */
export const collectionProductsWriteSchema = z.object({
  productIds: z
    .array(z.uuid({ error: 'Each product must be a product id' }), {
      error: 'productIds must be a list of product ids',
    })
    .check(
      z.maxLength(
        MAX_COLLECTION_PRODUCTS,
        `A collection holds at most ${MAX_COLLECTION_PRODUCTS} products`,
      ),
      z.refine((ids) => new Set(ids).size === ids.length, {
        message: COLLECTION_MESSAGES.productTwice,
      }),
    ),
});
export type CollectionProductsWrite = z.infer<typeof collectionProductsWriteSchema>;

export const adminCollectionRowSchema = z.object({
  _id: z.string(),
  handle: z.string(),
  name: z.string(),
  status: collectionStatusSchema,
  showInMenu: z.boolean(),
  menuPosition: z.int(),
  productCount: z.int(),
  updatedAt: z.string(),
});
export type AdminCollectionRow = z.infer<typeof adminCollectionRowSchema>;

/** GET /api/admin/collections: every collection, by name. */
export const adminCollectionListSchema = z.object({
  collections: z.array(adminCollectionRowSchema),
});
export type AdminCollectionList = z.infer<typeof adminCollectionListSchema>;

export const adminCollectionProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  /** The product's status: a draft stays in the list but the storefront does not show it. */
  status: z.string(),
  image: z.string(),
  price: z.number(),
});
export type AdminCollectionProduct = z.infer<typeof adminCollectionProductSchema>;

/** GET /api/admin/collections/:id (and the answer of every write to one). */
export const adminCollectionSchema = z.extend(adminCollectionRowSchema, {
  description: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  products: z.array(adminCollectionProductSchema),
});
export type AdminCollection = z.infer<typeof adminCollectionSchema>;
