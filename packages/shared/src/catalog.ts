import * as z from 'zod/mini';
import { singleLineText } from './text';
import { CATEGORIES } from './catalog-constants';
import { searchOutcomeSchema } from './search';
import { filterParamValueSchema, listingFacetsSchema } from './listing';

export * from './catalog-constants';

export const categorySchema = z.enum(CATEGORIES);

export const countInStockSchema = z.object({
  total: z.int().check(z.nonnegative()),
  countA: z.int().check(z.nonnegative()),
  countB: z.int().check(z.nonnegative()),
  smallMed: z.int().check(z.nonnegative()),
  large: z.int().check(z.nonnegative()),
  xlarge: z.int().check(z.nonnegative()),
});
export type CountInStock = z.infer<typeof countInStockSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product option as the storefront shows it: its name and values in order. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });

/**
 * The price under an automatic discount (decision 052), shown beside the struck-through price;
 * absent when none covers it.
 */
export const saleSchema = z.object({
  /** Dollars, two decimals: what one unit costs in a cart of its own. */
  price: z.number().check(z.nonnegative()),
  /** The automatic discount's name ('Summer sale'). */
  title: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** One variant of a product as the storefront sees it (decision 031). */
export const variantSchema = z.object({
  /** The variant's id (`?variant=`, cart lines). */
  _id: z.string(),
  /** Its value of each of the product's options, in the options' order ([] without options). */
  options: z.array(z.string()),
  sku: z.nullable(z.string()),
  /** Dollars, two decimals: the variant's own price, or the product's. */
  price: z.number().check(z.nonnegative()),
  /** Dollars; shown struck through when higher than price. */
  compareAtPrice: z.nullable(z.number().check(z.nonnegative())),
  /** What can still be bought of it. */
  available: z.int().check(z.nonnegative()),
  sale: z.optional(saleSchema),
  /** Its own photos; empty: the product's. */
  images: z.array(z.string()),
});
export type StorefrontVariant = z.infer<typeof variantSchema>;

const productFields = {
  _id: z.string(),
  /** The product's address: /products/<handle> (its id's address still shows it). */
  handle: z.string(),
  name: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  imagesOptionA: z.array(z.string()),
  imagesOptionB: z.array(z.string()),
  /** Dollars, two decimals. */
  price: z.number().check(z.nonnegative()),
  /** The product's price under an automatic discount for the whole product (its card shows it). */
  sale: z.optional(saleSchema),
  category: categorySchema,
  /** HTML; the storefront sanitizes it before rendering. */
  description: z.string(),
  hasSize: z.boolean(),
  hasAandB: z.boolean(),
  countInStock: countInStockSchema,
  /** Average review rating, 0 when there are no reviews. */
  rating: z.number().check(z.minimum(0), z.maximum(5)),
  numReviews: z.int().check(z.nonnegative()),
  /** Up to 3 options; [] for a product without options. */
  options: z.array(productOptionSchema),
  /** The variants the shop sells, in the options' order; one for a product without options. */
  variants: z.array(variantSchema),
  /** Alt text of uploaded photos, by URL (as in image, images, …); absent when it has none. */
  imageAlts: z.optional(z.record(z.string(), z.string())),
};

/** A product in a listing: everything but the reviews themselves. */
export const productSummarySchema = z.object(productFields);
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** GET /api/products/:id */
export const productSchema = z.object({
  ...productFields,
  /** The owner's title and description for search results (the page's head); absent: none. */
  seoTitle: z.optional(z.string()),
  seoDescription: z.optional(z.string()),
  /** Newest first. */
  reviews: z.array(reviewSchema),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products */
export const productListSchema = z.object({
  products: z.array(productSummarySchema),
  page: z.int().check(z.positive()),
  pages: z.int().check(z.nonnegative()),
  /** A keyword search's outcome (decision 050): all words matched, some, or none (with 'did you mean'). */
  search: z.optional(searchOutcomeSchema),
  /** What each filter would leave (decision 057). */
  facets: z.optional(listingFacetsSchema),
});
export type ProductList = z.infer<typeof productListSchema>;

/**
 * What a product card shows (name, photo, price, rating, sold out), and nothing else: the home
 * page's carousels ask for these (decision 051), not for listing pages with variants and a count.
 */
export const productCardSchema = z.object({
  _id: productFields._id,
  handle: productFields.handle,
  name: productFields.name,
  image: productFields.image,
  price: productFields.price,
  sale: productFields.sale,
  countInStock: productFields.countInStock,
  rating: productFields.rating,
  numReviews: productFields.numReviews,
  imageAlts: productFields.imageAlts,
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** How many cards a home carousel shows (two at a time from 464 px up, one below). */
export const CAROUSEL_SIZE = 8;

const CARD_LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 12';

/** GET /api/product-cards?category=&limit=: a category's newest cards, as listings order them. */
export const productCardsQuerySchema = z.object({
  category: z.enum(CATEGORIES, { error: 'Unknown category' }),
  limit: z.optional(
    singleLineText('Limit').check(z.regex(/^(?:[1-9]|1[0-2])$/, CARD_LIMIT_MESSAGE)),
  ),
});
export type ProductCardsQuery = z.infer<typeof productCardsQuerySchema>;

export const productCardListSchema = z.object({ products: z.array(productCardSchema) });
export type ProductCardList = z.infer<typeof productCardListSchema>;

/**
 * GET /api/product-cards/listing (the query of GET /api/products): the same page of the same
 * listing, each product as its card. The storefront's listings show cards only (decision 051).
 */
export const productCardPageSchema = z.object({
  products: z.array(productCardSchema),
  page: z.int().check(z.positive()),
  pages: z.int().check(z.nonnegative()),
  /** As GET /api/products's: a keyword search's outcome (decision 050). */
  search: productListSchema.shape.search,
  facets: productListSchema.shape.facets,
});
export type ProductCardPage = z.infer<typeof productCardPageSchema>;

/** GET /api/config/paypal */
export const paypalConfigSchema = z.object({ clientId: z.string() });
export type PaypalConfig = z.infer<typeof paypalConfigSchema>;

/** The error body of every 4xx/5xx answer. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The :id of GET /api/products/:id: an id, a handle or a former handle (decision 033); else a 404. */
export const productIdSchema = singleLineText('Product id').check(z.maxLength(100));

/** Query of GET /api/products. The spec's client sends a single space for 'none'. */
/**
 * A listing's query: the spec's keyword and page, a category page's categories, and the sort and
 * filters (decision 057: `sort`, `type`, `collection`, `price`, `in-stock`, `on-sale`, and any other
 * key an option's, `size=L&size=XL`), which the shared rules in listing.ts read.
 */
export const productListQuerySchema = z.catchall(
  z.object({
    keyword: z.optional(
      singleLineText('Search keyword').check(z.maxLength(200, 'Search keyword is too long')),
    ),
    pageNumber: z.optional(singleLineText('Page number').check(z.maxLength(20))),
    /** One category or several, comma-separated. */
    category: z.optional(singleLineText('Category').check(z.maxLength(200))),
  }),
  filterParamValueSchema,
);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** GET /api/config/shop */
export const shopConfigSchema = z.object({ name: z.string(), supportEmail: z.string() });
export type ShopConfig = z.infer<typeof shopConfigSchema>;
