import * as z from 'zod/mini';
import { productSummarySchema } from './catalog';
import { singleLineText } from './text';
import { filterParamValueSchema, listingFacetsSchema } from './listing';

/**
 * Collections of the shop's own (decision 034): a name, a handle (its address,
 * /collections/:handle), a plain-text description, SEO title and description, published or
 * draft, shown in the header's menu or not, and its products in the owner's order.
 */

export const COLLECTION_STATUSES = ['published', 'draft'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

export const MAX_COLLECTION_DESCRIPTION_LENGTH = 5_000;
export const MAX_SEO_TITLE_LENGTH = 70;
export const MAX_SEO_DESCRIPTION_LENGTH = 320;
export const MAX_MENU_POSITION = 999;
export const MAX_COLLECTION_PRODUCTS = 500;

export const COLLECTION_MESSAGES = {
  notFound: 'Collection not found',
  handleTaken: 'That handle is already used by another collection',
  productUnknown: 'A product of the list does not exist',
  productTwice: 'A product may be in a collection only once',
  handleReserved: 'That handle is reserved: please choose another',
} as const;

// ---------------------------------------------------------------------------------------------
// Storefront

/** GET /api/collections/:handle (a handle that is not a collection's is a 404, whatever it is). */
export const collectionHandleParams = z.object({
  handle: singleLineText('Collection').check(z.maxLength(100)),
});

/** GET /api/collections/:handle?pageNumber= (a blank or bad page number means 1, as listings). */
/** A collection page's number, sort and filters (as a listing's, decision 057). */
export const collectionPageQuerySchema = z.catchall(
  z.object({
    pageNumber: z.optional(singleLineText('Page number').check(z.maxLength(20))),
  }),
  filterParamValueSchema,
);
export type CollectionPageQuery = z.infer<typeof collectionPageQuerySchema>;

export const storefrontCollectionSchema = z.object({
  handle: z.string(),
  name: z.string(),
  /** Plain text; blank lines part its paragraphs. */
  description: z.string(),
  /** '' when the owner gave none: the page uses the name. */
  seoTitle: z.string(),
  /** '' when the owner gave none: the page uses the description. */
  seoDescription: z.string(),
});
export type StorefrontCollection = z.infer<typeof storefrontCollectionSchema>;

/** GET /api/collections/:handle: the collection and one page of its published products, in order. */
export const collectionPageSchema = z.object({
  collection: storefrontCollectionSchema,
  products: z.array(productSummarySchema),
  page: z.int().check(z.positive()),
  pages: z.int().check(z.nonnegative()),
  facets: z.optional(listingFacetsSchema),
});
export type CollectionPage = z.infer<typeof collectionPageSchema>;

/** GET /api/collections/menu: the published collections the owner shows in the header, in order. */
export const collectionMenuSchema = z.object({
  collections: z.array(z.object({ handle: z.string(), name: z.string() })),
});
export type CollectionMenu = z.infer<typeof collectionMenuSchema>;

/** Handles a collection may not have: /api/collections/menu is the header's menu. */
export const RESERVED_COLLECTION_HANDLES: readonly string[] = ['menu'];
