import { answerEncoder } from '../../lib/answer-encoder';
import {
  productCardListSchema,
  productCardPageSchema,
  productListSchema,
  productSchema,
} from '@shop/shared/catalog';
import { listingParamsOf } from '@shop/shared/listing';
import type { Database } from '../../db/client';
import { TtlCache, stringBytes } from '../../lib/ttl-cache';
import {
  getProduct,
  listProductCardPage,
  listProductCards,
  listProducts,
  productHandleRedirect,
  type CardsRequest,
  type ListingRequest,
} from './service';

/**
 * The JSON of the catalog's answers, encoded as Fastify encodes a route's answer with its response
 * schema: the routes send this string as it is, so the check happens here, once per cached answer
 * (an answer that breaks its schema throws the same serialization error, a logged 500).
 */
const encodeListing = answerEncoder({
  schema: productListSchema,
  method: 'GET',
  url: '/api/products',
});
const encodeCards = answerEncoder({
  schema: productCardListSchema,
  method: 'GET',
  url: '/api/product-cards',
});
const encodeCardPage = answerEncoder({
  schema: productCardPageSchema,
  method: 'GET',
  url: '/api/product-cards/listing',
});
const encodeProduct = answerEncoder({
  schema: productSchema,
  method: 'GET',
  url: '/api/products/:id',
});

/** A listing's cache key: the same page of the same filter, whatever the case or order asked. */
const listingKey = (kind: string, request: ListingRequest) =>
  JSON.stringify([
    kind,
    request.keyword?.toLowerCase() ?? '',
    [...(request.categories ?? [])].sort(),
    request.collectionId ?? '',
    request.page,
    listingParamsOf(request.filters),
  ]);

/** A listing's JSON and how many products its filter found (a search's count, for its report). */
export interface ListingAnswer {
  json: string;
  total: number;
}

/** What the cache keeps: an answer's JSON, or a listing's with its count. */
type Kept = string | ListingAnswer;
const keptBytes = (kept: Kept) =>
  typeof kept === 'string' ? stringBytes(kept) : stringBytes(kept.json) + 8;

/**
 * The catalog as the storefront reads it, serialized once and kept for `ttlMs` (see
 * docs/decisions/004-catalog-micro-cache.md). Stock shown here may be that old; checkout never
 * reads it, it holds stock in the database.
 */
export function createCatalogReader(
  db: Database,
  cacheOptions: { ttlMs: number; maxBytes: number },
  now: () => number = Date.now,
) {
  const cache = new TtlCache<Kept>({ ...cacheOptions, sizeOf: keptBytes, now });
  // Only listings are kept under listing keys, so what comes back is a listing's.
  const keptListing = (key: string, load: () => Promise<ListingAnswer>) =>
    cache.get(key, load) as Promise<ListingAnswer>;
  const keptJson = (key: string, load: () => Promise<string>) =>
    cache.get(key, load) as Promise<string>;
  const listing = (request: ListingRequest): Promise<ListingAnswer> =>
    keptListing(listingKey('list', request), async () => {
      const { list, total } = await listProducts(db, request, new Date(now()));
      return { json: encodeListing(list), total };
    });
  const cardPage = (request: ListingRequest): Promise<ListingAnswer> =>
    keptListing(listingKey('cardlist', request), async () => {
      const { list, total } = await listProductCardPage(db, request, new Date(now()));
      return { json: encodeCardPage(list), total };
    });
  const invalidated: (() => void)[] = [];
  return {
    listing,
    /** The same listing page, each product as its card (the storefront's listings). */
    cardPage,
    listingJson: async (request: ListingRequest) => (await listing(request)).json,
    cardPageJson: async (request: ListingRequest) => (await cardPage(request)).json,
    cardsJson(request: CardsRequest): Promise<string> {
      const key = JSON.stringify(['cards', request.category, request.limit]);
      return keptJson(key, async () =>
        encodeCards(await listProductCards(db, request, new Date(now()))),
      );
    },
    productJson(id: string): Promise<string> {
      return keptJson(`product:${id}`, async () =>
        encodeProduct(await getProduct(db, id, new Date(now()))),
      );
    },
    /**
     * The current handle when `address` is a former handle of a published product (its page
     * answers 301 there); undefined else. Kept as the product's JSON is (one TTL, one invalidation).
     */
    async productRedirect(address: string): Promise<string | undefined> {
      const handle = await keptJson(
        `redirect:${address}`,
        async () => (await productHandleRedirect(db, address)) ?? '',
      );
      return handle || undefined;
    },
    /** After this process changes stock or reviews, its next answers are fresh. */
    invalidate(): void {
      cache.clear();
      for (const listener of invalidated) listener();
    },
    /** Caches built on the catalog (the rendered pages) are dropped with it. */
    onInvalidate(listener: () => void): void {
      invalidated.push(listener);
    },
  };
}
export type CatalogReader = ReturnType<typeof createCatalogReader>;
