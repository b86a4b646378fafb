import {
  CATEGORIES,
  PRODUCTS_PAGE_SIZE,
  type Category,
  type CountInStock,
  type Product,
  type ProductCard,
  type ProductCardList,
  type ProductCardPage,
  type ProductCardsQuery,
  type ProductList,
  type ProductListQuery,
  type ProductSummary,
  type Sale,
  type StorefrontVariant,
} from '@shop/shared/catalog';
import { countInStockOf } from '@shop/shared/variants';
import type { DiscountRule } from '@shop/shared/discounts';
import type { Database, Transaction } from '../../db/client';
import { invalid, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { imageAltsOfPhotos } from '../images/service';
import { readProductSales, saleOf, type ProductSales } from './sales';
import { readListing, type ListingRequest } from './listing';
import { readListingFilters } from '@shop/shared/listing';
import {
  findFormerHandleTarget,
  findHandleRedirect,
  findProductByHandle,
  findProductById,
  findProductsPage,
  findReviewsNewestFirst,
  updateProductPhotoColumns,
  updateVariantImages,
  type ProductPhotoColumns,
  type ProductWithStock,
  type ReviewRow,
  type VariantReading,
} from './repository';

export const PRODUCT_NOT_FOUND = 'Product not found';

export type { ListingRequest };

/**
 * Reads the listing query the spec's way: a blank keyword or page means none; a bad page means 1.
 * Its sort and filters (decision 057) are read by the shared rules; one they cannot read is a 400.
 */
export function readListingQuery(query: ProductListQuery): ListingRequest {
  const keyword = query.keyword?.trim();
  const { filters, problems } = readListingFilters(query);
  if (problems.length) throw invalid(problems[0]!);
  const request: ListingRequest = { page: readPageNumber(query.pageNumber), filters };
  if (keyword) request.keyword = keyword;
  const categories = (query.category ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (categories.length) {
    const unknown = categories.find((name) => !(CATEGORIES as readonly string[]).includes(name));
    if (unknown !== undefined) throw invalid(`Unknown category: ${unknown}`);
    request.categories = [...new Set(categories as Category[])];
  }
  return request;
}

/** A page number as the spec reads it: blank or bad is 1. */
export function readPageNumber(text: string | undefined): number {
  const pageNumber = Number.parseInt(text?.trim() ?? '', 10);
  return Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
}

/** A listing page and how many products its filter found in all (a search's, for its report). */
export interface CountedListing<List> {
  list: List;
  total: number;
}

/** GET /api/products: a page of the listing, ranked for a search, with its facets. */
export async function listProducts(
  db: Database,
  request: ListingRequest,
  now: Date = new Date(),
): Promise<CountedListing<ProductList>> {
  const found = await readListing(db, request, PRODUCTS_PAGE_SIZE, now);
  const list: ProductList = {
    products: await summarizeProducts(db, found.products, now, found.saleRules),
    page: request.page,
    pages: Math.ceil(found.total / PRODUCTS_PAGE_SIZE),
    facets: found.facets,
    ...(found.search ? { search: found.search } : {}),
  };
  return { list, total: found.total };
}

/** A page of listed products as the storefront shows them: with their photos' alt text and sales. */
export async function summarizeProducts(
  db: Database,
  rows: readonly ProductWithStock[],
  now: Date,
  saleRules?: readonly DiscountRule[],
): Promise<ProductSummary[]> {
  const sales = await readProductSales(
    db,
    rows.map((row) => row.id),
    now,
    saleRules,
  );
  return rows.map((row) => toProductSummary(row, sales));
}

/** A category's newest cards: the carousel's `limit` (all a listing page holds without one). */
export type CardsRequest = { category: Category; limit: number };

export function readCardsQuery(query: ProductCardsQuery): CardsRequest {
  return {
    category: query.category,
    limit: query.limit ? Number(query.limit) : PRODUCTS_PAGE_SIZE,
  };
}

/**
 * GET /api/product-cards: the first `limit` products of a category in the listings' order, with
 * only what a card shows; no count of the category, no variants (decision 051).
 */
export async function listProductCards(
  db: Database,
  request: CardsRequest,
  now: Date = new Date(),
): Promise<ProductCardList> {
  const rows = await findProductsPage(
    db,
    { categories: [request.category] },
    { limit: request.limit, offset: 0 },
  );
  return { products: (await summarizeProducts(db, rows, now)).map(toProductCard) };
}

/** GET /api/product-cards/listing: GET /api/products's page, each product as its card. */
export async function listProductCardPage(
  db: Database,
  request: ListingRequest,
  now: Date = new Date(),
): Promise<CountedListing<ProductCardPage>> {
  const { list, total } = await listProducts(db, request, now);
  return { list: { ...list, products: list.products.map(toProductCard) }, total };
}

function toProductCard(summary: ProductSummary): ProductCard {
  return {
    _id: summary._id,
    handle: summary.handle,
    name: summary.name,
    image: summary.image,
    price: summary.price,
    ...(summary.sale ? { sale: summary.sale } : {}),
    countInStock: summary.countInStock,
    rating: summary.rating,
    numReviews: summary.numReviews,
    ...(summary.imageAlts ? { imageAlts: summary.imageAlts } : {}),
  };
}

/**
 * GET /api/products/:id: `address` is the product's id, its handle or one of its former handles
 * (docs/decisions/033-product-addresses.md); published products only.
 */
export async function getProduct(
  db: Database,
  address: string,
  now: Date = new Date(),
): Promise<Product> {
  const row = await findPublishedProduct(db, address);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const id = row.id;
  const [reviews, sales] = await Promise.all([
    findReviewsNewestFirst(db, id),
    readProductSales(db, [id], now),
  ]);
  return {
    ...toProductSummary(row, sales),
    ...(row.seoTitle ? { seoTitle: row.seoTitle } : {}),
    ...(row.seoDescription ? { seoDescription: row.seoDescription } : {}),
    reviews: reviews.map(toReview),
  };
}

/** The storefront's products (published only) with their address (handle) and last change. */
export { publishedProductAddresses } from './repository';

/** A uuid-shaped address is an id first; any other (or an id of no product) a handle, then an old one. */
async function findPublishedProduct(
  db: Database,
  address: string,
): Promise<ProductWithStock | undefined> {
  if (isUuid(address)) {
    const byId = await findProductById(db, address);
    if (byId) return byId;
  }
  const byHandle = await findProductByHandle(db, address);
  if (byHandle) return byHandle;
  const redirect = await findHandleRedirect(db, address);
  return redirect ? findProductById(db, redirect.id) : undefined;
}

/**
 * The current handle of the published product that `address` names by a former handle; undefined
 * when `address` is an id or a current handle (the page is there) or names no published product.
 */
export async function productHandleRedirect(
  db: Database,
  address: string,
): Promise<string | undefined> {
  return findFormerHandleTarget(db, address);
}

/** What can still be bought of each variant, as the spec's countInStock (decision 031). */
export function countInStockFrom(
  product: { hasSize: boolean; hasAandB: boolean },
  variants: readonly Pick<VariantReading, 'values' | 'available'>[],
): CountInStock {
  return countInStockOf(product, variants);
}

const dollars = (cents: number) => cents / 100;

function toStorefrontVariant(
  row: ProductWithStock,
  variant: VariantReading,
  sales: ProductSales,
): StorefrontVariant {
  const priceCents = variant.priceCents ?? row.priceCents;
  const sale = saleOf(sales, { priceCents, productId: row.id, variantId: variant.id });
  return {
    _id: variant.id,
    options: variant.values,
    sku: variant.sku,
    price: dollars(priceCents),
    compareAtPrice: variant.compareAtCents === null ? null : dollars(variant.compareAtCents),
    available: variant.available,
    ...(sale ? { sale } : {}),
    images: variant.images,
  };
}

function toProductSummary(row: ProductWithStock, sales: ProductSales): ProductSummary {
  const imageAlts = imageAltsOfPhotos(row.photoAlts);
  const sale = saleOf(sales, { priceCents: row.priceCents, productId: row.id, variantId: null });
  return {
    _id: row.id,
    handle: row.handle,
    name: row.name,
    image: row.image,
    images: row.images,
    imagesOptionA: row.imagesOptionA,
    imagesOptionB: row.imagesOptionB,
    price: dollars(row.priceCents),
    ...(sale ? { sale } : {}),
    category: row.category as Category,
    description: row.descriptionHtml,
    hasSize: row.hasSize,
    hasAandB: row.hasAandB,
    countInStock: countInStockFrom(row, row.variants),
    rating: row.numReviews ? Math.round((row.ratingTotal / row.numReviews) * 100) / 100 : 0,
    numReviews: row.numReviews,
    options: row.options,
    variants: row.variants.map((variant) => toStorefrontVariant(row, variant, sales)),
    ...(imageAlts ? { imageAlts } : {}),
  };
}

function toReview(row: ReviewRow) {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The sale each of these products' cards shows now, by product id (none: no sale). */
export async function salePricesOf(
  db: Database,
  items: readonly { productId: string; price: number }[],
  now: Date,
): Promise<Map<string, Sale>> {
  const sales = await readProductSales(
    db,
    items.map((item) => item.productId),
    now,
  );
  const found = new Map<string, Sale>();
  for (const item of items) {
    const sale = saleOf(sales, {
      priceCents: Math.round(item.price * 100),
      productId: item.productId,
      variantId: null,
    });
    if (sale) found.set(item.productId, sale);
  }
  return found;
}

export type { ProductPhotoColumns };

/** Points the storefront at a product's photos (modules/images decides which URLs). */
export async function setProductPhotos(
  tx: Transaction,
  productId: string,
  columns: ProductPhotoColumns,
): Promise<void> {
  await updateProductPhotoColumns(tx, productId, columns);
}

/**
 * Points a variant at its own photos (decision 037): `images` are its uploads' URLs; with none it
 * shows the product's, except a variant of the spec's options A and B, which shows that option's.
 */
export async function setVariantPhotos(
  tx: Transaction,
  product: Pick<ProductPhotoColumns, 'imagesOptionA' | 'imagesOptionB'> & { hasAandB: boolean },
  variant: { productId: string; id: string; optionValues: readonly string[] },
  images: string[],
): Promise<void> {
  const specOption = product.hasAandB ? variant.optionValues[0] : undefined;
  const fallback =
    specOption === 'A' ? product.imagesOptionA : specOption === 'B' ? product.imagesOptionB : [];
  await updateVariantImages(
    tx,
    variant.productId,
    variant.id,
    images.length ? images : [...fallback],
  );
}
