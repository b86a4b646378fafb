import { AsyncLocalStorage } from 'node:async_hooks';
import type { ErrorBody, ShopConfig } from '@shop/shared/catalog';
import {
  productCardsQuerySchema,
  productIdSchema,
  productListQuerySchema,
} from '@shop/shared/catalog';
import { collectionHandleParams, collectionPageQuerySchema } from '@shop/shared/collections';
import type { CatalogReader } from '../catalog/catalog-reader';
import type { CollectionsReader } from '../collections/collections-reader';
import { readCollectionQuery } from '../collections/service';
import { readCardsQuery, readListingQuery, type ListingRequest } from '../catalog/service';
import { renderRead } from './render-deadline';

/** One answer the renderer read: the address asked and what it got. */
export type RenderRead = { url: string; status: number; body: string };

const json = (status: number, body: string): Omit<RenderRead, 'url'> => ({ status, body });

const failure = (status: number, message: string) =>
  json(status, JSON.stringify({ message } satisfies ErrorBody));

/** The reads of the render in progress, when it is being recorded. */
const recordings = new AsyncLocalStorage<RenderRead[]>();

/** Runs `render`, keeping every answer its reads got, in the order they were asked. */
export async function recordReads<T>(
  render: () => Promise<T>,
): Promise<{ result: T; reads: RenderRead[] }> {
  const reads: RenderRead[] = [];
  const result = await recordings.run(reads, render);
  return { result, reads };
}

/** A 4xx the catalog threw (not found, invalid query) becomes its answer; anything else is a fault. */
function answerOf(error: unknown): Omit<RenderRead, 'url'> {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return failure(status, (error as Error).message);
  throw error;
}

/** The listings the renderer reads, by address: the spec's products and the storefront's cards. */
const LISTINGS = new Map<
  string,
  (catalog: CatalogReader, request: ListingRequest) => Promise<string>
>([
  ['/api/products', (catalog, request) => catalog.listingJson(request)],
  ['/api/product-cards/listing', (catalog, request) => catalog.cardPageJson(request)],
]);

/**
 * The API as the server renderer reads it: the catalog's public reads answered in-process from the
 * catalog cache, exactly as GET /api/products, /api/product-cards(/listing), /api/products/:id
 * and /api/config/shop answer them
 * (same validation, same JSON), without a socket, the rate limit or another request's overhead,
 * and within the render's deadline (render-deadline.ts).
 * Anything else a page asks for on the server is a 404: the pages that need more render in the
 * browser (see the web app's BrowserOnly).
 */
/** A query as Fastify parses one: a key given several times (`size=L&size=XL`) is an array. */
function queryOf(searchParams: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

export function createRendererFetch(deps: {
  catalog: CatalogReader;
  collections: CollectionsReader;
  shopConfig: ShopConfig;
}): { fetch: typeof fetch; read: (url: string) => Promise<Omit<RenderRead, 'url'>> } {
  const shopConfigJson = JSON.stringify(deps.shopConfig);
  const read = async (address: string): Promise<Omit<RenderRead, 'url'>> => {
    const { pathname, searchParams } = new URL(address);
    try {
      if (pathname === '/api/config/shop') return json(200, shopConfigJson);
      const listing = LISTINGS.get(pathname);
      if (listing) {
        const query = productListQuerySchema.safeParse(queryOf(searchParams));
        if (!query.success) return failure(400, query.error.issues[0]?.message ?? 'Invalid query');
        return json(
          200,
          await renderRead(() => listing(deps.catalog, readListingQuery(query.data))),
        );
      }
      if (pathname === '/api/product-cards') {
        const query = productCardsQuerySchema.safeParse(Object.fromEntries(searchParams));
        if (!query.success) return failure(400, query.error.issues[0]?.message ?? 'Invalid query');
        return json(
          200,
          await renderRead(() => deps.catalog.cardsJson(readCardsQuery(query.data))),
        );
      }
      const product = /^\/api\/products\/([^/]+)$/.exec(pathname);
      if (product) {
        const id = productIdSchema.safeParse(decodeURIComponent(product[1]!));
        if (!id.success) return failure(400, id.error.issues[0]?.message ?? 'Invalid product id');
        return json(200, await renderRead(() => deps.catalog.productJson(id.data)));
      }
      if (pathname === '/api/collections/menu')
        return json(200, await renderRead(() => deps.collections.menuJson()));
      const collection = /^\/api\/collections\/([^/]+)$/.exec(pathname);
      if (collection) {
        const params = collectionHandleParams.safeParse({
          handle: decodeURIComponent(collection[1]!),
        });
        const query = collectionPageQuerySchema.safeParse(queryOf(searchParams));
        if (!params.success || !query.success) return failure(400, 'Invalid collection address');
        return json(
          200,
          await renderRead(() =>
            deps.collections.pageJson(params.data.handle, readCollectionQuery(query.data)),
          ),
        );
      }
    } catch (error) {
      return answerOf(error);
    }
    return failure(404, `Not rendered on the server: GET ${pathname}`);
  };
  return {
    read,
    fetch: async (input) => {
      const url = input instanceof Request ? input.url : String(input);
      const answer = await read(url);
      recordings.getStore()?.push({ url, ...answer });
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
}
