import { answerEncoder } from '../../lib/answer-encoder';
import { collectionMenuSchema, collectionPageSchema } from '@shop/shared/collections';
import type { Database } from '../../db/client';
import { TtlCache, stringBytes } from '../../lib/ttl-cache';
import { listingParamsOf } from '@shop/shared/listing';
import { collectionMenu, readCollectionPage, type CollectionListing } from './service';

const encodePage = answerEncoder({
  schema: collectionPageSchema,
  method: 'GET',
  url: '/api/collections/:handle',
});
const encodeMenu = answerEncoder({
  schema: collectionMenuSchema,
  method: 'GET',
  url: '/api/collections/menu',
});

/**
 * The collections as the storefront reads them, encoded once with their response schemas and kept
 * `ttlMs`, like the catalog's answers (decision 004): every page's header asks for the menu. The
 * app drops them with the catalog cache (a product's stock or a collection's write).
 */
export function createCollectionsReader(
  db: Database,
  cacheOptions: { ttlMs: number; maxBytes: number },
  now: () => number = Date.now,
) {
  const cache = new TtlCache<string>({ ...cacheOptions, sizeOf: stringBytes, now });
  return {
    pageJson(handle: string, listing: CollectionListing): Promise<string> {
      const key = JSON.stringify(['page', handle, listing.page, listingParamsOf(listing.filters)]);
      return cache.get(key, async () =>
        encodePage(await readCollectionPage(db, handle, listing, new Date(now()))),
      );
    },
    menuJson(): Promise<string> {
      return cache.get('menu', async () => encodeMenu(await collectionMenu(db)));
    },
    clear(): void {
      cache.clear();
    },
  };
}
export type CollectionsReader = ReturnType<typeof createCollectionsReader>;
