// features/catalog's public entry: what other features may use (docs/decisions/029).
export {
  productsApi,
  useGetProductCardsQuery,
  useGetProductQuery,
  useGetProductsQuery,
} from './api/products-api';
export type { ProductListQuery } from './api/products-api';
export { CATEGORY_PAGES } from './category-pages';
export { ProductCard } from './components/product-card';
export { ProductGrid } from './components/product-grid';
export { ProductListing } from './components/product-listing';
export { SearchBox } from './components/search-box';
export { formatDollars } from './format-price';
export { isPastLastPage, parsePageNumber } from './page-number';
export { filtersOfAddress, isRefined, listingSearchOf } from './listing-address';
export { ListingControls } from './components/listing-controls';
export { HtmlSanitizerContext } from './components/product-description';
export { useRememberSearch } from './hooks/use-search-views';
