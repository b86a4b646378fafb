import {
  CATEGORIES,
  PRODUCTS_PAGE_SIZE,
  type Category,
  type CountInStock,
  type Product,
  type ProductList,
  type ProductListQuery,
  type ProductSummary,
} from '@shop/shared/catalog';
import type { Database, Transaction } from '../../db/client';
import { invalid, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { imageAltsOfProducts, type ImageAlts } from '../images/service';
import {
  countProducts,
  findProductById,
  findProductsPage,
  findPublishedProductDates,
  findReviewsNewestFirst,
  updateProductPhotoColumns,
  type ProductPhotoColumns,
  type ProductWithStock,
  type ReviewRow,
  type StockByVariant,
} from './repository';

export const PRODUCT_NOT_FOUND = 'Product not found';

export interface ListingRequest {
  keyword?: string;
  categories?: Category[];
  page: number;
}

/** Reads the listing query the spec's way: a blank keyword or page means none; a bad page means 1. */
export function readListingQuery(query: ProductListQuery): ListingRequest {
  const keyword = query.keyword?.trim();
  const pageNumber = Number.parseInt(query.pageNumber?.trim() ?? '', 10);
  const request: ListingRequest = {
    page: Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1,
  };
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

export async function listProducts(db: Database, request: ListingRequest): Promise<ProductList> {
  const filter = { keyword: request.keyword, categories: request.categories };
  const total = await countProducts(db, filter);
  const pages = Math.ceil(total / PRODUCTS_PAGE_SIZE);
  // A page past the end is an empty page, not an error; no need to ask the database for it.
  const rows =
    request.page > pages
      ? []
      : await findProductsPage(db, filter, {
          limit: PRODUCTS_PAGE_SIZE,
          offset: (request.page - 1) * PRODUCTS_PAGE_SIZE,
        });
  const alts = await imageAltsOfProducts(
    db,
    rows.map((row) => row.id),
  );
  return {
    products: rows.map((row) => toProductSummary(row, alts.get(row.id))),
    page: request.page,
    pages,
  };
}

export async function getProduct(db: Database, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const row = await findProductById(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const [reviews, alts] = await Promise.all([
    findReviewsNewestFirst(db, id),
    imageAltsOfProducts(db, [id]),
  ]);
  return { ...toProductSummary(row, alts.get(id)), reviews: reviews.map(toReview) };
}

/** The storefront's products (published only) with the time each last changed. */
export function listPublishedProductDates(
  db: Database,
): Promise<{ id: string; updatedAt: Date }[]> {
  return findPublishedProductDates(db);
}

/** What can still be bought of each variant; `total` sums the variants of sized or optioned products. */
export function countInStockFrom(
  product: { hasSize: boolean; hasAandB: boolean },
  stock: StockByVariant,
): CountInStock {
  const variantsTotal =
    (stock.A ?? 0) + (stock.B ?? 0) + (stock['S/M'] ?? 0) + (stock.L ?? 0) + (stock.XL ?? 0);
  return {
    total: product.hasSize || product.hasAandB ? variantsTotal : (stock.total ?? 0),
    countA: stock.A ?? 0,
    countB: stock.B ?? 0,
    smallMed: stock['S/M'] ?? 0,
    large: stock.L ?? 0,
    xlarge: stock.XL ?? 0,
  };
}

export function toProductSummary(row: ProductWithStock, imageAlts?: ImageAlts): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    images: row.images,
    imagesOptionA: row.imagesOptionA,
    imagesOptionB: row.imagesOptionB,
    price: row.priceCents / 100,
    category: row.category as Category,
    description: row.descriptionHtml,
    hasSize: row.hasSize,
    hasAandB: row.hasAandB,
    countInStock: countInStockFrom(row, row.stock),
    rating: row.numReviews ? Math.round((row.ratingTotal / row.numReviews) * 100) / 100 : 0,
    numReviews: row.numReviews,
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

export type { ProductPhotoColumns };

/** Points the storefront at a product's photos (modules/images decides which URLs). */
export async function setProductPhotos(
  tx: Transaction,
  productId: string,
  columns: ProductPhotoColumns,
): Promise<void> {
  await updateProductPhotoColumns(tx, productId, columns);
}
