import { vi } from 'vitest';
import type { Product } from '@shop/shared/catalog';

type Answer = { status?: number; body: unknown };
type Handler = (url: URL, init: Request) => Answer | undefined | Promise<Answer | undefined>;

/**
 * Answers the storefront's API calls from the test: GET /api/products/:id from `products`
 * (404 'Product not found' for others), the listings and carousels (GET /api/products,
 * /api/product-cards, /api/product-cards/listing) from them too,
 * anything else through `extra` or 404.
 */
export function mockApi(products: Product[], extra?: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    const answer =
      (await extra?.(url, request)) ??
      (() => {
        const match = /^\/api\/products\/([^/]+)$/.exec(url.pathname);
        if (match && request.method === 'GET') {
          const product = products.find((p) => p._id === decodeURIComponent(match[1] ?? ''));
          return product
            ? { body: product }
            : { status: 404, body: { message: 'Product not found' } };
        }
        if (url.pathname === '/api/products' || url.pathname === '/api/product-cards/listing') {
          return { body: { products, page: 1, pages: 1 } };
        }
        if (url.pathname === '/api/product-cards') {
          const category = url.searchParams.get('category');
          const limit = Number(url.searchParams.get('limit') ?? 12);
          const cards = products.filter((product) => product.category === category);
          return { body: { products: cards.slice(0, limit) } };
        }
        if (url.pathname === '/api/config/shop') {
          return { body: { name: 'Sadu Sands', supportEmail: 'help@sadusands.example' } };
        }
        return { status: 404, body: { message: 'Not found' } };
      })();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
