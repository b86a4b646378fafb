import type { Product } from '@shop/shared/catalog';
import type { CollectionPage } from '@shop/shared/collections';
import type { CategorySlug } from '../features/catalog/category-pages';
import { CATEGORY_PAGES } from '../features/catalog/category-pages';
import { parsePageNumber } from '../features/catalog/page-number';
import { filtersOfAddress, isRefined } from '../features/catalog/listing-address';
import { pageTitleOf, type PageHead } from './head';

/** The titles the pages that render in the browser set (useDocumentTitle), by route path. */
const BROWSER_TITLES: Record<string, string> = {
  'cart/:productId?': 'Shopping Cart',
  login: 'Sign In',
  register: 'Create an account',
  pending: 'Check your e-mail',
  'verify/:userId/:uniqueString': 'Email Verification',
  'forgot-password': 'Forgot Password',
  'reset-password/:token': 'Reset Password',
  'confirm-email/:token': 'Confirm E-mail',
  'guest-checkout': 'Guest Checkout',
  successfulorder: 'Thank you for your order!',
  profile: 'Profile',
  shipping: 'Shipping',
  payment: 'Payment Method',
  placeorder: 'Place Order',
  'order/:id': 'Order',
};

const LEGAL_TITLES: Record<string, string> = {
  privacypolicy: 'Privacy Policy',
  terms: 'Terms and Conditions',
  refundpolicy: 'Refund Policy',
};

type MatchedPage = {
  /** The path of the deepest matched route ('' for the index route). */
  routePath: string;
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  /** What the page answered: 404 for an unknown route or product, or a page past the end. */
  status: number;
  /** The product the page shows, when it is a product page and the product was found. */
  product: Product | undefined;
  /** The collection the page shows, when it is a collection page and the collection was found. */
  collection?: CollectionPage | undefined;
};

/** What the <head> of a rendered page describes, from its route, status and data. */
export function pageHeadOf(page: MatchedPage): PageHead {
  const { routePath, status, product } = page;
  if (routePath === 'products/:productId')
    return product && status === 200 ? { kind: 'product', product } : { kind: 'productNotFound' };
  if (routePath.startsWith('collections/:handle')) {
    const pageNumber = parsePageNumber(page.params.pageNumber);
    if (!page.collection) return { kind: 'notFound', title: 'Collection not found' };
    const head: PageHead = {
      kind: 'collection',
      collection: page.collection.collection,
      pageNumber,
      refined: isRefined(filtersOfAddress(page.searchParams), 'featured'),
    };
    return status === 404 ? { kind: 'notFound', title: pageTitleOf(head) } : head;
  }
  const head = routeHeadOf(page);
  // A listing page past its end: out of the index, under the title its page shows.
  if (status === 404) return { kind: 'notFound', title: head && pageTitleOf(head) };
  return head ?? { kind: 'browser', title: BROWSER_TITLES[routePath.replace(/\/\*$/, '')] };
}

/** The head of a catalog or legal route; undefined for the others. */
function routeHeadOf({ routePath, params, searchParams }: MatchedPage): PageHead | undefined {
  const filters = filtersOfAddress(searchParams);
  if (routePath === '' || routePath === 'page/:pagenumber')
    return {
      kind: 'home',
      pageNumber: parsePageNumber(params.pagenumber),
      refined: isRefined(filters, 'newest'),
    };
  if (routePath.startsWith('search/:keyword'))
    return {
      kind: 'search',
      keyword: params.keyword ?? '',
      pageNumber: parsePageNumber(params.pageNumber),
      refined: isRefined(filters, 'relevance'),
    };
  if (routePath in CATEGORY_PAGES)
    return {
      kind: 'category',
      slug: routePath as CategorySlug,
      pageNumber: parsePageNumber(searchParams.get('page') ?? undefined),
      refined: isRefined(filters, 'newest'),
    };
  const legalTitle = LEGAL_TITLES[routePath];
  return legalTitle ? { kind: 'legal', path: `/${routePath}`, title: legalTitle } : undefined;
}
