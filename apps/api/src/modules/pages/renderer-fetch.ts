import type { ErrorBody, ShopConfig } from '@shop/shared/catalog';
import { productIdSchema, productListQuerySchema } from '@shop/shared/catalog';
import { collectionHandleParams, collectionPageQuerySchema } from '@shop/shared/collections';
import type { CatalogReader } from '../catalog/catalog-reader';
import type { CollectionsReader } from '../collections/collections-reader';
import { readListingQuery } from '../catalog/service';
import { renderRead } from './render-deadline';

const json = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } });

const failure = (status: number, message: string) =>
  json(status, JSON.stringify({ message } satisfies ErrorBody));

/** A 4xx the catalog threw (not found, invalid query) becomes its answer; anything else is a fault. */
function answerOf(error: unknown): Response {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return failure(status, (error as Error).message);
  throw error;
}

/**
 * The API as the server renderer reads it: the catalog's public reads answered in-process from the
 * catalog cache, exactly as GET /api/products, /api/products/:id and /api/config/shop answer them
 * (same validation, same JSON), without a socket, the rate limit or another request's overhead,
 * and within the render's deadline (render-deadline.ts).
 * Anything else a page asks for on the server is a 404: the pages that need more render in the
 * browser (see the web app's BrowserOnly).
 */
export function createRendererFetch(deps: {
  catalog: CatalogReader;
  collections: CollectionsReader;
  shopConfig: ShopConfig;
}): typeof fetch {
  const shopConfigJson = JSON.stringify(deps.shopConfig);
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const { pathname, searchParams } = url;
    try {
      if (pathname === '/api/config/shop') return json(200, shopConfigJson);
      if (pathname === '/api/products') {
        const query = productListQuerySchema.safeParse(Object.fromEntries(searchParams));
        if (!query.success) return failure(400, query.error.issues[0]?.message ?? 'Invalid query');
        return json(
          200,
          await renderRead(() => deps.catalog.listingJson(readListingQuery(query.data))),
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
        const query = collectionPageQuerySchema.safeParse(Object.fromEntries(searchParams));
        if (!params.success || !query.success) return failure(400, 'Invalid collection address');
        return json(
          200,
          await renderRead(() =>
            deps.collections.pageJson(params.data.handle, query.data.pageNumber),
          ),
        );
      }
    } catch (error) {
      return answerOf(error);
    }
    return failure(404, `Not rendered on the server: GET ${pathname}`);
  };
}
