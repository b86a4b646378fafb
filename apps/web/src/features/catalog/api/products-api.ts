import type { Category, Product, ProductCardList, ProductCardPage } from '@shop/shared/catalog';
import { listingParamsOf, type ListingFilters } from '@shop/shared/listing';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

export type ProductListQuery = {
  keyword?: string;
  pageNumber?: number;
  categories?: readonly Category[];
  /** The shopper's sort and filters (decision 057). */
  filters?: ListingFilters;
};

/**
 * The query string of a listing (GET /api/products's): absent keyword and page mean "none" to the
 * API; an option filter's values are its key repeated (`size=L&size=XL`).
 */
export function productListParams({ keyword, pageNumber, categories, filters }: ProductListQuery) {
  const params: [string, string][] = [];
  const trimmed = keyword?.trim();
  if (trimmed) params.push(['keyword', trimmed]);
  if (pageNumber && pageNumber > 1) params.push(['pageNumber', String(pageNumber)]);
  if (categories && categories.length > 0) params.push(['category', categories.join(',')]);
  if (filters) params.push(...listingParamsOf(filters));
  return new URLSearchParams(params);
}

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A listing page (home, categories, search): GET /api/products's page with each product as
     * its card, all a listing shows (GET /api/product-cards/listing; decision 051).
     */
    getProducts: build.query<ProductCardPage, ProductListQuery>({
      query: (query) => {
        const params = productListParams(query).toString();
        return params ? `/product-cards/listing?${params}` : '/product-cards/listing';
      },
      responseSchema: lazyAnswerSchema('productCardPage'),
      providesTags: ['ProductList'],
    }),
    /** A category's first cards, what a carousel shows (decision 051). */
    getProductCards: build.query<ProductCardList, { category: Category; limit: number }>({
      query: ({ category, limit }) => ({
        url: '/product-cards',
        params: { category, limit: String(limit) },
      }),
      responseSchema: lazyAnswerSchema('productCardList'),
      providesTags: ['ProductList'],
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      responseSchema: lazyAnswerSchema('product'),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductCardsQuery, useGetProductQuery } = productsApi;
