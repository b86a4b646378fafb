import {
  OPTIONS,
  SIZES,
  type Category,
  type Product,
  type SpecVariant,
} from '@shop/shared/catalog';
import { SHOP_NAME } from '@shop/shared/shop';
import { COUNT_IN_STOCK_FIELD } from '@shop/shared/stock';
import { toCents } from '@shop/shared/money';
import { CATEGORY_PAGES, type CategorySlug } from '../features/catalog/category-pages';

/** schema.org JSON-LD for search engines (https://developers.google.com/search/docs/appearance/structured-data). */
export type JsonLd = Record<string, unknown>;

/** The logo in apps/web/public. */
export const LOGO_PATH = '/favicon.svg';

const CONTEXT = 'https://schema.org';

/** How a category reads in a product's `category`: the listing it is shown in, then the collection. */
const CATEGORY_LABELS: Record<Category, string> = {
  totes: 'Totes',
  flower_totes: 'Totes > Flower totes',
  belts: 'Straps',
  hoodies: 'Hoodies',
  selflove_women_tshirts: 'Shirts > Women',
  selflove_men_tshirts: 'Shirts > Men',
};

/** The category page (/totes, …) that lists a product's category. */
export function categoryPageOf(category: Category): CategorySlug {
  const slugs = Object.keys(CATEGORY_PAGES) as CategorySlug[];
  const slug = slugs.find((candidate) => CATEGORY_PAGES[candidate].categories.includes(category));
  if (!slug) throw new Error(`No category page lists ${category}`);
  return slug;
}

/** The variants a shopper chooses between, each with its own stock row (and so its own offer). */
function variantsOf(product: Pick<Product, 'hasSize' | 'hasAandB'>): readonly SpecVariant[] {
  if (product.hasAandB) return OPTIONS;
  if (product.hasSize) return SIZES;
  return ['total'];
}

const VARIANT_SKU_SUFFIX: Record<SpecVariant, string> = {
  total: '',
  A: '-A',
  B: '-B',
  'S/M': '-SM',
  L: '-L',
  XL: '-XL',
};

/** '24.50': schema.org wants the price as a plain decimal, without the currency sign. */
export function priceText(dollars: number): string {
  const cents = toCents(dollars);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface ProductJsonLdInput {
  product: Product;
  /** The product page's absolute URL. */
  url: string;
  /** Plain text. */
  description: string;
  /** Absolute URLs, the main one first. */
  images: string[];
}

/** `Product` with one `Offer` per variant (its own stock) and, when reviewed, its `AggregateRating`. */
export function productJsonLd({ product, url, description, images }: ProductJsonLdInput): JsonLd {
  const offers = variantsOf(product).map((variant) => ({
    '@type': 'Offer',
    ...(variant === 'total' ? {} : { name: `${product.hasSize ? 'Size' : 'Option'} ${variant}` }),
    sku: `${product._id}${VARIANT_SKU_SUFFIX[variant]}`,
    price: priceText(product.price),
    priceCurrency: 'USD',
    availability:
      product.countInStock[COUNT_IN_STOCK_FIELD[variant]] > 0
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    url,
  }));
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    sku: product._id,
    productID: product._id,
    url,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    category: CATEGORY_LABELS[product.category],
    offers,
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Home > … > the page: each step a name and an absolute URL. */
export function breadcrumbJsonLd(steps: { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** The home page's `Organization` and `WebSite`, whose `SearchAction` is the shop's search route. */
export function homeJsonLd(appUrl: string): JsonLd[] {
  return [
    {
      '@context': CONTEXT,
      '@type': 'Organization',
      name: SHOP_NAME,
      url: `${appUrl}/`,
      logo: `${appUrl}${LOGO_PATH}`,
    },
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: SHOP_NAME,
      url: `${appUrl}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${appUrl}/search/{search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/**
 * A JSON-LD block's text. `<` `>` `&` are written as \u escapes (the same JSON to its reader), so
 * a `</script>` or `<!--` in a product's name can never end the block or change how it is parsed.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
