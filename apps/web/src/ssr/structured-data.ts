import type { Category, Product, StorefrontVariant } from '@shop/shared/catalog';
import { SHOP_NAME } from '@shop/shared/shop';
import { isSpecShape, variantTitle } from '@shop/shared/variants';
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

/** The synthetic SKU suffix of the spec's variants (by their option value), kept from before. */
const SPEC_SKU_SUFFIX: Record<string, string> = {
  A: '-A',
  B: '-B',
  'S/M': '-SM',
  L: '-L',
  XL: '-XL',
};

/** schema.org's property for an option a variant varies by, when it has one ('Size', 'Colour'). */
const VARIES_BY: Record<string, string> = {
  size: 'size',
  colour: 'color',
  color: 'color',
  material: 'material',
  pattern: 'pattern',
};
const variesByOf = (optionName: string): string | undefined =>
  VARIES_BY[optionName.trim().toLowerCase()];

/** A variant's SKU: its own, else the synthetic one (the product's id, with the spec's suffix). */
function skuOf(product: Product, variant: StorefrontVariant): string {
  if (variant.sku) return variant.sku;
  if (isSpecShape(product))
    return `${product._id}${SPEC_SKU_SUFFIX[variant.options[0] ?? ''] ?? ''}`;
  return `${product._id}-${variant._id}`;
}

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

/**
 * A product without options: `Product` with its one `Offer`. A product with options: a
 * `ProductGroup` that `variesBy` them, with each variant a `Product` in `hasVariant` (its name with
 * the variant's title, its SKU, its offer at its own price and stock). Either way, when reviewed,
 * its `AggregateRating`. A variant of options other than the spec's has its own address
 * (`?variant=`), which opens it.
 */
export function productJsonLd({ product, url, description, images }: ProductJsonLdInput): JsonLd {
  const offerOf = (variant: StorefrontVariant, offerUrl: string) => ({
    '@type': 'Offer',
    sku: skuOf(product, variant),
    // What the shopper pays: the sale price while an automatic discount covers it (decision 052).
    price: priceText(variant.sale ? variant.sale.price : variant.price),
    priceCurrency: 'USD',
    availability:
      variant.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    url: offerUrl,
  });
  const common = {
    '@context': CONTEXT,
    name: product.name,
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    url,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    category: CATEGORY_LABELS[product.category],
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
  if (product.options.length === 0) {
    const only = product.variants[0];
    const offers = only
      ? [offerOf(only, url)]
      : [
          offerOf(
            {
              _id: product._id,
              options: [],
              sku: null,
              price: product.price,
              compareAtPrice: null,
              ...(product.sale ? { sale: product.sale } : {}),
              available: product.countInStock.total,
              images: [],
            },
            url,
          ),
        ];
    return { ...common, '@type': 'Product', sku: product._id, productID: product._id, offers };
  }
  const ownAddress = !isSpecShape(product);
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: product._id,
    // schema.org's property where it has one, else the option's own name.
    variesBy: product.options.map((option) => {
      const property = variesByOf(option.name);
      return property ? `https://schema.org/${property}` : option.name;
    }),
    hasVariant: product.variants.map((variant) => {
      const variantUrl = ownAddress ? `${url}?variant=${encodeURIComponent(variant._id)}` : url;
      const properties = Object.fromEntries(
        product.options.flatMap((option, index) => {
          const property = variesByOf(option.name);
          const value = variant.options[index];
          return property && value !== undefined ? [[property, value]] : [];
        }),
      );
      return {
        '@type': 'Product',
        name: `${product.name} – ${variantTitle(variant.options)}`,
        sku: skuOf(product, variant),
        ...properties,
        offers: offerOf(variant, variantUrl),
      };
    }),
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
